/** @jest-environment node */
import { withTimestamp } from './http';

describe('withTimestamp (spec 01 §7: `_t` in seconds on GETs, except dictionary-item calls)', () => {
  const now = 1_700_000_123_456;
  it.each([
    ['sys/online/list', 'sys/online/list?_t=1700000123'],
    ['sys/log/list?logType=1', 'sys/log/list?logType=1&_t=1700000123'],
    // The client strips the leading slash before this runs: both forms must be recognised.
    ['sys/dict/getDictItems/sex', 'sys/dict/getDictItems/sex'],
    ['/sys/dict/getDictItems/sex', '/sys/dict/getDictItems/sex'],
    ['sys/dict/queryAllDictItems', 'sys/dict/queryAllDictItems?_t=1700000123'],
  ])('%s', (url, expected) => {
    expect(withTimestamp(url, now)).toBe(expected);
  });
});
