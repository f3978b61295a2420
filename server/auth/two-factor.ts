import { sql } from 'kysely';
import type { Database } from '../db';
import { newId, newToken, sha256 } from '../core/ids';
import { decryptSecret, encryptSecret } from '../core/secret';
import { isLoginThrottled, LOGIN_LOCK_MINUTES } from './throttle';
import { matchTotp, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, otpauthUri, qrDataUrl, recoveryCodeHash } from './totp';
import { TOTP_CODE, TWO_FACTOR_MESSAGES as M } from '../../lib/account/security-rules';

/** The password step passed; the second step must follow within this time. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes one challenge allows. */
export const MAX_CHALLENGE_FAILURES = 5;
/** Wrong codes one user may make in LOGIN_LOCK_MINUTES, whatever the address (someone who has the password). */
export const MAX_USER_FAILURES = 10;

export async function isTwoFactorOn(db: Database, userId: string): Promise<boolean> {
  const row = await db.selectFrom('sys_user_totp').select('enabled').where('user_id', '=', userId).executeTakeFirst();
  return row?.enabled === true;
}

export async function twoFactorStatus(db: Database, userId: string) {
  const [totp, left] = await Promise.all([
    db.selectFrom('sys_user_totp').select(['enabled', 'enable_time']).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('sys_user_recovery_code').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('used_time', 'is', null).executeTakeFirstOrThrow(),
  ]);
  const enabled = totp?.enabled === true;
  return { enabled, enableTime: enabled ? (totp?.enable_time ?? null) : null, recoveryCodesLeft: enabled ? Number(left.n) : 0 };
}

// ---------------------------------------------------------------- set-up

/** A new secret kept (encrypted, not yet on) until a code from the app confirms it. */
export async function startSetup(db: Database, key: Buffer, user: { id: string; username: string }) {
  const secret = newTotpSecret();
  const stored = encryptSecret(secret, key);
  await db
    .insertInto('sys_user_totp')
    .values({ user_id: user.id, secret: stored, enabled: false, last_step: null, enable_time: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret: stored, enabled: false, last_step: null, enable_time: null, create_time: sql`now()` }))
    .execute();
  const uri = otpauthUri(secret, user.username);
  return { secret, otpauthUri: uri, qrCode: await qrDataUrl(uri) };
}

async function replaceRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.deleteFrom('sys_user_recovery_code').where('user_id', '=', userId).execute();
  await db
    .insertInto('sys_user_recovery_code')
    .values(codes.map((code) => ({ id: newId(), user_id: userId, code_hash: recoveryCodeHash(userId, normaliseRecoveryCode(code)!), used_time: null })))
    .execute();
  return codes;
}

/** Turns two-step sign-in on with the pending secret; answers the recovery codes, or the message to show. */
export async function confirmSetup(db: Database, key: Buffer, userId: string, code: string): Promise<{ codes: string[] } | { problem: string }> {
  const row = await db.selectFrom('sys_user_totp').select(['secret', 'enabled']).where('user_id', '=', userId).executeTakeFirst();
  if (row?.enabled) return { problem: M.alreadyOn };
  const secret = decryptSecret(row?.secret, key);
  if (!secret) return { problem: M.notSetUp };
  if (!TOTP_CODE.test(code)) return { problem: M.codeFormat };
  const step = matchTotp(secret, code);
  if (step === null) return { problem: M.codeWrong };
  return db.transaction().execute(async (tx) => {
    const on = await tx
      .updateTable('sys_user_totp')
      .set({ enabled: true, last_step: step, enable_time: sql`now()` })
      .where('user_id', '=', userId)
      .where('enabled', '=', false)
      .returning('user_id')
      .executeTakeFirst();
    if (!on) return { problem: M.alreadyOn };
    return { codes: await replaceRecoveryCodes(tx, userId) };
  });
}

export async function disableTwoFactor(db: Database, userId: string) {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('sys_user_recovery_code').where('user_id', '=', userId).execute();
    await tx.deleteFrom('sys_user_totp').where('user_id', '=', userId).execute();
  });
}

export async function regenerateRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  return db.transaction().execute((tx) => replaceRecoveryCodes(tx, userId));
}

// ---------------------------------------------------------------- checking a code

/**
 * Checks a 6-digit code (not a step already used: the accepted step is recorded in the same statement) or a
 * recovery code (spent by this use). Answers null when accepted, else the message.
 */
export async function checkSecondFactor(db: Database, key: Buffer, userId: string, raw: string): Promise<string | null> {
  const code = raw.trim();
  if (TOTP_CODE.test(code)) {
    const row = await db.selectFrom('sys_user_totp').select('secret').where('user_id', '=', userId).where('enabled', '=', true).executeTakeFirst();
    const secret = decryptSecret(row?.secret, key);
    if (!secret) return M.notOn;
    const step = matchTotp(secret, code);
    if (step === null) return M.codeWrong;
    const taken = await db
      .updateTable('sys_user_totp')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
    return taken ? null : M.replayed;
  }
  const normalised = normaliseRecoveryCode(code);
  if (!normalised) return code ? M.codeFormat : M.proofMissing;
  const spent = await db
    .updateTable('sys_user_recovery_code')
    .set({ used_time: sql`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryCodeHash(userId, normalised))
    .where('used_time', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return spent ? null : M.recoveryWrong;
}

// ---------------------------------------------------------------- the second step of a login

export interface ChallengeRow {
  token_hash: string;
  user_id: string;
  login_type: string;
  with_dicts: boolean;
  failures: number;
}

/** A challenge for a user whose password step passed: only its hash is stored. */
export async function createChallenge(db: Database, meta: { userId: string; loginType: string; withDicts: boolean; ip: string | null }): Promise<string> {
  const token = newToken();
  // Housekeeping: this user's challenges past the throttle window are of no further use.
  await db.deleteFrom('sys_login_challenge').where('user_id', '=', meta.userId).where('create_time', '<', new Date(Date.now() - LOGIN_LOCK_MINUTES * 60_000)).execute();
  await db
    .insertInto('sys_login_challenge')
    .values({ token_hash: sha256(token), user_id: meta.userId, login_type: meta.loginType, with_dicts: meta.withDicts, client_ip: meta.ip?.slice(0, 64) ?? null, expires_at: new Date(Date.now() + CHALLENGE_TTL_MS), used_time: null })
    .execute();
  return token;
}

/** The live challenge (unspent, unexpired) behind `token`, or undefined. */
export async function findChallenge(db: Database, token: string): Promise<ChallengeRow | undefined> {
  if (!token || token.length > 200) return undefined;
  return db
    .selectFrom('sys_login_challenge')
    .select(['token_hash', 'user_id', 'login_type', 'with_dicts', 'failures'])
    .where('token_hash', '=', sha256(token))
    .where('used_time', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Wrong codes of this user in the throttle window, over all its challenges and addresses. */
export async function recentUserFailures(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('sys_login_challenge')
    .select((eb) => eb.fn.sum<number>('failures').as('n'))
    .where('user_id', '=', userId)
    .where('create_time', '>', new Date(Date.now() - LOGIN_LOCK_MINUTES * 60_000))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The lock of the second step, shared by the login (/sys/twoFactorLogin) and every proof on 安全设置 (issue #38):
 * too many wrong codes of this user in the window, whichever endpoint and address they came from, or the
 * password throttle of this username and address (each wrong code also counts there). While locked, even a right
 * code is refused.
 */
export async function secondFactorLocked(db: Database, user: { id: string; username: string }, ip: string): Promise<boolean> {
  return (await recentUserFailures(db, user.id)) >= MAX_USER_FAILURES || (await isLoginThrottled(db, user.username, ip));
}

/**
 * A wrong code outside a login (turning two-step sign-in off, new recovery codes) counts in the same per-user sum
 * as a login's wrong codes: it is kept as an already spent, expired challenge row with one failure, which
 * `findChallenge` never answers and `createChallenge` clears with the rest after the window.
 */
export async function recordProofFailure(db: Database, userId: string, ip: string | null): Promise<void> {
  const now = new Date();
  await db
    .insertInto('sys_login_challenge')
    .values({ token_hash: sha256(newToken()), user_id: userId, login_type: 'proof', with_dicts: false, client_ip: ip?.slice(0, 64) ?? null, failures: 1, expires_at: now, used_time: now })
    .execute();
}

/** Counts one wrong code; answers how many the challenge still allows. */
export async function recordChallengeFailure(db: Database, tokenHash: string): Promise<number> {
  const row = await db
    .updateTable('sys_login_challenge')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .returning('failures')
    .executeTakeFirst();
  return Math.max(0, MAX_CHALLENGE_FAILURES - (row?.failures ?? MAX_CHALLENGE_FAILURES));
}

/** Spends the challenge; false when a concurrent request spent it first. */
export async function spendChallenge(db: Database, tokenHash: string): Promise<boolean> {
  const row = await db
    .updateTable('sys_login_challenge')
    .set({ used_time: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_time', 'is', null)
    .returning('token_hash')
    .executeTakeFirst();
  return !!row;
}
