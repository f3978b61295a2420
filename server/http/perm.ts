import type { MiddlewareHandler } from 'hono';
import { loadUserPermCodes } from '../services/users';
import { fail, NO_PERMISSION } from './envelope';
import type { AppEnv } from './types';

/** Route guard: the session's user must hold `code` through a role (contract §1: code 510). */
export function requirePerm(code: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.get('auth');
    if (!auth) return c.json(fail(NO_PERMISSION, 510));
    const codes = await loadUserPermCodes(c.var.services.db, auth.user.id);
    if (!codes.has(code)) return c.json(fail(NO_PERMISSION, 510));
    await next();
  };
}
