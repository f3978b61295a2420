'use client';

import useSWR, { type SWRConfiguration } from 'swr';
import { http } from '@/lib/http';
import { EMPTY_DICT_CODE, lookupDict, normalizeDictItems, type DictOption } from '@/lib/dict-cache';

export type { DictOption } from '@/lib/dict-cache';

/** First element of every dictionary swr key, so a cache refresh can revalidate them all. */
export const DICT_SWR_TAG = 'dict';

export interface UseDictResult {
  items: DictOption[];
  loading: boolean;
  /** 字典Code不能为空! for an empty code, else the load failure's message. */
  error?: string;
}

/** Dictionaries rarely change; a refresh (refresh-dict-cache.ts) revalidates them explicitly. */
const DICT_SWR_OPTIONS: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  // spec 01 §8: a failed dictionary load is logged only.
  onError: (e: unknown) => console.error('[dict] load failed', e),
};

const browserStorage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

/** Cache first (the 7-day localStorage copy), else GET /sys/dict/getDictItems/{code}. */
export async function loadDictOptions(code: string): Promise<DictOption[]> {
  const storage = browserStorage();
  const cached = storage ? lookupDict(storage, code) : null;
  if (cached) return cached;
  const r = await http.get<unknown>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`);
  return normalizeDictItems(r.result);
}

/** `useDict('sex')` → `{ items: [{value:'1', text:'男', …}], loading }`. */
export function useDict(dictCode: string | null | undefined): UseDictResult {
  const code = (dictCode ?? '').trim();
  const { data, error, isLoading } = useSWR(code ? [DICT_SWR_TAG, code] : null, ([, c]: [string, string]) => loadDictOptions(c), DICT_SWR_OPTIONS);
  if (!code) return { items: [], loading: false, error: EMPTY_DICT_CODE };
  return { items: data ?? [], loading: isLoading, error: error ? errorText(error) : undefined };
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The rows of a url answering `result` as an array or as a page (`result.records`). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  const list = Array.isArray(result) ? result : result && typeof result === 'object' ? (result as { records?: unknown }).records : null;
  return Array.isArray(list) ? list.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object') : [];
}

/** Options loaded from any url (spec 02 §7: records or result, configurable value and text fields), with a row's `phone` and `ownBy` kept (spec 02 §3). */
export async function loadUrlOptions(url: string, valueField = 'value', textField = 'text'): Promise<DictOption[]> {
  const r = await http.get<unknown>(url);
  return normalizeDictItems(rowsOf(r.result).map((row) => ({ value: row[valueField], text: row[textField], phone: row.phone, ownBy: row.ownBy })));
}

export function useUrlOptions(url: string | null | undefined, valueField?: string, textField?: string): UseDictResult {
  const key = url ? [DICT_SWR_TAG, 'url', url, valueField ?? 'value', textField ?? 'text'] as const : null;
  const { data, error, isLoading } = useSWR(key, ([, , u, v, t]: readonly [string, string, string, string, string]) => loadUrlOptions(u, v, t), DICT_SWR_OPTIONS);
  return { items: data ?? [], loading: isLoading, error: error ? errorText(error) : undefined };
}
