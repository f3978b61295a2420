import { TWO_FACTOR_MESSAGES } from '../../../lib/account/security-rules';
import { MOBILE_MESSAGE, MOBILE_RE, SMS_CODE_RE } from '../validation';

/**
 * The login form's field rules, shared by the browser (before a call) and the no-script route handler
 * (app/auth/login/route.ts), so both say the same thing. Pure: no React, no fetch.
 */
export type LoginTab = 'account' | 'phone';
export type LoginField = 'username' | 'password' | 'captcha' | 'mobile' | 'smsCode' | 'verifyCode';
export type FieldErrors = Partial<Record<LoginField, string>>;

export interface LoginValues {
  username?: string;
  password?: string;
  captcha?: string;
  mobile?: string;
  smsCode?: string;
}

export function mobileProblem(mobile: string | undefined): string | null {
  const v = (mobile ?? '').trim();
  if (!v) return '请输入手机号码';
  return MOBILE_RE.test(v) ? null : MOBILE_MESSAGE;
}

/** Field errors of one tab (empty object: valid). Whitespace-only username or captcha counts as empty. */
export function validateLogin(tab: LoginTab, v: LoginValues, captcha: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (tab === 'account') {
    if (!(v.username ?? '').trim()) errors.username = '请输入用户名';
    if (!v.password) errors.password = '请输入密码';
    if (captcha && !(v.captcha ?? '').trim()) errors.captcha = '请输入验证码';
    return errors;
  }
  const mobile = mobileProblem(v.mobile);
  if (mobile) errors.mobile = mobile;
  const code = (v.smsCode ?? '').trim();
  if (!code) errors.smsCode = '请输入验证码';
  else if (!SMS_CODE_RE.test(code)) errors.smsCode = '请输入6位验证码';
  return errors;
}

/** The second step's code: 6 digits, or (after 使用恢复码) any recovery code. */
export function verifyCodeProblem(code: string | undefined, recovery: boolean): string | null {
  const v = (code ?? '').trim();
  if (recovery) return v ? null : '请输入恢复码';
  return /^\d{6}$/.test(v) ? null : '请输入6位数字验证码';
}

/** Second-step answers after which the challenge is of no further use: the user starts again from the password. */
export const DEAD_CHALLENGE: readonly string[] = [TWO_FACTOR_MESSAGES.challengeExpired, TWO_FACTOR_MESSAGES.challengeTooMany, TWO_FACTOR_MESSAGES.throttled];

export const hasErrors = (e: FieldErrors) => Object.keys(e).length > 0;

/** What the no-script path hands the next render of the login page (sealed in a short-lived cookie). */
export interface LoginFlash {
  /** Matches `?f=` of the page it was made for, so a later visit to /user/login starts clean. */
  id: string;
  tab: LoginTab;
  username?: string;
  mobile?: string;
  error?: string;
  notice?: string;
  fieldErrors?: FieldErrors;
  /** The second step is asked for: the challenge of the password step. */
  challenge?: string;
}
