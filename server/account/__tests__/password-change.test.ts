/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { MAX_LOGIN_FAILURES, THROTTLED_MESSAGE } from '../../auth/throttle';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(() => be.close());

const DEMO = 'jiaowu2026';
const NEW = 'Newpass2026';

const alive = async (token: string) => (await be.call('/sys/user/getCurrentUserDeparts', { token })).status === 200;
const tryLogin = (username: string, password: string) => be.call('/sys/login', { method: 'POST', json: { username, password } });
const update = (token: string, json: Record<string, unknown>, ip?: string) => be.call('/sys/user/updatePassword', { method: 'PUT', token, json, ip });
const sendSms = (token: string, json?: unknown) => be.call('/sys/user/sendChangePasswordSms', { method: 'POST', token, json: json ?? {} });
const bySms = (token: string, json: Record<string, unknown>) => be.call('/sys/user/updatePasswordBySms', { method: 'POST', token, json });
/** Puts the demo password back (it satisfies the rule), so later tests can sign in with it. */
const restoreDemo = async (token: string, from: string) => {
  const r = await update(token, { oldpassword: from, password: DEMO, confirmpassword: DEMO });
  expect(r.body.success).toBe(true);
};

describe('PUT /sys/user/updatePassword', () => {
  it('needs a session', async () => {
    const r = await be.call('/sys/user/updatePassword', { method: 'PUT', json: { oldpassword: DEMO, password: NEW, confirmpassword: NEW } });
    expect(r.status).toBe(401);
  });

  it('refuses a wrong old password with 旧密码输入错误 and changes nothing', async () => {
    const token = await be.login('teacher');
    const other = await be.login('teacher');
    const r = await update(token, { oldpassword: 'wrong-pass1', password: NEW, confirmpassword: NEW });
    expect(r.body).toMatchObject({ success: false, code: 500, message: '旧密码输入错误' });
    expect((await tryLogin('teacher', DEMO)).body.code).toBe(200);
    expect((await tryLogin('teacher', NEW)).body.code).toBe(500);
    expect(await alive(other)).toBe(true);
  });

  it('refuses a confirmation that differs with 两次输入密码不一致', async () => {
    const token = await be.login('teacher');
    const r = await update(token, { oldpassword: DEMO, password: NEW, confirmpassword: NEW + 'x' });
    expect(r.body).toMatchObject({ success: false, message: '两次输入密码不一致' });
    expect((await tryLogin('teacher', DEMO)).body.code).toBe(200);
  });

  it.each([
    ['short1', '密码至少8位'],
    ['abcdefghij', '密码须同时包含字母和数字'],
    ['1234567890', '密码须同时包含字母和数字'],
    ['a1'.repeat(33), '密码不能超过64位'],
  ])('applies the password rule to %s (%s)', async (password, message) => {
    const token = await be.login('teacher');
    const r = await update(token, { oldpassword: DEMO, password, confirmpassword: password });
    expect(r.body).toMatchObject({ success: false, message });
    expect((await tryLogin('teacher', DEMO)).body.code).toBe(200);
  });

  it('changes the password with 密码修改成功！, ends the user’s OTHER sessions and keeps the current one', async () => {
    const current = await be.login('teacher2');
    const otherA = await be.login('teacher2');
    const otherB = await be.login('teacher2');
    const someoneElse = await be.login('teacher');
    const r = await update(current, { oldpassword: DEMO, password: NEW, confirmpassword: NEW });
    expect(r.body).toMatchObject({ success: true, code: 200, message: '密码修改成功！' });
    expect(await alive(current)).toBe(true);
    expect(await alive(otherA)).toBe(false);
    expect(await alive(otherB)).toBe(false);
    expect(await alive(someoneElse)).toBe(true);
    expect((await tryLogin('teacher2', DEMO)).body.message).toBe('用户名或密码错误');
    expect((await tryLogin('teacher2', NEW)).body.code).toBe(200);
    // The stored value is a fresh scrypt hash, never the password.
    const row = await be.db.selectFrom('sys_user').select('password_hash').where('username', '=', 'teacher2').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(NEW);
    await restoreDemo(current, NEW);
  });

  it('changes only the token’s user: a body username is ignored', async () => {
    const token = await be.login('marketing');
    const r = await update(token, { username: 'teacher', oldpassword: DEMO, password: NEW, confirmpassword: NEW });
    expect(r.body.message).toBe('密码修改成功！');
    expect((await tryLogin('teacher', DEMO)).body.code).toBe(200);
    expect((await tryLogin('marketing', NEW)).body.code).toBe(200);
    await restoreDemo(token, NEW);
  });

  it(`wrong old passwords count against the login budget: after ${MAX_LOGIN_FAILURES} even the right one is refused`, async () => {
    const ip = '10.7.7.7';
    const token = await be.login('jiaowu');
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) {
      expect((await update(token, { oldpassword: `bad-guess${i}`, password: NEW, confirmpassword: NEW }, ip)).body.message).toBe('旧密码输入错误');
    }
    const r = await update(token, { oldpassword: DEMO, password: NEW, confirmpassword: NEW }, ip);
    expect(r.body).toMatchObject({ success: false, message: THROTTLED_MESSAGE });
    expect((await tryLogin('jiaowu', DEMO)).body.code).toBe(200);
    // Only that address is held back.
    expect((await be.call('/sys/login', { method: 'POST', json: { username: 'jiaowu', password: DEMO }, ip })).body.message).toBe(THROTTLED_MESSAGE);
  });
});

describe('password change by SMS (smsmode 3, the user’s own phone)', () => {
  const lastSms = () => be.sms[be.sms.length - 1];

  it('sendChangePasswordSms needs a session', async () => {
    expect((await be.call('/sys/user/sendChangePasswordSms', { method: 'POST' })).status).toBe(401);
    expect((await be.call('/sys/user/updatePasswordBySms', { method: 'POST', json: {} })).status).toBe(401);
  });

  it('sends to the session user’s bound phone, never to a number from the body; one live code at a time', async () => {
    const token = await be.login('admin');
    const before = be.sms.length;
    const r = await sendSms(token, { mobile: '13912345678', phone: '13912345678' });
    expect(r.body).toMatchObject({ success: true, message: '短信验证码发送成功', result: null });
    expect(be.sms.length).toBe(before + 1);
    expect(lastSms()).toMatchObject({ mobile: '18611111111', mode: '3' });
    expect(JSON.stringify(r.body)).not.toContain(lastSms().code);
    const again = await sendSms(token);
    expect(again.body).toMatchObject({ success: false, message: '验证码10分钟内，仍然有效！' });
    expect(be.sms.length).toBe(before + 1);
  });

  it('answers 您尚未绑定手机号 to a user without a phone, for sending and for changing', async () => {
    const token = await be.login('teacher');
    await be.db.updateTable('sys_user').set({ phone: null }).where('username', '=', 'teacher').execute();
    try {
      const before = be.sms.length;
      expect((await sendSms(token)).body).toMatchObject({ success: false, message: '您尚未绑定手机号' });
      expect(be.sms.length).toBe(before);
      expect((await bySms(token, { smscode: '123456', password: NEW, confirmpassword: NEW })).body).toMatchObject({ success: false, message: '您尚未绑定手机号' });
    } finally {
      await be.db.updateTable('sys_user').set({ phone: '13800000001' }).where('username', '=', 'teacher').execute();
    }
  });

  it('the anonymous /sys/sms cannot issue a change-password code', async () => {
    const r = await be.call('/sys/sms', { method: 'POST', json: { mobile: '13800000003', smsmode: '3' } });
    expect(r.body).toMatchObject({ success: false, message: '短信类型错误' });
  });

  it('checks mismatch and the password rule before the code, without burning attempts; a wrong code is 手机验证码错误', async () => {
    const current = await be.login('marketing');
    const other = await be.login('marketing');
    await sendSms(current);
    const { code, mobile } = lastSms();
    expect(mobile).toBe('13800000003');
    // More form mistakes than the code's attempt limit: the code must survive them.
    for (let i = 0; i < 6; i++) {
      expect((await bySms(current, { smscode: code, password: NEW, confirmpassword: 'Other2026' })).body.message).toBe('两次输入密码不一致');
    }
    expect((await bySms(current, { smscode: code, password: 'short1', confirmpassword: 'short1' })).body.message).toBe('密码至少8位');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await bySms(current, { smscode: wrong, password: NEW, confirmpassword: NEW })).body).toMatchObject({ success: false, message: '手机验证码错误' });
    expect((await tryLogin('marketing', DEMO)).body.code).toBe(200);

    const ok = await bySms(current, { smscode: code, password: NEW, confirmpassword: NEW });
    expect(ok.body).toMatchObject({ success: true, message: '密码修改成功！' });
    expect(await alive(current)).toBe(true);
    expect(await alive(other)).toBe(false);
    expect((await tryLogin('marketing', NEW)).body.code).toBe(200);
    // Single use.
    expect((await bySms(current, { smscode: code, password: DEMO + 'x1', confirmpassword: DEMO + 'x1' })).body.message).toBe('手机验证码错误');
    await restoreDemo(current, NEW);
  });

  it('a login code (smsmode 0) for the same phone does not change the password', async () => {
    const token = await be.login('jiaowu');
    const sent = await be.call('/sys/sms', { method: 'POST', json: { mobile: '13800000004', smsmode: '0' } });
    expect(sent.body.success).toBe(true);
    const { code, mode } = lastSms();
    expect(mode).toBe('0');
    const r = await bySms(token, { smscode: code, password: NEW, confirmpassword: NEW });
    expect(r.body).toMatchObject({ success: false, message: '手机验证码错误' });
    expect((await tryLogin('jiaowu', DEMO)).body.code).toBe(200);
  });

  it('another user’s code does not work for me: codes are bound to the session user’s phone', async () => {
    const mine = await be.login('admin');
    const theirs = await be.login('teacher');
    await be.db.deleteFrom('sys_sms_code').execute();
    await sendSms(theirs);
    const { code, mobile } = lastSms();
    expect(mobile).toBe('13800000001');
    expect((await bySms(mine, { smscode: code, password: NEW, confirmpassword: NEW })).body.message).toBe('手机验证码错误');
    expect((await tryLogin('admin', DEMO)).body.code).toBe(200);
  });
});
