import { parseWireTime, SHANGHAI_OFFSET_MS, toWireDate } from '../calendar/wire-time';

/**
 * Date ranges of the dashboards (issue #26 item 2), pure and shared by the screens and the embedded backend.
 * A range is two Asia/Shanghai calendar days, both included ('YYYY-MM-DD'); the server turns it into the
 * half-open instant interval [from, to). Time comes in as `now`: nothing here reads the clock.
 */

export interface DateRange {
  begin: string;
  end: string;
}

/** The longest range a figure is computed for: months beyond it make the charts unreadable and the queries long. */
export const MAX_RANGE_MONTHS = 24;

export const RANGE_MESSAGES = {
  badDate: '日期格式不正确，应为 YYYY-MM-DD',
  order: '开始日期不能晚于结束日期',
  tooLong: `日期范围不能超过${MAX_RANGE_MONTHS}个月`,
} as const;

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM' of a (year, month 0-based) pair, months overflowing into the next years. */
function monthKey(year: number, month0: number): string {
  const d = new Date(Date.UTC(year, month0, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** Today's date in Asia/Shanghai. */
export const shanghaiToday = (now: Date): string => toWireDate(now);

/**
 * The analysis page's default: the last `months` calendar months, this one included (the 1st of the month
 * `months - 1` before this one, to today).
 */
export function defaultRange(now: Date, months = 6): DateRange {
  const today = shanghaiToday(now);
  const [y, m] = today.split('-').map(Number);
  return { begin: `${monthKey(y, m - 1 - (months - 1))}-01`, end: today };
}

/** Why a range cannot be used, or null. Both ends are required real dates; at most MAX_RANGE_MONTHS months. */
export function rangeProblem(range: Partial<DateRange>): string | null {
  const from = parseDay(range.begin);
  const to = parseDay(range.end);
  if (!from || !to) return RANGE_MESSAGES.badDate;
  if (from.getTime() > to.getTime()) return RANGE_MESSAGES.order;
  if (monthsOf(range as DateRange).length > MAX_RANGE_MONTHS) return RANGE_MESSAGES.tooLong;
  return null;
}

/** A strict 'YYYY-MM-DD' (no time part) as the instant its Shanghai day starts; null otherwise. */
function parseDay(raw: string | undefined): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw ?? '')) return null;
  return parseWireTime(raw);
}

/** The half-open instant interval [from, to) of a valid range: `to` is the start of the day after `end`. */
export function rangeBounds(range: DateRange): { from: Date; to: Date } {
  const from = parseDay(range.begin);
  const end = parseDay(range.end);
  if (!from || !end) throw new Error(RANGE_MESSAGES.badDate);
  return { from, to: new Date(end.getTime() + DAY_MS) };
}

/** The 'YYYY-MM' months a range touches, in order. */
export function monthsOf(range: DateRange): string[] {
  const [by, bm] = range.begin.split('-').map(Number);
  const [ey, em] = range.end.split('-').map(Number);
  const out: string[] = [];
  // Bounded: a range never holds more months than this (rangeProblem refuses longer ones).
  for (let i = 0; by * 12 + bm - 1 + i <= ey * 12 + em - 1 && i <= MAX_RANGE_MONTHS * 10; i++) out.push(monthKey(by, bm - 1 + i));
  return out;
}

/**
 * One row per month of the range, in order: the query's row for the month, or `zero(month)` where it had none
 * (a month without enrolments still shows as 0 on the chart).
 */
export function fillMonths<R extends { month: string }>(months: readonly string[], rows: readonly R[], zero: (month: string) => R): R[] {
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return months.map((m) => byMonth.get(m) ?? zero(m));
}

/** The Monday-to-Sunday week (Asia/Shanghai) holding `now`: its days and the instant interval [from, to). */
export function weekOf(now: Date): DateRange & { from: Date; to: Date } {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  const dayStartLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const mondayLocal = dayStartLocal - sinceMonday * DAY_MS;
  const from = new Date(mondayLocal - SHANGHAI_OFFSET_MS);
  const to = new Date(from.getTime() + 7 * DAY_MS);
  return { begin: toWireDate(from), end: toWireDate(new Date(to.getTime() - DAY_MS)), from, to };
}

/** The instant interval [from, to) of today in Asia/Shanghai. */
export function todayBounds(now: Date): { from: Date; to: Date } {
  const from = parseWireTime(shanghaiToday(now))!;
  return { from, to: new Date(from.getTime() + DAY_MS) };
}
