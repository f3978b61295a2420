import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256 } from '../core/ids';

/**
 * TOTP (RFC 6238) as every authenticator app reads it: SHA1, 6 digits, 30 s steps. A code of the step before or
 * after is accepted too (clocks drift), and the caller remembers the last accepted step so a code cannot be used
 * twice. Pure apart from randomness: the database side is server/auth/two-factor.ts.
 */
export const TOTP_ISSUER = '教务系统';
export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

/** Letters and digits without the look-alikes (0/o, 1/l/i): recovery codes are typed from paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

/** A fresh 160-bit secret, base32 (what the authenticator app stores). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secretBase32: string, account: string) =>
  new TOTP({ issuer: TOTP_ISSUER, label: account, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, secret: Secret.fromBase32(secretBase32) });

/** `otpauth://totp/…` for the QR code and for manual entry. */
export const otpauthUri = (secretBase32: string, account: string): string => totpOf(secretBase32, account).toString();

// qrcode (and pngjs) load on the first 2FA enrolment, not at start.
export const qrDataUrl = async (uri: string): Promise<string> => (await import('qrcode')).default.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 200 });

/** The current code (tests and the journey compute what the app would show). */
export const totpNow = (secretBase32: string, now = Date.now()): string => totpOf(secretBase32, 'x').generate({ timestamp: now });

/** The time step of `code` when it is valid at `now` (±1 step), else null. */
export function matchTotp(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD, timestamp: now }) + delta;
}

/** Ten single-use codes shown once, `xxxxx-xxxxx` (about 49 bits each). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let s = '';
    for (let i = 0; i < RECOVERY_LENGTH; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

/** Lower-cased, spaces and dashes dropped; null when it cannot be a recovery code. */
export function normaliseRecoveryCode(raw: string): string | null {
  const s = raw.toLowerCase().replace(/[\s-]/g, '');
  return s.length === RECOVERY_LENGTH && [...s].every((ch) => RECOVERY_ALPHABET.includes(ch)) ? s : null;
}

/** Stored form of a recovery code: bound to its user, so equal codes of two users never match each other's rows. */
export const recoveryCodeHash = (userId: string, normalised: string): string => sha256(`recovery:${userId}:${normalised}`);
