/** @jest-environment node */
import { DATE_FORMAT, dictTexts, ellipsis, firstPath, formatDate, formatNumber, formatYesNo, formatYuan, plainText, staticFileUrl, TIME_FORMAT } from './format';

describe('ellipsis', () => {
  it('cuts after 25 characters by default and adds ...', () => {
    const s = 'a'.repeat(26);
    expect(ellipsis(s)).toBe('a'.repeat(25) + '...');
    expect(ellipsis('a'.repeat(25))).toBe('a'.repeat(25));
  });
  it('takes a length, and empty values give an empty string', () => {
    expect(ellipsis('上海市浦东新区张江高科技园区', 11)).toBe('上海市浦东新区张江高科...');
    expect(ellipsis(null)).toBe('');
    expect(ellipsis(undefined)).toBe('');
    expect(ellipsis(12345, 3)).toBe('123...');
  });
});

describe('formatNumber', () => {
  it('adds thousands separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber('1000')).toBe('1,000');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(-1234567.891)).toBe('-1,234,567.891');
  });
  it('gives 0 for falsy values, as the Vue filter', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(null)).toBe('0');
  });
});

describe('formatYesNo', () => {
  it('maps Y/N to 是/否', () => {
    expect(formatYesNo('Y')).toBe('是');
    expect(formatYesNo('N')).toBe('否');
    expect(formatYesNo(true)).toBe('是');
    expect(formatYesNo('x')).toBe('');
  });
});

describe('formatDate', () => {
  it('formats with the spec patterns, datetime by default', () => {
    expect(formatDate('2024-03-05 08:09:10')).toBe('2024-03-05 08:09:10');
    expect(formatDate('2024-03-05 08:09:10', DATE_FORMAT)).toBe('2024-03-05');
    expect(formatDate('2024-03-05 08:09:10', TIME_FORMAT)).toBe('08:09:10');
  });
  it('keeps empty and unparsable values', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('dictTexts', () => {
  const items = [
    { value: '1', text: '男' },
    { value: '2', text: '女' },
    { value: '3', title: '未知' },
  ];
  it('translates comma-joined values and keeps unknown ones', () => {
    expect(dictTexts('1,2', items)).toBe('男,女');
    expect(dictTexts('3', items)).toBe('未知');
    expect(dictTexts('9', items)).toBe('9');
    expect(dictTexts('', items)).toBe('');
    expect(dictTexts(1, items)).toBe('男');
  });
});

describe('plainText', () => {
  it('drops tags and scripts', () => {
    expect(plainText('<p>你好&nbsp;<b>世界</b></p><script>alert(1)</script>')).toBe('你好 世界');
    expect(plainText(null)).toBe('');
  });
});

describe('upload paths', () => {
  it('takes the first of comma-joined paths and builds the static url', () => {
    expect(firstPath('a/1.png,b/2.png')).toBe('a/1.png');
    expect(firstPath(null)).toBe('');
    expect(staticFileUrl('temp/a.png', '/jeecg-boot')).toBe('/jeecg-boot/sys/common/static/temp/a.png');
    expect(staticFileUrl('https://x.test/a.png', '/jeecg-boot')).toBe('https://x.test/a.png');
  });
});

describe('formatYuan (issue #21: 价格 with ¥)', () => {
  it.each([
    [150, '¥150.00'],
    [15000, '¥15,000.00'],
    ['99.5', '¥99.50'],
    [0, '¥0.00'],
    [null, ''],
    ['', ''],
    ['abc', ''],
  ])('%p → %p', (v, out) => expect(formatYuan(v)).toBe(out));
});
