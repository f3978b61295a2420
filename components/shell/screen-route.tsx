'use client';

import { createContext, useContext, useState, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';

/**
 * The route a screen belongs to, given by the shell around each kept-alive page (console-shell.tsx).
 * A screen loads lazily: when the user has already clicked on, `usePathname()` at its first render is the
 * next page's path, and state saved under it (the list state, column settings, saved queries) would land
 * on another screen (issue #21: 课表 replaying 用户管理's sort). The shell's key is the page's own.
 */
const ScreenRouteContext = createContext<string | null>(null);

export function ScreenRoute({ route, children }: { route: string; children: ReactNode }) {
  return <ScreenRouteContext.Provider value={route}>{children}</ScreenRouteContext.Provider>;
}

/**
 * The route of the screen this component is part of: the shell's page key, else (outside the shell, e.g.
 * a test) the path when the component first rendered, else `fallback`. Fixed for the component's life.
 */
export function useScreenRoute(fallback: string): string {
  const owner = useContext(ScreenRouteContext);
  const pathname = usePathname();
  const [first] = useState(() => owner ?? pathname ?? fallback);
  return owner ?? first;
}
