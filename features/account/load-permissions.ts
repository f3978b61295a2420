import 'server-only';
import { cache } from 'react';
import { redirect } from 'next/navigation';
import { currentPath, serverGet } from '@/lib/server/api';
import type { PermissionAnswer } from '@/lib/menu-types';
import { validateMenu } from '@/lib/menu';

/**
 * The user's menu and button permissions, once per request. A failed load or an empty menu logs
 * the user out to login (spec 01 §2 access guard, §5).
 */
export const loadPermissions = cache(async (): Promise<PermissionAnswer> => {
  const envelope = await serverGet<PermissionAnswer>('/sys/permission/getUserPermissionByToken');
  const back = encodeURIComponent(await currentPath());
  if (!envelope.success || !envelope.result) redirect(`/auth/expired?reason=permission&redirect=${back}`);
  try {
    validateMenu(envelope.result.menu);
  } catch {
    redirect(`/auth/expired?reason=menu&redirect=${back}`);
  }
  return envelope.result;
});
