/**
 * The project's password rule (spec silent; 8-64 characters with letters and digits), one pure
 * function for the server (server/auth/password.ts: registration, 安全设置, 重置密码, 用户 add) and every
 * form that sets a password, so a weak one is refused before the round trip with the same message.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
/** The hint under a new-password field. */
export const PASSWORD_HINT = '至少8位，需同时包含字母和数字';

/** Null when acceptable, else the message to show. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH) return '密码至少8位';
  if (password.length > PASSWORD_MAX_LENGTH) return '密码不能超过64位';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '密码须同时包含字母和数字';
  return null;
}
