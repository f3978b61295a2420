import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { columnOf, fieldByName, hasDict, isQueryable, isSortable, rowKeyColumn, valueTypeOf } from '../../lib/resources/field-kinds';
import type { FieldDef, ResourceDef } from '../../lib/resources/types';
import { parseSuperQuery, type SuperQueryRule } from '../../lib/super-query';
import { escapeLike } from '../db/like';
import { ApiFailure } from '../core/errors';
import { hasPinyinKey, pinyinColumnOf } from './pinyin-key';
import { castValue, toInterval, type SqlValue } from './values';

/**
 * Translates a list request's query string into a filter and an order for one ResourceDef (contract §7,
 * JeecgBoot's QueryGenerator). Every name the client sends is looked up in the definition: unknown plain
 * params are ignored, unknown sort or advanced-query fields are refused. Values only ever become bound
 * parameters; identifiers only ever come from the definition (checked by checkDef at registration).
 */

export type Row = Record<string, unknown>;
/** The engine works on tables known only at run time. */
export type AnyDB = Record<string, Row>;
export type AnyKysely = Kysely<AnyDB>;
export type EB = ExpressionBuilder<AnyDB, string>;
export type WhereFn = (eb: EB) => Expression<SqlBool>;

type CmpOp = '=' | '<>' | '>' | '>=' | '<' | '<=';

/** A filter, in definition terms (columns from the def, values still to be bound). */
export type Cond =
  | { kind: 'cmp'; column: string; op: CmpOp; value: SqlValue }
  | { kind: 'in'; column: string; values: SqlValue[] }
  /** `text`: the column is not a string type and is compared as varchar. */
  | { kind: 'like'; column: string; pattern: string; text: boolean }
  | { kind: 'and' | 'or'; items: Cond[] };

export interface SortKey {
  column: string;
  order: 'asc' | 'desc';
  /** Free text (a string field without a dictionary): sorted in 拼音 order (select.ts sortExpression), not by code point. */
  text?: boolean;
  /** The column holding the text's stored 拼音 sort key (`pinyinSort` fields): what a database without ICU sorts by. */
  pinyin?: string;
}

export interface ListQuery {
  /** ANDed together; the advanced query is one parenthesised group among them. */
  where: Cond[];
  /** Requested order plus a final tie-break on the row key. */
  sort: SortKey[];
}

export type Params = Record<string, string | undefined>;

/** Wire names that are never field filters. */
const RESERVED = new Set(['pageNo', 'pageSize', 'column', 'order', 'field', '_t', 'superQueryParams', 'superQueryMatchType', 'selections']);
const MAX_VALUE = 1000;
const MAX_IN = 500;
export const SORT_FIELD_MISSING = '请注意，将要排序的列字段不存在：';

const tooLong = () => new ApiFailure('查询条件过长');
const and = (items: Cond[]): Cond => (items.length === 1 ? items[0] : { kind: 'and', items });
const or = (items: Cond[]): Cond => (items.length === 1 ? items[0] : { kind: 'or', items });

/** `op` against one value, datetime values meaning a whole interval ('2026-03-01' = that day). */
export function compare(f: FieldDef, op: CmpOp, raw: string): Cond {
  const column = columnOf(f);
  if (valueTypeOf(f) !== 'datetime') return { kind: 'cmp', column, op, value: castValue(f, raw) };
  const { lo, hi } = toInterval(f, raw);
  const c = (o: CmpOp, value: Date): Cond => ({ kind: 'cmp', column, op: o, value });
  switch (op) {
    case '=':
      return and([c('>=', lo), c('<', hi)]);
    case '<>':
      return or([c('<', lo), c('>=', hi)]);
    case '>':
      return c('>=', hi);
    case '>=':
      return c('>=', lo);
    case '<':
      return c('<', lo);
    default:
      return c('<', hi);
  }
}

export function inList(f: FieldDef, items: string[]): Cond | null {
  const list = [...new Set(items.map((s) => s.trim()).filter(Boolean))];
  if (!list.length) return null;
  if (list.length > MAX_IN) throw new ApiFailure(`查询条件不能超过${MAX_IN}个值`);
  if (valueTypeOf(f) === 'datetime') return or(list.map((v) => compare(f, '=', v)));
  return { kind: 'in', column: columnOf(f), values: list.map((v) => castValue(f, v)) };
}

export function like(f: FieldDef, mode: 'like' | 'left_like' | 'right_like', value: string): Cond {
  const v = escapeLike(value);
  const pattern = mode === 'like' ? `%${v}%` : mode === 'left_like' ? `%${v}` : `${v}%`;
  return { kind: 'like', column: columnOf(f), pattern, text: valueTypeOf(f) !== 'string' };
}

/** A plain `<field>=<value>` param in JeecgBoot's little grammar (contract §7); null = no filter. */
export function plainCondition(f: FieldDef, raw: string): Cond | null {
  const val = raw.trim();
  if (!val) return null;
  if (val.length > MAX_VALUE) throw tooLong();
  // `>= 5`, `<= 5`, `!= 5`, then `> 5`, `< 5`, `= 5`: exactly one space after the operator.
  const op = /^(>=|<=|!=) /.exec(val)?.[1] ?? /^(>|<|=) /.exec(val)?.[1];
  if (op) {
    const operand = val.slice(op.length + 1).trim();
    return operand ? compare(f, op === '!=' ? '<>' : (op as CmpOp), operand) : null;
  }
  if (val.includes('*') && val !== '*') {
    if (val.length > 1 && val.startsWith('*') && val.endsWith('*')) return val.length > 2 ? like(f, 'like', val.slice(1, -1)) : null;
    if (val.startsWith('*')) return like(f, 'left_like', val.slice(1));
    if (val.endsWith('*')) return like(f, 'right_like', val.slice(0, -1));
  }
  if (val.includes(',')) {
    // `,x,y,` = the stored comma list contains x or y; otherwise IN.
    if (val.length > 1 && val.startsWith(',') && val.endsWith(',')) {
      const items = val.split(',').map((s) => s.trim()).filter(Boolean);
      if (items.length > MAX_IN) throw new ApiFailure(`查询条件不能超过${MAX_IN}个值`);
      return items.length ? or(items.map((s) => like(f, 'like', s))) : null;
    }
    return inList(f, val.split(','));
  }
  if (val.startsWith('!')) {
    const operand = val.slice(1).trim();
    return operand ? compare(f, '<>', operand) : null;
  }
  if (val.indexOf('++') > 0) return compare(f, '=', val.replace(/\+\+/g, ','));
  return compare(f, '=', val);
}

/** `<field>_begin` (≥) and `<field>_end` (≤; a bare date on a datetime field = through 23:59:59). */
export function rangeCondition(f: FieldDef, bound: 'begin' | 'end', raw: string): Cond | null {
  const val = raw.trim();
  if (!val) return null;
  if (val.length > MAX_VALUE) throw tooLong();
  return compare(f, bound === 'begin' ? '>=' : '<=', val);
}

const SQ_OPS: Record<Exclude<SuperQueryRule, 'in' | 'like' | 'left_like' | 'right_like'>, CmpOp> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  ge: '>=',
  lt: '<',
  le: '<=',
};

/** `superQueryParams` + `superQueryMatchType` as one parenthesised group (null when absent). */
export function superQueryCondition(def: ResourceDef, raw: string | undefined, matchType: string | undefined): Cond | null {
  const parsed = parseSuperQuery(raw, matchType);
  if (!parsed.ok) throw new ApiFailure(parsed.error);
  if (!parsed.query) return null;
  const items: Cond[] = [];
  for (const r of parsed.query.rules) {
    const f = fieldByName(def, r.field);
    if (!f || !isQueryable(f)) throw new ApiFailure(`高级查询的字段不存在：${r.field}`);
    if (r.rule === 'in') {
      const c = inList(f, r.val.split(','));
      if (c) items.push(c);
    } else if (r.rule === 'like' || r.rule === 'left_like' || r.rule === 'right_like') items.push(like(f, r.rule, r.val));
    else items.push(compare(f, SQ_OPS[r.rule], r.val));
  }
  if (!items.length) return null;
  return { kind: parsed.query.matchType, items };
}

/** Names and other free text sort as people read them (拼音); codes of a dictionary keep their own order. */
const textSort = (f: FieldDef): { text?: true; pinyin?: string } =>
  valueTypeOf(f) === 'string' && !hasDict(f) ? { text: true, ...(hasPinyinKey(f) ? { pinyin: pinyinColumnOf(columnOf(f)) } : {}) } : {};

/** `column` (camelCase, comma list, `_dictText` stripped) + `order`; unknown or unsortable columns are refused. */
export function parseSort(def: ResourceDef, columnRaw?: string, orderRaw?: string): SortKey[] {
  const order: 'asc' | 'desc' = (orderRaw ?? '').trim().toLowerCase() === 'asc' ? 'asc' : 'desc';
  const names = (columnRaw ?? '').split(',').map((s) => s.trim().replace(/_dictText$/, '')).filter(Boolean);
  const keys: SortKey[] = [];
  for (const name of names) {
    const f = fieldByName(def, name);
    if (!f || !isSortable(def, f)) throw new ApiFailure(`${SORT_FIELD_MISSING}${name.slice(0, 64)}`);
    if (!keys.some((k) => k.column === columnOf(f))) keys.push({ column: columnOf(f), order, ...textSort(f) });
  }
  if (!keys.length) {
    const f = fieldByName(def, def.defaultSort.column);
    keys.push({ column: f ? columnOf(f) : rowKeyColumn(def), order: def.defaultSort.order, ...(f ? textSort(f) : {}) });
  }
  // The default order (as the mixin sends it, or none sent) gets its leading keys: e.g. pinned leads first.
  const dflt = fieldByName(def, def.defaultSort.column);
  if (def.defaultSort.before && dflt && keys.length === 1 && keys[0].column === columnOf(dflt) && keys[0].order === def.defaultSort.order) {
    const lead = def.defaultSort.before.flatMap((k) => {
      const f = fieldByName(def, k.column);
      return f ? [{ column: columnOf(f), order: k.order, ...textSort(f) }] : [];
    });
    keys.unshift(...lead);
  }
  // Stable paging: the row key breaks ties, in the last key's direction so one index can serve both.
  const key = rowKeyColumn(def);
  if (!keys.some((k) => k.column === key)) keys.push({ column: key, order: keys[keys.length - 1].order });
  return keys;
}

/** The whole list query of a request. Throws ApiFailure (envelope code 500) on values it refuses. */
export function parseListQuery(def: ResourceDef, params: Params): ListQuery {
  const where: Cond[] = [];
  for (const f of def.fields) {
    // Plain params serve the search bar: any stored, readable field (`query: false` only hides it from the builder).
    if (f.writeOnly || f.virtual || RESERVED.has(f.name)) continue;
    const plain = params[f.name];
    const begin = params[`${f.name}_begin`];
    const end = params[`${f.name}_end`];
    const multi = params[`${f.name}_MultiString`];
    if (multi !== undefined && multi.length > MAX_VALUE * 10) throw tooLong();
    const conds = [
      plain !== undefined ? plainCondition(f, plain) : null,
      begin !== undefined ? rangeCondition(f, 'begin', begin) : null,
      end !== undefined ? rangeCondition(f, 'end', end) : null,
      multi !== undefined ? inList(f, multi.split(',')) : null,
    ];
    for (const c of conds) if (c) where.push(c);
  }
  const sq = superQueryCondition(def, params.superQueryParams, params.superQueryMatchType);
  if (sq) where.push(sq);
  return { where, sort: parseSort(def, params.column, params.order) };
}

/** A Cond as a Kysely expression: identifiers via sql.ref (definition names only), values bound. */
export function toExpression(eb: EB, c: Cond): Expression<SqlBool> {
  switch (c.kind) {
    case 'cmp':
      return eb(sql.ref(c.column), c.op, c.value);
    case 'in':
      return eb(sql.ref(c.column), 'in', c.values);
    case 'like':
      // ILIKE: MySQL's default collation makes JeecgBoot's LIKE case-insensitive. `\` is PostgreSQL's default escape.
      return eb(c.text ? sql`cast(${sql.ref(c.column)} as varchar)` : sql.ref(c.column), 'ilike', c.pattern);
    case 'and':
      return eb.and(c.items.map((i) => toExpression(eb, i)));
    case 'or':
      return eb.or(c.items.map((i) => toExpression(eb, i)));
  }
}

/** The filter of a list query, plus the soft-delete rule and any extra (ownership / data rule) filter. */
export function toWhere(def: ResourceDef, conds: Cond[], extra?: WhereFn): WhereFn {
  return (eb) => {
    const parts = conds.map((c) => toExpression(eb, c));
    if (def.softDeleteColumn) parts.push(notDeleted(def)(eb));
    if (extra) parts.push(extra(eb));
    return eb.and(parts);
  };
}

/** Live rows only (soft delete: 1 = deleted; the bound '0' is cast to the column's type by the database). */
export const notDeleted =
  (def: ResourceDef): WhereFn =>
  (eb) =>
    def.softDeleteColumn ? eb(sql.ref(def.softDeleteColumn), '=', '0') : eb.lit(true);
