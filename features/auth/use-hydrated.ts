import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False during SSR and hydration, true once React owns the page. Submit buttons stay disabled until
 * then, so an early click cannot fall through to a native form submit.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
