import dayjs from 'dayjs';
import type { DateLocalizer } from 'react-big-calendar';

/**
 * react-big-calendar's dayjs localizer wraps every Date in one or more dayjs objects for each comparison, and its
 * layout compares each event with each day and slot: with 1,000 sessions in a week that was about a quarter of a
 * week switch (bench/calendar-render.ts). This replaces the comparisons the week and month layouts call per
 * event (and the minute arithmetic that places each event in its column: `diff`, `getDstOffset`,
 * `getMinutesFromMidnight`, four dayjs objects per call) with the same arithmetic on native Dates, in the browser's local time like the dayjs localizer (no
 * timezone plugin). Anything else — other units, values that are not Dates — goes to the dayjs version, so the
 * answers stay those of the library (features/calendar/__tests__/fast-localizer.test.ts compares them).
 */

type Unit = string | undefined;

/** A number that orders local calendar days (year, month, day), or null for what only dayjs handles. */
const dayNum = (d: Date) => d.getFullYear() * 512 + d.getMonth() * 32 + d.getDate();
const minuteNum = (d: Date) => Math.floor(d.getTime() / 60_000);

/** The comparison key of `v` at `unit` (dayjs's startOf(unit) then compare), or null: let dayjs answer. */
function keyOf(v: unknown, unit: Unit): number | null {
  if (!(v instanceof Date)) return null;
  const u = unit?.toLowerCase();
  if (u === undefined) return v.getTime();
  if (u === 'day') return dayNum(v);
  if (u === 'minutes' || u === 'minute') return minuteNum(v);
  return null;
}

type Cmp = (a: Date, b: Date, unit?: string) => boolean;

/** dayjs's rounding of a difference (Utils.a, absFloor): towards zero, never -0. */
const absFloor = (n: number) => (n < 0 ? Math.ceil(n) || 0 : Math.floor(n));
/** The dayjs localizer's DST offset without the timezone plugin: the two Dates' zone offsets apart. */
const zoneShift = (a: Date, b: Date) => a.getTimezoneOffset() - b.getTimezoneOffset();
/** The timezone plugin changes the dayjs localizer's DST answers: then everything goes to dayjs. */
const plainZone = () => !(dayjs as unknown as { tz?: unknown }).tz;

export function withNativeComparisons(loc: DateLocalizer): DateLocalizer {
  // The dayjs methods, for the cases left to them. The library's types declare only some of them.
  const l = loc as DateLocalizer & Record<string, (...args: never[]) => unknown>;
  const base = {
    lt: l.lt.bind(l) as Cmp,
    lte: l.lte.bind(l) as Cmp,
    gt: l.gt.bind(l) as Cmp,
    eq: l.eq.bind(l) as Cmp,
    neq: l.neq.bind(l) as Cmp,
    inRange: l.inRange.bind(l) as (day: Date, min: Date, max: Date, unit?: string) => boolean,
    isSameDate: l.isSameDate.bind(l) as (a: Date, b: Date) => boolean,
    startOf: l.startOf.bind(l) as (d: Date, unit?: string) => Date,
    min: l.min.bind(l) as (a: Date, b: Date) => Date,
    max: l.max.bind(l) as (a: Date, b: Date) => Date,
    merge: l.merge.bind(l) as (date: Date, time: Date) => Date | null,
    continuesPrior: l.continuesPrior.bind(l) as (start: Date, first: Date) => boolean,
    continuesAfter: l.continuesAfter.bind(l) as (start: Date, end: Date, last: Date) => boolean,
    inEventRange: l.inEventRange.bind(l) as unknown as (a: { event: { start: Date; end: Date }; range: { start: Date; end: Date } }) => boolean,
    diff: l.diff.bind(l) as (a: Date, b: Date, unit?: string) => number,
    getDstOffset: l.getDstOffset.bind(l) as (a: Date, b: Date) => number,
    getMinutesFromMidnight: l.getMinutesFromMidnight.bind(l) as (d: Date) => number,
  };
  const compare = (name: 'lt' | 'lte' | 'gt' | 'eq' | 'neq', test: (a: number, b: number) => boolean): Cmp => (a, b, unit) => {
    const ka = keyOf(a, unit);
    const kb = keyOf(b, unit);
    return ka === null || kb === null ? base[name](a, b, unit) : test(ka, kb);
  };
  const fast = {
    lt: compare('lt', (a, b) => a < b),
    lte: compare('lte', (a, b) => a <= b),
    gt: compare('gt', (a, b) => a > b),
    eq: compare('eq', (a, b) => a === b),
    neq: compare('neq', (a, b) => a !== b),
    // dayjs isBetween(min, max, unit, '[]'): inclusive, in either order of min and max.
    inRange: (day: Date, min: Date, max: Date, unit: string = 'day') => {
      const k = keyOf(day, unit);
      const lo = keyOf(min, unit);
      const hi = keyOf(max, unit);
      if (k === null || lo === null || hi === null) return base.inRange(day, min, max, unit);
      return (k >= lo && k <= hi) || (k <= lo && k >= hi);
    },
    isSameDate: (a: Date, b: Date) => (a instanceof Date && b instanceof Date ? dayNum(a) === dayNum(b) : base.isSameDate(a, b)),
    startOf: (d: Date, unit?: string) => (d instanceof Date && unit?.toLowerCase() === 'day' ? new Date(d.getFullYear(), d.getMonth(), d.getDate()) : base.startOf(d, unit)),
    min: (a: Date, b: Date) => (a instanceof Date && b instanceof Date ? new Date(Math.min(a.getTime(), b.getTime())) : base.min(a, b)),
    max: (a: Date, b: Date) => (a instanceof Date && b instanceof Date ? new Date(Math.max(a.getTime(), b.getTime())) : base.max(a, b)),
    // The day of `date` at the wall-clock time of `time` (whole seconds, as the dayjs version formats it).
    merge: (date: Date, time: Date) =>
      date instanceof Date && time instanceof Date && !isNaN(date.getTime()) && !isNaN(time.getTime())
        ? new Date(date.getFullYear(), date.getMonth(), date.getDate(), time.getHours(), time.getMinutes(), time.getSeconds())
        : base.merge(date, time),
    continuesPrior: (start: Date, first: Date) => (start instanceof Date && first instanceof Date ? dayNum(start) < dayNum(first) : base.continuesPrior(start, first)),
    continuesAfter: (start: Date, end: Date, last: Date) => (end instanceof Date && last instanceof Date ? minuteNum(end) >= minuteNum(last) : base.continuesAfter(start, end, last)),
    inEventRange: (a: { event: { start: Date; end: Date }; range: { start: Date; end: Date } }) => {
      const { start, end } = a.event;
      const { start: rStart, end: rEnd } = a.range;
      if (!(start instanceof Date && end instanceof Date && rStart instanceof Date && rEnd instanceof Date)) return base.inEventRange(a);
      const startsBeforeEnd = dayNum(start) <= dayNum(rEnd);
      const dayStart = new Date(start.getFullYear(), start.getMonth(), start.getDate());
      // A zero-length event (ending at the start of its day) counts when it ends at the range's start.
      const endsAfterStart = minuteNum(dayStart) !== minuteNum(end) ? minuteNum(end) > minuteNum(rStart) : minuteNum(end) >= minuteNum(rStart);
      return startsBeforeEnd && endsAfterStart;
    },
    // dayjs b.diff(a, 'minute'): whole minutes towards zero (no zone correction for minutes).
    diff: (a: Date, b: Date, unit: string = 'day') => {
      const u = unit.toLowerCase();
      return (u === 'minutes' || u === 'minute') && a instanceof Date && b instanceof Date ? absFloor((b.getTime() - a.getTime()) / 60_000) : base.diff(a, b, unit);
    },
    getDstOffset: (a: Date, b: Date) => (a instanceof Date && b instanceof Date && plainZone() ? zoneShift(a, b) : base.getDstOffset(a, b)),
    getMinutesFromMidnight: (d: Date) => {
      if (!(d instanceof Date) || !plainZone()) return base.getMinutesFromMidnight(d);
      const dayStart = new Date(d.getFullYear(), d.getMonth(), d.getDate());
      return absFloor((d.getTime() - dayStart.getTime()) / 60_000) + zoneShift(dayStart, d);
    },
  };
  Object.assign(l, fast);
  return loc;
}
