/** Client-side mirrors of the backend's field rules, so the user hears about a problem before submitting. */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const SMS_CODE_RE = /^\d{6}$/;
/** Self-registered usernames: a letter, then 2-31 letters, digits or underscores. */
export const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_]{2,31}$/;

export const MOBILE_MESSAGE = '请输入正确的手机号码';
export const USERNAME_MESSAGE = '用户名须以字母开头，3-32位字母、数字或下划线';
export const PASSWORD_MISMATCH = '两次输入的密码不一致';

/** The server's password rule itself (lib/password-rule.ts): 8-64 characters with letters and digits. */
export { passwordProblem } from '@/lib/password-rule';
