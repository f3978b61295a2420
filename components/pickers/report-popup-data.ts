/**
 * Pure half of the report popup (JPopup / JPopupOnlReport, spec 02 §5, §9; contract §10): the
 * configuration check, the row key, the field mapping, the query params and the 30 s request cache.
 */

export const POPUP_CONFIG_ERROR = 'popup参数未正确配置!';
export const POPUP_COUNT_ERROR = 'popup参数未正确配置,原始值和目标值数量不一致!';
export const POPUP_SELECT_ONE = '请选择一条记录';
/** httpGroupRequest's default expiry. */
export const POPUP_CACHE_MS = 30000;
export const ROW_KEY_MAX_LENGTH = 50;
export const SELF_PARAM_PREFIX = 'self_';

export const RP_COLUMNS_URL = '/online/cgreport/api/getRpColumns/';
export const RP_QUERY_INFO_URL = '/online/cgreport/api/getQueryInfo/';
export const RP_DATA_URL = '/online/cgreport/api/getData/';

export type PopupRow = Record<string, unknown>;

/** `a, b` → ['a','b']. */
export const splitFields = (s: string | null | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** The popup needs a code, original fields and target fields, as many of each; else the error text. */
export function checkPopupConfig(code: string | null | undefined, orgFields: string | null | undefined, destFields: string | null | undefined): string | null {
  if (!(code ?? '').trim() || !splitFields(orgFields).length || !splitFields(destFields).length) return POPUP_CONFIG_ERROR;
  if (splitFields(orgFields).length !== splitFields(destFields).length) return POPUP_COUNT_ERROR;
  return null;
}

/** Confirming needs one row, or several only in multi mode. */
export function checkSelection(count: number, multi: boolean): string | null {
  return count === 0 || (!multi && count > 1) ? POPUP_SELECT_ONE : null;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** JPopupOnlReport.combineRowKey: the id followed by every value, cut to 50 characters. */
export function combineRowKey(record: PopupRow): string {
  let key = text(record.id);
  for (const k of Object.keys(record)) key += text(record[k]);
  return key.length > ROW_KEY_MAX_LENGTH ? key.slice(0, ROW_KEY_MAX_LENGTH) : key;
}

/** Each target field gets the matching original field of the chosen rows, comma-joined (missing = ''). */
export function mapPopupFields(rows: readonly PopupRow[], orgFields: string, destFields: string): Record<string, string> {
  const org = splitFields(orgFields);
  const dest = splitFields(destFields);
  const out: Record<string, string> = {};
  org.forEach((o, i) => {
    if (dest[i] !== undefined) out[dest[i]] = rows.map((r) => text(r[o])).join(',');
  });
  return out;
}

/** The text shown in the input: the value mapped to `field` (a target field), else the first target. */
export function popupText(mapped: Readonly<Record<string, string>>, destFields: string, field?: string): string {
  const dest = splitFields(destFields);
  const key = field && dest.includes(field) ? field : dest[0];
  return key ? (mapped[key] ?? '') : '';
}

/** A query field of getQueryInfo. */
export interface QueryInfoItem {
  label: string;
  field: string;
  /** Lower-cased field type: 'date', 'datetime', 'number', 'list' (dictionary), 'search' … */
  view: string;
  mode: 'single' | 'group';
  /** '1': shown only when the search form is expanded. */
  hidden: boolean;
  dictCode?: string;
}

/** getQueryInfo's answer as query fields (unknown shapes are skipped). */
export function toQueryInfo(result: unknown): QueryInfoItem[] {
  if (!Array.isArray(result)) return [];
  return result
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && typeof (r as { field?: unknown }).field === 'string')
    .map((r) => ({
      label: text(r.label ?? r.field),
      field: String(r.field),
      view: text(r.view).toLowerCase() || 'text',
      mode: r.mode === 'group' ? 'group' : 'single',
      hidden: String(r.hidden ?? '') === '1' || r.hidden === true,
      ...(typeof r.dictCode === 'string' && r.dictCode ? { dictCode: r.dictCode } : {}),
    }));
}

export type QueryValue = string | number | null | undefined | readonly [string | null | undefined, string | null | undefined];

/** Search values as getData params: a group field sends `<field>_begin` / `<field>_end`; empty values nothing. */
export function toQueryParams(info: readonly QueryInfoItem[], values: Readonly<Record<string, QueryValue>>): Record<string, string> {
  const out: Record<string, string> = {};
  const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';
  for (const q of info) {
    const v = values[q.field];
    if (q.mode === 'group') {
      const [b, e] = Array.isArray(v) ? v : [undefined, undefined];
      if (!blank(b)) out[`${q.field}_begin`] = String(b).trim();
      if (!blank(e)) out[`${q.field}_end`] = String(e).trim();
    } else if (!blank(v) && !Array.isArray(v)) out[q.field] = String(v).trim();
  }
  return out;
}

/** Dynamic report params go out with the self_ prefix; a quoted value loses its quotes. */
export function selfParams(param: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, raw] of Object.entries(param ?? {})) {
    const v = raw.length > 1 && raw.startsWith("'") && raw.endsWith("'") ? raw.slice(1, -1) : raw;
    out[`${SELF_PARAM_PREFIX}${k}`] = v;
  }
  return out;
}

/**
 * httpGroupRequest: the same request within `expire` ms shares one answer (and one in-flight promise).
 * A failed request is forgotten at once.
 */
export function createGroupCache(now: () => number = Date.now) {
  const entries = new Map<string, { at: number; promise: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>, expire = POPUP_CACHE_MS): Promise<T> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < expire) return hit.promise as Promise<T>;
      const promise = load();
      entries.set(key, { at: now(), promise });
      promise.catch(() => {
        if (entries.get(key)?.promise === promise) entries.delete(key);
      });
      return promise;
    },
    clear: () => entries.clear(),
  };
}
