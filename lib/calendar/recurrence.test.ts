/** @jest-environment node */
import { rrulestr } from 'rrule';
import { expandRecurrence, MAX_SESSIONS_PER_SERIES, RECURRENCE_MESSAGES as M, type RecurrenceRule } from './recurrence';
import { parseWireTime, toWireDate, toWireTime } from './wire-time';

const base: RecurrenceRule = { startDate: '2026-09-07', weekdays: [1, 3], startTime: '19:00', endTime: '20:30', count: 4 };
const days = (r: RecurrenceRule) => expandRecurrence(r).sessions.map((s) => s.date);

describe('expandRecurrence', () => {
  it('expands chosen weekdays with a count, numbering lessons 1..n', () => {
    const { sessions } = expandRecurrence(base);
    // 2026-09-07 is a Monday.
    expect(sessions.map((s) => s.date)).toEqual(['2026-09-07', '2026-09-09', '2026-09-14', '2026-09-16']);
    expect(sessions.map((s) => s.lessonNo)).toEqual([1, 2, 3, 4]);
  });

  it('uses the Asia/Shanghai wall clock: 19:00 local is 11:00Z', () => {
    const [first] = expandRecurrence(base).sessions;
    expect(first.start.toISOString()).toBe('2026-09-07T11:00:00.000Z');
    expect(first.end.toISOString()).toBe('2026-09-07T12:30:00.000Z');
    expect(toWireTime(first.start)).toBe('2026-09-07 19:00:00');
    // An early-morning lesson is on the previous UTC day but the same local day.
    const [early] = expandRecurrence({ ...base, startTime: '07:30', endTime: '08:30' }).sessions;
    expect(early.start.toISOString()).toBe('2026-09-06T23:30:00.000Z');
    expect(early.date).toBe('2026-09-07');
    expect(toWireDate(early.start)).toBe('2026-09-07');
  });

  it('honours an interval of n weeks', () => {
    expect(days({ ...base, weekdays: [6], interval: 2, count: 3 })).toEqual(['2026-09-12', '2026-09-26', '2026-10-10']);
  });

  it('runs until an inclusive end date', () => {
    expect(days({ ...base, count: null, endDate: '2026-09-16' })).toEqual(['2026-09-07', '2026-09-09', '2026-09-14', '2026-09-16']);
    expect(days({ ...base, count: null, weekdays: [7], endDate: '2026-09-20' })).toEqual(['2026-09-13', '2026-09-20']);
  });

  it('skips holidays without consuming the count', () => {
    const holidays = [{ startDate: '2026-09-09', endDate: '2026-09-14' }];
    const r = expandRecurrence({ ...base, skipHoliday: true, holidays });
    expect(r.sessions.map((s) => s.date)).toEqual(['2026-09-07', '2026-09-16', '2026-09-21', '2026-09-23']);
    expect(r.sessions).toHaveLength(4);
    expect(r.skippedHolidays).toEqual(['2026-09-09', '2026-09-14']);
    // Not asked to skip: holidays are ignored.
    expect(days({ ...base, skipHoliday: false, holidays })).toEqual(['2026-09-07', '2026-09-09', '2026-09-14', '2026-09-16']);
  });

  it('skips holidays within an end date (fewer lessons)', () => {
    const r = expandRecurrence({ ...base, count: null, endDate: '2026-09-16', skipHoliday: true, holidays: [{ startDate: '2026-09-14', endDate: '2026-09-14' }] });
    expect(r.sessions.map((s) => s.date)).toEqual(['2026-09-07', '2026-09-09', '2026-09-16']);
    expect(r.skippedHolidays).toEqual(['2026-09-14']);
  });

  it('leaves out EXDATE dates (a count still gets its lessons)', () => {
    expect(days({ ...base, exdates: ['2026-09-09'] })).toEqual(['2026-09-07', '2026-09-14', '2026-09-16', '2026-09-21']);
    expect(days({ ...base, count: null, endDate: '2026-09-16', exdates: ['2026-09-09'] })).toEqual(['2026-09-07', '2026-09-14', '2026-09-16']);
  });

  it('stores an RRULE that re-expands to the same sessions', () => {
    const r = expandRecurrence({ ...base, exdates: ['2026-09-09'], skipHoliday: true, holidays: [{ startDate: '2026-09-14', endDate: '2026-09-14' }] });
    expect(r.rrule).toContain('DTSTART;TZID=Asia/Shanghai:20260907T190000');
    expect(r.rrule).toContain('FREQ=WEEKLY');
    expect(r.rrule).toContain('BYDAY=MO,WE');
    expect(r.rrule).toContain('EXDATE;TZID=Asia/Shanghai:20260909T190000');
    // Re-expand as floating times (strip TZID, as the service does) and compare the wall clock.
    const floating = r.rrule.replace(/;TZID=Asia\/Shanghai/g, '');
    const again = rrulestr(floating, { forceset: true }).all().map((d) => d.toISOString().slice(0, 10));
    expect(again).toEqual(r.sessions.map((s) => s.date));
    const until = expandRecurrence({ ...base, count: null, endDate: '2026-09-16' }).rrule;
    expect(until).toContain('UNTIL=20260916T155959Z');
  });

  it('validates with Chinese messages', () => {
    expect(() => expandRecurrence({ ...base, endTime: '19:00' })).toThrow(M.endBeforeStart);
    expect(() => expandRecurrence({ ...base, endTime: '18:00' })).toThrow(M.endBeforeStart);
    expect(() => expandRecurrence({ ...base, weekdays: [] })).toThrow(M.noWeekdays);
    expect(() => expandRecurrence({ ...base, weekdays: [8] })).toThrow(M.badWeekday);
    expect(() => expandRecurrence({ ...base, count: null })).toThrow(M.endOrCount);
    expect(() => expandRecurrence({ ...base, endDate: '2026-12-01' })).toThrow(M.endOrCount);
    expect(() => expandRecurrence({ ...base, startDate: '2026-02-30' })).toThrow(M.badStartDate);
    expect(() => expandRecurrence({ ...base, startTime: '7:00' })).toThrow(M.badTime);
    expect(() => expandRecurrence({ ...base, count: 0 })).toThrow(M.badCount);
  });

  it('refuses a rule that yields nothing', () => {
    // 2026-09-08 (Tuesday) to 2026-09-08: no Monday or Wednesday.
    expect(() => expandRecurrence({ ...base, startDate: '2026-09-08', count: null, endDate: '2026-09-08' })).toThrow(M.nothing);
    expect(() => expandRecurrence({ ...base, count: null, endDate: '2026-09-01' })).toThrow(M.nothing);
    expect(() => expandRecurrence({ ...base, count: null, endDate: '2026-09-09', skipHoliday: true, holidays: [{ startDate: '2026-09-01', endDate: '2026-09-30' }] })).toThrow(M.nothing);
  });

  it(`caps a series at ${MAX_SESSIONS_PER_SERIES} sessions`, () => {
    expect(expandRecurrence({ ...base, count: MAX_SESSIONS_PER_SERIES }).sessions).toHaveLength(MAX_SESSIONS_PER_SERIES);
    expect(() => expandRecurrence({ ...base, count: MAX_SESSIONS_PER_SERIES + 1 })).toThrow(M.tooMany);
    // Every day for ~3 years by end date.
    expect(() => expandRecurrence({ ...base, weekdays: [1, 2, 3, 4, 5, 6, 7], count: null, endDate: '2029-12-31' })).toThrow(M.tooMany);
  });
});

describe('wire time', () => {
  it('parses Shanghai wall-clock texts to UTC and rejects impossible ones', () => {
    expect(parseWireTime('2026-11-23 10:00:00')?.toISOString()).toBe('2026-11-23T02:00:00.000Z');
    expect(parseWireTime('2026-11-23 10:00')?.toISOString()).toBe('2026-11-23T02:00:00.000Z');
    expect(parseWireTime('2026-11-23')?.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(parseWireTime('2026-02-30 10:00:00')).toBeNull();
    expect(parseWireTime('2026-11-23 24:00:00')).toBeNull();
    expect(parseWireTime('nonsense')).toBeNull();
    expect(toWireTime(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23 00:00:00');
  });
});
