'use client';

import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AccountInfoResult } from '@/lib/account/types';
import type { AuthEntry, MenuNode } from '@/lib/menu-types';
import { buttonMode, hasButtonAuth, type AuthMode } from '@/lib/permissions';

export interface ShellData {
  account: AccountInfoResult;
  menu: MenuNode[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  systemTitle: string;
  homePath: string;
}

const ShellContext = createContext<ShellData | null>(null);

export function ShellProvider({ value, children }: { value: ShellData; children: ReactNode }) {
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellData {
  const v = useContext(ShellContext);
  if (!v) throw new Error('当前系统无登录用户!');
  return v;
}

/**
 * Button permissions of spec 01 §6 for the signed-in user, by the rule the server applies too
 * (lib/permissions/rule.ts): `has` is the rule; `mode` renders by it (never 'show' for a governed code it refuses).
 */
export function useAuth() {
  const { auth, allAuth } = useShell();
  return useMemo(
    () => ({
      has: (code: string) => hasButtonAuth(code, { auth, allAuth }),
      mode: (code: string): AuthMode => buttonMode(code, { auth, allAuth }),
    }),
    [auth, allAuth],
  );
}

/**
 * `<Authorized code="edu:location:add">…</Authorized>`: hidden without the permission, or rendered
 * disabled when the code is a type-2 (disable) rule. Children that accept `disabled` get it.
 */
export function Authorized({ code, children, fallback = null }: { code: string; children: ReactNode; fallback?: ReactNode }) {
  const { mode } = useAuth();
  const m = mode(code);
  if (m === 'hide') return <>{fallback}</>;
  if (m === 'disable') return <span aria-disabled data-auth-disabled={code} style={{ pointerEvents: 'none', opacity: 0.5 }}>{children}</span>;
  return <>{children}</>;
}
