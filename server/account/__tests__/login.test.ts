/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { LOGIN_LOCK_MINUTES, MAX_LOGIN_FAILURES, THROTTLED_MESSAGE } from '../../auth/throttle';
import { sha256 } from '../../core/ids';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ captcha: true });
});
afterAll(() => be.close());

/** Reads the captcha the server just issued by brute-forcing its hash: the test knows the key, not the code. */
async function captchaFor(key: string): Promise<string> {
  const r = await be.call(`/sys/randomImage/${key}`);
  expect(r.body.success).toBe(true);
  expect(String(r.body.result)).toMatch(/^data:image\/svg\+xml;base64,/);
  const row = await be.db.selectFrom('sys_captcha').select('code_hash').where('check_key', '=', key).executeTakeFirstOrThrow();
  for (let i = 0; i < 10000; i++) {
    const code = String(i).padStart(4, '0');
    if (sha256(code + key) === row.code_hash) return code;
  }
  throw new Error('captcha not found');
}

const login = (json: Record<string, unknown>, ip?: string) => be.call('/sys/login', { method: 'POST', json, ip });

describe('POST /sys/login', () => {
  it('refuses a missing captcha and a wrong one with code 412 验证码错误', async () => {
    expect((await login({ username: 'admin', password: 'jiaowu2026' })).body).toMatchObject({ success: false, message: '验证码无效' });
    await captchaFor('k-wrong');
    const r = await login({ username: 'admin', password: 'jiaowu2026', captcha: 'zzzz', checkKey: 'k-wrong' });
    expect(r.body).toMatchObject({ success: false, code: 412, message: '验证码错误' });
  });

  it('consumes the captcha on every attempt: a right code cannot be reused', async () => {
    const code = await captchaFor('k-once');
    const first = await login({ username: 'admin', password: 'wrong-pass1', captcha: code, checkKey: 'k-once' }, '10.9.9.1');
    expect(first.body.message).toBe('用户名或密码错误');
    const again = await login({ username: 'admin', password: 'jiaowu2026', captcha: code, checkKey: 'k-once' }, '10.9.9.1');
    expect(again.body).toMatchObject({ code: 412, message: '验证码错误' });
  });

  it('gives each of the contract messages', async () => {
    const cases: [string, string, string][] = [
      ['nobody', 'jiaowu2026', '该用户不存在，请注册'],
      ['frozen', 'jiaowu2026', '该用户已冻结'],
      ['teacher', 'not-the-password', '用户名或密码错误'],
    ];
    for (const [username, password, message] of cases) {
      const key = `k-${username}`;
      const r = await login({ username, password, captcha: await captchaFor(key), checkKey: key }, '10.9.9.2');
      expect(r.body).toMatchObject({ success: false, code: 500, message });
    }
  });

  it('logs in with code 200, token, userInfo without password, departs, multi_depart and dictionaries', async () => {
    const r = await login({ username: 'teacher', password: 'jiaowu2026', captcha: await captchaFor('k-ok'), checkKey: 'k-ok' });
    expect(r.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const result = r.body.result as Record<string, unknown> & { userInfo: Record<string, unknown>; token: string };
    expect(result.token).toMatch(/^[\w-]{43}$/);
    expect(result.userInfo).toMatchObject({ username: 'teacher', realname: '李文静', status: 1 });
    expect(JSON.stringify(result.userInfo)).not.toMatch(/password|scrypt/);
    expect(result.multi_depart).toBe(2);
    expect((result.departs as unknown[]).length).toBe(2);
    expect((result.sysAllDictItems as Record<string, unknown[]>).priority).toEqual([
      { value: 'L', text: '一般', title: '一般', label: '一般' },
      { value: 'M', text: '重要', title: '重要', label: '重要' },
      { value: 'H', text: '紧急', title: '紧急', label: '紧急' },
    ]);
    // The token is stored only as a hash.
    const stored = await be.db.selectFrom('sys_user_session').select('token_hash').execute();
    expect(stored.some((s) => s.token_hash === result.token)).toBe(false);
    expect(stored.some((s) => s.token_hash === sha256(result.token))).toBe(true);
  });

  it(`throttles after ${MAX_LOGIN_FAILURES} failures for that username and IP only`, async () => {
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) {
      const key = `k-t${i}`;
      const r = await login({ username: 'jiaowu', password: 'bad-pass-1', captcha: await captchaFor(key), checkKey: key }, '10.6.6.6');
      expect(r.body.message).toBe('用户名或密码错误');
      // The tries left ride in `result` (JeecgBoot's message stays verbatim) so the form can warn before the lock.
      expect(r.body.result).toEqual({ remainingAttempts: MAX_LOGIN_FAILURES - 1 - i, lockMinutes: LOGIN_LOCK_MINUTES });
    }
    const blocked = await login({ username: 'jiaowu', password: 'jiaowu2026', captcha: await captchaFor('k-t-blocked'), checkKey: 'k-t-blocked' }, '10.6.6.6');
    expect(blocked.body).toMatchObject({ success: false, message: THROTTLED_MESSAGE });
    // The real user, from their own address, is not locked out by the attacker.
    const elsewhere = await login({ username: 'jiaowu', password: 'jiaowu2026', captcha: await captchaFor('k-t-else'), checkKey: 'k-t-else' }, '10.7.7.7');
    expect(elsewhere.body.code).toBe(200);
  });
});

describe('sessions', () => {
  let noCaptcha: TestBackend;
  beforeAll(async () => {
    noCaptcha = await startTestBackend();
  });
  afterAll(() => noCaptcha.close());

  it('refuses calls without a valid token with HTTP 401 Token失效，请重新登录!', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const r = await noCaptcha.call('/sys/user/getAccountInfoFromToken', { token });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录!' });
    }
  });

  it('after logout the same token gets 401', async () => {
    const token = await noCaptcha.login('teacher2');
    expect((await noCaptcha.call('/sys/user/getAccountInfoFromToken', { token })).status).toBe(200);
    const out = await noCaptcha.call('/sys/logout', { method: 'POST', token });
    expect(out.body).toMatchObject({ success: true, message: '退出登录成功！' });
    expect((await noCaptcha.call('/sys/user/getAccountInfoFromToken', { token })).status).toBe(401);
    expect((await noCaptcha.call('/sys/logout', { method: 'POST', token })).body.message).toBe('Token无效!');
    expect((await noCaptcha.call('/sys/logout', { method: 'POST' })).body.message).toBe('退出登录失败！');
  });

  it('freezing a user ends their live session at once; only admins may freeze', async () => {
    const admin = await noCaptcha.login('admin');
    const victim = await noCaptcha.login('jiaowu');
    const denied = await noCaptcha.call('/sys/user/frozenBatch', { method: 'PUT', token: victim, json: { ids: 'u_admin', status: 2 } });
    expect(denied.body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    const r = await noCaptcha.call('/sys/user/frozenBatch', { method: 'PUT', token: admin, json: { ids: 'u_academic', status: 2 } });
    expect(r.body).toMatchObject({ success: true, message: '冻结成功!' });
    expect((await noCaptcha.call('/sys/user/getAccountInfoFromToken', { token: victim })).status).toBe(401);
    const relogin = await noCaptcha.call('/sys/login', { method: 'POST', json: { username: 'jiaowu', password: 'jiaowu2026' } });
    expect(relogin.body.message).toBe('该用户已冻结');
    await noCaptcha.call('/sys/user/frozenBatch', { method: 'PUT', token: admin, json: { ids: 'u_academic', status: 1 } });
    expect((await noCaptcha.login('jiaowu')).length).toBeGreaterThan(20);
  });

  it('an admin kick-out ends every session of that user', async () => {
    const admin = await noCaptcha.login('admin');
    const a = await noCaptcha.login('marketing');
    const b = await noCaptcha.login('marketing');
    const r = await noCaptcha.call('/sys/online/forceLogout', { method: 'POST', token: admin, json: { username: 'marketing' } });
    expect(r.body).toMatchObject({ success: true, result: { sessions: 2 } });
    for (const t of [a, b]) expect((await noCaptcha.call('/sys/user/getCurrentUserDeparts', { token: t })).status).toBe(401);
  });

  it('an expired session record is refused', async () => {
    const token = await noCaptcha.login('teacher2');
    await noCaptcha.db.updateTable('sys_user_session').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', sha256(token)).execute();
    expect((await noCaptcha.call('/sys/user/getAccountInfoFromToken', { token })).status).toBe(401);
  });

  it('checks the tenant header: 0 or one of the user’s tenants', async () => {
    const admin = await noCaptcha.login('admin');
    const get = (tenant: string, header = 'tenant-id') => noCaptcha.call('/sys/user/getCurrentUserDeparts', { token: admin, headers: { [header]: tenant } });
    expect((await get('0')).status).toBe(200);
    expect((await get('1')).status).toBe(200);
    expect((await get('1', 'tenant_id')).status).toBe(200);
    const bad = await get('99');
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe('用户租户信息变更,请重新登陆!');
  });
});
