/** @jest-environment node */
import { handleLoginPost, LOGIN_FLASH_COOKIE, readFlash } from '../handler';
import { readCookie, SESSION_COOKIE, unsealSession } from '@/lib/server/session-cookie';
import type { Upstream } from '@/lib/server/upstream';
import { startTestBackend, type TestBackend } from '@/server/__tests__/helpers';
import { byteSource, MB } from '@/server/testing/byte-source';

/** The login page without scripts (issue #28): POST /auth/login through its handler, in front of the embedded backend. */

const env = { sessionSecret: 'y'.repeat(40), cookieSecure: false, trustProxy: false, allowedOrigins: [], captcha: false, maxBodyBytes: 1024 * 1024 };
const ORIGIN = 'http://app.test';

let be: TestBackend;
let calls: string[];
let upstream: Upstream;
beforeAll(async () => {
  be = await startTestBackend();
  upstream = (path, init) => {
    calls.push(path);
    return be.fetch(new Request(`http://embedded${path}`, init));
  };
});
beforeEach(() => {
  calls = [];
});
afterAll(() => be.close());

function post(fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }) {
  const req = new Request(`${ORIGIN}/auth/login`, {
    method: 'POST',
    headers: { host: 'app.test', 'content-type': 'application/x-www-form-urlencoded', 'x-jiaowu-client-ip': '10.9.8.7', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return handleLoginPost(req, upstream, env);
}

const cookiesOf = (res: Response) => res.headers.getSetCookie();
async function flashOf(res: Response) {
  const location = new URL(res.headers.get('location')!, ORIGIN);
  expect(location.pathname).toBe('/user/login');
  const cookie = cookiesOf(res).find((c) => c.startsWith(`${LOGIN_FLASH_COOKIE}=`))!;
  expect(cookie).toMatch(/HttpOnly; SameSite=Lax; Max-Age=300/);
  return { location, flash: await readFlash(readCookie(cookie.split(';')[0], LOGIN_FLASH_COOKIE), location.searchParams.get('f'), env.sessionSecret) };
}

it('refuses a foreign Origin (or a cross-site post without one) before calling the backend', async () => {
  const hostile: Record<string, string>[] = [{ origin: 'http://evil.test' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }];
  for (const headers of hostile) {
    const res = await post({ intent: 'account', username: 'teacher', password: 'jiaowu2026' }, headers);
    expect(res.status).toBe(403);
    expect(cookiesOf(res)).toEqual([]);
  }
  expect(calls).toEqual([]);
});

it('refuses a form over MAX_BODY_BYTES with 413 请求内容过大: from Content-Length unread, chunked once past the limit', async () => {
  for (const declared of [true, false]) {
    const src = byteSource(64 * MB);
    const headers: Record<string, string> = { host: 'app.test', origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' };
    if (declared) headers['content-length'] = String(64 * MB);
    const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers, body: src.stream, duplex: 'half' };
    const res = await handleLoginPost(new Request(`${ORIGIN}/auth/login`, init), upstream, env);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: 413, message: '请求内容过大' });
    expect(src.pulled()).toBeLessThanOrEqual(declared ? 0 : env.maxBodyBytes + 2 * 64 * 1024);
  }
  expect(calls).toEqual([]);
});

it('signs in: the session cookie sealed like the BFF does, a 303 to the redirect, and no token anywhere in the answer', async () => {
  const res = await post({ intent: 'account', username: 'teacher2', password: 'jiaowu2026', redirect: '/account/center?tab=roles' });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/account/center?tab=roles');
  const session = cookiesOf(res).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
  expect(session).toMatch(/HttpOnly; SameSite=Lax/);
  const data = await unsealSession(readCookie(session.split(';')[0], SESSION_COOKIE), env.sessionSecret);
  expect(data).toMatchObject({ username: 'teacher2' });
  expect(cookiesOf(res)).toContain(`${LOGIN_FLASH_COOKIE}=; Path=/user/login; HttpOnly; SameSite=Lax; Max-Age=0`);
  const visible = JSON.stringify([...res.headers]) + (await res.text());
  expect(visible).not.toContain(data!.token);
  // The client address reached the backend (throttling and the session record).
  const row = await be.db.selectFrom('sys_user_session').select('client_ip').where('user_id', '=', data!.userId).orderBy('create_time', 'desc').executeTakeFirst();
  expect(row?.client_ip).toBe('10.9.8.7');
});

it('a wrong password goes back with the message, the attempts left and the username; no session', async () => {
  const res = await post({ intent: 'account', username: 'teacher2', password: 'wrong-password1', redirect: '//evil.test/x' });
  expect(res.status).toBe(303);
  expect(cookiesOf(res).some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  const { location, flash } = await flashOf(res);
  // A foreign redirect is not kept.
  expect(location.searchParams.get('redirect')).toBeNull();
  expect(flash).toMatchObject({ tab: 'account', username: 'teacher2' });
  expect(flash!.error).toMatch(/^用户名或密码错误，还可尝试\d+次，之后将锁定\d+分钟$/);
  // A flash is shown only on the visit it was made for.
  expect(await readFlash(readCookie(cookiesOf(res)[0].split(';')[0], LOGIN_FLASH_COOKIE), 'another', env.sessionSecret)).toBeNull();
});

it('empty fields get the form’s messages without a backend call; the phone tab checks the number', async () => {
  const { flash } = await flashOf(await post({ intent: 'account', username: '  ', password: '' }));
  expect(flash!.fieldErrors).toEqual({ username: '请输入用户名', password: '请输入密码' });
  const phone = await flashOf(await post({ intent: 'phone', mobile: '12345', smsCode: '12' }));
  expect(phone.flash).toMatchObject({ tab: 'phone', mobile: '12345', fieldErrors: { mobile: '请输入正确的手机号码', smsCode: '请输入6位验证码' } });
  const sms = await flashOf(await post({ intent: 'phone', send: 'sms', mobile: '' }));
  expect(sms.flash!.fieldErrors).toEqual({ mobile: '请输入手机号码' });
  expect(calls).toEqual([]);
});

it('phone sign-in: 获取验证码 sends the code, then the code signs in', async () => {
  const sent = await flashOf(await post({ intent: 'phone', send: 'sms', mobile: '13800000003' }));
  expect(sent.flash).toMatchObject({ tab: 'phone', mobile: '13800000003', notice: expect.any(String) });
  const code = be.sms.at(-1)!.code;
  const res = await post({ intent: 'phone', mobile: '13800000003', smsCode: code });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/');
  expect(cookiesOf(res).some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
});

it('the second step without scripts: a missing code stays on the step; a dead challenge goes back to the password', async () => {
  const empty = await flashOf(await post({ intent: '2fa', ticket: 'c-unknown', verifyCode: '' }));
  expect(empty.flash).toMatchObject({ tab: 'account', challenge: 'c-unknown', error: '请输入6位数字验证码' });
  expect(calls).toEqual([]);
  const dead = await flashOf(await post({ intent: '2fa', ticket: 'c-unknown', verifyCode: '123456', redirect: '/account/settings/security' }));
  expect(dead.location.searchParams.get('redirect')).toBe('/account/settings/security');
  expect(dead.flash).toMatchObject({ error: '登录验证已过期，请重新登录' });
  expect(dead.flash!.challenge).toBeUndefined();
});
