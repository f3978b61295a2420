import { Cron, type CronOptions } from 'croner';
import { emit, parse } from './expression';

export const CRON_TIMEZONE = 'Asia/Shanghai';

/**
 * croner's pattern and options for a builder expression. croner (v11) reads seconds, years,
 * `?`, `L`, `LW`, `nW`, `dL` and `d#n` itself, and Quartz weekday numbers with
 * `alternativeWeekdays`; it does not know `L-n`, which becomes `L` shifted back n days
 * (`dayOffset`) — never out of the month, as n ≤ 30 and the pattern's day is the month's last.
 */
export function cronerPattern(expr: string): { pattern: string; options: CronOptions } {
  const fields = emit(parse(expr)).split(' ');
  let dayOffset = 0;
  const m = /^L-(\d+)$/.exec(fields[3]);
  if (m) {
    fields[3] = 'L';
    dayOffset = -Number(m[1]);
  }
  return {
    pattern: fields.join(' '),
    options: {
      timezone: CRON_TIMEZONE,
      mode: '7-part',
      alternativeWeekdays: true,
      // Quartz writes increments as `start/step` (`0/5`), which croner calls sloppy.
      sloppyRanges: true,
      // One of the two day fields is always `?`, so the AND/OR question never arises; AND is the Quartz reading.
      domAndDow: true,
      dayOffset,
    },
  };
}

/** The next `n` run times of an expression after `from` (a CronParseError for a bad expression). */
export function nextRuns(expr: string, n = 5, from: Date = new Date()): Date[] {
  const { pattern, options } = cronerPattern(expr);
  const job = new Cron(pattern, { ...options, paused: true });
  try {
    return job.nextRuns(n, from);
  } finally {
    job.stop();
  }
}

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai (UTC+8 all year: no daylight saving). */
export function formatShanghai(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3600_000);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${t.getUTCFullYear()}-${p(t.getUTCMonth() + 1)}-${p(t.getUTCDate())} ${p(t.getUTCHours())}:${p(t.getUTCMinutes())}:${p(t.getUTCSeconds())}`;
}
