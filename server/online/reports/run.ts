import { sql } from 'kysely';
import type { FieldDef } from '../../../lib/resources/types';
import type { Database } from '../../db';
import { ApiFailure } from '../../core/errors';
import { like, plainCondition, rangeCondition, SORT_FIELD_MISSING, toExpression, type Cond, type Row } from '../../resources/query';
import { asAny } from '../../resources/select';
import { formatDateTime } from '../../core/format';
import { getDictItems, type DictModel } from '../../resources/dicts';
import type { AnyReportDef, ReportColumn, ReportQueryField, ReportValueType } from './types';

/** The three answers of contract §10 for one report: columns (getRpColumns), query form (getQueryInfo), data (getData). */

export const REPORT_NOT_FOUND = '该报表不存在或已删除';
const MAX_VALUE = 200;

/** JeecgBoot's item field types (onl_cgreport_item.field_type). */
const FIELD_TYPES: Record<ReportValueType, string> = { string: 'String', int: 'Integer', number: 'BigDecimal', date: 'Date', datetime: 'Datetime' };

export type DictOptions = Record<string, DictModel[]>;

/** field → items of each dictionary column. */
async function loadDictOptions(db: Database, def: AnyReportDef): Promise<DictOptions> {
  const out: DictOptions = {};
  for (const c of def.columns) if (c.dictCode) out[c.field] = await getDictItems(db, c.dictCode);
  return out;
}

/** `GET /online/cgreport/api/getRpColumns/{code}`. A dictionary column's `customRender` names its dictOptions key. */
export async function reportColumns(db: Database, def: AnyReportDef) {
  return {
    columns: def.columns.map((c) => ({
      id: `${def.code}.${c.field}`,
      title: c.title,
      dataIndex: c.field,
      fieldType: FIELD_TYPES[c.type],
      align: 'center',
      sorter: c.sortable,
      isTotal: '0',
      groupTitle: null,
      ...(c.width ? { fieldWidth: c.width } : {}),
      ...(c.dictCode ? { customRender: c.field } : {}),
    })),
    dictOptions: await loadDictOptions(db, def),
    fieldHrefSlots: [] as { slotName: string; href: string }[],
    isGroupTitle: false,
    cgRpConfigId: def.code,
    cgRpConfigName: def.title,
  };
}

/** `GET /online/cgreport/api/getQueryInfo/{code}`: fields after the 2nd start folded (`hidden: '1'`). */
export function reportQueryInfo(def: AnyReportDef) {
  return def.queryFields.map((q, i) => ({
    label: q.label,
    field: q.field,
    view: q.dictCode ? 'list' : q.type,
    mode: q.mode,
    ...(q.dictCode ? { dictCode: q.dictCode } : {}),
    ...(i >= 2 ? { hidden: '1' } : {}),
  }));
}

const columnOf = (def: AnyReportDef, field: string): ReportColumn | undefined => def.columns.find((c) => c.field === field);

/** The query field as the resource engine's FieldDef, so the same value parsing and casting apply. */
function filterField(def: AnyReportDef, q: ReportQueryField): FieldDef {
  const type = columnOf(def, q.field)?.type ?? q.type;
  return { name: q.field, column: q.field, label: q.label, kind: 'input', type };
}

const tooLong = () => new ApiFailure('查询条件过长');

/**
 * A single-mode value: dictionary / number / date fields match exactly (a comma list = IN); a text field
 * matches as "contains", or with the contract's `*` wildcards when the value has any.
 */
function singleCondition(f: FieldDef, q: ReportQueryField, raw: string): Cond | null {
  const v = raw.trim();
  if (!v) return null;
  if (v.length > MAX_VALUE) throw tooLong();
  if (f.type === 'string' && !q.dictCode && !v.includes('*')) return like(f, 'like', v);
  return plainCondition(f, v);
}

export interface SortKey {
  field: string;
  order: 'asc' | 'desc';
}

/** `column` (comma list, `_dictText` stripped) must name sortable columns: the sort whitelist. */
export function reportSort(def: AnyReportDef, columnRaw: string | undefined, orderRaw: string | undefined): SortKey[] {
  const order: 'asc' | 'desc' = (orderRaw ?? '').trim().toLowerCase() === 'asc' ? 'asc' : 'desc';
  const names = (columnRaw ?? '').split(',').map((s) => s.trim().replace(/_dictText$/, '')).filter(Boolean);
  const keys: SortKey[] = [];
  for (const name of names) {
    const c = columnOf(def, name);
    if (!c || !c.sortable) throw new ApiFailure(`${SORT_FIELD_MISSING}${name.slice(0, 64)}`);
    if (!keys.some((k) => k.field === c.field)) keys.push({ field: c.field, order });
  }
  if (!keys.length && def.defaultSort) keys.push({ ...def.defaultSort });
  // Stable paging: the row key breaks ties.
  if (def.rowKey && keys.length && !keys.some((k) => k.field === def.rowKey)) keys.push({ field: def.rowKey, order: keys[keys.length - 1].order });
  return keys;
}

/** Every filter of a request; unknown params (`self_*`, `_t`, `field`, hostile names) are ignored. */
export function reportWhere(def: AnyReportDef, params: Record<string, string | undefined>): Cond[] {
  const where: Cond[] = [];
  for (const q of def.queryFields) {
    const f = filterField(def, q);
    if (q.mode === 'single') {
      const v = params[q.field];
      const c = v === undefined ? null : singleCondition(f, q, v);
      if (c) where.push(c);
      continue;
    }
    for (const bound of ['begin', 'end'] as const) {
      const v = params[`${q.field}_${bound}`];
      if (v === undefined) continue;
      if (v.length > MAX_VALUE) throw tooLong();
      const c = rangeCondition(f, bound, v);
      if (c) where.push(c);
    }
  }
  return where;
}

function formatValue(type: ReportValueType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'datetime':
      return v instanceof Date ? formatDateTime(v) : String(v);
    case 'date':
      return v instanceof Date ? (formatDateTime(v)?.slice(0, 10) ?? null) : String(v).slice(0, 10);
    case 'int':
    case 'number':
      return typeof v === 'number' ? v : Number.isFinite(Number(v)) ? Number(v) : String(v);
    default:
      return String(v);
  }
}

/** A raw row as a wire record: the row key and the columns, formatted, plus `<field>_dictText`. */
function toRecord(def: AnyReportDef, row: Row, dicts: DictOptions): Row {
  const out: Row = {};
  if (def.rowKey) out[def.rowKey] = row[def.rowKey] === null || row[def.rowKey] === undefined ? null : String(row[def.rowKey]);
  for (const c of def.columns) {
    const v = formatValue(c.type, row[c.field]);
    out[c.field] = v;
    if (!c.dictCode) continue;
    if (v === null || v === '') {
      out[`${c.field}_dictText`] = v;
      continue;
    }
    const items = dicts[c.field] ?? [];
    out[`${c.field}_dictText`] = String(v)
      .split(',')
      .map((x) => items.find((i) => i.value === x)?.text ?? x)
      .join(',');
  }
  return out;
}

/**
 * Runs a report's queries. Code-defined reports query the database directly; designer-made ones (issue #25) run
 * inside server/online/report-run.ts's guards (read-only transaction, timeout, reader role) or on their 数据源.
 */
export type ReportExecutor = <T>(fn: (db: Database) => Promise<T>) => Promise<T>;

/** `GET /online/cgreport/api/getData/{code}` → `{total, records}`: the base query as a subquery, filtered, sorted, paged. */
export async function reportData(db: Database, def: AnyReportDef, params: Record<string, string | undefined>, page: { offset: number; limit: number }, exec?: ReportExecutor) {
  const where = reportWhere(def, params);
  const sort = reportSort(def, params.column, params.order);
  const run: ReportExecutor = exec ?? ((fn) => fn(db));
  const query = (q: Database) => {
    const from = () => asAny(q).selectFrom(sql<Row>`${def.base(q)}`.as('r'));
    let count = from().select(sql<number>`count(*)`.as('n'));
    let rows = from().selectAll();
    if (where.length) {
      count = count.where((eb) => eb.and(where.map((c) => toExpression(eb, c))));
      rows = rows.where((eb) => eb.and(where.map((c) => toExpression(eb, c))));
    }
    for (const k of sort) rows = rows.orderBy(sql.ref(k.field), k.order);
    const list = () => (page.limit > 0 ? rows.offset(page.offset).limit(page.limit).execute() : Promise.resolve([]));
    // Inside an executor's transaction both go through one connection: one after the other.
    if (exec) return count.executeTakeFirstOrThrow().then(async (n) => [n, await list()] as const);
    return Promise.all([count.executeTakeFirstOrThrow(), list()]);
  };
  const [[n, list], dicts] = await Promise.all([run(query), loadDictOptions(db, def)]);
  return { total: Number(n.n), records: (list as Row[]).map((r) => toRecord(def, r, dicts)) };
}
