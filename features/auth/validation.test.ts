import { MOBILE_RE, passwordProblem, SMS_CODE_RE, USERNAME_RE } from './validation';

describe('auth field rules', () => {
  it('accepts mainland mobile numbers only', () => {
    expect(MOBILE_RE.test('13800000001')).toBe(true);
    expect(MOBILE_RE.test('19912345678')).toBe(true);
    expect(MOBILE_RE.test('12800000001')).toBe(false);
    expect(MOBILE_RE.test('1380000000')).toBe(false);
    expect(MOBILE_RE.test('138000000011')).toBe(false);
  });

  it('wants a 6-digit SMS code', () => {
    expect(SMS_CODE_RE.test('012345')).toBe(true);
    expect(SMS_CODE_RE.test('12345')).toBe(false);
    expect(SMS_CODE_RE.test('12345a')).toBe(false);
  });

  it('mirrors the register username rule', () => {
    expect(USERNAME_RE.test('teacher_3')).toBe(true);
    expect(USERNAME_RE.test('3teacher')).toBe(false);
    expect(USERNAME_RE.test('ab')).toBe(false);
  });

  it('mirrors the server password rule', () => {
    expect(passwordProblem('')).toBe('密码至少8位');
    expect(passwordProblem('abc123')).toBe('密码至少8位');
    expect(passwordProblem('abcdefgh')).toBe('密码须同时包含字母和数字');
    expect(passwordProblem('12345678')).toBe('密码须同时包含字母和数字');
    expect(passwordProblem('a1'.repeat(33))).toBe('密码不能超过64位');
    expect(passwordProblem('jiaowu2026')).toBeNull();
  });
});
