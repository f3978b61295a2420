'use client';

import { useState, type CSSProperties } from 'react';
import useSWR from 'swr';
import { Select, Spin } from 'antd';
import { http } from '@/lib/http';
import { EMPTY_DICT_CODE, normalizeDictItems, type DictOption } from '@/lib/dict-cache';
import { DEFAULT_PLACEHOLDER, DictSelect, toSelectOptions } from './dict-select';
import { DICT_SWR_TAG } from './use-dict';
import { useLatestSearch } from '../use-latest-search';

/** Spec 01 §7: dictionary search (loadDict) is debounced 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_PAGE_SIZE = 10;

export interface SearchSelectProps {
  /** A registered table dictionary, `table,text,code`. */
  dict: string;
  value?: string | number | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  /** true (default): search the server as the user types; false: load every item once and filter locally. */
  async?: boolean;
  pageSize?: number;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
}

/** JSearchSelectTag: a select over a (large) table dictionary. */
export function SearchSelect({ async = true, dict, ...rest }: SearchSelectProps) {
  if (!async) return <DictSelect dictCode={dict} {...rest} value={rest.value} onChange={(v) => rest.onChange?.(Array.isArray(v) ? v.join(',') : v)} />;
  return <AsyncSearchSelect dict={dict} {...rest} />;
}

function AsyncSearchSelect({ dict, value, onChange, placeholder = DEFAULT_PLACEHOLDER, pageSize = SEARCH_PAGE_SIZE, allowClear = true, disabled, id, style }: Omit<SearchSelectProps, 'async'>) {
  const [options, setOptions] = useState<DictOption[] | null>(null);
  const code = (dict ?? '').trim();
  const current = value === null || value === undefined ? '' : String(value);
  // The label of the current value, whether or not it is on the loaded page (loadDictItem).
  const label = useSWR(
    code && current ? [DICT_SWR_TAG, 'search-label', code, current] : null,
    () => http.get<string[]>(`/sys/dict/loadDictItem/${encodeURIComponent(code)}`, { key: current, delNotExist: false }).then((r) => r.result?.[0] ?? current),
    { revalidateOnFocus: false, shouldRetryOnError: false, onError: (e: unknown) => console.error('[dict] label lookup failed', e) },
  );

  // spec 02 §8: a failed loadDict shows the message as a warning (useLatestSearch does).
  const { load, search, loading } = useLatestSearch(
    (keyword) => http.get<unknown>(`/sys/dict/loadDict/${encodeURIComponent(code)}`, { keyword, pageSize }).then((r) => normalizeDictItems(r.result)),
    SEARCH_DEBOUNCE_MS,
    setOptions,
  );

  if (!code) return <Select id={id} style={style} disabled status="error" placeholder={EMPTY_DICT_CODE} />;

  const page = options ?? [];
  const shown: DictOption[] =
    current && !page.some((o) => o.value === current)
      ? [{ value: current, text: label.data ?? current, title: label.data ?? current, label: label.data ?? current }, ...page]
      : page;

  return (
    <Select<string>
      id={id}
      style={{ minWidth: 160, ...style }}
      value={current || undefined}
      options={toSelectOptions(shown)}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      loading={loading}
      showSearch={{ filterOption: false, onSearch: search }}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      onOpenChange={(open) => {
        if (open && options === null) load('');
      }}
      onChange={(v) => onChange?.(v === undefined || v === null ? undefined : String(v))}
    />
  );
}
