import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db';
import { escapeLike } from '../db/like';
import { USER_NAME_DICT } from '../../lib/resources/types';
import { cacheable, GenerationCache } from '../db/cache-generation';
import { CACHED_TABLES } from '../db/migrations/0044-cache-generation';

export interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
  /** Spec 02 §3's option extra: the person's phone, for user dictionaries and only to callers who may read it. */
  phone?: string;
}

/** contract §6 TreeSelectModel (JSON says `leaf`, from the Java getter `isLeaf()`). */
export interface TreeSelectModel {
  key: string;
  title: string;
  leaf: boolean;
  parentId: string | null;
  value: string;
  code: string;
}

export class DictError extends Error {}

export const DICT_CODE_FORMAT = '字典Code格式不正确！';
export const UNKNOWN_TABLE_DICT = '不支持的表字典，请联系管理员配置';
export const DICT_PAGE_SIZE = 10;
export const DICT_PAGE_MAX = 100;
const MAX_KEYS = 500;

const toModel = (value: string, text: string): DictModel => ({ value, text, title: text, label: text });

/** `/sys/dict/queryAllDictItems`: every dictionary's enabled items, keyed by code (contract §6). */
export async function loadAllDictItems(db: Database): Promise<Record<string, DictModel[]>> {
  const rows = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
    .select(['d.dict_code', 'i.item_value', 'i.item_text'])
    .where('d.del_flag', '=', 0)
    .where('i.status', '=', 1)
    .orderBy('d.dict_code')
    .orderBy('i.sort_order')
    // Equal sort values keep the order the items were added in.
    .orderBy('i.create_time')
    .orderBy('i.id')
    .execute();
  const out: Record<string, DictModel[]> = {};
  for (const r of rows) (out[r.dict_code] ??= []).push(toModel(r.item_value, r.item_text));
  return out;
}

/**
 * Table dictionaries the client may name (`table,text,code`). JeecgBoot builds SQL from whatever the
 * client sends; here the client's string is only a key into this map, and every identifier and the
 * fixed filter come from the code below. A 4th (raw SQL) part is never accepted.
 */
interface TableDictSpec {
  table: 'sys_user' | 'sys_depart' | 'sys_role' | 'sys_category' | 'sys_position' | 'sys_tenant';
  text: string;
  code: string;
  order: string;
  /** A fixed `column = value` every answer respects (soft delete). */
  filter?: FixedFilter;
  /** Column answered as the option's `phone` when the caller may read phones (`TableQuery.phone`). */
  phone?: string;
}

interface FixedFilter {
  column: string;
  value: string | number;
}

const fixed = (f: FixedFilter, alias?: string) => sql`${sql.ref(alias ? `${alias}.${f.column}` : f.column)} = ${f.value}`;

const USER = { table: 'sys_user', text: 'realname', order: 'realname', filter: { column: 'del_flag', value: 0 }, phone: 'phone' } as const;
const DEPART = { table: 'sys_depart', text: 'depart_name', order: 'org_code', filter: { column: 'del_flag', value: '0' } } as const;
const ROLE = { table: 'sys_role', text: 'role_name', order: 'role_name' } as const;
const CATEGORY = { table: 'sys_category', text: 'name', order: 'code' } as const;

const TABLE_DICTS: Record<string, TableDictSpec> = {
  'sys_user,realname,id': { ...USER, code: 'id' },
  [USER_NAME_DICT]: { ...USER, code: 'username' },
  'sys_depart,depart_name,id': { ...DEPART, code: 'id' },
  'sys_depart,depart_name,org_code': { ...DEPART, code: 'org_code' },
  'sys_role,role_name,id': { ...ROLE, code: 'id' },
  'sys_role,role_name,role_code': { ...ROLE, code: 'role_code' },
  'sys_category,name,id': { ...CATEGORY, code: 'id' },
  'sys_category,name,code': { ...CATEGORY, code: 'code' },
  // 职务 (SysUser.post's @Dict): the user form's choice and `post_dictText`.
  'sys_position,name,code': { table: 'sys_position', text: 'name', code: 'code', order: 'code' },
  // 所属租户 (SysUser.relTenantIds): `relTenantIds_dictText` in 用户管理.
  'sys_tenant,name,id': { table: 'sys_tenant', text: 'name', code: 'id', order: 'id' },
};

/** The registered table dictionary a `table,text,code` string names; DictError otherwise. */
function tableDictOf(code: string): TableDictSpec {
  const parts = code.split(',').map((s) => s.trim());
  if (parts.length < 3) throw new DictError(DICT_CODE_FORMAT);
  const key = parts.join(',');
  if (parts.length !== 3 || !Object.prototype.hasOwnProperty.call(TABLE_DICTS, key)) throw new DictError(UNKNOWN_TABLE_DICT);
  return TABLE_DICTS[key];
}

/** A plain dictionary code: JeecgBoot refuses quotes etc. (SqlInjectionUtil); codes are plain identifiers. */
function plainCodeOf(code: string): string {
  const trimmed = code.trim();
  if (!trimmed) throw new DictError('字典Code不能为空!');
  if (!/^[\w.:-]{1,100}$/.test(trimmed)) throw new DictError(DICT_CODE_FORMAT);
  return trimmed;
}

interface TableQuery {
  keyword?: string;
  values?: string[];
  limit: number;
  /** Answer the spec's `phone` extra where the dictionary has one. */
  phone?: boolean;
}

/** What a dictionary answer may carry beyond value and text (spec 02 §3), decided by the route from the caller's codes. */
export interface DictExtras {
  phone?: boolean;
}

/** Whether a table dictionary code can answer phones (so the route asks for the caller's codes only then). */
export function dictHasPhone(code: string): boolean {
  const key = code.split(',').map((s) => s.trim()).join(',');
  return Object.prototype.hasOwnProperty.call(TABLE_DICTS, key) && !!TABLE_DICTS[key].phone;
}

async function queryTableDict(db: Database, spec: TableDictSpec, q: TableQuery): Promise<DictModel[]> {
  if (q.values && q.values.length === 0) return [];
  const where: RawBuilder<unknown>[] = [];
  if (spec.filter) where.push(fixed(spec.filter));
  if (q.keyword) where.push(sql`${sql.ref(spec.text)} ilike ${`%${escapeLike(q.keyword)}%`}`);
  if (q.values) where.push(sql`${sql.ref(spec.code)}::text in (${sql.join(q.values)})`);
  const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const phone = q.phone && spec.phone ? sql`, ${sql.ref(spec.phone)}::text as p` : sql``;
  const { rows } = await sql<{ v: string; t: string | null; p?: string | null }>`select ${sql.ref(spec.code)}::text as v, ${sql.ref(spec.text)}::text as t ${phone}
    from ${sql.table(spec.table)} ${cond} order by ${sql.ref(spec.order)}, ${sql.ref(spec.code)} limit ${q.limit}`.execute(db);
  return rows.map((r) => (r.p ? { ...toModel(r.v, r.t ?? ''), phone: r.p } : toModel(r.v, r.t ?? '')));
}

/** The items of a registered table dictionary for just these values (a list page's translation, not the whole table). */
export async function tableDictItemsFor(db: Database, code: string, values: string[]): Promise<DictModel[]> {
  const unique = [...new Set(values)].slice(0, 1000);
  return queryTableDict(db, tableDictOf(code.trim()), { values: unique, limit: Math.max(unique.length, 1) });
}

/**
 * Usernames → real names through USER_NAME_DICT, for hand-written answers (a ResourceDef field says `dictCode`
 * instead and gets `_dictText`). A username without a live user, or without a name, stays as it is.
 */
export async function realnamesOf(db: Database, usernames: readonly (string | null | undefined)[]): Promise<(name: string | null | undefined) => string | null> {
  const wanted = usernames.filter((u): u is string => !!u);
  const names = new Map(wanted.length ? (await tableDictItemsFor(db, USER_NAME_DICT, wanted)).filter((i) => i.text).map((i) => [i.value, i.text]) : []);
  return (name) => (name ? (names.get(name) ?? name) : null);
}

/**
 * Every plain dictionary's value → text (items of all statuses, live dictionaries), by code: what list pages
 * translate `_dictText` with, cached until the next change of sys_dict or sys_dict_item (server/db/cache-generation.ts).
 * Null where reads may not be cached (inside a transaction, before the first request).
 */
const plainTextCache = new GenerationCache<Map<string, Map<string, string>>>(1);

export async function cachedPlainDictTexts(db: Database): Promise<Map<string, Map<string, string>> | null> {
  if (!cacheable(db)) return null;
  return plainTextCache.get(db, 'all', async () => {
    const rows = await db
      .selectFrom('sys_dict_item as i')
      .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
      .select(['d.dict_code', 'i.item_value', 'i.item_text'])
      .where('d.del_flag', '=', 0)
      .orderBy('i.sort_order')
      .orderBy('i.create_time')
      .orderBy('i.id')
      .execute();
    const out = new Map<string, Map<string, string>>();
    for (const r of rows) {
      if (!out.has(r.dict_code)) out.set(r.dict_code, new Map());
      out.get(r.dict_code)!.set(r.item_value, r.item_text);
    }
    return out;
  });
}

/** A table dictionary whose table holds more rows than this is not cached whole (translated per page instead). */
const TABLE_CACHE_MAX = 5000;
const tableTextCache = new GenerationCache<Map<string, string> | null>(100);

/**
 * A registered table dictionary's value → text, whole, cached like the plain ones: for the small tables whose changes
 * move the generation (roles, departments, positions, tenants, categories). Null for users (a big table, changed by
 * every sign-in's bookkeeping and not watched), for a table above TABLE_CACHE_MAX rows, and where reads may not be
 * cached; DictError for an unregistered code.
 */
export async function cachedTableDictTexts(db: Database, code: string): Promise<Map<string, string> | null> {
  const spec = tableDictOf(code.trim());
  // Only tables whose every change moves the generation (0044's triggers); not users (big, changed by every sign-in).
  if (!(CACHED_TABLES as readonly string[]).includes(spec.table) || !cacheable(db)) return null;
  return tableTextCache.get(db, code.trim(), async () => {
    const items = await queryTableDict(db, spec, { limit: TABLE_CACHE_MAX + 1 });
    return items.length > TABLE_CACHE_MAX ? null : new Map(items.map((i) => [i.value, i.text]));
  });
}

/** `/sys/dict/getDictItems/{code}`: a plain dictionary (all statuses, by sort order) or a registered table dictionary. */
export async function getDictItems(db: Database, code: string, extras: DictExtras = {}): Promise<DictModel[]> {
  const trimmed = code.trim();
  if (!trimmed) throw new DictError('字典Code不能为空!');
  if (trimmed.includes(',')) return queryTableDict(db, tableDictOf(trimmed), { limit: 1000, phone: extras.phone });
  const plain = plainCodeOf(trimmed);
  const rows = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
    .select(['i.item_value', 'i.item_text'])
    .where('d.dict_code', '=', plain)
    .where('d.del_flag', '=', 0)
    .orderBy('i.sort_order')
    .orderBy('i.create_time')
    .orderBy('i.id')
    .execute();
  return rows.map((r) => toModel(r.item_value, r.item_text));
}

/** Table dictionaries only (JeecgBoot: "字典Code格式不正确！" without a comma). */
function requireTableDict(code: string): TableDictSpec {
  if (!code.includes(',')) throw new DictError(DICT_CODE_FORMAT);
  return tableDictOf(code);
}

export const pageSizeOf = (raw: string | undefined): number => {
  const n = raw && /^\d{1,6}$/.test(raw.trim()) ? Number(raw) : DICT_PAGE_SIZE;
  return Math.min(Math.max(n, 1), DICT_PAGE_MAX);
};

/** `/sys/dict/loadDict/{table,text,code}?keyword&pageSize`: text contains keyword, first page. */
export async function loadDict(db: Database, code: string, keyword: string, pageSize: number, extras: DictExtras = {}): Promise<DictModel[]> {
  return queryTableDict(db, requireTableDict(code), { keyword: keyword.trim().slice(0, 100), limit: pageSize, phone: extras.phone });
}

/**
 * `/sys/dict/loadDictOrderByValue/{table,text,code}?keyword`: the items whose values are named in
 * `keyword` (comma list, the selected values) first, then the first page without them.
 */
export async function loadDictOrderByValue(db: Database, code: string, keyword: string, extras: DictExtras = {}): Promise<DictModel[]> {
  const spec = requireTableDict(code);
  const values = splitKeys(keyword);
  const selected = values.length ? await queryTableDict(db, spec, { values, limit: values.length, phone: extras.phone }) : [];
  const page = await queryTableDict(db, spec, { limit: DICT_PAGE_SIZE, phone: extras.phone });
  return [...selected, ...page.filter((p) => !selected.some((s) => s.value === p.value))];
}

const splitKeys = (keys: string): string[] => [...new Set(keys.split(',').map((s) => s.trim()).filter(Boolean))].slice(0, MAX_KEYS);

/** `/sys/dict/loadDictItem/{table,text,code}?key=v1,v2&delNotExist`: texts in key order (unknown keys dropped, or kept as themselves). */
export async function loadDictItem(db: Database, code: string, keys: string, delNotExist: boolean): Promise<string[]> {
  const spec = requireTableDict(code);
  const wanted = keys.split(',').map((s) => s.trim()).filter(Boolean).slice(0, MAX_KEYS);
  const found = await queryTableDict(db, spec, { values: [...new Set(wanted)], limit: MAX_KEYS });
  const byValue = new Map(found.map((f) => [f.value, f.text]));
  const out: string[] = [];
  for (const k of wanted) {
    const text = byValue.get(k);
    if (text !== undefined) out.push(text);
    else if (!delNotExist) out.push(k);
  }
  return out;
}

/** `/sys/dict/getDictText/{dictCode}/{key}`: one value's text, or null when unknown. */
export async function getDictText(db: Database, code: string, key: string): Promise<string | null> {
  if (code.includes(',')) {
    const [hit] = await queryTableDict(db, tableDictOf(code), { values: [key], limit: 1 });
    return hit ? hit.text : null;
  }
  const plain = plainCodeOf(code);
  const row = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
    .select('i.item_text')
    .where('d.dict_code', '=', plain)
    .where('d.del_flag', '=', 0)
    .where('i.item_value', '=', key)
    .executeTakeFirst();
  return row ? row.item_text : null;
}

/**
 * Tree tables `/sys/dict/loadTreeData` may read. The client names table, columns and condition
 * fields; each name must match this registry (snake_case or camelCase), and only the registry's
 * identifiers reach SQL. Children are found by the key (id) column, so it is the only code column.
 */
interface TreeTableSpec {
  table: 'sys_category' | 'sys_depart';
  pid: string;
  text: string;
  key: string;
  /** Column shown as the node's `code`. */
  code: string;
  /** Column holding '1' when the node has children; absent = computed. */
  hasChild?: string;
  rootPid: string | null;
  filter?: FixedFilter;
  order: string;
  conditionFields: string[];
}

const TREE_TABLES: Record<string, TreeTableSpec> = {
  sys_category: { table: 'sys_category', pid: 'pid', text: 'name', key: 'id', code: 'code', hasChild: 'has_child', rootPid: '0', order: 'code', conditionFields: ['id', 'code', 'name', 'create_by', 'sys_org_code'] },
  sys_depart: { table: 'sys_depart', pid: 'parent_id', text: 'depart_name', key: 'id', code: 'org_code', rootPid: null, filter: { column: 'del_flag', value: '0' }, order: 'org_code', conditionFields: ['id', 'org_code', 'depart_name', 'org_category'] },
};

export const TREE_CONDITION_INVALID = '查询条件格式不正确，需要一个json对象';
export const TREE_CONDITION_FIELD = '查询条件包含不允许的字段';

/** `departName` → `depart_name`; names that are not identifiers never match. */
const columnName = (name: string) => (/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) ? name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : '\u0000');

export interface TreeDataParams {
  pid: string;
  pidField: string;
  tableName: string;
  text: string;
  code: string;
  hasChildField: string;
  condition: string;
}

/** Parses the JSON condition into (registry column, LIKE pattern) pairs; DictError on anything else. */
export function parseTreeCondition(raw: string, allowed: readonly string[]): [string, string][] {
  if (!raw.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new DictError(TREE_CONDITION_INVALID);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new DictError(TREE_CONDITION_INVALID);
  const out: [string, string][] = [];
  for (const [field, value] of Object.entries(parsed as Record<string, unknown>)) {
    const column = allowed.find((c) => c === columnName(field));
    if (!column) throw new DictError(TREE_CONDITION_FIELD);
    if (typeof value !== 'string' && typeof value !== 'number') throw new DictError(TREE_CONDITION_INVALID);
    const pattern = String(value).slice(0, 200);
    if (pattern !== '') out.push([column, pattern]);
  }
  return out;
}

/** `/sys/dict/loadTreeData`: one level of a registered tree table (contract §6). */
export async function loadTreeData(db: Database, p: TreeDataParams): Promise<TreeSelectModel[]> {
  const spec = Object.prototype.hasOwnProperty.call(TREE_TABLES, p.tableName) ? TREE_TABLES[p.tableName] : undefined;
  if (!spec) throw new DictError(UNKNOWN_TABLE_DICT);
  const named = (name: string, column: string | undefined) => !!column && columnName(name.trim()) === column;
  if (!named(p.pidField, spec.pid) || !named(p.text, spec.text) || !named(p.code, spec.key)) throw new DictError(UNKNOWN_TABLE_DICT);
  if (p.hasChildField.trim() && !named(p.hasChildField, spec.hasChild)) throw new DictError(UNKNOWN_TABLE_DICT);
  const conditions = parseTreeCondition(p.condition, spec.conditionFields);

  const where: RawBuilder<unknown>[] = [];
  const pid = p.pid.trim();
  const pidRef = sql.ref(`t.${spec.pid}`);
  if (pid) where.push(sql`${pidRef} = ${pid}`);
  else if (spec.rootPid !== null) where.push(sql`(${pidRef} is null or ${pidRef} = '' or ${pidRef} = ${spec.rootPid})`);
  else where.push(sql`(${pidRef} is null or ${pidRef} = '')`);
  if (spec.filter) where.push(fixed(spec.filter, 't'));
  for (const [column, pattern] of conditions) where.push(sql`${sql.ref(`t.${column}`)}::text like ${pattern}`);
  const hasChild = spec.hasChild
    ? sql<boolean>`coalesce(${sql.ref(`t.${spec.hasChild}`)}, '0') = '1'`
    : sql<boolean>`exists (select 1 from ${sql.table(spec.table)} c where ${sql.ref(`c.${spec.pid}`)} = ${sql.ref(`t.${spec.key}`)}${spec.filter ? sql` and ${fixed(spec.filter, 'c')}` : sql``})`;
  const { rows } = await sql<{ k: string; t: string | null; p: string | null; c: string | null; h: boolean }>`
    select ${sql.ref(`t.${spec.key}`)}::text as k, ${sql.ref(`t.${spec.text}`)}::text as t, ${pidRef}::text as p,
      ${sql.ref(`t.${spec.code}`)}::text as c, ${hasChild} as h
    from ${sql.table(spec.table)} as t where ${sql.join(where, sql` and `)}
    order by ${sql.ref(`t.${spec.order}`)}, ${sql.ref(`t.${spec.key}`)} limit 1000`.execute(db);
  return rows.map((r) => ({ key: r.k, title: r.t ?? '', leaf: !r.h, parentId: r.p, value: r.k, code: r.c ?? r.k }));
}
