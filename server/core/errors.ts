/** JeecgBoot's response envelope (contract §1). The embedded backend always answers code 200 on success. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T | null;
  timestamp: number;
}

export const ok = <T>(result: T, message = ''): Envelope<T> => ({ success: true, message, code: 200, result, timestamp: Date.now() });

export const fail = (message: string, code = 500, result: unknown = null): Envelope => ({
  success: false,
  message,
  code,
  result,
  timestamp: Date.now(),
});

/** Thrown anywhere in a handler; mapped once to the envelope by the app's error handler. */
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

export const TOKEN_INVALID = 'Token失效，请重新登录!';
export const NO_PERMISSION = '没有权限，请联系管理员授权';
