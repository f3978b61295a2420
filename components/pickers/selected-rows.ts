import { http } from '@/lib/http';
import { toPageData } from '@/lib/list-state';
import { encodeSuperQuery, MAX_SUPER_QUERY_RULES } from '@/lib/super-query';

/**
 * Rows of already-selected values (spec 02 §7): `superQueryParams` with one `eq` rule per value,
 * `superQueryMatchType=or`, `pageSize` 10000. Our server pages at most 200 rows and accepts at most 50
 * advanced-query rules, so long selections go out in chunks that each fit in one page.
 */
export const SELECTED_FETCH_PAGE_SIZE = 10000;
/** server/core/paging.ts MAX_PAGE_SIZE. */
export const SERVER_MAX_PAGE_SIZE = 200;
export const SELECTED_CHUNK = Math.min(MAX_SUPER_QUERY_RULES, SERVER_MAX_PAGE_SIZE);

export function chunk<T>(list: readonly T[], size = SELECTED_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The wire params asking for the rows whose `field` equals one of `values`. */
export function selectedQueryParams(field: string, values: readonly string[]): Record<string, string | number> {
  return {
    superQueryParams: encodeSuperQuery(values.map((val) => ({ field, rule: 'eq' as const, val }))),
    superQueryMatchType: 'or',
    pageNo: 1,
    pageSize: SELECTED_FETCH_PAGE_SIZE,
  };
}

const unique = (values: readonly string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** All rows of `url` whose `field` is one of `values` (chunked, in parallel). */
export async function fetchRowsBy<R>(url: string, field: string, values: readonly string[], extra: Record<string, string | number> = {}): Promise<R[]> {
  const list = unique(values);
  if (!list.length) return [];
  const pages = await Promise.all(chunk(list).map((part) => http.get<unknown>(url, { ...extra, ...selectedQueryParams(field, part) })));
  return pages.flatMap((p) => toPageData<R>(p.result).records);
}

/** Texts of a table dictionary's keys, in key order (GET /sys/dict/loadDictItem/{dict}). */
export async function loadLabels(dict: string, values: readonly string[]): Promise<Record<string, string>> {
  const list = unique(values);
  if (!list.length) return {};
  const r = await http.get<unknown>(`/sys/dict/loadDictItem/${encodeURIComponent(dict)}`, { key: list.join(','), delNotExist: false });
  const texts = Array.isArray(r.result) ? r.result : [];
  const out: Record<string, string> = {};
  list.forEach((v, i) => {
    const t = texts[i];
    if (t !== undefined && t !== null && String(t) !== '') out[v] = String(t);
  });
  return out;
}

/** `"a, b,,c"` → `['a','b','c']`. */
export const splitValues = (value: string | null | undefined): string[] => unique((value ?? '').split(','));
