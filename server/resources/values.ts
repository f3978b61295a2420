import { valueTypeOf } from '../../lib/resources/field-kinds';
import { normaliseDate } from '../../lib/resources/to-schema';
import type { FieldDef } from '../../lib/resources/types';
import { ApiFailure } from '../core/errors';
import { parseDateBoundGmt8 } from '../core/format';

/**
 * Query values cast per the field's ValueType (contract §7: "values parsed per Java type"). A value that
 * does not fit refuses the whole request with a Chinese message instead of reaching the database.
 */

export type SqlValue = string | number | boolean | Date;

/** A datetime filter value denotes an interval of GMT+8 time: a whole day, or one second. */
export interface Interval {
  lo: Date;
  /** Exclusive. */
  hi: Date;
}

const short = (s: string) => (s.length > 30 ? `${s.slice(0, 30)}…` : s);

export const queryValueError = (f: FieldDef, raw: string, what: string) =>
  new ApiFailure(`查询条件「${f.label}」的值“${short(raw)}”不是有效的${what}`);

/** The interval a datetime value means ('2026-03-01' = that day; '2026-03-01 08:30:00' = that second). */
export function toInterval(f: FieldDef, raw: string): Interval {
  const s = raw.trim();
  const lo = parseDateBoundGmt8(s, 'begin');
  const hi = parseDateBoundGmt8(s, 'end');
  if (!lo || !hi) throw queryValueError(f, raw, '日期时间（YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）');
  return { lo, hi };
}

/** A scalar filter value for a non-datetime field. */
export function castValue(f: FieldDef, raw: string): SqlValue {
  const s = raw.trim();
  switch (valueTypeOf(f)) {
    case 'int':
      if (!/^-?\d{1,15}$/.test(s)) throw queryValueError(f, raw, '整数');
      return Number(s);
    case 'number':
      // Kept as text so numeric columns compare exactly; the database casts the bound parameter.
      if (!/^-?\d{1,20}(\.\d{1,10})?$/.test(s)) throw queryValueError(f, raw, '数字');
      return s;
    case 'boolean': {
      const b = s.toLowerCase();
      if (b === 'true' || b === '1') return true;
      if (b === 'false' || b === '0') return false;
      throw queryValueError(f, raw, '布尔值（true / false）');
    }
    case 'date': {
      const d = normaliseDate(s, false);
      if (!d) throw queryValueError(f, raw, '日期（YYYY-MM-DD）');
      return d;
    }
    case 'datetime':
      // Callers use toInterval; a bare instant is still accepted where one value is needed.
      return toInterval(f, raw).lo;
    default:
      return raw;
  }
}
