import type { Services } from '../core/context';

/** What a user's sockets receive when their menu or buttons may have changed: the client reloads its permissions. */
export const PERMISSION_CHANGED = { cmd: 'permission', msgTxt: '权限已变更' } as const;

/**
 * Pushes `message` to each user once. Called after the change has committed, so a failing push is
 * logged, never turned into a failed request (the change stands; the client sees it on next load).
 */
export async function pushToUsers(services: Services, userIds: string[], message: object): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length || !services.notify) return;
  try {
    await services.notify(ids, message);
  } catch (e) {
    console.error('[notify] push failed:', (e as Error).message);
  }
}
