'use client';

import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useAuth } from '@/components/shell/shell-context';
import { missingScreenPerm, NO_PERMISSION_WARNING, type ScreenPerm } from '@/lib/permissions';

/** Shown instead of a list the user may not read (spec 01 §5: 提示 / 没有权限查看); nothing is requested. */
export function NoPermission({ code }: { code: string }) {
  return <Result status="403" title={NO_PERMISSION_WARNING.title} subTitle={NO_PERMISSION_WARNING.content} data-testid="no-permission" data-code={code} />;
}

/**
 * The one permission check in front of every screen (features/shell-pages.tsx, from lib/screens.ts `perm`):
 * the screen when the rule grants what it needs (`useAuth().has`, the rule the server applies), else
 * `NoPermission` naming the missing code — and the screen is not even loaded.
 */
export function ScreenGate({ perm, children }: { perm: ScreenPerm | undefined; children: ReactNode }) {
  const { has } = useAuth();
  const missing = missingScreenPerm(perm, has);
  return missing ? <NoPermission code={missing} /> : <>{children}</>;
}
