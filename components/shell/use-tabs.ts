'use client';

import { useCallback, useEffect, useReducer, useRef } from 'react';
import { App } from 'antd';
import { initialTabs, serializeTabs, tabsReducer, type TabsAction } from '@/lib/tabs';

const STORAGE_KEY = 'pro__MULTI_TABS';

/** Tabs state (lib/tabs reducer) with the spec's warnings shown and the open tabs restored after a reload. */
export function useTabs(homePath: string, homeTitle: string) {
  const { message } = App.useApp();
  const [state, dispatch] = useReducer(tabsReducer, undefined, () => initialTabs(homePath, homeTitle));
  const restored = useRef(false);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    try {
      const raw = window.sessionStorage.getItem(STORAGE_KEY);
      if (raw) dispatch({ type: 'restore', saved: JSON.parse(raw) });
    } catch {
      window.sessionStorage.removeItem(STORAGE_KEY);
    }
  }, []);

  useEffect(() => {
    if (restored.current) window.sessionStorage.setItem(STORAGE_KEY, serializeTabs(state));
    if (state.notice) message.warning(state.notice);
  }, [state, message]);

  const run = useCallback((a: TabsAction) => dispatch(a), []);
  return { state, dispatch: run };
}
