'use client';

import { useSyncExternalStore } from 'react';

// The operating system's "reduce motion" setting (an accessibility preference). antd's opening and closing
// animations are turned off for people who asked for it; the journeys ask for it too (playwright.config.ts).
const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const current = () => typeof window !== 'undefined' && !!window.matchMedia?.(QUERY).matches;

/** True when the user's system asks for reduced motion; false on the server and until hydration ends. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}
