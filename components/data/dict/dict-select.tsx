'use client';

import type { CSSProperties } from 'react';
import { Select } from 'antd';
import { dictOptionLabel, splitDictValue, type DictOption } from '@/lib/dict-cache';
import { useDict, useUrlOptions } from './use-dict';

export const DEFAULT_PLACEHOLDER = '请选择';

export type DictValue = string | number | readonly (string | number)[] | null | undefined;

export interface DictSelectProps {
  /** Dictionary code (`sex`) or a registered table dictionary (`sys_user,realname,id`). */
  dictCode?: string;
  value?: DictValue;
  /** Single mode: the item value (undefined when cleared); multiple mode: the selected values. */
  onChange?: (value: string | string[] | undefined) => void;
  placeholder?: string;
  mode?: 'multiple';
  allowClear?: boolean;
  disabled?: boolean;
  /** Load options from this url instead (its `result` or `result.records`). */
  url?: string;
  /** With `url`: the row fields holding the value and the text (default value / text). */
  valueField?: string;
  textField?: string;
  id?: string;
  style?: CSSProperties;
  className?: string;
  status?: 'error' | 'warning';
}

/** A user's phone (spec 02 §3's option extra) tells namesakes apart: 李文静（13800000001）. */
export const toSelectOptions = (items: readonly DictOption[]) => items.map((o) => ({ value: o.value, label: dictOptionLabel(o), disabled: o.disabled }));

/** Options from a dictionary code or a url; the error when neither is usable. */
export function useDictOrUrl(dictCode: string | undefined, url?: string, valueField?: string, textField?: string) {
  // With a url the dictionary hook is idle (a null code fetches nothing).
  const fromDict = useDict(url ? null : dictCode);
  const fromUrl = useUrlOptions(url, valueField, textField);
  return url ? fromUrl : fromDict;
}

/** JDictSelectTag (select form): a dictionary's items in an antd Select. */
export function DictSelect({
  dictCode,
  value,
  onChange,
  placeholder = DEFAULT_PLACEHOLDER,
  mode,
  allowClear,
  disabled,
  url,
  valueField,
  textField,
  id,
  style,
  className,
  status,
}: DictSelectProps) {
  const { items, loading, error } = useDictOrUrl(dictCode, url, valueField, textField);
  const values = splitDictValue(value);
  const selected = mode === 'multiple' ? values : values[0];
  const broken = !url && !!error && !(dictCode ?? '').trim();
  return (
    <Select<string | string[]>
      id={id}
      className={className}
      style={{ minWidth: 120, ...style }}
      mode={mode}
      value={selected}
      options={toSelectOptions(items)}
      placeholder={broken ? error : placeholder}
      status={broken ? 'error' : status}
      loading={loading}
      allowClear={allowClear}
      disabled={disabled || broken}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(v) => onChange?.(mode === 'multiple' ? (Array.isArray(v) ? v : splitDictValue(v)) : v === undefined || v === null ? undefined : String(v))}
    />
  );
}
