/**
 * The advanced query builder (spec 02 §2, §4, §5) without React: the field list a ResourceDef offers,
 * row editing, the rules of running and saving a query, and the saved-query store (spec 02 §3:
 * localStorage `pro__JSuperQuerySaved_<code>`, entries {title, matchType, records}). The server keeps
 * the same entries per user (server/system/saved-query-routes.ts); the local copy is the offline cache,
 * and an entry without a server id is one still to be uploaded.
 */
import { isQueryable, valueTypeOf } from './resources/field-kinds';
import type { FieldDef, FieldKind, FieldOption, ValueType } from './resources/types';
import { readExpiring, writeExpiring } from './storage-keys';
import { normaliseRule, parseMatchType, SUPER_QUERY_RULES, type MatchType, type SuperQuery, type SuperQueryCondition, type SuperQueryRule } from './super-query';

/* ------------------------------------------------------------------ texts and constants */

export const QUERY_TITLE = '高级查询构造器';
export const QUERY_BUTTON = '高级查询';
export const QUERY_ACTIVE_TIP = '已有高级查询条件生效';
/** Spec 02 §5. */
export const EMPTY_QUERY = '不能查询空条件';
export const EMPTY_SAVE = '空条件不能保存';
export const EMPTY_SAVE_NAME = '保存名称不能为空';
export const DELETE_CONFIRM = '是否删除当前查询？';
/** Spec 02 §5: '名称 已存在，是否覆盖？' with the name in front. */
export const overwriteConfirm = (title: string) => `${title} 已存在，是否覆盖？`;
export const SAVE_PROMPT_TITLE = '请输入保存的名称';
export const SAVED_TITLE = '保存的查询';
export const SAVED_EMPTY = '没有保存任何查询';
export const SAVE_OK = '保存成功';
export const DELETE_OK = '删除成功';
/** Shown when the server cannot be reached: the local copy is used and synced later. */
export const SAVED_OFFLINE = '已保存在本机，连接服务器后同步';
export const OFFLINE_NOTE = '未能连接服务器，显示本机保存的查询';
export const PENDING_TAG = '本机';

/** Limits shared with the server. */
export const MAX_SAVE_NAME = 50;
export const MAX_SAVE_CODE = 200;
export const MAX_SAVED_PER_CODE = 50;
export const SAVE_NAME_TOO_LONG = `保存名称不能超过${MAX_SAVE_NAME}个字符`;
export const SAVED_LIMIT_REACHED = `每个页面最多保存${MAX_SAVED_PER_CODE}个查询，请先删除不用的查询`;

/** Spec 02 §9 order, with the builder's labels. */
export const RULE_OPTIONS: readonly { value: SuperQueryRule; label: string }[] = [
  { value: 'eq', label: '等于' },
  { value: 'like', label: '包含' },
  { value: 'right_like', label: '以..开始' },
  { value: 'left_like', label: '以..结尾' },
  { value: 'in', label: '在...中' },
  { value: 'ne', label: '不等于' },
  { value: 'gt', label: '大于' },
  { value: 'ge', label: '大于等于' },
  { value: 'lt', label: '小于' },
  { value: 'le', label: '小于等于' },
];

export const MATCH_TYPE_OPTIONS: readonly { value: MatchType; label: string }[] = [
  { value: 'and', label: 'AND（所有条件都要求匹配）' },
  { value: 'or', label: 'OR（条件中的任意一个匹配）' },
];

/** Spec 02 §9: switch fields are Y / N, shown 是 / 否. */
export const YES_NO_OPTIONS: FieldOption[] = [
  { value: 'Y', text: '是' },
  { value: 'N', text: '否' },
];

/* ------------------------------------------------------------------ fields */

/** A field as the builder offers it. */
export interface QueryField {
  name: string;
  label: string;
  kind: FieldKind;
  type: ValueType;
  dictCode?: string;
  options?: FieldOption[];
}

/**
 * The fields of a definition the builder offers (queryable: not writeOnly, not virtual, query !== false).
 * `dictCodeOf` lets the client add the table dictionaries that stand in for user / department pickers.
 */
export function toQueryFields(fields: readonly FieldDef[], dictCodeOf: (f: FieldDef) => string | undefined = (f) => f.dictCode): QueryField[] {
  return fields.filter(isQueryable).map((f) => {
    const dictCode = dictCodeOf(f);
    const options = f.options?.length ? f.options : !dictCode && f.kind === 'switch' ? YES_NO_OPTIONS : undefined;
    return { name: f.name, label: f.label, kind: f.kind, type: valueTypeOf(f), ...(dictCode ? { dictCode } : {}), ...(options ? { options } : {}) };
  });
}

/** Dictionary or option fields: `in` makes them multi-select. */
export const hasChoices = (f: Pick<QueryField, 'dictCode' | 'options'> | undefined): boolean => Boolean(f && (f.dictCode || f.options?.length));

/* ------------------------------------------------------------------ builder rows */

export type RowValue = string | string[];

/** Spec 02 §3 query condition row (field, rule, val, type, dictCode); `key` is the row's identity in the UI. */
export interface QueryRow {
  key: string;
  field?: string;
  rule?: SuperQueryRule;
  val?: RowValue;
  type?: ValueType;
  dictCode?: string;
}

export interface BuilderState {
  matchType: MatchType;
  rows: QueryRow[];
}

let rowSeq = 0;
const nextKey = () => `row${++rowSeq}`;

/** A new row: rule 等于, nothing else (JeecgBoot's `{ rule: 'eq' }`). */
export const blankRow = (): QueryRow => ({ key: nextKey(), rule: 'eq' });

export const initialBuilder = (matchType: MatchType = 'and'): BuilderState => ({ matchType, rows: [blankRow()] });

const fieldOf = (fields: readonly QueryField[], name: string | undefined) => (name ? fields.find((f) => f.name === name) : undefined);

/** The editor's value of a stored `val`: a choice field under `in` edits a list. */
function editorValue(field: QueryField | undefined, rule: SuperQueryRule | undefined, val: unknown): RowValue | undefined {
  const list = Array.isArray(val) ? val.map(String) : typeof val === 'string' || typeof val === 'number' ? String(val).split(',') : [];
  if (rule === 'in' && hasChoices(field)) return list.map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(val)) return val.map(String).join(',');
  return typeof val === 'string' || typeof val === 'number' ? String(val) : undefined;
}

/** Rows for a query (the active one, or a saved one); rules on fields the page no longer offers are dropped. */
export function builderFromQuery(query: { matchType?: string; rules?: readonly { field?: unknown; rule?: unknown; val?: unknown }[]; records?: readonly { field?: unknown; rule?: unknown; val?: unknown }[] } | null | undefined, fields: readonly QueryField[]): BuilderState {
  const source = query?.rules ?? query?.records ?? [];
  const rows: QueryRow[] = [];
  for (const r of source) {
    const field = typeof r.field === 'string' ? fieldOf(fields, r.field) : undefined;
    const rule = normaliseRule(r.rule);
    if (!field || !rule) continue;
    rows.push({ key: nextKey(), field: field.name, rule, val: editorValue(field, rule, r.val), type: field.type, ...(field.dictCode ? { dictCode: field.dictCode } : {}) });
  }
  const matchType = parseMatchType(query?.matchType);
  return rows.length ? { matchType, rows } : initialBuilder(matchType);
}

const mapRow = (state: BuilderState, key: string, fn: (row: QueryRow) => QueryRow): BuilderState => ({ ...state, rows: state.rows.map((r) => (r.key === key ? fn(r) : r)) });

/** Adds a blank row after `afterKey` (or at the end). */
export function addRow(state: BuilderState, afterKey?: string): BuilderState {
  const at = afterKey ? state.rows.findIndex((r) => r.key === afterKey) : -1;
  const rows = [...state.rows];
  rows.splice(at >= 0 ? at + 1 : rows.length, 0, blankRow());
  return { ...state, rows };
}

/** Removes a row; the builder never has zero rows to edit (a blank one takes the last one's place). */
export function removeRow(state: BuilderState, key: string): BuilderState {
  const rows = state.rows.filter((r) => r.key !== key);
  return { ...state, rows: rows.length ? rows : [blankRow()] };
}

/** A new field: its type and dictionary come along, the old value goes. */
export function setRowField(state: BuilderState, key: string, name: string | undefined, fields: readonly QueryField[]): BuilderState {
  const f = fieldOf(fields, name);
  return mapRow(state, key, (r) => ({ key: r.key, rule: r.rule, ...(f ? { field: f.name, type: f.type, ...(f.dictCode ? { dictCode: f.dictCode } : {}) } : {}), val: r.rule === 'in' && hasChoices(f) ? [] : undefined }));
}

/**
 * A new rule (spec 02 §5): leaving `in` on a dictionary or option field keeps only the first value;
 * entering `in` there turns the value into a one-item list.
 */
export function setRowRule(state: BuilderState, key: string, rule: SuperQueryRule, fields: readonly QueryField[]): BuilderState {
  return mapRow(state, key, (r) => {
    const f = fieldOf(fields, r.field);
    if (!hasChoices(f)) return { ...r, rule, val: Array.isArray(r.val) ? r.val.join(',') : r.val };
    if (rule === 'in') return { ...r, rule, val: editorValue(f, 'in', r.val ?? []) };
    const first = Array.isArray(r.val) ? r.val[0] : r.val?.split(',')[0];
    return { ...r, rule, val: first };
  });
}

export const setRowValue = (state: BuilderState, key: string, val: RowValue | undefined): BuilderState => mapRow(state, key, (r) => ({ ...r, val }));

export const setMatchType = (state: BuilderState, matchType: MatchType): BuilderState => ({ ...state, matchType });

/* ------------------------------------------------------------------ running and saving */

const blankValue = (v: RowValue | undefined) => v === undefined || (Array.isArray(v) ? v.every((x) => x.trim() === '') : v.trim() === '');

/** A row with a field, a rule and a value. */
export const isCompleteRow = (r: QueryRow): boolean => Boolean(r.field && r.rule && (SUPER_QUERY_RULES as readonly string[]).includes(r.rule) && !blankValue(r.val));

/** Spec 02 §5: array values are joined by commas when emitted. */
export const joinValue = (v: RowValue): string => (Array.isArray(v) ? v.map((x) => x.trim()).filter(Boolean).join(',') : v);

/** The complete rows as conditions; incomplete rows are left out (the server would ignore them too). */
export function toConditions(rows: readonly QueryRow[]): SuperQueryCondition[] {
  return rows.filter(isCompleteRow).map((r) => ({ field: r.field!, rule: r.rule!, val: joinValue(r.val!), ...(r.type ? { type: r.type } : {}) }));
}

export type QueryResult = { ok: true; query: SuperQuery; active: true } | { ok: false; error: string };

/** 查询: the query to emit, or 不能查询空条件 when no row is complete (spec 02 §5). Emitting sets the active flag. */
export function runQuery(state: BuilderState): QueryResult {
  const rules = toConditions(state.rows);
  if (!rules.length) return { ok: false, error: EMPTY_QUERY };
  return { ok: true, query: { matchType: state.matchType, rules }, active: true };
}

/** 重置: one blank row, the match type kept, and no query (the active flag goes false, spec 02 §4). */
export const resetQuery = (state: BuilderState): { state: BuilderState; query: null; active: false } => ({ state: initialBuilder(state.matchType), query: null, active: false });

/** The name prompt's check, or null when the name will do. */
export function checkSaveName(name: string): string | null {
  const t = name.trim();
  if (!t) return EMPTY_SAVE_NAME;
  if (t.length > MAX_SAVE_NAME) return SAVE_NAME_TOO_LONG;
  return null;
}

/** 保存查询条件 pressed: the conditions to save, or 空条件不能保存. */
export function checkSave(state: BuilderState): { ok: true; records: SuperQueryCondition[] } | { ok: false; error: string } {
  const records = toConditions(state.rows);
  return records.length ? { ok: true, records } : { ok: false, error: EMPTY_SAVE };
}

/* ------------------------------------------------------------------ the saved-query store */

/** Spec 02 §3 saved query; `id` is the server's (absent = saved offline, not yet uploaded). */
export interface SavedQuery {
  id?: string;
  title: string;
  matchType: MatchType;
  records: SuperQueryCondition[];
}

export const SAVED_KEY_PREFIX = 'JSuperQuerySaved_';

/** `JSuperQuerySaved_` + the save code or the route path (the storage wrapper adds `pro__`). */
export const savedQueryKey = (code: string) => SAVED_KEY_PREFIX + code;

/** One saved entry from storage or the server, or null when it is not one. Arrays in old entries are comma-joined. */
export function toSavedQuery(raw: unknown): SavedQuery | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  if (typeof o.title !== 'string' || !o.title.trim() || !Array.isArray(o.records)) return null;
  const records: SuperQueryCondition[] = [];
  for (const r of o.records as unknown[]) {
    if (!r || typeof r !== 'object') continue;
    const x = r as Record<string, unknown>;
    const rule = normaliseRule(x.rule);
    const val = Array.isArray(x.val) ? x.val.map(String).join(',') : typeof x.val === 'string' || typeof x.val === 'number' ? String(x.val) : '';
    if (typeof x.field !== 'string' || !x.field || !rule || !val.trim()) continue;
    records.push({ field: x.field, rule, val, ...(typeof x.type === 'string' && x.type ? { type: x.type } : {}) });
  }
  if (!records.length) return null;
  return { ...(typeof o.id === 'string' && o.id ? { id: o.id } : {}), title: o.title.trim(), matchType: parseMatchType(o.matchType), records };
}

export const toSavedList = (raw: unknown): SavedQuery[] => (Array.isArray(raw) ? raw.map(toSavedQuery).filter((q): q is SavedQuery => q !== null) : []);

export function readSavedQueries(storage: Storage, code: string): SavedQuery[] {
  return toSavedList(readExpiring<unknown>(storage, savedQueryKey(code)));
}

/** Kept without expiry, as the spec's storage wrapper keeps it. */
export function writeSavedQueries(storage: Storage, code: string, list: readonly SavedQuery[]): void {
  writeExpiring(storage, savedQueryKey(code), list, null);
}

export const findByTitle = (list: readonly SavedQuery[], title: string) => list.find((q) => q.title === title.trim());

/** Saves by title: an existing title is replaced in place (after the overwrite confirmation), a new one is appended. */
export function upsertSaved(list: readonly SavedQuery[], entry: SavedQuery): SavedQuery[] {
  const i = list.findIndex((q) => q.title === entry.title);
  if (i < 0) return [...list, entry];
  const next = [...list];
  next[i] = entry;
  return next;
}

/** Removes one entry (by server id, else by title). */
export const removeSaved = (list: readonly SavedQuery[], entry: Pick<SavedQuery, 'id' | 'title'>): SavedQuery[] =>
  list.filter((q) => (entry.id ? q.id !== entry.id : q.id !== undefined || q.title !== entry.title));

/** Entries saved while the server was unreachable (or before it kept them): to upload on the next sync. */
export const pendingOf = (list: readonly SavedQuery[]) => list.filter((q) => !q.id);

/** The server's list plus the local entries it does not have yet (by title). */
export const mergeSaved = (server: readonly SavedQuery[], pending: readonly SavedQuery[]): SavedQuery[] => [
  ...server,
  ...pending.filter((p) => !server.some((s) => s.title === p.title)),
];

/** HTTP statuses that mean "the server is not reachable" (no answer, bad gateway, unavailable, timeout): work on the local copy. */
export const isOfflineStatus = (status: number) => status === 0 || status === 502 || status === 503 || status === 504;

/** The body of POST /sys/superQuery/save. */
export const toSaveBody = (code: string, q: SavedQuery) => ({ code, title: q.title, matchType: q.matchType, records: q.records });
