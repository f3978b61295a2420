import type { Context } from 'hono';
import type { Envelope } from '../../lib/envelope';

/** JeecgBoot's response envelope (contract §1), declared once in lib/envelope.ts. The embedded backend always answers code 200 on success. */
export type { Envelope };

export const ok = <T>(result: T, message = ''): Envelope<T> => ({ success: true, message, code: 200, result, timestamp: Date.now() });

export const fail = (message: string, code = 500, result: unknown = null): Envelope => ({
  success: false,
  message,
  code,
  result,
  timestamp: Date.now(),
});

/**
 * The one way a handler, guard or hook refuses a request: thrown anywhere, mapped once to the envelope by the app's
 * error handler (`failureResponse`). `code` is the envelope's code, `httpStatus` the HTTP status (200 unless given).
 */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly code = 500,
    readonly httpStatus = 200,
    readonly result: unknown = null,
  ) {
    super(message);
  }
}

/** The app's error handler (server/app.ts `onError`): an ApiFailure as its envelope; anything else 操作失败, logged, never leaked. */
export function failureResponse(err: Error, c: Context): Response {
  if (err instanceof ApiFailure) return c.json(fail(err.message, err.code, err.result), err.httpStatus as 200);
  // Never leak a stack trace or SQL to the client.
  console.error('[backend]', c.req.method, c.req.path, err);
  return c.json(fail('操作失败，请稍后重试'));
}

export const TOKEN_INVALID = 'Token失效，请重新登录!';
export const NO_PERMISSION = '没有权限，请联系管理员授权';
