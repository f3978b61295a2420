import { randomBytes } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { BODY_TOO_LARGE, BodyTooLargeError, readRequestBody } from '@/lib/server/body-limit';
import { captureLogin, envelope, isAllowedOrigin, json } from '@/lib/server/bff';
import type { ServerEnv } from '@/lib/server/env-read';
import type { Upstream } from '@/lib/server/upstream';
import { postLoginPath } from '@/lib/login-state';
import { withAttemptsLeft } from '@/features/auth/login-attempts';
import { DEAD_CHALLENGE, hasErrors, mobileProblem, validateLogin, verifyCodeProblem, type LoginFlash, type LoginTab } from '@/features/auth/login/rules';
import { isTwoFactorChallenge } from '@/lib/account/security-rules';

/**
 * The login page without scripts (issue #28): its forms post here (POST /auth/login, app/auth/login/route.ts)
 * and this does what the page's script does through the BFF — the same upstream calls, the token sealed into
 * the session cookie by the BFF's own captureLogin — then 303s to the post-login path, or back to the login
 * page with what it has to show (message, field errors, the username, the second step) in a short-lived sealed
 * cookie. The token never reaches the response.
 */
export const LOGIN_FLASH_COOKIE = 'jw_login_flash';
/** Long enough for the second step (the challenge lives 5 minutes), short enough to be forgotten soon. */
const FLASH_TTL_S = 300;
const FLASH_PATH = '/user/login';

type LoginPostEnv = Pick<ServerEnv, 'sessionSecret' | 'cookieSecure' | 'trustProxy' | 'allowedOrigins' | 'captcha' | 'maxBodyBytes'>;

export async function sealFlash(flash: LoginFlash, password: string): Promise<string> {
  return sealData(flash, { password, ttl: FLASH_TTL_S });
}

/** The flash for the page at `?f=id`, or null (missing, tampered, expired, or made for another visit). */
export async function readFlash(value: string | undefined | null, id: string | null | undefined, password: string): Promise<LoginFlash | null> {
  if (!value || !id) return null;
  try {
    const flash = (await unsealData<LoginFlash>(value, { password, ttl: FLASH_TTL_S })) as Partial<LoginFlash>;
    return flash && flash.id === id && (flash.tab === 'account' || flash.tab === 'phone') ? (flash as LoginFlash) : null;
  } catch {
    return null;
  }
}

const flashCookie = (value: string, secure: boolean) => `${LOGIN_FLASH_COOKIE}=${value}; Path=${FLASH_PATH}; HttpOnly; SameSite=Lax; Max-Age=${FLASH_TTL_S}${secure ? '; Secure' : ''}`;
const clearFlashCookie = (secure: boolean) => `${LOGIN_FLASH_COOKIE}=; Path=${FLASH_PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;

const noStore = { 'cache-control': 'no-store' };

function seeOther(location: string, cookies: string[]): Response {
  const headers = new Headers({ location, ...noStore });
  for (const c of cookies) headers.append('set-cookie', c);
  return new Response(null, { status: 303, headers });
}

const refused = () =>
  new Response('<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>拒绝访问</title><body style="font-family:sans-serif;padding:48px"><h2>拒绝访问：请求来源不被信任</h2><p><a href="/user/login">返回登录</a></p></body></html>', {
    status: 403,
    headers: { 'content-type': 'text/html;charset=utf-8', ...noStore },
  });

interface Parsed {
  success?: boolean;
  code?: number;
  message?: string;
  result?: unknown;
}

const parse = (text: string): Parsed => {
  try {
    return JSON.parse(text) as Parsed;
  } catch {
    return {};
  }
};

export async function handleLoginPost(req: Request, upstream: Upstream, env: LoginPostEnv): Promise<Response> {
  // The same CSRF rule as every mutating BFF call: a foreign page must not sign a visitor in.
  if (!isAllowedOrigin(req, env)) return refused();
  let form: FormData;
  try {
    // Within MAX_BODY_BYTES (lib/server/body-limit.ts): req.formData() would hold any size the client sends.
    const bytes = await readRequestBody(req, env.maxBodyBytes);
    form = await new Response(bytes, { headers: { 'content-type': req.headers.get('content-type') ?? '' } }).formData();
  } catch (e) {
    if (e instanceof BodyTooLargeError) return json(413, envelope(false, 413, BODY_TOO_LARGE));
    return new Response('Bad Request', { status: 400, headers: noStore });
  }
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const redirect = postLoginPath(text('redirect'));
  const intent = text('send') === 'sms' ? 'sms' : text('intent');
  const tab: LoginTab = intent === 'phone' || intent === 'sms' ? 'phone' : 'account';

  const back = async (flash: Omit<LoginFlash, 'id' | 'tab'>) => {
    const id = randomBytes(9).toString('base64url');
    const q = new URLSearchParams({ f: id });
    if (redirect !== '/') q.set('redirect', redirect);
    const full: LoginFlash = { id, tab, ...flash };
    return seeOther(`/user/login?${q}`, [flashCookie(await sealFlash(full, env.sessionSecret), env.cookieSecure)]);
  };

  const call = async (path: string, body: unknown): Promise<string | null> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'tenant-id': '0', tenant_id: '0' };
    for (const h of ['user-agent', 'accept-language', 'x-jiaowu-client-ip']) {
      const v = req.headers.get(h);
      if (v) headers[h] = v;
    }
    try {
      const res = await upstream(path, { method: 'POST', headers, body: JSON.stringify(body) });
      return await res.text();
    } catch {
      return null;
    }
  };
  const unreachable = '后端服务暂时无法连接，请稍后重试';

  /** A login answer: sealed into the session cookie by the BFF's captureLogin, or the reason it failed. */
  const finish = async (answer: string | null, keep: Omit<LoginFlash, 'id' | 'tab'>, failureText: (p: Parsed) => string) => {
    if (answer === null) return back({ ...keep, error: unreachable });
    const outcome = await captureLogin(answer, env);
    if (outcome.setCookie) return seeOther(redirect, [outcome.setCookie, clearFlashCookie(env.cookieSecure)]);
    const parsed = parse(outcome.body);
    if (isTwoFactorChallenge(parsed.result)) return back({ ...keep, challenge: parsed.result.challenge });
    return back({ ...keep, error: failureText(parsed) });
  };
  const messageOf = (p: Parsed) => p.message || '登录失败，请稍后重试';

  if (intent === 'sms') {
    const mobile = text('mobile').trim();
    const problem = mobileProblem(mobile);
    if (problem) return back({ mobile, fieldErrors: { mobile: problem } });
    const answer = await call('/sys/sms', { mobile, smsmode: '0' });
    const parsed = answer === null ? null : parse(answer);
    if (parsed?.success) return back({ mobile, notice: parsed.message || '短信验证码发送成功' });
    return back({ mobile, error: parsed ? parsed.message || '验证码发送失败' : unreachable });
  }

  if (intent === '2fa') {
    const ticket = text('ticket');
    const code = text('verifyCode').trim();
    // One field takes both: the backend reads 6 digits as a TOTP code and anything else as a recovery code.
    const problem = verifyCodeProblem(code, code !== '' && !/^\d+$/.test(code));
    if (!ticket) return back({ error: '登录失败，请稍后重试' });
    if (problem) return back({ challenge: ticket, error: problem });
    const answer = await call('/sys/twoFactorLogin', { ticket, verifyCode: code });
    if (answer === null) return back({ challenge: ticket, error: unreachable });
    const outcome = await captureLogin(answer, env);
    if (outcome.setCookie) return seeOther(redirect, [outcome.setCookie, clearFlashCookie(env.cookieSecure)]);
    const message = messageOf(parse(outcome.body));
    // A spent or expired challenge needs the password again; a wrong code may be retried.
    return DEAD_CHALLENGE.includes(message) ? back({ error: message }) : back({ challenge: ticket, error: message });
  }

  if (tab === 'phone') {
    const mobile = text('mobile').trim();
    const fieldErrors = validateLogin('phone', { mobile, smsCode: text('smsCode') }, false);
    if (hasErrors(fieldErrors)) return back({ mobile, fieldErrors });
    const answer = await call('/sys/phoneLogin', { mobile, captcha: text('smsCode').trim() });
    return finish(answer, { mobile }, messageOf);
  }

  const username = text('username').trim();
  const values = { username, password: text('password'), captcha: text('captcha') };
  const fieldErrors = validateLogin('account', values, env.captcha);
  if (hasErrors(fieldErrors)) return back({ username, fieldErrors });
  const body = { username, password: values.password, ...(env.captcha ? { captcha: values.captcha.trim(), checkKey: text('checkKey') } : {}) };
  const answer = await call('/sys/login', body);
  // The page renders a fresh captcha on the way back: captchas are single use.
  return finish(answer, { username }, (p) => withAttemptsLeft(messageOf(p), p.result));
}
