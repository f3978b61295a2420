'use client';

import type { CSSProperties } from 'react';
import { Checkbox, Select, Typography } from 'antd';
import { splitDictValue } from '@/lib/dict-cache';
import { useDict } from './use-dict';
import { DEFAULT_PLACEHOLDER, toSelectOptions, type DictValue } from './dict-select';

export interface DictMultiProps {
  dictCode: string;
  /** Comma-joined item values, e.g. `"1,3"`. */
  value?: DictValue;
  /** The chosen values joined with ",". */
  onChange?: (value: string) => void;
  /** A multi-select (default) or a row of checkboxes. */
  type?: 'select' | 'checkbox';
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
}

/** JMultiSelectTag: several dictionary items, stored as one comma-joined string. */
export function DictMulti({ dictCode, value, onChange, type = 'select', placeholder = DEFAULT_PLACEHOLDER, disabled, id, style }: DictMultiProps) {
  const { items, loading, error } = useDict(dictCode);
  const selected = splitDictValue(value);
  const emit = (vs: readonly unknown[]) => onChange?.(vs.map(String).join(','));
  if (!(dictCode ?? '').trim()) return <Typography.Text type="danger">{error}</Typography.Text>;
  if (type === 'checkbox') {
    return <Checkbox.Group value={selected} disabled={disabled} options={items.map((o) => ({ value: o.value, label: o.text, disabled: o.disabled }))} onChange={emit} />;
  }
  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      style={{ minWidth: 160, ...style }}
      value={selected}
      options={toSelectOptions(items)}
      placeholder={placeholder}
      loading={loading}
      disabled={disabled}
      allowClear
      // spec 02 §9: a multi-select shows one tag.
      maxTagCount={1}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(vs) => emit(vs ?? [])}
    />
  );
}
