'use client';

import { Radio, Spin, Typography } from 'antd';
import { splitDictValue } from '@/lib/dict-cache';
import { useDict } from './use-dict';
import type { DictValue } from './dict-select';

export interface DictRadioProps {
  dictCode: string;
  value?: DictValue;
  onChange?: (value: string) => void;
  disabled?: boolean;
  /** Button-style radios instead of round ones. */
  buttonStyle?: boolean;
  id?: string;
}

/** JDictSelectTag (radio form): one choice among a dictionary's items. */
export function DictRadio({ dictCode, value, onChange, disabled, buttonStyle, id }: DictRadioProps) {
  const { items, loading, error } = useDict(dictCode);
  if (!(dictCode ?? '').trim()) return <Typography.Text type="danger">{error}</Typography.Text>;
  if (loading) return <Spin size="small" />;
  return (
    <Radio.Group
      id={id}
      value={splitDictValue(value)[0]}
      disabled={disabled}
      optionType={buttonStyle ? 'button' : 'default'}
      options={items.map((o) => ({ value: o.value, label: o.text, disabled: o.disabled }))}
      onChange={(e) => onChange?.(String(e.target.value))}
    />
  );
}
