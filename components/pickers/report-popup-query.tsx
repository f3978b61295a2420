'use client';

import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, DatePicker, Form, Input } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { DictSelect } from '@/components/data/dict/dict-select';
import { DATE_FORMAT, DATETIME_FORMAT } from '@/lib/format';
import { SearchButtons } from './picker-parts';
import { toQueryParams, type QueryInfoItem, type QueryValue } from './report-popup-data';

type FormValues = Record<string, string | number | Dayjs | null | undefined | [Dayjs | null, Dayjs | null] | [string?, string?]>;

/** The report's query fields; the ones marked hidden show after 展开. */
export function QueryForm({ items, onSearch }: { items: QueryInfoItem[]; onSearch: (params: Record<string, string>) => void }) {
  const [form] = Form.useForm<FormValues>();
  const [expanded, setExpanded] = useState(false);
  const hasHidden = items.some((i) => i.hidden);
  const submit = (values: FormValues) => {
    const plain: Record<string, QueryValue> = {};
    for (const q of items) {
      const v = values[q.field];
      const fmt = q.view === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT;
      const str = (x: unknown) => (dayjs.isDayjs(x) ? x.format(fmt) : x === null || x === undefined ? undefined : String(x));
      plain[q.field] = Array.isArray(v) ? ([str(v[0]), str(v[1])] as const) : str(v);
    }
    onSearch(toQueryParams(items, plain));
  };
  return (
    <Form form={form} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={submit} data-testid="report-popup-query">
      {items
        .filter((q) => expanded || !q.hidden)
        .map((q) => (
          <Form.Item key={q.field} name={q.field} label={q.label}>
            {queryEditor(q)}
          </Form.Item>
        ))}
      <SearchButtons
        testId="report-popup"
        onReset={() => {
          form.resetFields();
          onSearch({});
        }}
      />
      {hasHidden ? (
        <Form.Item>
          <Button type="link" onClick={() => setExpanded((e) => !e)} icon={expanded ? <UpOutlined /> : <DownOutlined />} iconPlacement="end">
            {expanded ? '收起' : '展开'}
          </Button>
        </Form.Item>
      ) : null}
    </Form>
  );
}

/** A report query field's editor (getQueryInfo): dates (a range in group mode), a dictionary select, or text. */
export function queryEditor(q: QueryInfoItem, testId?: string) {
  const date = q.view === 'date' || q.view === 'datetime';
  if (date && q.mode === 'group') return <DatePicker.RangePicker showTime={q.view === 'datetime'} />;
  if (date) return <DatePicker showTime={q.view === 'datetime'} />;
  if (q.dictCode) return <DictSelect dictCode={q.dictCode} allowClear style={{ width: 160 }} />;
  if (q.mode === 'group') return <GroupInput />;
  return <Input placeholder={`请输入${q.label}`} allowClear style={{ width: 160 }} data-testid={testId} />;
}

/** Two inputs (from … to) for a non-date group field. */
function GroupInput({ value, onChange }: { value?: [string?, string?]; onChange?: (v: [string?, string?]) => void }) {
  const [b, e] = value ?? [];
  return (
    <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
      <Input style={{ width: 100 }} value={b} placeholder="开始" onChange={(ev) => onChange?.([ev.target.value, e])} />~
      <Input style={{ width: 100 }} value={e} placeholder="结束" onChange={(ev) => onChange?.([b, ev.target.value])} />
    </span>
  );
}
