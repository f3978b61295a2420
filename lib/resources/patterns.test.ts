/** @jest-environment node */
import { namedPattern, NAMED_PATTERNS, PATTERN_OPTIONS, resolvePattern } from './patterns';

describe('named patterns of spec 02 §5', () => {
  it.each([
    ['n6-16', ['123456', '1234567890123456'], ['12345', '12345678901234567', '12345a']],
    ['*6-16', ['abc 12', '中文中文中文'], ['abc', 'x'.repeat(17)]],
    ['s6-18', ['abcdef', 'ABCdefGHI'], ['abc12f', 'abc|de', 'abcde']],
    ['url', ['http://a.cn', 'https://www.example.com/a?b=1#c', 'ftp://files.example.org'], ['www.example.com', 'http://', 'javascript:alert(1)']],
    ['e', ['a@b.cn', 'first.last@example.edu.cn'], ['a@b', '@b.cn', 'a b@c.cn']],
    ['m', ['13800138000', '19912345678'], ['12800138000', '1380013800', '138001380001']],
    ['p', ['100080', '518000'], ['010080', '10008', '1000800']],
    ['s', ['abc', 'ABC'], ['ab1', '']],
    ['n', ['1', '-1.5', '0.25'], ['1.', '.5', 'a', '1e3']],
    ['z', ['0', '-12'], ['1.0', 'a']],
    ['money', ['0', '0.5', '12.34', '100'], ['01', '1.234', '-1', '.5']],
  ])('%s', (name, good, bad) => {
    const p = namedPattern(name)!;
    for (const v of good) expect([v, p.regex.test(v)]).toEqual([v, true]);
    for (const v of bad) expect([v, p.regex.test(v)]).toEqual([v, false]);
  });

  it('has JeecgBoot messages and readable aliases', () => {
    expect(namedPattern('mobile')).toBe(NAMED_PATTERNS.m);
    expect(namedPattern('m')!.message).toBe('请输入正确的手机号码!');
    expect(namedPattern('email')!.message).toBe('请输入正确的电子邮件!');
    expect(namedPattern('url')!.message).toBe('请输入正确的网址!');
    expect(namedPattern('z')!.message).toBe('请输入整数!');
    expect(namedPattern('money')!.message).toBe('请输入正确的金额!');
    expect(PATTERN_OPTIONS).toHaveLength(12);
  });

  it('knows nothing of prototype keys or unknown names', () => {
    expect(namedPattern('toString')).toBeUndefined();
    expect(namedPattern('__proto__')).toBeUndefined();
    expect(() => resolvePattern('nope')).toThrow('unknown validation pattern');
  });

  it('resolves explicit regexes with their own message', () => {
    const p = resolvePattern({ regex: '^[A-Z]{2}\\d{4}$', message: '编码格式不正确' });
    expect(p.test('BJ0001')).toBe(true);
    expect(p.test('bj0001')).toBe(false);
    expect(p.message).toBe('编码格式不正确');
  });
});
