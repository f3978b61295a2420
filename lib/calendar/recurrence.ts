/**
 * 排课规则 expansion (issue 7, ../shared/domain.md §10, rule R2): a weekly rule on chosen ISO weekdays,
 * every n weeks, to an end date (inclusive) or a lesson count, at a wall-clock time in Asia/Shanghai.
 *
 * rrule's own timezone support is buggy (jkbrzt/rrule #295, #611), so the rule is expanded on "floating
 * UTC" dates (the UTC fields hold the Shanghai wall clock) and the +08:00 offset is attached afterwards;
 * Shanghai has no DST, so this is exact. Pure: no server imports, usable in the browser for a preview.
 */
import { RRule, type Options, type Weekday } from 'rrule';
import { fromFloating, parseHm, SHANGHAI_OFFSET_MS } from './wire-time';

export const MAX_SESSIONS_PER_SERIES = 500;

export const RECURRENCE_MESSAGES = {
  endBeforeStart: '结束时间必须晚于开始时间',
  noWeekdays: '请选择上课星期',
  endOrCount: '请填写结束日期或课次数',
  nothing: '按此规则未生成任何课次',
  tooMany: `单个排课规则最多生成${MAX_SESSIONS_PER_SERIES}个课次`,
  badStartDate: '请填写正确的开始日期',
  badEndDate: '请填写正确的结束日期',
  badTime: '请填写正确的上课时间',
  badWeekday: '上课星期不正确',
  badInterval: '间隔周数必须是1到52之间的整数',
  badCount: '课次数必须是正整数',
  badExdate: '排除日期格式不正确',
} as const;

export class RecurrenceError extends Error {}

export interface HolidayRange {
  /** 'YYYY-MM-DD', inclusive */
  startDate: string;
  /** 'YYYY-MM-DD', inclusive */
  endDate: string;
}

/** The rule part of SeriesInput (lib/calendar/types.ts) plus the holidays to skip. */
export interface RecurrenceRule {
  startDate: string;
  endDate?: string | null;
  count?: number | null;
  /** 1 = Monday … 7 = Sunday */
  weekdays: number[];
  interval?: number | null;
  /** 'HH:mm' Shanghai wall clock */
  startTime: string;
  endTime: string;
  exdates?: string[] | null;
  skipHoliday?: boolean | null;
  holidays?: HolidayRange[];
}

export interface ExpandedSession {
  /** 1-based among this rule's sessions (the caller offsets it by the class's earlier lessons). */
  lessonNo: number;
  /** Shanghai calendar day 'YYYY-MM-DD' */
  date: string;
  start: Date;
  end: Date;
}

export interface Expansion {
  /** DTSTART (TZID=Asia/Shanghai), RRULE and EXDATE lines, RFC 5545; re-expanding it gives the same sessions. */
  rrule: string;
  sessions: ExpandedSession[];
  /** Dates that fell on a holiday and were skipped ('YYYY-MM-DD'). */
  skippedHolidays: string[];
}

const ISO_TO_RRULE: Weekday[] = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Safety valve for a count rule whose every date is excluded: never loop for ever. */
const MAX_RAW_OCCURRENCES = 5000;

/** 'YYYY-MM-DD' → floating-UTC midnight, or null when not a real date. */
function floatingDate(raw: string | null | undefined): Date | null {
  const m = DATE_RE.exec(String(raw ?? '').trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === m[0] ? d : null;
}

const ymd = (floating: Date) => floating.toISOString().slice(0, 10);
/** Floating date → the iCalendar basic form 20260907T190000. */
const basic = (floating: Date) => floating.toISOString().replace(/[-:]/g, '').slice(0, 15);

/** Validates and expands a rule; throws RecurrenceError with the Chinese message of the first problem. */
export function expandRecurrence(rule: RecurrenceRule): Expansion {
  const M = RECURRENCE_MESSAGES;
  const start = floatingDate(rule.startDate);
  if (!start) throw new RecurrenceError(M.badStartDate);
  const startMin = parseHm(rule.startTime);
  const endMin = parseHm(rule.endTime);
  if (startMin === null || endMin === null) throw new RecurrenceError(M.badTime);
  if (endMin <= startMin) throw new RecurrenceError(M.endBeforeStart);
  const weekdays = [...new Set(rule.weekdays ?? [])].sort();
  if (!weekdays.length) throw new RecurrenceError(M.noWeekdays);
  if (weekdays.some((w) => !Number.isInteger(w) || w < 1 || w > 7)) throw new RecurrenceError(M.badWeekday);
  const interval = rule.interval ?? 1;
  if (!Number.isInteger(interval) || interval < 1 || interval > 52) throw new RecurrenceError(M.badInterval);
  const hasEnd = rule.endDate !== undefined && rule.endDate !== null && rule.endDate !== '';
  const hasCount = rule.count !== undefined && rule.count !== null;
  if (hasEnd === hasCount) throw new RecurrenceError(M.endOrCount);
  let until: Date | null = null;
  if (hasEnd) {
    until = floatingDate(rule.endDate);
    if (!until) throw new RecurrenceError(M.badEndDate);
  }
  const count = hasCount ? Number(rule.count) : null;
  if (count !== null) {
    if (!Number.isInteger(count) || count < 1) throw new RecurrenceError(M.badCount);
    if (count > MAX_SESSIONS_PER_SERIES) throw new RecurrenceError(M.tooMany);
  }
  const exdates = new Set<string>();
  for (const raw of rule.exdates ?? []) {
    const d = floatingDate(raw);
    if (!d) throw new RecurrenceError(M.badExdate);
    exdates.add(ymd(d));
  }
  const holidays = rule.skipHoliday ? (rule.holidays ?? []) : [];
  const isHoliday = (day: string) => holidays.some((h) => h.startDate <= day && day <= h.endDate);

  const dtstart = new Date(start.getTime() + startMin * 60_000);
  const byweekday = weekdays.map((w) => ISO_TO_RRULE[w - 1]);
  const base: Partial<Options> = { freq: RRule.WEEKLY, interval, byweekday, wkst: RRule.MO };
  // Walked without COUNT: with a count, skipped holidays must not use up lessons (the class still gets N).
  const walker = new RRule({ ...base, dtstart, until: until ? new Date(until.getTime() + 86_399_000) : null });

  const sessions: ExpandedSession[] = [];
  const skippedHolidays: string[] = [];
  const skippedExdates: string[] = [];
  let tooMany = false;
  let raw = 0;
  walker.all((occ) => {
    raw++;
    if (raw > MAX_RAW_OCCURRENCES) return false;
    const day = ymd(occ);
    if (exdates.has(day)) {
      skippedExdates.push(day);
    } else if (isHoliday(day)) {
      skippedHolidays.push(day);
    } else {
      if (sessions.length >= MAX_SESSIONS_PER_SERIES) {
        tooMany = true;
        return false;
      }
      sessions.push({
        lessonNo: sessions.length + 1,
        date: day,
        start: fromFloating(occ),
        end: fromFloating(new Date(occ.getTime() + (endMin - startMin) * 60_000)),
      });
    }
    return count === null || sessions.length < count;
  });
  if (tooMany) throw new RecurrenceError(M.tooMany);
  if (!sessions.length) throw new RecurrenceError(M.nothing);

  // Stored form: with a count, COUNT covers every date walked (skipped ones are EXDATEs), so the stored
  // rule re-expands to exactly these sessions under plain RFC 5545 semantics.
  const stored = new RRule({ ...base, ...(count !== null ? { count: raw } : { until: new Date(until!.getTime() + 86_399_000 - SHANGHAI_OFFSET_MS) }) });
  const time = basic(dtstart).slice(8);
  const exLines = [...skippedExdates, ...skippedHolidays].sort().map((d) => `EXDATE;TZID=Asia/Shanghai:${d.replace(/-/g, '')}${time}`);
  const rruleText = [`DTSTART;TZID=Asia/Shanghai:${basic(dtstart)}`, RRule.optionsToString(stored.origOptions), ...exLines].join('\n');
  return { rrule: rruleText, sessions, skippedHolidays };
}
