import type { Context, MiddlewareHandler } from 'hono';
import { loadUserPermCodes } from '../services/users';
import { fail, NO_PERMISSION } from './envelope';
import type { AppEnv } from './types';

/** The signed-in caller's permission codes, loaded at most once per request (the guard and the handler share them). */
export async function permCodesOf(c: Context<AppEnv>, userId: string): Promise<Set<string>> {
  let codes = c.get('permCodes');
  if (!codes) {
    codes = await loadUserPermCodes(c.var.services.db, userId);
    c.set('permCodes', codes);
  }
  return codes;
}

/** Route guard: the session's user must hold `code` through a role (contract §1: code 510). */
export function requirePerm(code: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.get('auth');
    if (!auth) return c.json(fail(NO_PERMISSION, 510));
    const codes = await permCodesOf(c, auth.user.id);
    if (!codes.has(code)) return c.json(fail(NO_PERMISSION, 510));
    await next();
  };
}
