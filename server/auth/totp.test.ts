/** @jest-environment node */
import { Secret, TOTP, URI } from 'otpauth';
import { matchTotp, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, otpauthUri, recoveryCodeHash, totpNow } from './totp';
import { deviceLabel } from '../../lib/account/security-rules';

const T0 = Date.UTC(2026, 10, 26, 12, 0, 15);

test('codes of the step before, the current and the step after match (±1), with the step they belong to', () => {
  const secret = newTotpSecret();
  const step = Math.floor(T0 / 30_000);
  expect(matchTotp(secret, totpNow(secret, T0), T0)).toBe(step);
  expect(matchTotp(secret, totpNow(secret, T0 - 30_000), T0)).toBe(step - 1);
  expect(matchTotp(secret, totpNow(secret, T0 + 30_000), T0)).toBe(step + 1);
  expect(matchTotp(secret, totpNow(secret, T0 - 60_000), T0)).toBeNull();
  expect(matchTotp(secret, '12345', T0)).toBeNull();
});

test('the otpauth URI is what authenticator apps read: SHA1, 6 digits, 30 s, issuer and account', () => {
  const secret = newTotpSecret();
  const parsed = URI.parse(otpauthUri(secret, 'alice')) as TOTP;
  expect([parsed.algorithm, parsed.digits, parsed.period, parsed.issuer, parsed.label]).toEqual(['SHA1', 6, 30, '教务系统', 'alice']);
  expect(parsed.secret.base32).toBe(secret);
  expect(Secret.fromBase32(secret).bytes.length).toBe(20);
});

test('recovery codes: ten distinct, typed loosely, hashed per user', () => {
  const codes = newRecoveryCodes();
  expect(new Set(codes).size).toBe(10);
  for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  const n = normaliseRecoveryCode(` ${codes[0].toUpperCase().replace('-', ' - ')} `);
  expect(n).toBe(codes[0].replace('-', ''));
  expect(normaliseRecoveryCode('123456')).toBeNull();
  expect(normaliseRecoveryCode('abcde-fghi0')).toBeNull(); // 0 is not in the alphabet
  expect(recoveryCodeHash('u1', n!)).not.toBe(recoveryCodeHash('u2', n!));
});

test.each([
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36', 'Chrome 130 · Windows'],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36', 'Chrome 131 · Linux'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.68', 'Edge 130 · Windows'],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari 17 · iPhone'],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox 132 · macOS'],
  ['Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.49', '微信 8 · Android'],
  ['curl/8.5.0', '其他客户端'],
  [null, '未知设备'],
])('deviceLabel(%s) → %s', (ua, label) => {
  expect(deviceLabel(ua)).toBe(label);
});
