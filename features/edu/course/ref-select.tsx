'use client';

import { useEffect, useMemo, useState } from 'react';
import type { EditorProps } from '@/components/fields/field-registry';
import { AsyncSearchSelect, urlOptions, type AsyncOption } from '@/components/pickers/async-search-select';
import { rowsOf } from '@/components/data/dict/use-dict';
import { http } from '@/lib/http';

/**
 * A reference to a row of another teaching resource (课程, 教师, 场地, 教室, 学员, 班级): an async search over
 * that resource's list url (contains search on its name field). The chosen row's name is read once by id,
 * so an edit form shows the name rather than the id.
 */
export interface RefConfig {
  /** The resource's list url, e.g. '/course/tblCourse/list'. */
  url: string;
  /** The field holding the name (searched and shown). */
  textField: string;
  /** Fixed filters, e.g. { status: 1 } for active teachers only. */
  params?: Record<string, string | number>;
}

export const REFS = {
  course: { url: '/course/tblCourse/list', textField: 'name' },
  teacher: { url: '/edu/tblTeacher/list', textField: 'name' },
  activeTeacher: { url: '/edu/tblTeacher/list', textField: 'name', params: { status: 1 } },
  venue: { url: '/location/tblLocation/list', textField: 'name' },
  room: { url: '/edu/tblRoom/list', textField: 'name' },
  student: { url: '/edu/tblStudent/list', textField: 'name' },
  clazz: { url: '/clazz/tblClazz/list', textField: 'name' },
} as const satisfies Record<string, RefConfig>;

export interface RefSelectProps {
  config: RefConfig;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  mode?: 'multiple';
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  /** Extra text after a row's name in the options (e.g. the phone of a student). */
  detailField?: string;
}

/** The options of one search: the name, plus the detail field when asked for. */
function refOptions(config: RefConfig, detailField?: string) {
  const base = urlOptions({ url: config.url, keywordParam: config.textField, like: true, valueField: 'id', textField: config.textField, params: config.params });
  if (!detailField) return base;
  return async (keyword: string): Promise<AsyncOption[]> => {
    const kw = keyword.trim();
    const r = await http.get<unknown>(config.url, { ...config.params, pageSize: 20, ...(kw ? { [config.textField]: `*${kw}*` } : {}) });
    return rowsOf(r.result).map((row) => ({ value: String(row.id), label: `${String(row[config.textField] ?? '')}${row[detailField] ? `（${String(row[detailField])}）` : ''}` }));
  };
}

export function RefSelect({ config, value, onChange, mode, placeholder, disabled, id, detailField }: RefSelectProps) {
  const [initial, setInitial] = useState<AsyncOption[]>([]);
  const fetchOptions = useMemo(() => refOptions(config, detailField), [config, detailField]);
  const first = (value ?? '').split(',')[0] ?? '';
  useEffect(() => {
    if (!first || initial.some((o) => o.value === first)) return;
    let live = true;
    http
      .get<unknown>(config.url, { id: first, pageSize: 1 })
      .then((r) => {
        const row = rowsOf(r.result)[0];
        if (live && row) setInitial((list) => [...list, { value: first, label: String(row[config.textField] ?? first) }]);
      })
      // The name is a nicety: on failure the id stays shown.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [first, config, initial]);
  return <AsyncSearchSelect id={id} mode={mode} value={value ?? undefined} initialOptions={initial} fetchOptions={fetchOptions} placeholder={placeholder} disabled={disabled} style={{ width: '100%' }} onChange={(v) => onChange?.(v)} />;
}

/** A form editor (ListPage `editors`) over a reference. */
export const refEditor = (config: RefConfig) =>
  function RefEditor({ field, value, onChange, disabled, id }: EditorProps) {
    return <RefSelect id={id} config={config} value={typeof value === 'string' ? value : value == null ? '' : String(value)} disabled={disabled} placeholder={`请选择${field.label}`} onChange={(v) => onChange?.(v ?? '')} />;
  };
