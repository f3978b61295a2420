'use client';

import dayjs from 'dayjs';
import { DatePicker, Input, InputNumber, Select } from 'antd';
import { DEFAULT_PLACEHOLDER, DictSelect } from '@/components/data/dict/dict-select';
import { DATE_FORMAT, DATETIME_FORMAT } from '@/lib/format';
import { hasChoices, type QueryField, type RowValue } from '@/lib/saved-queries';
import type { SuperQueryRule } from '@/lib/super-query';

export const VALUE_PLACEHOLDER = '请输入值';
export const LIST_PLACEHOLDER = '请输入值，多个用逗号分隔';

export interface ValueEditorProps {
  field?: QueryField;
  rule?: SuperQueryRule;
  value?: RowValue;
  onChange: (value: RowValue | undefined) => void;
  testId?: string;
}

const text = (v: RowValue | undefined) => (Array.isArray(v) ? v.join(',') : (v ?? ''));

/**
 * The value of one condition, by field: a dictionary / option select (several values under `在...中`),
 * a date or date-time picker, a number input, else text. Values stay strings in the spec 02 §9 formats.
 */
export function ValueEditor({ field, rule, value, onChange, testId }: ValueEditorProps) {
  const style = { width: '100%' };
  const common = { 'data-testid': testId, style };
  // allowClear like the text editor below, so choosing a field keeps the input's DOM shape (antd warns otherwise).
  if (!field) return <Input {...common} disabled allowClear placeholder={VALUE_PLACEHOLDER} />;
  const multiple = rule === 'in';
  if (hasChoices(field)) {
    const mode = multiple ? ('multiple' as const) : undefined;
    const selected = multiple ? (Array.isArray(value) ? value : value ? [value] : []) : Array.isArray(value) ? value[0] : value;
    if (field.options?.length) {
      return (
        <Select<string | string[]>
          {...common}
          mode={mode}
          allowClear
          placeholder={DEFAULT_PLACEHOLDER}
          value={selected}
          options={field.options.map((o) => ({ value: o.value, label: o.text }))}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(v) => onChange(v ?? undefined)}
        />
      );
    }
    return (
      <div data-testid={testId} style={style}>
        <DictSelect dictCode={field.dictCode} mode={mode} allowClear placeholder={DEFAULT_PLACEHOLDER} value={selected} onChange={(v) => onChange(v)} style={style} />
      </div>
    );
  }
  // A list of dates or numbers is typed as text ("2024-01-01,2024-02-01").
  if (multiple) return <Input {...common} allowClear placeholder={LIST_PLACEHOLDER} value={text(value)} onChange={(e) => onChange(e.target.value)} />;
  if (field.type === 'date' || field.type === 'datetime') {
    const format = field.type === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT;
    const parsed = typeof value === 'string' && value ? dayjs(value) : null;
    return (
      <DatePicker
        {...common}
        showTime={field.type === 'datetime'}
        format={format}
        placeholder={VALUE_PLACEHOLDER}
        value={parsed?.isValid() ? parsed : null}
        onChange={(d) => onChange(d ? d.format(format) : undefined)}
      />
    );
  }
  if (field.type === 'number' || field.type === 'int') {
    return (
      <InputNumber<string>
        {...common}
        stringMode
        precision={field.type === 'int' ? 0 : undefined}
        placeholder={VALUE_PLACEHOLDER}
        value={typeof value === 'string' && value !== '' ? value : null}
        onChange={(v) => onChange(v === null || v === undefined || v === '' ? undefined : String(v))}
      />
    );
  }
  return <Input {...common} allowClear placeholder={VALUE_PLACEHOLDER} value={text(value)} onChange={(e) => onChange(e.target.value)} />;
}
