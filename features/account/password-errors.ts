import { ApiError } from '@/lib/http';

/**
 * The form field a refused password change is about, so the server's text can also sit under it.
 * Null for anything else (session expiry, throttling, network, …), which only the global handler shows.
 */
export function fieldOfPasswordError(e: unknown): 'oldpassword' | 'password' | 'confirmpassword' | 'smscode' | null {
  if (!(e instanceof ApiError) || e.status !== 200) return null;
  const m = e.message;
  if (m.includes('旧密码')) return 'oldpassword';
  if (m.includes('不一致')) return 'confirmpassword';
  if (m.includes('验证码')) return 'smscode';
  if (m.includes('密码')) return 'password';
  return null;
}

/** What the page says after a successful change (the server ends every other session of the user). */
export const OTHER_SESSIONS_ENDED = '您在其他浏览器或设备上的登录已全部退出，需要使用新密码重新登录；当前页面保持登录。';
