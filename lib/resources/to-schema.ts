import { z } from '../zod';
import { isMultiValue, isWritable, valueTypeOf } from './field-kinds';
import { resolvePattern } from './patterns';
import type { FieldDef, ResourceDef } from './types';

/**
 * `toSchema(def, mode)` (DESIGN.md §3): the zod schema of an add / edit body, used by the embedded
 * route and by the form. Output values are normalised: int/number → number, boolean → boolean,
 * date → 'YYYY-MM-DD', datetime → 'YYYY-MM-DD HH:mm:ss' (GMT+8 wall time), multi-value arrays →
 * comma-joined strings, '' → null. Keys the client did not send stay absent (edit = partial update);
 * on add, an absent field takes its `defaultValue`. Unknown, read-only and audit keys are dropped.
 */

export type SchemaMode = 'add' | 'edit';
export type BodyValue = string | number | boolean | null;
export type BodyRow = Record<string, BodyValue>;

export const requiredMessage = (f: FieldDef) => `请输入${f.label}!`;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A real calendar date (and time) as 'YYYY-MM-DD' / 'YYYY-MM-DD HH:mm:ss', or null. */
export function normaliseDate(s: string, withTime: boolean): string | null {
  const t = s.trim();
  const m = DATETIME_RE.exec(t) ?? DATE_RE.exec(t);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (!withTime) return date;
  const [h, mi, sec] = [m[4] ?? '00', m[5] ?? '00', m[6] ?? '00'];
  if (Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59) return null;
  return `${date} ${h}:${mi}:${sec}`;
}

/** Converts one present, non-empty value; returns an error message instead when it does not fit. */
function convert(f: FieldDef, raw: unknown): { value: BodyValue } | { error: string } {
  const type = valueTypeOf(f);
  if (Array.isArray(raw) && isMultiValue(f) && raw.every((x) => typeof x === 'string' || typeof x === 'number')) raw = raw.join(',');
  if (typeof raw === 'object' || typeof raw === 'function' || typeof raw === 'symbol' || typeof raw === 'bigint') return { error: `${f.label}格式不正确` };
  const text = String(raw);
  switch (type) {
    case 'int': {
      const s = text.trim();
      if (!/^-?\d{1,15}$/.test(s)) return { error: `${f.label}必须是整数` };
      return { value: Number(s) };
    }
    case 'number': {
      const s = text.trim();
      if (!/^-?\d{1,15}(\.\d{1,8})?$/.test(s)) return { error: `${f.label}必须是数字` };
      return { value: Number(s) };
    }
    case 'boolean': {
      const s = text.trim().toLowerCase();
      if (s === 'true' || s === '1') return { value: true };
      if (s === 'false' || s === '0') return { value: false };
      return { error: `${f.label}格式不正确` };
    }
    case 'date':
    case 'datetime': {
      const v = normaliseDate(text, type === 'datetime');
      return v ? { value: v } : { error: `${f.label}日期格式不正确` };
    }
    default:
      return { value: text };
  }
}

function checkValue(f: FieldDef, value: BodyValue): string | null {
  if (typeof value !== 'string') return null;
  if (f.maxLength && [...value].length > f.maxLength) return `${f.label}不能超过${f.maxLength}个字符`;
  if (f.options?.length) {
    const allowed = new Set(f.options.map((o) => o.value));
    const items = isMultiValue(f) ? value.split(',').filter(Boolean) : [value];
    if (items.some((v) => !allowed.has(v))) return `${f.label}的值不正确`;
  }
  if (f.kind === 'switch' && value !== 'Y' && value !== 'N') return `${f.label}的值不正确`;
  if (f.pattern) {
    const p = resolvePattern(f.pattern);
    if (!p.test(value)) return p.message;
  }
  return null;
}

/** One field of the body: undefined = leave absent. */
function fieldValue(f: FieldDef, raw: unknown, mode: SchemaMode): { value: BodyValue | undefined } | { error: string } {
  const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
  if (empty) {
    if (raw === undefined && mode === 'edit') return { value: undefined };
    if (f.required || f.pattern === '*' || f.pattern === 'required') return { error: requiredMessage(f) };
    if (raw === undefined) return { value: f.defaultValue === undefined ? undefined : f.defaultValue };
    return { value: null };
  }
  const r = convert(f, raw);
  if ('error' in r) return r;
  const problem = checkValue(f, r.value);
  return problem ? { error: problem } : r;
}

const cache = new WeakMap<ResourceDef, Partial<Record<SchemaMode, z.ZodType<BodyRow>>>>();

/** The body schema; in edit mode the row key is required ('未找到对应数据' when missing). */
export function toSchema(def: ResourceDef, mode: SchemaMode): z.ZodType<BodyRow> {
  const cached = cache.get(def)?.[mode];
  if (cached) return cached;
  const fields = def.fields.filter((f) => f.name !== def.rowKey && isWritable(f));
  const schema = z
    .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { error: '请求数据格式错误' })
    .transform((input, ctx): BodyRow => {
      const get = (name: string) => (Object.hasOwn(input, name) ? input[name] : undefined);
      const out: BodyRow = {};
      if (mode === 'edit') {
        const key = get(def.rowKey);
        if ((typeof key !== 'string' && typeof key !== 'number') || String(key).trim() === '' || String(key).length > 64) {
          ctx.addIssue({ code: 'custom', message: '未找到对应数据', path: [def.rowKey] });
          return z.NEVER;
        }
        out[def.rowKey] = String(key).trim();
      }
      for (const f of fields) {
        const r = fieldValue(f, get(f.name), mode);
        if ('error' in r) ctx.addIssue({ code: 'custom', message: r.error, path: [f.name] });
        else if (r.value !== undefined) out[f.name] = r.value;
      }
      return out;
    });
  cache.set(def, { ...cache.get(def), [mode]: schema });
  return schema;
}
