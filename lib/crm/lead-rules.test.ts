/** @jest-environment node */
import { endOfShanghaiDay, isInPast, isOverdue, LEAD_MESSAGES, normalisePhone, parseTags, parseWallTime, tagsProblem } from './lead-rules';

/** A fixed clock: 2026-11-26 10:30:15 in Shanghai. */
const NOW = new Date('2026-11-26T02:30:15Z');

describe('tags', () => {
  it('parses comma strings (both commas) and arrays, trimmed and without duplicates', () => {
    expect(parseTags(' 高意向, 二胎 ，高意向,,')).toEqual(['高意向', '二胎']);
    expect(parseTags(['A', ' B ', 'A', '', 3])).toEqual(['A', 'B', '3']);
    expect(parseTags(null)).toEqual([]);
    expect(parseTags({ a: 1 })).toEqual([]);
  });
  it('allows 20 tags of 20 characters, refuses a 21st tag or a 21-character tag', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `标签${i}`);
    expect(tagsProblem(twenty)).toBeNull();
    expect(tagsProblem([...twenty, '多一个'])).toBe(LEAD_MESSAGES.tooManyTags);
    expect(tagsProblem(['字'.repeat(20)])).toBeNull();
    expect(tagsProblem(['字'.repeat(21)])).toBe(LEAD_MESSAGES.tagTooLong);
    // Characters, not UTF-16 units: 20 emoji are 20 characters.
    expect(tagsProblem(['😀'.repeat(20)])).toBeNull();
  });
});

describe('normalisePhone', () => {
  it('drops separators and the +86 prefix of a mobile', () => {
    expect(normalisePhone(' 138 0013-8000 ')).toBe('13800138000');
    expect(normalisePhone('+86 138 0013 8000')).toBe('13800138000');
    expect(normalisePhone('008613800138000')).toBe('13800138000');
    expect(normalisePhone('(021) 5555-1234')).toBe('02155551234');
    expect(normalisePhone(undefined)).toBe('');
  });
});

describe('times', () => {
  it('reads Shanghai wall time', () => {
    expect(parseWallTime('2026-11-26 10:30:15')?.toISOString()).toBe(NOW.toISOString());
    expect(parseWallTime('2026-11-26 10:30')?.toISOString()).toBe('2026-11-26T02:30:00.000Z');
    expect(parseWallTime('2026-02-30 10:00:00')).toBeNull();
    expect(parseWallTime('2026-11-26 24:00:00')).toBeNull();
  });
  it('counts a next follow-up before the current minute as past, not one within it', () => {
    expect(isInPast(new Date(NOW.getTime() - 60_000), NOW)).toBe(true);
    expect(isInPast(new Date('2026-11-26T02:30:00Z'), NOW)).toBe(false);
    expect(isInPast(new Date(NOW.getTime() + 3600_000), NOW)).toBe(false);
  });
  it('ends the Shanghai day at the next midnight there, also just after midnight UTC+8', () => {
    expect(endOfShanghaiDay(NOW).toISOString()).toBe('2026-11-26T16:00:00.000Z');
    // 00:10 on the 27th in Shanghai is still the 26th in UTC.
    expect(endOfShanghaiDay(new Date('2026-11-26T16:10:00Z')).toISOString()).toBe('2026-11-27T16:00:00.000Z');
  });
  it('marks next follow-ups before now as overdue (instants and wire times)', () => {
    expect(isOverdue('2026-11-26 10:00:00', NOW)).toBe(true);
    expect(isOverdue('2026-11-26 11:00:00', NOW)).toBe(false);
    expect(isOverdue(new Date(NOW.getTime() - 1), NOW)).toBe(true);
    expect(isOverdue(null, NOW)).toBe(false);
  });
});
