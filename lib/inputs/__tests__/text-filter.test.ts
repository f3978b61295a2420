import { fromFilterValue, toFilterValue, type TextFilterOperator } from '../text-filter';

describe('toFilterValue', () => {
  test.each<[string, TextFilterOperator, string]>([
    ['张三', 'like', '*张三*'],
    ['  张三 ', 'like', '*张三*'],
    ['a*b', 'like', '*ab*'],
    ['张三', 'ne', '!张三'],
    ['5', 'ge', '>= 5'],
    ['2026-01-01', 'le', '<= 2026-01-01'],
    ['', 'like', ''],
    ['   ', 'ge', ''],
    ['*', 'like', ''],
  ])('%p %p → %p', (text, op, out) => {
    expect(toFilterValue(text, op)).toBe(out);
  });
});

describe('fromFilterValue', () => {
  test.each<[string | undefined, { text: string; op: TextFilterOperator }]>([
    ['*张三*', { text: '张三', op: 'like' }],
    ['!张三', { text: '张三', op: 'ne' }],
    ['>= 5', { text: '5', op: 'ge' }],
    ['>=5', { text: '5', op: 'ge' }], // JInput's own form
    ['<= 2026-01-01', { text: '2026-01-01', op: 'le' }],
    ['plain', { text: 'plain', op: 'like' }],
    ['', { text: '', op: 'like' }],
    [undefined, { text: '', op: 'like' }],
  ])('%p', (value, out) => {
    expect(fromFilterValue(value)).toEqual(out);
  });

  test('round trip for every operator', () => {
    for (const op of ['like', 'ne', 'ge', 'le'] as const) expect(fromFilterValue(toFilterValue('值 1', op))).toEqual({ text: '值 1', op });
  });
  test('an unmarked value keeps the given fallback operator', () => {
    expect(fromFilterValue('x', 'ne')).toEqual({ text: 'x', op: 'ne' });
  });
});
