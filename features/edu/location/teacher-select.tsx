'use client';

import { useEffect, useState, type CSSProperties } from 'react';
import { Select, Spin } from 'antd';
import { useLatestSearch } from '@/components/data/use-latest-search';
import { dictOptionLabel } from '@/lib/dict-cache';
import { http } from '@/lib/http';

export const TEACHER_LIST_URL = '/clazz/tblTeachScheduleTeacher/teacherList';
/** Spec 02 §9: select search debounce 300 ms. */
export const TEACHER_SEARCH_DELAY_MS = 300;

/** Spec 01 §3 "Teacher option": value = id, text = realname, plus phone. */
export interface TeacherOption {
  value: string;
  text: string;
  phone?: string | null;
}

/** The teacher list answer — an array, or records / list in a page (spec 01 §7) — as options; junk skipped. */
export function toTeacherOptions(result: unknown): TeacherOption[] {
  const raw = Array.isArray(result)
    ? result
    : result && typeof result === 'object'
      ? ((result as { records?: unknown; list?: unknown }).records ?? (result as { list?: unknown }).list)
      : null;
  if (!Array.isArray(raw)) return [];
  const out: TeacherOption[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const o = item as Record<string, unknown>;
    const value = o.value ?? o.id;
    if (value === undefined || value === null || String(value) === '') continue;
    const text = o.text ?? o.realname ?? o.label ?? value;
    const phone = typeof o.phone === 'string' && o.phone.trim() ? o.phone.trim() : null;
    if (!out.some((t) => t.value === String(value))) out.push({ value: String(value), text: String(text), phone });
  }
  return out;
}

/** '李文静（13800000001）', or the name alone. */
export const teacherLabel = (t: TeacherOption) => dictOptionLabel({ text: t.text, phone: t.phone ?? undefined });

export interface TeacherSelectProps {
  /** The teacher's id. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The chosen teacher's name while the list is not loaded yet (e.g. the record's inCharge_dictText). */
  initialLabel?: string | null;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
}

/**
 * 负责人 of the venue form: teachers from teacherList, searched on the server as the user types
 * (debounced, only the latest answer counts). Code 510 (no permission) and other failures show the
 * server's message as a warning (spec 01 §8).
 */
export function TeacherSelect({ value, onChange, initialLabel, placeholder = '请选择负责人', disabled, id, style }: TeacherSelectProps) {
  const current = value === null || value === undefined ? '' : String(value);
  const [options, setOptions] = useState<TeacherOption[]>([]);
  const [known, setKnown] = useState<TeacherOption | null>(null);
  const fetchTeachers = (keyword: string): Promise<TeacherOption[]> => {
    const page = http.get<unknown>(TEACHER_LIST_URL, { keyword }).then((r) => toTeacherOptions(r.result));
    if (keyword || !current) return page;
    // `id` narrows the list to that teacher: asked beside the full list, so the current one is named
    // (with its phone) even when the list is cut short. Its failure leaves the initial label.
    const named = http
      .get<unknown>(TEACHER_LIST_URL, { keyword: '', id: current })
      .then((r) => toTeacherOptions(r.result))
      .catch(() => [] as TeacherOption[]);
    return Promise.all([page, named]).then(([all, mine]) => [...mine.filter((t) => !all.some((a) => a.value === t.value)), ...all]);
  };
  const { load, search, loading } = useLatestSearch(
    fetchTeachers,
    TEACHER_SEARCH_DELAY_MS,
    (list) => {
      setOptions(list);
      const hit = list.find((t) => t.value === current);
      if (hit) setKnown(hit);
    },
  );
  // Once per mount: the picker is inside a modal that is destroyed on close.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => load(''), []);

  const chosen = current ? (options.find((t) => t.value === current) ?? (known?.value === current ? known : null) ?? { value: current, text: initialLabel || current }) : null;
  const shown = chosen && !options.some((t) => t.value === chosen.value) ? [chosen, ...options] : options;

  return (
    <Select<string>
      id={id}
      style={style}
      value={current || undefined}
      options={shown.map((t) => ({ value: t.value, label: teacherLabel(t) }))}
      placeholder={placeholder}
      disabled={disabled}
      allowClear
      loading={loading}
      showSearch={{ filterOption: false, onSearch: search }}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      onChange={(v) => {
        const t = options.find((o) => o.value === v);
        if (t) setKnown(t);
        onChange?.(v === undefined || v === null ? null : String(v));
      }}
      data-testid="teacher-select"
    />
  );
}
