'use client';

import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { DictSelect } from '@/components/data/dict/dict-select';
import { dictCodeOf, inputPlaceholder, selectPlaceholder } from '@/components/fields/field-registry';
import { DATE_FORMAT, DATETIME_FORMAT } from '@/lib/format';
import type { SearchValue, SearchValues } from '@/lib/list-state';
import type { FieldDef } from '@/lib/resources/types';
import { QueryButtons } from './query-buttons';

/** Fields shown while the bar is collapsed; more than this offers 展开 / 收起. */
export const SEARCH_COLLAPSED_COUNT = 3;

type FormValue = string | string[] | [Dayjs | null, Dayjs | null] | [string | undefined, string | undefined] | null | undefined;
type FormValues = Record<string, FormValue>;

const isDateKind = (f: FieldDef) => f.kind === 'date' || f.kind === 'datetime';
const formatOf = (f: FieldDef) => (f.kind === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT);
const YES_NO = [
  { value: 'Y', label: '是' },
  { value: 'N', label: '否' },
];

/** Bar values → the reducer's plain values (dates formatted per the spec 02 §9 formats). */
export function toSearchValues(fields: readonly FieldDef[], values: FormValues): SearchValues {
  const out: SearchValues = {};
  for (const f of fields) {
    const v = values[f.name];
    if (v === undefined || v === null || v === '') continue;
    if (f.search === 'range' && Array.isArray(v)) {
      const [a, b] = v as [Dayjs | string | null | undefined, Dayjs | string | null | undefined];
      const fmt = (x: Dayjs | string | null | undefined) => (x && typeof x === 'object' ? x.format(formatOf(f)) : (x ?? ''));
      out[f.name] = [fmt(a), fmt(b)];
    } else {
      out[f.name] = v as SearchValue;
    }
  }
  return out;
}

/** Reducer values → bar values (date ranges back to dayjs). */
export function toFormValues(fields: readonly FieldDef[], values: SearchValues): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = values[f.name];
    if (v === undefined || v === null) continue;
    if (f.search === 'range' && Array.isArray(v)) {
      const [a, b] = v as readonly (string | null | undefined)[];
      out[f.name] = isDateKind(f) ? [a ? dayjs(a) : null, b ? dayjs(b) : null] : [a ?? undefined, b ?? undefined];
    } else {
      out[f.name] = Array.isArray(v) ? [...(v as string[])] : String(v);
    }
  }
  return out;
}

/** Two plain inputs for a non-date range (`_begin` / `_end`). */
function RangeInput({ field, value, onChange, id }: { field: FieldDef; value?: [string | undefined, string | undefined]; onChange?: (v: [string | undefined, string | undefined]) => void; id?: string }) {
  const [a, b] = value ?? [undefined, undefined];
  return (
    <Space.Compact block>
      <Input id={id} value={a} placeholder={`${field.label}起`} onChange={(e) => onChange?.([e.target.value, b])} />
      <Input value={b} placeholder={`${field.label}止`} onChange={(e) => onChange?.([a, e.target.value])} />
    </Space.Compact>
  );
}

/**
 * What Form.Item injects into its child, forwarded to the control the field's kind picks. `never`
 * because each control has its own value type; the Form holds whatever that control produced.
 */
interface Injected {
  id?: string;
  value?: never;
  onChange?: never;
}

function SearchInput({ field, ...control }: { field: FieldDef } & Injected) {
  const code = dictCodeOf(field);
  const multiple = field.search === 'in';
  if (field.search === 'range') {
    if (isDateKind(field)) return <DatePicker.RangePicker {...control} style={{ width: '100%' }} showTime={field.kind === 'datetime'} format={formatOf(field)} allowEmpty={[true, true]} />;
    return <RangeInput {...control} field={field} />;
  }
  if (field.options) return <Select {...control} mode={multiple ? 'multiple' : undefined} allowClear placeholder={selectPlaceholder(field)} options={field.options.map((o) => ({ value: o.value, label: o.text }))} />;
  if (code) return <DictSelect {...control} dictCode={code} mode={multiple ? 'multiple' : undefined} allowClear placeholder={selectPlaceholder(field)} />;
  if (field.kind === 'switch') return <Select {...control} allowClear placeholder={selectPlaceholder(field)} options={YES_NO} />;
  return <Input {...control} allowClear placeholder={inputPlaceholder(field)} />;
}

export interface SearchBarProps {
  /** Searchable fields (those with `search`). */
  fields: readonly FieldDef[];
  /** Applied values (restored list state). */
  initialValues?: SearchValues;
  onSearch: (values: SearchValues) => void;
  onReset: () => void;
  collapsedCount?: number;
  /** Form name (field id prefix); default 'list_search'. */
  name?: string;
}

/** The list's search bar: 查询 / 重置, and 展开 / 收起 when there are more than a few fields. */
export function SearchBar({ fields, initialValues = {}, onSearch, onReset, collapsedCount = SEARCH_COLLAPSED_COUNT, name = 'list_search' }: SearchBarProps) {
  const [form] = Form.useForm<FormValues>();
  const [expanded, setExpanded] = useState(false);
  const [initial] = useState(() => toFormValues(fields, initialValues));
  if (fields.length === 0) return null;
  const collapsible = fields.length > collapsedCount;

  return (
    // A form name prefixes the field ids, so they never clash with the add/edit form's (label ↔ input).
    <Form form={form} name={name} layout="inline" initialValues={initial} onFinish={(v) => onSearch(toSearchValues(fields, v))} style={{ marginBottom: 16 }} data-testid="list-search">
      <Row gutter={[24, 12]} style={{ width: '100%' }}>
        {fields.map((f, i) => (
          <Col key={f.name} xl={6} lg={8} md={12} sm={24} style={collapsible && !expanded && i >= collapsedCount ? { display: 'none' } : undefined} data-testid={`list-search-field-${f.name}`}>
            <Form.Item name={f.name} label={f.label} style={{ width: '100%' }}>
              <SearchInput field={f} />
            </Form.Item>
          </Col>
        ))}
        <Col xl={6} lg={8} md={12} sm={24}>
          <QueryButtons
            onReset={() => {
              form.resetFields();
              form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.name, undefined])));
              onReset();
            }}
          >
            {collapsible && (
              <Button type="link" onClick={() => setExpanded((v) => !v)} data-testid="list-search-toggle">
                {expanded ? '收起' : '展开'}
                {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </QueryButtons>
        </Col>
      </Row>
    </Form>
  );
}
