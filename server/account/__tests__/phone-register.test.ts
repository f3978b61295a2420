/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { passwordProblem } from '../../auth/password';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(() => be.close());

const post = (path: string, json: unknown, token?: string) => be.call(path, { method: 'POST', json, token });
const sendSms = (mobile: string, smsmode: string) => post('/sys/sms', { mobile, smsmode });

/** The code the fake SMS gateway last received for this mobile and mode. */
function lastCode(mobile: string, mode: string): string {
  const hit = [...be.sms].reverse().find((s) => s.mobile === mobile && s.mode === mode);
  if (!hit) throw new Error(`no SMS for ${mobile}/${mode}`);
  return hit.code;
}

/** A well-formed code that is certainly not the live one. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const accountOf = async (token: string) => be.call('/sys/user/getAccountInfoFromToken', { token });

describe('POST /sys/sms', () => {
  it('validates the mobile number and the mode', async () => {
    for (const mobile of ['12345', '23800000001', '1380000000a', '138000000011']) {
      expect((await sendSms(mobile, '0')).body).toMatchObject({ success: false, message: '请输入正确的手机号码' });
    }
    expect((await post('/sys/sms', { smsmode: '0' })).body).toMatchObject({ success: false, message: '请输入手机号码' });
    expect((await sendSms('13800000001', '7')).body).toMatchObject({ success: false, message: '短信类型错误' });
    expect(be.sms).toHaveLength(0);
  });

  it('login and reset modes need an existing, active user', async () => {
    expect((await sendSms('13999999999', '0')).body).toMatchObject({ success: false, message: '该用户不存在，请注册' });
    expect((await sendSms('13999999999', '2')).body).toMatchObject({ success: false, message: '该用户不存在，请注册' });
    expect((await sendSms('13800000005', '0')).body).toMatchObject({ success: false, message: '该用户已冻结' });
    expect(be.sms.filter((s) => ['13999999999', '13800000005'].includes(s.mobile))).toHaveLength(0);
  });

  it('register mode refuses a phone that already has an account', async () => {
    expect((await sendSms('13800000003', '1')).body).toMatchObject({ success: false, message: '该手机号已经注册，请直接登录！' });
  });

  it('sends a 6-digit code that never appears in the response, and refuses a second one while it is live', async () => {
    const before = be.sms.length;
    const r = await sendSms('13800000003', '0');
    expect(r.body).toMatchObject({ success: true, code: 200 });
    expect(be.sms).toHaveLength(before + 1);
    const code = lastCode('13800000003', '0');
    expect(code).toMatch(/^\d{6}$/);
    expect(r.body.result).toBeNull();
    expect(JSON.stringify(r.body)).not.toContain(code);

    const again = await sendSms('13800000003', '0');
    expect(again.body).toMatchObject({ success: false, message: '验证码10分钟内，仍然有效！' });
    expect(JSON.stringify(again.body)).not.toContain(code);
    expect(be.sms).toHaveLength(before + 1);
    // Each mode has its own code: the live login code does not block a reset code.
    expect((await sendSms('13800000003', '2')).body.success).toBe(true);
  });
});

describe('POST /sys/phoneLogin', () => {
  const phone = '13800000001'; // teacher
  const phoneLogin = (captcha: string) => post('/sys/phoneLogin', { mobile: phone, captcha });

  it('refuses a wrong code, logs in with the right one once, and the token works', async () => {
    expect((await sendSms(phone, '0')).body.success).toBe(true);
    const code = lastCode(phone, '0');
    const wrong = await phoneLogin(wrongCode(code));
    expect(wrong.body.message).toBe('手机验证码错误');
    expect(wrong.body.code).not.toBe(200);

    const r = await phoneLogin(code);
    expect(r.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const result = r.body.result as { token: string; userInfo: { username: string }; multi_depart: number };
    expect(result.userInfo.username).toBe('teacher');
    expect(result.multi_depart).toBe(2);
    const me = await accountOf(result.token);
    expect(me.status).toBe(200);
    expect((me.body.result as { userInfo: { username: string } }).userInfo.username).toBe('teacher');

    // Single use: the same code cannot log in twice.
    const replay = await phoneLogin(code);
    expect(replay.body).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    expect((await sendSms(phone, '0')).body.success).toBe(true);
    const code = lastCode(phone, '0');
    for (let i = 0; i < 4; i++) expect((await phoneLogin(wrongCode(code))).body.message).toBe('手机验证码错误');
    expect((await phoneLogin(code)).body.code).toBe(200);
  });

  it('after 5 wrong tries even the right code fails, and a new code may be requested', async () => {
    expect((await sendSms(phone, '0')).body.success).toBe(true);
    const code = lastCode(phone, '0');
    for (let i = 0; i < 5; i++) expect((await phoneLogin(wrongCode(code))).body.message).toBe('手机验证码错误');
    expect((await phoneLogin(code)).body).toMatchObject({ success: false, message: '手机验证码错误' });
    // The dead code no longer blocks a fresh one.
    expect((await sendSms(phone, '0')).body.success).toBe(true);
    const fresh = lastCode(phone, '0');
    expect((await phoneLogin(fresh)).body.code).toBe(200);
  });

  it('an expired code fails', async () => {
    expect((await sendSms(phone, '0')).body.success).toBe(true);
    const code = lastCode(phone, '0');
    await be.db.updateTable('sys_sms_code').set({ expires_at: new Date(Date.now() - 1000) }).where('mobile', '=', phone).where('mode', '=', '0').execute();
    expect((await phoneLogin(code)).body).toMatchObject({ success: false, message: '手机验证码错误' });
    // Expired codes do not count as live either.
    expect((await sendSms(phone, '0')).body.success).toBe(true);
  });

  it('a code sent for another mode does not log in', async () => {
    const mobile = '13800000004'; // jiaowu
    expect((await sendSms(mobile, '2')).body.success).toBe(true);
    const r = await post('/sys/phoneLogin', { mobile, captcha: lastCode(mobile, '2') });
    expect(r.body).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  it('refuses a frozen user before looking at the code', async () => {
    const r = await post('/sys/phoneLogin', { mobile: '13800000005', captcha: '123456' });
    expect(r.body).toMatchObject({ success: false, message: '该用户已冻结' });
  });
});

describe('GET /sys/user/checkOnlyUser', () => {
  it('reports taken usernames and phones', async () => {
    const check = (q: string) => be.call(`/sys/user/checkOnlyUser?${q}`);
    expect((await check('username=teacher')).body).toMatchObject({ success: false, message: '用户账号已存在' });
    expect((await check('username=nobody_here')).body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await check('phone=13800000002')).body).toMatchObject({ success: false, message: '用户账号已存在' });
    expect((await check('phone=13912345678')).body).toMatchObject({ success: true });
    expect((await check('')).body).toMatchObject({ success: false, message: '数据为空,不作处理！' });
  });
});

describe('POST /sys/user/register', () => {
  const phone = '13911112222';
  const register = (json: Record<string, unknown>) => post('/sys/user/register', json);

  it('passwordProblem gives the rule messages', () => {
    expect(passwordProblem('a1b2c3')).toBe('密码至少8位');
    expect(passwordProblem('abcdefgh')).toBe('密码须同时包含字母和数字');
    expect(passwordProblem('12345678')).toBe('密码须同时包含字母和数字');
    expect(passwordProblem(`a1${'x'.repeat(63)}`)).toBe('密码不能超过64位');
    expect(passwordProblem('abcd1234')).toBeNull();
  });

  it('refuses weak passwords and taken usernames without using up the code, then registers', async () => {
    expect((await sendSms(phone, '1')).body.success).toBe(true);
    const code = lastCode(phone, '1');
    const base = { username: 'newstudent', phone, smscode: code };
    for (const password of ['a1b2c3', 'abcdefgh', '12345678', `a1${'x'.repeat(63)}`]) {
      const r = await register({ ...base, password });
      expect(r.body).toMatchObject({ success: false, message: passwordProblem(password) });
    }
    expect((await register({ ...base, username: 'teacher', password: 'Good2026pw' })).body).toMatchObject({ success: false, message: '用户名已存在' });
    expect((await register({ ...base, password: 'Good2026pw', smscode: wrongCode(code) })).body).toMatchObject({ success: false, message: '手机验证码错误' });
    expect((await be.call('/sys/user/checkOnlyUser?username=newstudent')).body.success).toBe(true);

    const ok = await register({ ...base, password: 'Good2026pw' });
    expect(ok.body).toMatchObject({ success: true, code: 200 });
    expect((await be.call('/sys/user/checkOnlyUser?username=newstudent')).body).toMatchObject({ success: false, message: '用户账号已存在' });
    // The code was consumed: registering again with it fails (the phone is now taken too).
    expect((await register({ ...base, username: 'another_one', password: 'Good2026pw' })).body.success).toBe(false);
  });

  it('the new user logs in with only the role `user` and sees 个人中心 and 账户设置', async () => {
    const token = await be.login('newstudent', 'Good2026pw');
    const me = await accountOf(token);
    const result = me.body.result as { userInfo: { username: string; phone: string }; roles: { roleCode: string }[]; departs: unknown[] };
    expect(result.userInfo).toMatchObject({ username: 'newstudent', phone });
    expect(result.roles.map((r) => r.roleCode)).toEqual(['user']);
    expect(result.departs).toEqual([]);
    const perm = await be.call('/sys/permission/getUserPermissionByToken', { token });
    const answer = perm.body.result as { menu: { meta: { title: string } }[]; auth: unknown[] };
    expect(answer.menu.map((m) => m.meta.title)).toEqual(['个人中心', '账户设置', '操作手册']);
    expect(answer.auth).toEqual([]);
    // And it may not use admin actions.
    const denied = await post('/sys/online/forceLogout', { username: 'teacher' }, token);
    expect(denied.body).toMatchObject({ success: false, code: 510 });
  });

  it('validates the username shape and needs a code sent for registration', async () => {
    const r = await register({ username: '1bad', password: 'Good2026pw', phone: '13911113333', smscode: '123456' });
    expect(r.body.success).toBe(false);
    expect(r.body.message).toMatch(/用户名/);
    // No code was ever sent to this phone.
    const none = await register({ username: 'ghost_user', password: 'Good2026pw', phone: '13911113333', smscode: '123456' });
    expect(none.body).toMatchObject({ success: false, message: '手机验证码错误' });
    expect((await be.call('/sys/user/checkOnlyUser?username=ghost_user')).body.success).toBe(true);
  });
});

describe('password reset: /sys/user/phoneVerification + /sys/user/passwordChange', () => {
  const phone = '13800000002'; // teacher2

  it('verifies the code without using it, resets the password, ends old sessions', async () => {
    const oldToken = await be.login('teacher2');
    expect((await accountOf(oldToken)).status).toBe(200);

    expect((await sendSms(phone, '2')).body.success).toBe(true);
    const code = lastCode(phone, '2');
    expect((await post('/sys/user/phoneVerification', { phone, smscode: wrongCode(code) })).body).toMatchObject({ success: false, message: '手机验证码错误' });
    const verified = await post('/sys/user/phoneVerification', { phone, smscode: code });
    expect(verified.body).toMatchObject({ success: true, result: { username: 'teacher2', smscode: code } });

    // A weak new password is refused and does not spend the code.
    const weak = await post('/sys/user/passwordChange', { phone, smscode: code, password: 'short1' });
    expect(weak.body).toMatchObject({ success: false, message: '密码至少8位' });
    expect((await post('/sys/user/passwordChange', { phone, smscode: wrongCode(code), password: 'Reset2026pw' })).body).toMatchObject({
      success: false,
      message: '手机验证码错误',
    });

    const changed = await post('/sys/user/passwordChange', { phone, smscode: code, password: 'Reset2026pw' });
    expect(changed.body).toMatchObject({ success: true, result: { username: 'teacher2' } });

    expect((await accountOf(oldToken)).status).toBe(401);
    const oldPw = await post('/sys/login', { username: 'teacher2', password: 'jiaowu2026' });
    expect(oldPw.body).toMatchObject({ success: false, message: '用户名或密码错误' });
    const fresh = await be.login('teacher2', 'Reset2026pw');
    expect((await accountOf(fresh)).status).toBe(200);

    // The reset code is single use.
    const replay = await post('/sys/user/passwordChange', { phone, smscode: code, password: 'Another2026pw' });
    expect(replay.body).toMatchObject({ success: false, message: '手机验证码错误' });
    expect((await accountOf(fresh)).status).toBe(200);
  });

  it('a login code cannot reset a password', async () => {
    const mobile = '13800000004';
    expect((await sendSms(mobile, '0')).body.success).toBe(true);
    const r = await post('/sys/user/passwordChange', { phone: mobile, smscode: lastCode(mobile, '0'), password: 'Reset2026pw' });
    expect(r.body).toMatchObject({ success: false, message: '手机验证码错误' });
    expect((await post('/sys/login', { username: 'jiaowu', password: 'jiaowu2026' })).body.code).toBe(200);
  });
});
