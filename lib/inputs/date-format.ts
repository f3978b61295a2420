import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_FORMAT, DATETIME_FORMAT, TIME_FORMAT } from '@/lib/format';

dayjs.extend(customParseFormat);

/** Spec 02 §9 formats: date YYYY-MM-DD, datetime YYYY-MM-DD HH:mm:ss, time HH:mm:ss. */
export type DateKind = 'date' | 'datetime' | 'time';

export const DATE_KIND_FORMAT: Record<DateKind, string> = { date: DATE_FORMAT, datetime: DATETIME_FORMAT, time: TIME_FORMAT };

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
