'use client';

import { useRef, useState, type CSSProperties } from 'react';
import { Select, Spin } from 'antd';
import { useLatestSearch } from '@/components/data/use-latest-search';
import { dataGeneration } from '@/lib/data-changes';
import { http } from '@/lib/http';
import { rowsOf } from '@/components/data/dict/use-dict';
import { MAX_TAG_COUNT, PICKER_PAGE_SIZE, PICKER_PLACEHOLDER } from './picker-constants';
import { splitValues } from './selected-rows';

/** Spec 02 §4 / §9: the async select's loads are debounced 800 ms; only the latest response is used. */
export const ASYNC_SEARCH_DEBOUNCE_MS = 800;

export interface AsyncOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface AsyncSearchSelectProps {
  /** The options for a keyword ('' when the dropdown first opens). */
  fetchOptions: (keyword: string) => Promise<AsyncOption[]>;
  /** The value; comma-joined in multiple mode. */
  value?: string | null;
  /** The new value (comma-joined in multiple mode; undefined when cleared) and the chosen options. */
  onChange?: (value: string | undefined, options: AsyncOption[]) => void;
  /** Texts of the current value(s), shown before any search loaded them. */
  initialOptions?: AsyncOption[];
  mode?: 'multiple';
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
}

export interface UrlOptionsConfig {
  url: string;
  /** The param carrying the keyword (default `keyword`). */
  keywordParam?: string;
  /** Wrap the keyword as `*x*` (a list url's contains search). */
  like?: boolean;
  valueField?: string;
  textField?: string;
  pageSize?: number;
  params?: Record<string, string | number>;
}

/** fetchOptions over a url answering rows (`result` or `result.records`). */
export function urlOptions({ url, keywordParam = 'keyword', like = false, valueField = 'value', textField = 'text', pageSize = PICKER_PAGE_SIZE, params = {} }: UrlOptionsConfig) {
  return async (keyword: string): Promise<AsyncOption[]> => {
    const kw = keyword.trim();
    const r = await http.get<unknown>(url, { ...params, pageSize, ...(kw ? { [keywordParam]: like ? `*${kw}*` : kw } : {}) });
    const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
    return rowsOf(r.result).map((row) => ({ value: s(row[valueField]), label: s(row[textField]) }));
  };
}

/** A select that searches the server as the user types: debounced 800 ms, stale answers dropped. */
export function AsyncSearchSelect({ fetchOptions, value, onChange, initialOptions = [], mode, placeholder = PICKER_PLACEHOLDER, allowClear = true, disabled, id, style }: AsyncSearchSelectProps) {
  const [options, setOptions] = useState<AsyncOption[] | null>(null);
  /** Every answer keeps the options it showed, so chosen values keep their texts. */
  const [seen, setSeen] = useState<Record<string, AsyncOption>>({});
  /** The write generation of the last full load: a write since then (a row added elsewhere) reloads on open. */
  const loadedAt = useRef<number | null>(null);
  const { load, search, loading } = useLatestSearch(fetchOptions, ASYNC_SEARCH_DEBOUNCE_MS, (list) => {
    setOptions(list);
    setSeen((s) => ({ ...s, ...Object.fromEntries(list.map((o) => [o.value, o])) }));
  });

  const values = splitValues(value);
  const known = (v: string): AsyncOption => seen[v] ?? initialOptions.find((o) => o.value === v) ?? { value: v, label: v };
  const page = options ?? [];
  // The chosen values stay in the list (with their texts) whatever the last search found.
  const shown = [...values.filter((v) => !page.some((o) => o.value === v)).map(known), ...page];

  return (
    <Select<string | string[]>
      id={id}
      style={{ minWidth: 160, ...style }}
      mode={mode}
      maxTagCount={mode ? MAX_TAG_COUNT : undefined}
      value={mode ? values : values[0]}
      options={shown}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      loading={loading}
      showSearch={{ filterOption: false, onSearch: search }}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      onOpenChange={(open) => {
        if (open && (options === null || loadedAt.current !== dataGeneration())) {
          loadedAt.current = dataGeneration();
          load('');
        }
      }}
      onChange={(v) => {
        const list = Array.isArray(v) ? v.map(String) : v === undefined || v === null ? [] : [String(v)];
        onChange?.(list.length ? list.join(',') : undefined, list.map(known));
      }}
    />
  );
}
