import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_FORMAT, DATETIME_FORMAT, TIME_FORMAT } from '@/lib/format';

dayjs.extend(customParseFormat);

/** Spec 02 §9 formats: date YYYY-MM-DD, datetime YYYY-MM-DD HH:mm:ss, time HH:mm:ss. */
export type DateKind = 'date' | 'datetime' | 'time';

export const DATE_KIND_FORMAT: Record<DateKind, string> = { date: DATE_FORMAT, datetime: DATETIME_FORMAT, time: TIME_FORMAT };

/**
 * What a picker accepts as typed text (issue #39): the display format first (antd shows values in the first
 * format of the list and parses with all of them), then the shorter forms people type. A datetime typed as
 * `2026-12-10 18:00` (no seconds) followed by Enter was not a value of `YYYY-MM-DD HH:mm:ss`, so the picker
 * dropped it and the form said 请选择…; a bare date is midnight, as `parseDateValue` reads it.
 */
export const DATE_KIND_INPUT_FORMATS: Record<DateKind, string[]> = {
  date: [DATE_FORMAT],
  datetime: [DATETIME_FORMAT, 'YYYY-MM-DD HH:mm', DATE_FORMAT],
  time: [TIME_FORMAT, 'HH:mm'],
};

/**
 * A stored string → a picker value; null for empty or invalid input (strict: `2026-02-30`, `25:00:00`
 * or another layout are invalid). A datetime field also accepts a bare date (as midnight), and a date
 * field the date part of a datetime, since servers hand both back.
 */
export function parseDateValue(value: string | null | undefined, kind: DateKind): Dayjs | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  const candidates = kind === 'datetime' ? [DATETIME_FORMAT, DATE_FORMAT] : kind === 'date' ? [DATE_FORMAT, DATETIME_FORMAT] : [TIME_FORMAT, 'HH:mm'];
  for (const fmt of candidates) {
    const d = dayjs(v, fmt, true);
    if (d.isValid()) return d;
  }
  return null;
}

/** A picker value → the stored string ('' when cleared). */
export function formatDateValue(value: Dayjs | null | undefined, kind: DateKind): string {
  return value && value.isValid() ? value.format(DATE_KIND_FORMAT[kind]) : '';
}
