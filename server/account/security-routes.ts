import { Hono } from 'hono';
import { z } from 'zod';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { ApiFailure, ok } from '../core/errors';
import { verifyPassword } from '../auth/password';
import { isLoginThrottled, recordLoginAttempt, THROTTLED_MESSAGE } from '../auth/throttle';
import {
  checkSecondFactor,
  confirmSetup,
  disableTwoFactor,
  findChallenge,
  isTwoFactorOn,
  MAX_CHALLENGE_FAILURES,
  recordChallengeFailure,
  recordProofFailure,
  regenerateRecoveryCodes,
  secondFactorLocked,
  spendChallenge,
  startSetup,
  twoFactorStatus,
} from '../auth/two-factor';
import { secretKey } from '../core/secret';
import { formatDateTime } from '../core/format';
import { deviceLabel, loginTypeLabel, SESSION_MESSAGES, TWO_FACTOR_MESSAGES as M } from '../../lib/account/security-rules';
import { effectiveUserProblem, startSession } from './auth-routes';
import { SESSION_ID_LENGTH } from '../system/system-routes';
import { readBody } from '../core/validate';

/**
 * 安全设置 (issue #26): the signed-in sessions of this user and TOTP two-step sign-in. Every route but the second
 * login step acts on the token's own user, so it needs a session and no permission code (as 修改密码).
 *
 * - GET  /sys/user/sessions → [{id, device, clientIp, loginType, loginTime, lastSeen, current}] (live, newest activity
 *   first; `id` is the 12-hex prefix of the token hash that 在线用户 shows, and only matches the caller's own sessions).
 * - POST /sys/user/sessions/logout {id} → ends one other session of mine (not the current one: 退出登录 does that).
 * - POST /sys/user/sessions/logoutOthers → {sessions: n}.
 * - GET  /sys/user/twoFactor → {enabled, enableTime, recoveryCodesLeft}.
 * - POST /sys/user/twoFactor/setup → {secret, otpauthUri, qrCode (PNG data URL)}; nothing is on before `enable`.
 * - POST /sys/user/twoFactor/enable {verifyCode} → {recoveryCodes: string[10]} (shown once; stored hashed).
 * - POST /sys/user/twoFactor/disable {password | verifyCode} and /sys/user/twoFactor/recoveryCodes {password |
 *   verifyCode} → null / {recoveryCodes}. `verifyCode` is a 6-digit code or a recovery code.
 * - POST /sys/twoFactorLogin {ticket, verifyCode} (anonymous) → the `/sys/login` answer. `ticket` is the challenge
 *   a login answered for a user with two-step sign-in on. (Field names the operation log redacts: ticket, verifyCode.)
 */
export const securityRoutes = new Hono<AppEnv>();

const keyOf = (c: Ctx) => secretKey(c.var.services.config);
const SESSION_LIST_LIMIT = 100;

// ---------------------------------------------------------------- sessions

securityRoutes.get('/sys/user/sessions', async (c) => {
  const me = authOf(c);
  const rows = await c.var.services.sessions.listForUser(me.user.id, SESSION_LIST_LIMIT);
  return c.json(
    ok(
      rows.map((r) => ({
        id: r.token_hash.slice(0, SESSION_ID_LENGTH),
        device: deviceLabel(r.user_agent),
        clientIp: r.client_ip,
        loginType: loginTypeLabel(r.login_type),
        loginTime: formatDateTime(r.create_time),
        lastSeen: formatDateTime(r.last_seen),
        current: r.token_hash === me.tokenHash,
      })),
    ),
  );
});

securityRoutes.post('/sys/user/sessions/logout', async (c) => {
  const { sessions } = c.var.services;
  const me = authOf(c);
  const { id } = await readBody(c, z.object({ id: z.string({ error: SESSION_MESSAGES.idFormat }).trim().toLowerCase().max(64) }));
  if (!new RegExp(`^[0-9a-f]{${SESSION_ID_LENGTH}}$`).test(id)) throw new ApiFailure(SESSION_MESSAGES.idFormat);
  if (me.tokenHash.startsWith(id)) throw new ApiFailure(SESSION_MESSAGES.current);
  // Only the caller's own sessions are searched: another user's id matches nothing.
  const found = (await sessions.listForUser(me.user.id, SESSION_LIST_LIMIT)).filter((r) => r.token_hash.startsWith(id));
  if (found.length !== 1) throw new ApiFailure(SESSION_MESSAGES.notFound);
  const n = await sessions.revokeSession(found[0].token_hash, 'self-signout');
  if (!n) throw new ApiFailure(SESSION_MESSAGES.notFound);
  return c.json(ok(null, SESSION_MESSAGES.revoked));
});

securityRoutes.post('/sys/user/sessions/logoutOthers', async (c) => {
  const me = authOf(c);
  const n = await c.var.services.sessions.revokeUser(me.user.id, 'self-signout', me.tokenHash);
  return c.json(ok({ sessions: n }, SESSION_MESSAGES.othersRevoked(n)));
});

// ---------------------------------------------------------------- two-step sign-in: set-up

const verifyCodeField = z.string({ error: M.codeFormat }).trim().min(1, M.codeFormat).max(32, M.codeFormat);
const proofSchema = z.object({ password: z.string().max(128).optional(), verifyCode: z.string().trim().max(32).optional() });

securityRoutes.get('/sys/user/twoFactor', async (c) => {
  const s = await twoFactorStatus(c.var.services.db, authOf(c).user.id);
  return c.json(ok({ ...s, enableTime: formatDateTime(s.enableTime) }));
});

securityRoutes.post('/sys/user/twoFactor/setup', async (c) => {
  const { db } = c.var.services;
  const { user } = authOf(c);
  if (await isTwoFactorOn(db, user.id)) throw new ApiFailure(M.alreadyOn);
  return c.json(ok(await startSetup(db, keyOf(c), user)));
});

securityRoutes.post('/sys/user/twoFactor/enable', async (c) => {
  const { db } = c.var.services;
  const { user } = authOf(c);
  const { verifyCode } = await readBody(c, z.object({ verifyCode: verifyCodeField }));
  const done = await confirmSetup(db, keyOf(c), user.id, verifyCode);
  if ('problem' in done) throw new ApiFailure(done.problem);
  return c.json(ok({ recoveryCodes: done.codes }, M.enabled));
});

/**
 * Turning it off or replacing the recovery codes needs proof beyond the session (issue #38):
 * - a code (6 digits or a recovery code) is checked exactly as the login's second step: refused with 429 while
 *   `secondFactorLocked` (even a right one), and a wrong one counts in the same per-user sum and against the
 *   password throttle, so codes guessed here and at /sys/twoFactorLogin share one limit;
 * - the password is checked as the login's first step (and 修改密码's old password): the password throttle of
 *   this username and address, each wrong one counted there, so this is no password oracle.
 * `enable` takes a code too, but for the pending secret its caller was just given: guessing there proves nothing.
 * Answers the message when refused.
 */
async function proofProblem(c: Ctx, body: z.infer<typeof proofSchema>): Promise<{ message: string; code?: number } | null> {
  const { db } = c.var.services;
  const { user } = authOf(c);
  const ip = c.var.ip;
  if (!(await isTwoFactorOn(db, user.id))) return { message: M.notOn };
  if (body.verifyCode) {
    if (await secondFactorLocked(db, user, ip)) return { message: M.throttled, code: 429 };
    const wrong = await checkSecondFactor(db, keyOf(c), user.id, body.verifyCode);
    // A malformed entry is a typing slip, not a guess: it costs no try (as at the login's second step).
    if (wrong && wrong !== M.codeFormat) {
      await recordProofFailure(db, user.id, ip);
      await recordLoginAttempt(db, user.username, ip, false);
    }
    if (!wrong) await recordLoginAttempt(db, user.username, ip, true);
    return wrong ? { message: wrong } : null;
  }
  if (!body.password) return { message: M.proofMissing };
  if (await isLoginThrottled(db, user.username, ip)) return { message: THROTTLED_MESSAGE, code: 429 };
  const right = await verifyPassword(body.password, user.password_hash);
  await recordLoginAttempt(db, user.username, ip, right);
  return right ? null : { message: M.passwordWrong };
}

securityRoutes.post('/sys/user/twoFactor/disable', async (c) => {
  const body = await readBody(c, proofSchema);
  const problem = await proofProblem(c, body);
  if (problem) throw new ApiFailure(problem.message, problem.code);
  await disableTwoFactor(c.var.services.db, authOf(c).user.id);
  return c.json(ok(null, M.disabled));
});

securityRoutes.post('/sys/user/twoFactor/recoveryCodes', async (c) => {
  const body = await readBody(c, proofSchema);
  const problem = await proofProblem(c, body);
  if (problem) throw new ApiFailure(problem.message, problem.code);
  return c.json(ok({ recoveryCodes: await regenerateRecoveryCodes(c.var.services.db, authOf(c).user.id) }, M.regenerated));
});

// ---------------------------------------------------------------- two-step sign-in: the second login step

const secondStepSchema = z.object({
  ticket: z.string({ error: M.challengeExpired }).min(1, M.challengeExpired).max(200, M.challengeExpired),
  verifyCode: verifyCodeField,
});

/** Anonymous (server/app.ts, lib/server/bff.ts): the BFF captures the token of a success like any login answer. */
securityRoutes.post('/sys/twoFactorLogin', async (c) => {
  const { db } = c.var.services;
  const body = await readBody(c, secondStepSchema);
  const challenge = await findChallenge(db, body.ticket);
  if (!challenge) throw new ApiFailure(M.challengeExpired);
  if (challenge.failures >= MAX_CHALLENGE_FAILURES) throw new ApiFailure(M.challengeTooMany);
  const user = await db.selectFrom('sys_user').selectAll().where('id', '=', challenge.user_id).executeTakeFirst();
  const problem = await effectiveUserProblem(db, user);
  if (problem || !user) throw new ApiFailure(problem ?? M.challengeExpired);
  if (await secondFactorLocked(db, user, c.var.ip)) throw new ApiFailure(M.throttled, 429);
  const wrong = await checkSecondFactor(db, keyOf(c), user.id, body.verifyCode);
  if (wrong) {
    // A malformed entry is a typing slip, not a guess: it costs no try.
    if (wrong === M.codeFormat) throw new ApiFailure(wrong);
    const left = await recordChallengeFailure(db, challenge.token_hash);
    await recordLoginAttempt(db, user.username, c.var.ip, false);
    throw new ApiFailure(left ? wrong : M.challengeTooMany, 500, 200, { remainingAttempts: left });
  }
  if (!(await spendChallenge(db, challenge.token_hash))) throw new ApiFailure(M.challengeExpired);
  await recordLoginAttempt(db, user.username, c.var.ip, true);
  return c.json(await startSession(c, user, challenge.login_type, challenge.with_dicts, true));
});
