import type { Context, MiddlewareHandler } from 'hono';
import { cachedUserPermCodes } from '../permissions/user-perm-cache';
import { ApiFailure, NO_PERMISSION } from './errors';
import type { AppEnv, UserPermissions } from './context';

/** The signed-in caller's permissions, loaded at most once per request (the guard and the handler share them), from the cache of user-perm-cache.ts. */
export async function permCodesOf(c: Context<AppEnv>, userId: string): Promise<UserPermissions> {
  let codes = c.get('permCodes');
  if (!codes) {
    codes = await cachedUserPermCodes(c.var.services.db, userId);
    c.set('permCodes', codes);
  }
  return codes;
}

/**
 * Route guard: the session's user must be granted `code` by the one permission rule the client applies too
 * (lib/permissions/rule.ts `hasButtonAuth`: an active non-type-2 button row held through a role, or a rule
 * switched off system-wide); otherwise contract §1's code 510.
 */
export function requirePerm(code: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.get('auth');
    if (!auth) throw new ApiFailure(NO_PERMISSION, 510);
    const codes = await permCodesOf(c, auth.user.id);
    if (!codes.has(code)) throw new ApiFailure(NO_PERMISSION, 510);
    await next();
  };
}

/** Whether the caller holds at least one of `codes` (reads that several screens share). */
export async function holdsAnyCode(c: Context<AppEnv>, codes: readonly string[]): Promise<boolean> {
  const auth = c.get('auth');
  if (!auth) return false;
  const held = await permCodesOf(c, auth.user.id);
  return codes.some((code) => held.has(code));
}
