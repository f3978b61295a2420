import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { columnOf, hasDict, isMultiValue, isReadable, rowKeyColumn, valueTypeOf } from '../../lib/resources/field-kinds';
import type { FieldDef, ResourceDef } from '../../lib/resources/types';
import type { Database } from '../db';
import { formatDateTime } from '../core/format';
import { cachedPlainDictTexts, cachedTableDictTexts, getDictItems, tableDictItemsFor } from './dicts';
import { fillPinyinKeys } from './pinyin-key';
import { toWhere, type AnyKysely, type EB, type ListQuery, type Row, type SortKey, type WhereFn } from './query';

/** Reading rows of a resource: one page (list), one row (queryById), or all of them in batches (export). */

export const asAny = (db: Database): AnyKysely => db as unknown as AnyKysely;

/** Columns a read selects: the row key and every readable stored field (never writeOnly ones). */
export function selectColumns(def: ResourceDef): string[] {
  const cols = new Set([rowKeyColumn(def)]);
  for (const f of def.fields) if (!f.virtual && isReadable(f)) cols.add(columnOf(f));
  return [...cols];
}

export interface SelectOptions {
  /** Ownership / data-rule filter of the screen (hooks.extraWhere). */
  extraWhere?: WhereFn;
  /** Values read with each row (hooks.selectWith), under their own names. */
  selectWith?: SelectWith;
}

/**
 * Values a list page or a queryById reads with its rows, by name: expressions over the row (a correlated
 * subquery such as a user's role ids), so that they cost no statement of their own (issue #28). Names must not
 * be column names of the table; `withSelected` moves them into the records.
 */
export type SelectWith = Record<string, (eb: EB) => Expression<unknown>>;

const selections = (w: SelectWith) => (eb: EB) => Object.entries(w).map(([name, f]) => sql`(${f(eb)})`.as(name));

/** The record of `row` with the values `w` selected beside its columns. */
export function withSelected(record: Row, row: Row, w: SelectWith | undefined): Row {
  if (w) for (const name of Object.keys(w)) record[name] = row[name] ?? null;
  return record;
}

/**
 * How this database sorts free text in 拼音 order (issue #21): `icu` — PostgreSQL's ICU collation "zh-x-icu",
 * for every free-text field; `key` — a database without it (PGlite, whose ICU has no Chinese): the stored key of
 * `pinyinSort` fields (pinyin-key.ts, migration 0024), compared bytewise, other text by code point; `plain` —
 * code point order (no free text among the sort keys, so nothing was asked). A per-row key computed in SQL at
 * query time cost ~10 ms a row on PGlite (commit 4bb6fff); the stored key sorts as fast as the column itself.
 */
export type TextSortMode = 'icu' | 'key' | 'plain';

const textSortModes = new WeakMap<object, Promise<TextSortMode>>();

/** Asked once per database handle (a transaction asks once for itself). */
export function textSortMode(db: Database): Promise<TextSortMode> {
  let mode = textSortModes.get(db);
  if (!mode) {
    mode = sql<{ icu: boolean }>`select exists (select 1 from pg_collation where collname = 'zh-x-icu') as icu`
      .execute(db)
      .then(({ rows: [r] }): TextSortMode => (r?.icu ? 'icu' : 'key'));
    // A failed probe is asked again next time rather than remembered.
    mode.catch(() => textSortModes.delete(db));
    textSortModes.set(db, mode);
  }
  return mode;
}

/**
 * What a sort key orders by: the column, or for free text its 拼音 order (the same expression serves the export's
 * keyset cursor). A key not filled yet falls back to the text, so the row is listed, only not yet in its place.
 */
export function sortExpression(k: SortKey, mode: TextSortMode): RawBuilder<unknown> {
  if (!k.text || mode === 'plain') return sql.ref(k.column);
  if (mode === 'icu') return sql`${sql.ref(k.column)} collate "zh-x-icu"`;
  if (!k.pinyin) return sql.ref(k.column);
  return sql`coalesce(${sql.ref(k.pinyin)}, ${sql.ref(k.column)}) collate "C"`;
}

/** The sort mode of a read, after filling the missing 拼音 keys it is about to sort by (rows a bypassing write left without one). */
async function readSortMode(db: Database, def: ResourceDef, sort: SortKey[]): Promise<TextSortMode> {
  if (!sort.some((k) => k.text)) return 'plain';
  const mode = await textSortMode(db);
  if (mode === 'key') {
    for (const k of sort) if (k.pinyin) await fillPinyinKeys(db, { table: def.table, id: rowKeyColumn(def), column: k.column, key: k.pinyin });
  }
  return mode;
}

/** The two queries of a list page (built, not run): the total and the page itself. */
export function pageQueries(db: Database, def: ResourceDef, query: ListQuery, page: { offset: number; limit: number }, opts: SelectOptions = {}, mode: TextSortMode = 'plain') {
  const base = asAny(db).selectFrom(def.table).where(toWhere(def, query.where, opts.extraWhere));
  let rows = base.select(selectColumns(def));
  if (opts.selectWith) rows = rows.select(selections(opts.selectWith));
  for (const k of query.sort) rows = rows.orderBy(sortExpression(k, mode), k.order);
  return { count: base.select(sql<number>`count(*)`.as('n')), rows: rows.offset(page.offset).limit(page.limit) };
}

/** One page and the total, run concurrently (a pg pool overlaps them; PGlite queues them). */
export async function selectPage(db: Database, def: ResourceDef, query: ListQuery, page: { offset: number; limit: number }, opts: SelectOptions = {}) {
  const mode = await readSortMode(db, def, query.sort);
  const q = pageQueries(db, def, query, page, opts, mode);
  const [count, rows] = await Promise.all([q.count.executeTakeFirstOrThrow(), q.rows.execute()]);
  return { rows: rows as Row[], total: Number(count.n) };
}

/** One live row by key (within the extra filter), raw. */
export async function selectOne(db: Database, def: ResourceDef, id: string, opts: SelectOptions = {}): Promise<Row | undefined> {
  const key = rowKeyColumn(def);
  let q = asAny(db)
    .selectFrom(def.table)
    .select(selectColumns(def))
    .where(toWhere(def, [{ kind: 'cmp', column: key, op: '=', value: id }], opts.extraWhere));
  if (opts.selectWith) q = q.select(selections(opts.selectWith));
  return (await q.executeTakeFirst()) as Row | undefined;
}

/** Rows strictly after `cursor` in the sort order (PostgreSQL: ASC puts NULLs last, DESC first). */
function after(eb: EB, sort: SortKey[], cursor: (string | null)[], mode: TextSortMode): Expression<SqlBool> | null {
  const branches: Expression<SqlBool>[] = [];
  for (let i = 0; i < sort.length; i++) {
    const col = sortExpression(sort[i], mode);
    const c = cursor[i];
    let beyond: Expression<SqlBool> | null;
    if (sort[i].order === 'asc') beyond = c === null ? null : eb.or([eb(col, '>', c), eb(col, 'is', null)]);
    else beyond = c === null ? eb(col, 'is not', null) : eb(col, '<', c);
    if (!beyond) continue;
    const equal = sort.slice(0, i).map((k, j) => (cursor[j] === null ? eb(sortExpression(k, mode), 'is', null) : eb(sortExpression(k, mode), '=', cursor[j])));
    branches.push(eb.and([...equal, beyond]));
  }
  return branches.length ? eb.or(branches) : null;
}

/**
 * Every filtered, sorted row as a record (same shape as a list record, without `_dictText`), in keyset
 * batches: each batch is its own short query, so a long export never holds the (PGlite) connection, and
 * memory stays at one batch. Cursor values travel as text so timestamps keep their microseconds.
 */
export async function* iterateRows(db: Database, def: ResourceDef, query: ListQuery, batchSize = 1000, opts: SelectOptions = {}): AsyncGenerator<Row> {
  const where = toWhere(def, query.where, opts.extraWhere);
  const mode = await readSortMode(db, def, query.sort);
  const keyAlias = (i: number) => `__k${i}`;
  let cursor: (string | null)[] | null = null;
  for (;;) {
    const cur: (string | null)[] | null = cursor;
    let q = asAny(db)
      .selectFrom(def.table)
      .select(selectColumns(def))
      .select(query.sort.map((k, i) => sql<string>`cast(${sortExpression(k, mode)} as text)`.as(keyAlias(i))))
      .where(where);
    if (cur) {
      // Nothing sorts after a cursor whose ASC keys are all NULL (they are last).
      if (!query.sort.some((k, i) => k.order === 'desc' || cur[i] !== null)) return;
      q = q.where((eb) => after(eb, query.sort, cur, mode) ?? eb.lit(false));
    }
    for (const k of query.sort) q = q.orderBy(sortExpression(k, mode), k.order);
    const rows = (await q.limit(batchSize).execute()) as Row[];
    for (const r of rows) yield toRecord(def, r);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    cursor = query.sort.map((_, i) => (last[keyAlias(i)] ?? null) as string | null);
  }
}

function formatValue(f: FieldDef, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (valueTypeOf(f)) {
    case 'datetime':
      return v instanceof Date ? formatDateTime(v) : String(v);
    case 'date':
      return v instanceof Date ? formatDateTime(v)?.slice(0, 10) ?? null : String(v);
    case 'int':
    case 'number':
      return typeof v === 'number' ? v : Number.isFinite(Number(v)) ? Number(v) : String(v);
    case 'boolean':
      return v;
    default:
      return v instanceof Date ? formatDateTime(v) : typeof v === 'string' ? v : String(v);
  }
}

/** A raw row as the wire record: field names, GMT+8 dates, the row key as a string, no writeOnly fields. */
export function toRecord(def: ResourceDef, row: Row): Row {
  const out: Row = {};
  const key = row[rowKeyColumn(def)];
  out[def.rowKey] = key === null || key === undefined ? null : String(key);
  for (const f of def.fields) {
    if (f.virtual || !isReadable(f) || f.name === def.rowKey) continue;
    out[f.name] = formatValue(f, row[columnOf(f)]);
  }
  return out;
}

export type DictTexts = Map<string, Map<string, string>>;

/**
 * value → text per dictionary field (plain codes in one query, registered table dictionaries, options).
 * Given the page's records, a table dictionary is read only for the values on the page (a users or
 * departments table is not loaded whole for every list call); without them (export) it is read once.
 */
export async function loadDictTexts(db: Database, def: ResourceDef, records?: Row[]): Promise<DictTexts> {
  const fields = def.fields.filter((f) => isReadable(f) && hasDict(f));
  const out: DictTexts = new Map();
  const plainCodes = [...new Set(fields.map((f) => f.dictCode).filter((c): c is string => Boolean(c) && !c!.includes(',')))];
  const plain = new Map<string, Map<string, string>>();
  const cachedPlain = plainCodes.length ? await cachedPlainDictTexts(db) : null;
  if (cachedPlain) for (const code of plainCodes) plain.set(code, cachedPlain.get(code) ?? new Map());
  else if (plainCodes.length) {
    const rows = await db
      .selectFrom('sys_dict_item as i')
      .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
      .select(['d.dict_code', 'i.item_value', 'i.item_text'])
      .where('d.dict_code', 'in', plainCodes)
      .where('d.del_flag', '=', 0)
      .execute();
    for (const r of rows) {
      if (!plain.has(r.dict_code)) plain.set(r.dict_code, new Map());
      plain.get(r.dict_code)!.set(r.item_value, r.item_text);
    }
  }
  for (const f of fields) {
    const map = new Map<string, string>();
    for (const o of f.options ?? []) map.set(o.value, o.text);
    if (f.dictCode && !f.dictCode.includes(',')) for (const [k, v] of plain.get(f.dictCode) ?? []) map.set(k, v);
    if (f.dictCode?.includes(',')) {
      // Only registered table dictionaries exist (server/resources/dicts.ts); an unknown one translates nothing.
      const values = records?.flatMap((r) => (r[f.name] === null || r[f.name] === undefined || r[f.name] === '' ? [] : String(r[f.name]).split(',')));
      // Small tables (roles, departments…) are cached whole; only this page's values are taken from them.
      const whole = await cachedTableDictTexts(db, f.dictCode).catch(() => null);
      if (whole && values) {
        for (const v of values) {
          const text = whole.get(v);
          if (text !== undefined) map.set(v, text);
        }
      } else if (whole) for (const [v, text] of whole) map.set(v, text);
      else {
        const items = await (values ? tableDictItemsFor(db, f.dictCode, values) : getDictItems(db, f.dictCode)).catch(() => []);
        for (const i of items) map.set(i.value, i.text);
      }
    }
    out.set(f.name, map);
  }
  return out;
}

const fieldIndexes = new WeakMap<ResourceDef, Map<string, FieldDef>>();

/** A definition's fields by name (built once per definition object: addDictTexts runs for every record). */
function fieldIndex(def: ResourceDef): Map<string, FieldDef> {
  let index = fieldIndexes.get(def);
  if (!index) {
    index = new Map();
    for (const f of def.fields) if (!index.has(f.name)) index.set(f.name, f);
    fieldIndexes.set(def, index);
  }
  return index;
}

/** Adds `<field>_dictText` siblings; comma values are translated item by item and re-joined (contract §1). */
export function addDictTexts(def: ResourceDef, record: Row, texts: DictTexts): Row {
  const fields = fieldIndex(def);
  for (const [name, map] of texts) {
    const f = fields.get(name)!;
    const v = record[name];
    if (v === null || v === undefined || v === '') {
      record[`${name}_dictText`] = v ?? null;
      continue;
    }
    const s = String(v);
    const items = isMultiValue(f) || s.includes(',') ? s.split(',') : [s];
    record[`${name}_dictText`] = items.map((x) => map.get(x) ?? x).join(',');
  }
  return record;
}
