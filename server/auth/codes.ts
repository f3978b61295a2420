import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db';
import { sha256 } from '../core/ids';
import { captchaDataUrl, randomCaptchaCode, renderCaptchaSvg } from './captcha-image';

/** Captcha TTL 60 s (contract §2). */
export const CAPTCHA_TTL_MS = 60_000;
export const SMS_TTL_MS = 10 * 60_000;
export const SMS_MAX_ATTEMPTS = 5;

const captchaHash = (code: string, key: string) => sha256(code.toLowerCase() + key);

export async function issueCaptcha(db: Database, key: string): Promise<string> {
  const code = randomCaptchaCode();
  const row = { check_key: key, code_hash: captchaHash(code, key), expires_at: new Date(Date.now() + CAPTCHA_TTL_MS) };
  await db
    .insertInto('sys_captcha')
    .values(row)
    .onConflict((oc) => oc.column('check_key').doUpdateSet({ code_hash: row.code_hash, expires_at: row.expires_at }))
    .execute();
  // Opportunistic cleanup keeps the table small without a job.
  await db.deleteFrom('sys_captcha').where('expires_at', '<', new Date(Date.now() - CAPTCHA_TTL_MS)).execute();
  return captchaDataUrl(renderCaptchaSvg(code));
}

/** Single use: the row is deleted by every attempt, right or wrong. */
export async function consumeCaptcha(db: Database, key: string, code: string): Promise<boolean> {
  const row = await db.deleteFrom('sys_captcha').where('check_key', '=', key).returning(['code_hash', 'expires_at']).executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() < Date.now()) return false;
  return row.code_hash === captchaHash(code, key);
}

/**
 * '0' login, '1' register, '2' forgotten password (anonymous); '3' change password (signed in, own phone only);
 * '4' change phone (signed in, sent to the NEW number: 账户设置 → 基本设置).
 */
export type SmsMode = '0' | '1' | '2' | '3' | '4';

/** Issues a 6-digit code unless a live one exists; returns null in that case. */
export async function issueSmsCode(db: Database, mobile: string, mode: SmsMode): Promise<string | null> {
  const live = await db
    .selectFrom('sys_sms_code')
    .select('mobile')
    .where('mobile', '=', mobile)
    .where('mode', '=', mode)
    .where('expires_at', '>', new Date())
    .where('attempts', '<', SMS_MAX_ATTEMPTS)
    .executeTakeFirst();
  if (live) return null;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const values = { mobile, mode, code_hash: sha256(code + mobile), attempts: 0, expires_at: new Date(Date.now() + SMS_TTL_MS) };
  await db
    .insertInto('sys_sms_code')
    .values(values)
    .onConflict((oc) => oc.columns(['mobile', 'mode']).doUpdateSet({ code_hash: values.code_hash, attempts: 0, expires_at: values.expires_at, create_time: sql`now()` }))
    .execute();
  return code;
}

/**
 * Checks a code; `consume` deletes it on success. Every wrong try counts, and after
 * SMS_MAX_ATTEMPTS the code is dead, so 6 digits cannot be brute-forced.
 */
export async function checkSmsCode(db: Database, mobile: string, mode: SmsMode, code: string, consume: boolean): Promise<boolean> {
  const row = await db
    .updateTable('sys_sms_code')
    .set({ attempts: sql`attempts + 1` })
    .where('mobile', '=', mobile)
    .where('mode', '=', mode)
    .where('expires_at', '>', new Date())
    .where('attempts', '<', SMS_MAX_ATTEMPTS)
    .returning(['code_hash'])
    .executeTakeFirst();
  if (!row || row.code_hash !== sha256(String(code) + mobile)) return false;
  if (consume) await db.deleteFrom('sys_sms_code').where('mobile', '=', mobile).where('mode', '=', mode).execute();
  else await db.updateTable('sys_sms_code').set({ attempts: sql`attempts - 1` }).where('mobile', '=', mobile).where('mode', '=', mode).execute();
  return true;
}
