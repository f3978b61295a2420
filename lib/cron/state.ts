/**
 * The scheduled-expression builder's state (spec 02 §3) and its bounds (spec 02 §5), for Quartz
 * 7-field expressions: seconds minutes hours day-of-month month day-of-week year.
 *
 * Modes of second / minute / hour / month / year (`cronEvery`):
 *   1 every (`*`), 2 increment (`start/step`), 3 specific list (`a,b,c`), 4 range (`a-b`).
 *
 * As in the original builder, the day unit's mode drives BOTH the day-of-month and the
 * day-of-week field, which makes their mutual exclusion (one of them is `?`) hold by
 * construction. The week unit keeps only the values its modes use.
 *   day mode  day-of-month            day-of-week
 *   1         *                       ?            every day
 *   2         ?                       start/step   every n weeks' days (weekly step)
 *   3         start/step              ?            every n days
 *   4         ?                       a,b,c        specific weekdays
 *   5         a,b,c                   ?            specific days
 *   6         L                       ?            last day of the month
 *   7         LW                      ?            last weekday (Mon–Fri) of the month
 *   8         ?                       dL           last given weekday of the month
 *   9         L-n                     ?            n days before the end of the month
 *   10        nW                      ?            weekday nearest to day n
 *   11        ?                       d#n          nth given weekday of the month
 *   12        a-b                     ?            range of days      (beyond the original's 11)
 *   13        ?                       a-b          range of weekdays  (beyond the original's 11)
 * Modes 12 and 13 exist because ranges such as `? * 2-6` (Monday to Friday) are common and would
 * otherwise not round-trip. Weekdays are Quartz numbers: 1 = Sunday … 7 = Saturday.
 */

export interface CronUnitState {
  cronEvery: number;
  incrementStart: number;
  incrementIncrement: number;
  rangeStart: number;
  rangeEnd: number;
  specificSpecific: number[];
}

export interface CronDayState extends CronUnitState {
  /** Weekday (1–7) of mode 8 "last given weekday". */
  cronLastSpecificDomDay: number;
  /** n of mode 9 `L-n`. */
  cronDaysBeforeEomMinus: number;
  /** n of mode 10 `nW`. */
  cronDaysNearestWeekday: number;
}

export interface CronWeekState extends CronUnitState {
  /** Weekday (1–7) of mode 11 `d#n`. */
  cronNthDayDay: number;
  /** n (1–5) of mode 11 `d#n`. */
  cronNthDayNth: number;
}

export interface CronState {
  second: CronUnitState;
  minute: CronUnitState;
  hour: CronUnitState;
  day: CronDayState;
  week: CronWeekState;
  month: CronUnitState;
  year: CronUnitState;
}

export type SimpleUnit = 'second' | 'minute' | 'hour' | 'month' | 'year';
export type CronUnit = SimpleUnit | 'day' | 'week';

export interface Range {
  min: number;
  max: number;
}

/** Bounds of every input (spec 02 §5). */
export interface UnitBounds {
  /** Values of a specific list / range / a single value. */
  value: Range;
  /** Start of an increment. */
  start: Range;
  /** Step of an increment. */
  step: Range;
}

export const YEAR_FIRST = 2019;
/** Spec 02 §9: 100 years of options from 2019. */
export const YEAR_OPTIONS: number[] = Array.from({ length: 100 }, (_, i) => YEAR_FIRST + i);

export const BOUNDS: Record<CronUnit, UnitBounds> = {
  second: { value: { min: 0, max: 59 }, start: { min: 0, max: 59 }, step: { min: 1, max: 59 } },
  minute: { value: { min: 0, max: 59 }, start: { min: 0, max: 59 }, step: { min: 1, max: 60 } },
  hour: { value: { min: 0, max: 23 }, start: { min: 0, max: 23 }, step: { min: 1, max: 23 } },
  day: { value: { min: 1, max: 31 }, start: { min: 1, max: 31 }, step: { min: 1, max: 31 } },
  week: { value: { min: 1, max: 7 }, start: { min: 1, max: 7 }, step: { min: 1, max: 7 } },
  // Spec 02 §5 says 0–12 for the month step; a step of 0 is not a valid expression (Quartz and
  // croner both refuse `1/0`), so the step starts at 1.
  month: { value: { min: 1, max: 12 }, start: { min: 1, max: 12 }, step: { min: 1, max: 12 } },
  year: { value: { min: 2019, max: 2119 }, start: { min: 2019, max: 2119 }, step: { min: 1, max: 99 } },
};

/** nth weekday of the month (`d#n`). */
export const NTH_BOUNDS: Range = { min: 1, max: 5 };
/** `L-n`: Quartz allows an offset of up to 30 days. */
export const EOM_MINUS_BOUNDS: Range = { min: 1, max: 30 };

export const UNIT_LABELS: Record<CronUnit, string> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  week: '周',
  month: '月',
  year: '年',
};

export const WEEKDAY_LABELS: Record<number, string> = {
  1: '星期日',
  2: '星期一',
  3: '星期二',
  4: '星期三',
  5: '星期四',
  6: '星期五',
  7: '星期六',
};

function unit(start: number, step: number, rangeStart: number, rangeEnd: number, first: number): CronUnitState {
  return { cronEvery: 1, incrementStart: start, incrementIncrement: step, rangeStart, rangeEnd, specificSpecific: [first] };
}

/** The builder's initial state: every second (`* * * * * ? *`). */
export function defaultState(): CronState {
  return {
    second: unit(0, 1, 0, 1, 0),
    minute: unit(0, 1, 0, 1, 0),
    hour: unit(0, 1, 0, 1, 0),
    day: { ...unit(1, 1, 1, 2, 1), cronLastSpecificDomDay: 2, cronDaysBeforeEomMinus: 1, cronDaysNearestWeekday: 1 },
    week: { ...unit(2, 1, 2, 6, 2), cronNthDayDay: 2, cronNthDayNth: 1 },
    month: unit(1, 1, 1, 2, 1),
    year: unit(YEAR_FIRST, 1, YEAR_FIRST, YEAR_FIRST + 1, YEAR_FIRST),
  };
}

export const SIMPLE_MODES = { every: 1, increment: 2, specific: 3, range: 4 } as const;

export const DAY_MODES = {
  every: 1,
  weekIncrement: 2,
  dayIncrement: 3,
  weekSpecific: 4,
  daySpecific: 5,
  lastDay: 6,
  lastWeekday: 7,
  lastGivenWeekday: 8,
  daysBeforeEom: 9,
  nearestWeekday: 10,
  nthWeekday: 11,
  dayRange: 12,
  weekRange: 13,
} as const;

/** Day modes whose day-of-week field carries the schedule (shown on the 周 tab). */
export const WEEK_DRIVEN_DAY_MODES: readonly number[] = [2, 4, 8, 11, 13];
