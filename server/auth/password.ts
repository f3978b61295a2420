import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(pw, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

/**
 * OWASP-recommended scrypt cost (N=2^15, r=8, p=1): ~60 ms a hash on this hardware. Under Jest (NODE_ENV=test)
 * new hashes use N=2^10: the suites sign in thousands of times and spent minutes in scrypt. Each record carries
 * its own N, so verification follows the record; every other environment hashes at 2^15.
 */
export function scryptCost(nodeEnv: string | undefined): number {
  return nodeEnv === 'test' ? 1 << 10 : 1 << 15;
}
const N = scryptCost(process.env.NODE_ENV);
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

/** Format: scrypt$N$r$p$salt$hash (base64url), so the cost can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: MAXMEM });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Stored for an account that has no password yet (e.g. imported): not a scrypt record, so
 * `verifyPassword` refuses every password until an SMS reset or an admin sets one.
 */
export const NO_PASSWORD = '!no-password';

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts;
  const expected = Buffer.from(hashB64, 'base64url');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Rejects passwords a school admin should not be allowed to set: the one rule the forms check too. */
export { passwordProblem } from '../../lib/password-rule';
