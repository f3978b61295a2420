'use client';

import type { CSSProperties } from 'react';
import { Button, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { CHOOSE_TEXT, MAX_TAG_COUNT, PICKER_PLACEHOLDER } from './picker-constants';

export interface PickerFieldProps {
  /** Selected keys, in order. */
  values: string[];
  /** Key → text shown; a key without text shows as itself. */
  labels: Readonly<Record<string, string>>;
  multiple: boolean;
  /** Opens the picker modal. */
  onOpen: () => void;
  /** A tag was removed or the field cleared: the remaining keys. */
  onChange: (values: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  loading?: boolean;
  id?: string;
  style?: CSSProperties;
  /** data-testid of the wrapper; the select gets `${testId}-input`, the button `${testId}-open`. */
  testId?: string;
}

/**
 * The form-field half of a picker: a select that never drops down (clicking it opens the picker),
 * showing the chosen texts — one tag in multiple mode — plus a 选择 button.
 */
export function PickerField({ values, labels, multiple, onOpen, onChange, placeholder = PICKER_PLACEHOLDER, disabled, loading, id, style, testId }: PickerFieldProps) {
  const options = values.map((v) => ({ value: v, label: labels[v] ?? v }));
  return (
    <Space.Compact style={{ width: '100%', ...style }} data-testid={testId}>
      <Select<string | string[]>
        id={id}
        style={{ width: '100%' }}
        mode={multiple ? 'multiple' : undefined}
        open={false}
        value={multiple ? values : values[0]}
        options={options}
        maxTagCount={MAX_TAG_COUNT}
        placeholder={placeholder}
        disabled={disabled}
        loading={loading}
        allowClear
        showSearch={false}
        onOpenChange={(next) => {
          if (next && !disabled) onOpen();
        }}
        onChange={(v) => onChange(Array.isArray(v) ? v.map(String) : v === undefined || v === null ? [] : [String(v)])}
        data-testid={testId ? `${testId}-input` : undefined}
      />
      <Button icon={<SearchOutlined />} disabled={disabled} onClick={onOpen} data-testid={testId ? `${testId}-open` : undefined}>
        {CHOOSE_TEXT}
      </Button>
    </Space.Compact>
  );
}
