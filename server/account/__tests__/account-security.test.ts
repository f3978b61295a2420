/** @jest-environment node */
import { totpNow } from '../../auth/totp';
import { TWO_FACTOR_MESSAGES as M, SESSION_MESSAGES } from '../../../lib/account/security-rules';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

/** 安全设置 (issue #26): my signed-in sessions (list, 下线, sign out elsewhere) and TOTP two-step sign-in. */

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(() => be.close());

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Body = Awaited<ReturnType<TestBackend['call']>>['body'];
const post = (path: string, token: string | undefined, json: unknown = {}, ip?: string) => be.call(path, { method: 'POST', token, json, ip });
const passwordLogin = (username: string, ip?: string, ua?: string) =>
  be.call('/sys/login', { method: 'POST', json: { username, password: 'jiaowu2026' }, ip, headers: ua ? { 'user-agent': ua } : {} });
const tokenOf = (b: Body) => (b.result as { token: string }).token;
const challengeOf = (b: Body) => (b.result as { challenge: string }).challenge;
const alive = async (token: string) => (await be.call('/sys/user/sessions', { token })).status === 200;

interface MySession {
  id: string;
  device: string;
  clientIp: string;
  current: boolean;
}

describe('my sessions', () => {
  it('lists only my live sessions with device words, never a token hash; 下线 one; sign out all others', async () => {
    const a = tokenOf((await passwordLogin('teacher2', '10.0.0.21', CHROME)).body);
    const b = tokenOf((await passwordLogin('teacher2', '10.0.0.22', IPHONE)).body);
    const other = await be.login('marketing');

    const listed = await be.call('/sys/user/sessions', { token: a });
    const rows = listed.body.result as MySession[];
    expect(JSON.stringify(listed.body)).not.toMatch(/[0-9a-f]{64}/);
    const mineA = rows.find((r) => r.current)!;
    const mineB = rows.find((r) => r.clientIp === '10.0.0.22')!;
    expect(mineA).toMatchObject({ device: 'Chrome 130 · Windows', clientIp: '10.0.0.21' });
    expect(mineB).toMatchObject({ device: 'Safari 17 · iPhone', current: false });
    expect(mineB.id).toMatch(/^[0-9a-f]{12}$/);

    // Another user's id names nothing for me, and my current session is ended by 退出登录, not here.
    expect((await post('/sys/user/sessions/logout', other, { id: mineB.id })).body.message).toBe(SESSION_MESSAGES.notFound);
    expect((await post('/sys/user/sessions/logout', a, { id: mineA.id })).body.message).toBe(SESSION_MESSAGES.current);
    expect(await alive(b)).toBe(true);

    expect((await post('/sys/user/sessions/logout', a, { id: mineB.id })).body).toMatchObject({ success: true, message: SESSION_MESSAGES.revoked });
    expect(await alive(b)).toBe(false);

    const c = tokenOf((await passwordLogin('teacher2')).body);
    const others = await post('/sys/user/sessions/logoutOthers', a);
    expect(others.body.result).toEqual({ sessions: expect.any(Number) });
    expect((others.body.result as { sessions: number }).sessions).toBeGreaterThanOrEqual(1);
    expect([await alive(c), await alive(a), await alive(other)]).toEqual([false, true, true]);
  });
});

describe('two-step sign-in (TOTP)', () => {
  /** Sets up and turns on TOTP for `username`; answers its secret and recovery codes. */
  async function turnOn(username: string) {
    const token = await be.login(username);
    const setup = await post('/sys/user/twoFactor/setup', token);
    const { secret, otpauthUri, qrCode } = setup.body.result as { secret: string; otpauthUri: string; qrCode: string };
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    // Not on before a code confirms it: the password alone still signs in.
    expect((await passwordLogin(username)).body.code).toBe(200);
    expect((await post('/sys/user/twoFactor/enable', token, { verifyCode: '000000' === totpNow(secret) ? '111111' : '000000' })).body.message).toBe(M.codeWrong);
    const on = await post('/sys/user/twoFactor/enable', token, { verifyCode: totpNow(secret) });
    const codes = (on.body.result as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    return { token, secret, codes };
  }

  it('password → challenge (no token) → code → the login answer; codes and recovery codes are single use; secrets stored encrypted', async () => {
    const { token, secret, codes } = await turnOn('marketing');
    const row = await be.db.selectFrom('sys_user_totp').selectAll().where('user_id', '=', (await be.db.selectFrom('sys_user').select('id').where('username', '=', 'marketing').executeTakeFirstOrThrow()).id).executeTakeFirstOrThrow();
    expect(row.secret.startsWith('v1:') && !row.secret.includes(secret)).toBe(true);
    const hashes = await be.db.selectFrom('sys_user_recovery_code').select('code_hash').where('user_id', '=', row.user_id).execute();
    expect(hashes.map((h) => h.code_hash)).not.toContain(codes[0]);

    // A client that cannot do the second step gets a plain failure with a clear message and no token.
    const first = (await passwordLogin('marketing')).body;
    expect(first).toMatchObject({ success: false, message: M.required, result: { twoFactor: true, expiresIn: 300 } });
    expect(first.result).not.toHaveProperty('token');

    const wrong = await post('/sys/twoFactorLogin', undefined, { ticket: challengeOf(first), verifyCode: totpNow(secret, Date.now() - 120_000) });
    expect(wrong.body).toMatchObject({ success: false, message: M.codeWrong, result: { remainingAttempts: 4 } });
    const code = totpNow(secret, Date.now() + 30_000); // the next step: the enable call used the current one
    const second = await post('/sys/twoFactorLogin', undefined, { ticket: challengeOf(first), verifyCode: code });
    expect(second.body).toMatchObject({ success: true, code: 200, result: { userInfo: { username: 'marketing' } } });
    expect(await alive(tokenOf(second.body))).toBe(true);
    // The challenge is spent, and the same code is refused on a new one (replay).
    expect((await post('/sys/twoFactorLogin', undefined, { ticket: challengeOf(first), verifyCode: code })).body.message).toBe(M.challengeExpired);
    const again = challengeOf((await passwordLogin('marketing')).body);
    expect((await post('/sys/twoFactorLogin', undefined, { ticket: again, verifyCode: code })).body.message).toBe(M.replayed);

    // A recovery code signs in once.
    const viaRecovery = await post('/sys/twoFactorLogin', undefined, { ticket: again, verifyCode: codes[0].toUpperCase() });
    expect(viaRecovery.body.code).toBe(200);
    const third = challengeOf((await passwordLogin('marketing')).body);
    expect((await post('/sys/twoFactorLogin', undefined, { ticket: third, verifyCode: codes[0] })).body.message).toBe(M.recoveryWrong);
    expect((await be.call('/sys/user/twoFactor', { token })).body.result).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });

    // New recovery codes and 关闭 need the password or a code.
    expect((await post('/sys/user/twoFactor/recoveryCodes', token, {})).body.message).toBe(M.proofMissing);
    expect((await post('/sys/user/twoFactor/disable', token, { password: 'nope' })).body.message).toBe(M.passwordWrong);
    const renewed = await post('/sys/user/twoFactor/recoveryCodes', token, { password: 'jiaowu2026' });
    const fresh = (renewed.body.result as { recoveryCodes: string[] }).recoveryCodes;
    expect((await post('/sys/user/twoFactor/disable', token, { verifyCode: codes[1] })).body.message).toBe(M.recoveryWrong);
    expect((await post('/sys/user/twoFactor/disable', token, { verifyCode: fresh[0] })).body).toMatchObject({ success: true, message: M.disabled });
    expect((await passwordLogin('marketing')).body.code).toBe(200);
  });

  it('five wrong codes end a challenge; ten per user across addresses lock the second step', async () => {
    const { secret } = await turnOn('jiaowu');
    const bad = totpNow(secret, Date.now() - 300_000);
    const wrongTimes = async (ip: string, n: number) => {
      const ticket = challengeOf((await passwordLogin('jiaowu', ip)).body);
      let last: Body | null = null;
      for (let i = 0; i < n; i++) last = (await post('/sys/twoFactorLogin', undefined, { ticket, verifyCode: bad }, ip)).body;
      return { ticket, last: last! };
    };
    const one = await wrongTimes('10.0.1.1', 5);
    expect(one.last).toMatchObject({ message: M.challengeTooMany, result: { remainingAttempts: 0 } });
    // Even the right code no longer opens that challenge.
    expect((await post('/sys/twoFactorLogin', undefined, { ticket: one.ticket, verifyCode: totpNow(secret) }, '10.0.1.1')).body.message).toBe(M.challengeTooMany);
    await wrongTimes('10.0.1.2', 5);
    const ticket = challengeOf((await passwordLogin('jiaowu', '10.0.1.3')).body);
    const locked = await post('/sys/twoFactorLogin', undefined, { ticket, verifyCode: totpNow(secret) }, '10.0.1.3');
    expect(locked.body).toMatchObject({ success: false, code: 429, message: M.throttled });
  });
  it('wrong codes to 关闭 and 恢复码 share the login\'s lock (issue #38): 429 at its limits, even for the right code, at the login too', async () => {
    const { token, secret } = await turnOn('teacher');
    const bad = totpNow(secret, Date.now() - 300_000);
    const disable = (verifyCode: string, ip: string) => post('/sys/user/twoFactor/disable', token, { verifyCode }, ip);
    // Five wrong codes from one address: the login's per-address limit (each also counts against the password throttle).
    for (let i = 0; i < 5; i++) expect((await disable(bad, '10.0.2.1')).body).toMatchObject({ success: false, message: M.codeWrong });
    expect((await disable(totpNow(secret), '10.0.2.1')).body).toMatchObject({ success: false, code: 429, message: M.throttled });
    // A malformed entry costs no try, as at the login.
    expect((await disable('12345', '10.0.2.2')).body.message).toBe(M.codeFormat);
    // Three at the login's second step and two at 恢复码 from another address: ten for the user in all.
    const ticket = challengeOf((await passwordLogin('teacher', '10.0.2.2')).body);
    for (let i = 0; i < 3; i++) expect((await post('/sys/twoFactorLogin', undefined, { ticket, verifyCode: bad }, '10.0.2.2')).body.message).toBe(M.codeWrong);
    for (let i = 0; i < 2; i++) expect((await post('/sys/user/twoFactor/recoveryCodes', token, { verifyCode: bad }, '10.0.2.2')).body.message).toBe(M.codeWrong);
    // From a fresh address the right code is refused everywhere, and two-step sign-in stays on.
    const locked = { success: false, code: 429, message: M.throttled };
    expect((await disable(totpNow(secret), '10.0.2.3')).body).toMatchObject(locked);
    expect((await post('/sys/user/twoFactor/recoveryCodes', token, { verifyCode: totpNow(secret) }, '10.0.2.3')).body).toMatchObject(locked);
    const fresh = challengeOf((await passwordLogin('teacher', '10.0.2.3')).body);
    expect((await post('/sys/twoFactorLogin', undefined, { ticket: fresh, verifyCode: totpNow(secret) }, '10.0.2.3')).body).toMatchObject(locked);
    expect((await be.call('/sys/user/twoFactor', { token })).body.result).toMatchObject({ enabled: true });
  });

  it('wrong codes at the login lock the proof endpoints (shared counter); a wrong password there counts against the password throttle', async () => {
    const { token, secret } = await turnOn('marketing2');
    const bad = totpNow(secret, Date.now() - 300_000);
    for (const ip of ['10.0.3.1', '10.0.3.2']) {
      const ticket = challengeOf((await passwordLogin('marketing2', ip)).body);
      for (let i = 0; i < 5; i++) await post('/sys/twoFactorLogin', undefined, { ticket, verifyCode: bad }, ip);
    }
    expect((await post('/sys/user/twoFactor/disable', token, { verifyCode: totpNow(secret) }, '10.0.3.3')).body).toMatchObject({ code: 429, message: M.throttled });
    // The password is checked as the login's first step: five wrong ones from an address lock it there.
    for (let i = 0; i < 5; i++) expect((await post('/sys/user/twoFactor/disable', token, { password: 'nope' }, '10.0.3.4')).body.message).toBe(M.passwordWrong);
    expect((await passwordLogin('marketing2', '10.0.3.4')).body).toMatchObject({ success: false, code: 429 });
  });
});
