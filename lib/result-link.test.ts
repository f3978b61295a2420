import { resultHref, safeBackPath } from './result-link';

describe('result pages: 返回 stays on this site', () => {
  it('keeps a path of this site', () => {
    expect(safeBackPath('/edu/handover')).toBe('/edu/handover');
    expect(safeBackPath('/isystem/user?x=1')).toBe('/isystem/user?x=1');
  });
  it('refuses other hosts, schemes and tricks', () => {
    for (const bad of ['//evil.example', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example', 'edu', '', null, `/${'a'.repeat(400)}`, '/a\nb']) {
      expect(safeBackPath(bad)).toBeNull();
    }
  });
  it('builds the link with encoded text', () => {
    expect(resultHref('success', { title: '交接完成', back: '/edu/handover' })).toBe('/result/success?title=%E4%BA%A4%E6%8E%A5%E5%AE%8C%E6%88%90&back=%2Fedu%2Fhandover');
    expect(resultHref('fail', {})).toBe('/result/fail');
  });
});
