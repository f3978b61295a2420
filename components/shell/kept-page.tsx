'use client';

import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { SWRConfig, type Middleware } from 'swr';

/** How many times the page around a hook has been shown again after writes made elsewhere. */
const ReshownContext = createContext(0);

/**
 * swr middleware of every kept-alive page: when the page is shown again after a write made elsewhere
 * (`reshown` grows), each of its mounted hooks revalidates — option lists, pickers and lists alike —
 * so a class created in 班级管理 is in the 行事历's 班级 dropdown without a reload. Hooks whose key is
 * null do nothing; unchanged answers keep their identity (swr compares), so forms are not reset.
 */
export const revalidateWhenReshown: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const swr = useSWRNext(key, fetcher, config);
  const reshown = useContext(ReshownContext);
  const handled = useRef(reshown);
  // `mutate` is bound to the hook and stable; reading it does not subscribe to anything.
  const { mutate } = swr;
  useEffect(() => {
    if (handled.current === reshown) return;
    handled.current = reshown;
    void mutate();
  }, [reshown, mutate]);
  return swr;
};

const KEPT_PAGE_SWR = { use: [revalidateWhenReshown] };

/** One kept-alive page of the shell (console-shell.tsx), with the reshow count of lib/data-changes.ts. */
export function KeptPage({ reshown, children }: { reshown: number; children: ReactNode }) {
  return (
    <ReshownContext.Provider value={reshown}>
      <SWRConfig value={KEPT_PAGE_SWR}>{children}</SWRConfig>
    </ReshownContext.Provider>
  );
}
