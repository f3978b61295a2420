/**
 * List-page state as a pure reducer (DESIGN §3, spec 02 §4 "List paging"): page, page size, sort,
 * search values, table filters, advanced query and selection, plus `toListParams` for the wire
 * (contract §7) and the saved-state helpers. No React, no storage access except through the Storage
 * handed in.
 */
import type { FieldDef, SearchMode } from './resources/types';
import { readExpiring, writeExpiring } from './storage-keys';
import { toSuperQueryParams, type SuperQuery } from './super-query';

export type SortOrder = 'asc' | 'desc';
export interface ListSort {
  column: string;
  order: SortOrder;
}

/** Spec 02 §9: 10 rows by default, options 10/20/30. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 30] as const;
/** JeecgListMixin's `isorter` default (contract §7). */
export const DEFAULT_SORT: ListSort = { column: 'createTime', order: 'desc' };

/** A search-bar value as the bar hands it over: plain strings only (dates already formatted). */
export type SearchValue = string | number | boolean | null | undefined | readonly string[] | readonly [string | null | undefined, string | null | undefined];
export type SearchValues = Record<string, SearchValue>;

export type { SuperQuery, SuperQueryCondition, MatchType } from './super-query';

export interface ListState<Row = Record<string, unknown>> {
  pageNo: number;
  pageSize: number;
  /** null: the list sends no `column` / `order` (the server's own order). */
  sort: ListSort | null;
  /** The source's default sort; a cleared table sort returns here. */
  defaultSort: ListSort | null;
  /**
   * Search mode per searchable field name (from the source's fields). null: the source names no fields,
   * and every search value is sent under its own name as given (mode `eq`).
   */
  modes: Record<string, SearchMode> | null;
  /** The search bar's values (applied). */
  search: SearchValues;
  /** antd column filters (sent comma-joined, as the mixin merges `this.filters`). */
  filters: Record<string, readonly string[]>;
  /** Advanced query; `superQuery !== null` is the spec's advanced-query-active flag. */
  superQuery: SuperQuery | null;
  /** JeecgListMixin's `field` param ("id,,a,b"); ignored by list servers, kept for parity. */
  field: string;
  selectedRowKeys: string[];
  selectedRows: Row[];
}

export type ListAction<Row = Record<string, unknown>> =
  | { type: 'search'; values: SearchValues }
  | { type: 'reset' }
  | { type: 'page'; pageNo: number; pageSize: number }
  | { type: 'sort'; column?: string | null; order?: 'ascend' | 'descend' | SortOrder | null }
  | { type: 'filters'; filters: Record<string, readonly (string | number | boolean)[] | null | undefined> }
  | { type: 'superQuery'; query: SuperQuery | null }
  | { type: 'select'; keys: readonly (string | number)[]; rows: Row[] }
  | { type: 'clearSelection' }
  /** `count` rows were deleted from a page that showed `pageRows` rows. */
  | { type: 'deleted'; count: number; pageRows: number }
  /** A reload after a removal found `total` rows: stay on the last page that still has rows. */
  | { type: 'clamp'; total: number };

/** What is remembered per page (spec 02 §3 "Saved list state per page"). */
export interface SavedListState {
  pageNo: number;
  pageSize: number;
  column: string;
  order: SortOrder;
  field: string;
  search: SearchValues;
}

/**
 * What the list state needs of a list (a ResourceDef is one): its default sort (absent: createTime
 * desc; null: none sent), its searchable fields (absent: search values are sent as given) and its
 * page size (absent: 10).
 */
export interface ListStateSource {
  defaultSort?: ListSort | null;
  fields?: readonly Pick<FieldDef, 'name' | 'search' | 'writeOnly' | 'virtual' | 'sortable'>[];
  pageSize?: number;
}

/** JeecgListMixin.getQueryField: "id," then ",name" per column. */
export function queryField(columnNames: readonly string[]): string {
  return columnNames.reduce((s, n) => `${s},${n}`, 'id,');
}

/**
 * Whether a remembered state belongs to this list: its `field` names this list's columns and its sort is
 * one this list offers (the default sort's column or a sortable field). A state saved by another screen
 * (a page that mounted while the user had already clicked on) would otherwise be replayed here for ever,
 * each load refused by the server with 请注意，将要排序的列字段不存在. Sources without fields or columns
 * cannot tell, and keep what they saved.
 */
export function savedStateFits(def: ListStateSource, saved: SavedListState, columnNames?: readonly string[]): boolean {
  if (columnNames && saved.field && saved.field !== queryField(columnNames)) return false;
  if (!saved.column || !def.fields) return true;
  const defaultSort = def.defaultSort === undefined ? DEFAULT_SORT : def.defaultSort;
  if (saved.column === defaultSort?.column) return true;
  return def.fields.some((f) => f.name === saved.column && f.sortable === true && !f.writeOnly && !f.virtual);
}

/** `columnNames` give the mixin's `field` param; without them none is sent. A saved state that does not fit the list is dropped. */
export function initListState<Row = Record<string, unknown>>(def: ListStateSource, saved?: SavedListState | null, columnNames?: readonly string[]): ListState<Row> {
  let modes: Record<string, SearchMode> | null = null;
  if (def.fields) {
    modes = {};
    // Write-only and virtual fields are never searchable (lib/resources/field-kinds.ts searchModeOf).
    for (const f of def.fields) if (f.search && !f.writeOnly && !f.virtual) modes[f.name] = f.search;
  }
  const defaultSort = def.defaultSort === undefined ? DEFAULT_SORT : def.defaultSort;
  const base: ListState<Row> = {
    pageNo: 1,
    pageSize: def.pageSize ?? DEFAULT_PAGE_SIZE,
    sort: defaultSort,
    defaultSort,
    modes,
    search: {},
    filters: {},
    superQuery: null,
    field: columnNames ? queryField(columnNames) : '',
    selectedRowKeys: [],
    selectedRows: [],
  };
  if (!saved || !savedStateFits(def, saved, columnNames)) return base;
  const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(saved.pageSize) ? saved.pageSize : base.pageSize;
  const search: SearchValues = {};
  for (const [k, v] of Object.entries(saved.search ?? {})) if (!modes || k in modes) search[k] = v;
  return {
    ...base,
    pageNo: Number.isInteger(saved.pageNo) && saved.pageNo > 0 ? saved.pageNo : 1,
    pageSize,
    sort: saved.column && (saved.order === 'asc' || saved.order === 'desc') ? { column: saved.column, order: saved.order } : defaultSort,
    search,
  };
}

/** The # column: numbering goes on across pages (row `index` of page `pageNo`, counted from 1). */
export function rowNumber(state: Pick<ListState<unknown>, 'pageNo' | 'pageSize'>, index: number): number {
  return (Math.max(1, state.pageNo) - 1) * state.pageSize + index + 1;
}

/** Spec 02 §4: after deleting the last row(s) shown on a page, go back one page (never below 1). */
export function pageAfterDelete(pageNo: number, count: number, pageRows: number): number {
  return count > 0 && count >= pageRows ? Math.max(1, pageNo - 1) : pageNo;
}

/** After rows were removed and the list reloaded with `total` rows: the last page that still has rows. */
export function lastPageWithRows(pageNo: number, pageSize: number, total: number): number {
  return Math.min(pageNo, Math.max(1, Math.ceil(total / pageSize)));
}

const unselected = { selectedRowKeys: [] as string[], selectedRows: [] };

export function listReducer<Row>(state: ListState<Row>, action: ListAction<Row>): ListState<Row> {
  switch (action.type) {
    case 'search':
      return { ...state, search: { ...action.values }, pageNo: 1, ...unselected };
    case 'reset':
      return { ...state, search: {}, pageNo: 1, ...unselected };
    case 'page': {
      const pageSize = action.pageSize > 0 ? action.pageSize : state.pageSize;
      // A new page size starts again at page 1 (the old page number may not exist any more).
      const pageNo = pageSize !== state.pageSize ? 1 : Math.max(1, Math.floor(action.pageNo) || 1);
      if (pageNo === state.pageNo && pageSize === state.pageSize) return state;
      return { ...state, pageNo, pageSize, ...unselected };
    }
    case 'sort': {
      const order: SortOrder | null = action.order === 'ascend' || action.order === 'asc' ? 'asc' : action.order === 'descend' || action.order === 'desc' ? 'desc' : null;
      const sort = action.column && order ? { column: action.column, order } : state.defaultSort;
      if (sort?.column === state.sort?.column && sort?.order === state.sort?.order) return state;
      return { ...state, sort };
    }
    case 'filters': {
      const filters: Record<string, string[]> = {};
      for (const [k, v] of Object.entries(action.filters)) if (v && v.length > 0) filters[k] = v.map(String);
      return { ...state, filters, pageNo: 1, ...unselected };
    }
    case 'superQuery': {
      const q = action.query && action.query.rules.length > 0 ? { matchType: action.query.matchType, rules: [...action.query.rules] } : null;
      return { ...state, superQuery: q, pageNo: 1, ...unselected };
    }
    case 'select':
      return { ...state, selectedRowKeys: action.keys.map(String), selectedRows: [...action.rows] };
    case 'clearSelection':
      return state.selectedRowKeys.length === 0 ? state : { ...state, ...unselected };
    case 'deleted':
      return { ...state, pageNo: pageAfterDelete(state.pageNo, action.count, action.pageRows), ...unselected };
    case 'clamp': {
      const pageNo = lastPageWithRows(state.pageNo, state.pageSize, action.total);
      return pageNo === state.pageNo ? state : { ...state, pageNo };
    }
  }
}

/** The advanced-query-active flag. */
export const isSuperQueryActive = (state: Pick<ListState, 'superQuery'>) => state.superQuery !== null;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** One search value as plain params per mode (contract §7). Empty values produce nothing; an `eq` number stays a number. */
export function encodeSearchValue(name: string, mode: SearchMode, value: SearchValue): Record<string, string | number> {
  if (blank(value)) return {};
  if (mode === 'eq' && typeof value === 'number') return { [name]: value };
  if (mode === 'range') {
    const [begin, end] = Array.isArray(value) ? value : [value, undefined];
    const out: Record<string, string> = {};
    if (!blank(begin)) out[`${name}_begin`] = String(begin).trim();
    if (!blank(end)) out[`${name}_end`] = String(end).trim();
    return out;
  }
  if (Array.isArray(value)) {
    const list = value.filter((v) => !blank(v)).map((v) => String(v).trim());
    return list.length > 0 ? { [name]: list.join(',') } : {};
  }
  const text = String(value).trim();
  if (mode === 'like') return { [name]: `*${text}*` };
  return { [name]: text };
}

export type ListParams = Record<string, string | number>;

/** The wire params of `GET {api}/list` (contract §7). */
export function toListParams(state: ListState<unknown>): ListParams {
  const params: ListParams = {};
  // superQueryParams = encodeURI(JSON.stringify(rules)) as the Vue mixin sends it (lib/super-query.ts).
  Object.assign(params, toSuperQueryParams(state.superQuery));
  for (const [name, value] of Object.entries(state.search)) {
    const mode = state.modes ? state.modes[name] : 'eq';
    if (mode) Object.assign(params, encodeSearchValue(name, mode, value));
  }
  if (state.sort) {
    params.column = state.sort.column;
    params.order = state.sort.order;
  }
  for (const [k, v] of Object.entries(state.filters)) if (v.length > 0) params[k] = v.join(',');
  if (state.field) params.field = state.field;
  params.pageNo = state.pageNo;
  params.pageSize = state.pageSize;
  return params;
}

/** Export params: the list params without paging, plus `selections` (selected ids, comma-joined). */
export function toExportParams(state: ListState<unknown>): ListParams {
  const { pageNo: _p, pageSize: _s, ...rest } = toListParams(state);
  if (state.selectedRowKeys.length > 0) rest.selections = state.selectedRowKeys.join(',');
  return rest;
}

/** A list answer: `result.records` (a page) or `result` itself (an array) — contract §1. */
export function toPageData<Row>(result: unknown): { records: Row[]; total: number } {
  if (Array.isArray(result)) return { records: result as Row[], total: result.length };
  if (result && typeof result === 'object') {
    const r = result as { records?: unknown; total?: unknown };
    const records = Array.isArray(r.records) ? (r.records as Row[]) : [];
    const total = typeof r.total === 'number' ? r.total : Number(r.total) || records.length;
    return { records, total };
  }
  return { records: [], total: 0 };
}

/* ------------------------------------------------------------------ saved state */

export const listStateKey = (route: string) => `${route}:liststate`;

export function toSavedState(state: ListState<unknown>): SavedListState {
  return { pageNo: state.pageNo, pageSize: state.pageSize, column: state.sort?.column ?? '', order: state.sort?.order ?? 'desc', field: state.field, search: state.search };
}

/** Saved under `pro__<route>:liststate` (no expiry; callers pass sessionStorage). */
export function saveListState(storage: Storage, route: string, state: ListState<unknown>): void {
  writeExpiring(storage, listStateKey(route), toSavedState(state), null);
}

export function loadListState(storage: Storage, route: string): SavedListState | null {
  const v = readExpiring<SavedListState>(storage, listStateKey(route));
  return v && typeof v === 'object' && typeof v.pageNo === 'number' ? v : null;
}
