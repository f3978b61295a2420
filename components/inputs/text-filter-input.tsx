'use client';

import { useState } from 'react';
import { Button, Dropdown, Input, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { fromFilterValue, TEXT_FILTER_LABELS, toFilterValue, type TextFilterOperator } from '@/lib/inputs/text-filter';

export interface TextFilterInputProps {
  /** The search param value, operator included (`*v*`, `!v`, `>= v`, `<= v`). */
  value?: string;
  onChange?: (value: string) => void;
  /** The operator (JInput's `type`); default like. */
  operator?: TextFilterOperator;
  /** More than one lets the user pick the operator from a small menu in front of the input. */
  operators?: readonly TextFilterOperator[];
  placeholder?: string;
  disabled?: boolean;
  maxLength?: number;
  allowClear?: boolean;
  id?: string;
  'data-testid'?: string;
}

/**
 * Text filter input (spec 02 §9): shows plain text, hands the form the value with its operator
 * (lib/inputs/text-filter.ts), as the list query's plain-field grammar reads it. Use it on a field
 * whose list-state search mode passes values through ('eq'), or the 'like' wrapping happens twice.
 */
export function TextFilterInput({ value, onChange, operator = 'like', operators, placeholder, disabled, maxLength, allowClear = true, id, 'data-testid': testId }: TextFilterInputProps) {
  // The typed text is kept as typed (spaces included) while it still encodes to the current value;
  // a value set from outside (reset, restored search) replaces it.
  const [local, setLocal] = useState(() => ({ ...fromFilterValue(value, operator), value: value ?? '' }));
  let shown = local;
  if ((value ?? '') !== local.value) {
    shown = { ...fromFilterValue(value, local.op), value: value ?? '' };
    setLocal(shown);
  }
  const update = (text: string, op: TextFilterOperator) => {
    const next = toFilterValue(text, op);
    setLocal({ text, op, value: next });
    if (next !== (value ?? '')) onChange?.(next);
  };
  const selectable = operators && operators.length > 1;
  const field = (
    <Input
      id={id}
      value={shown.text}
      placeholder={placeholder}
      disabled={disabled}
      maxLength={maxLength}
      allowClear={allowClear}
      data-testid={testId}
      onChange={(e) => update(e.target.value, shown.op)}
    />
  );
  if (!selectable) return field;
  return (
    <Space.Compact block>
      <Dropdown
        disabled={disabled}
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [shown.op],
          items: operators.map((op) => ({ key: op, label: TEXT_FILTER_LABELS[op] })),
          onClick: ({ key }) => update(shown.text, key as TextFilterOperator),
        }}
      >
        <Button data-testid={testId ? `${testId}-operator` : undefined} style={{ flex: 'none' }}>
          {TEXT_FILTER_LABELS[shown.op]} <DownOutlined />
        </Button>
      </Dropdown>
      {field}
    </Space.Compact>
  );
}
