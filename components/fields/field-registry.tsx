'use client';

/**
 * The client half of the field kinds (DESIGN §3): kind → list cell renderer and form editor. The pure
 * half (SQL type, zod type, search operator) lives in lib/resources. Editors are controlled by
 * `value` / `onChange` in the wire format (strings such as 'Y', '2024-01-01', 'a,b'), so a form's
 * values are exactly what `{api}/add|edit` expects.
 */
import { createElement, type ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Checkbox, DatePicker, Image, Input, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import type { FieldDef, FieldKind, FieldOption } from '@/lib/resources/types';
import { API_PREFIX } from '@/lib/config';
import { DATE_KIND_INPUT_FORMATS } from '@/lib/inputs/date-format';
import { DATE_FORMAT, DATETIME_FORMAT, dictTexts, ellipsis, ELLIPSIS_LENGTH, firstPath, formatDate, formatNumber, formatYesNo, plainText, staticFileUrl } from '@/lib/format';
import { DictSelect } from '@/components/data/dict/dict-select';
import { DictText } from '@/components/data/dict/dict-text';
import { useDict } from '@/components/data/dict/use-dict';
import { DepartSelect } from '@/components/pickers/depart-picker';
import { UserSelect } from '@/components/pickers/user-picker';
import { UploadCell } from '@/components/upload/upload-cell';

export type Row = Record<string, unknown>;

/** Registered table dictionaries behind the user and department cells (the editors are the pickers). */
export const USER_DICT = 'sys_user,realname,username';
export const DEPART_DICT = 'sys_depart,depart_name,id';

export interface EditorProps {
  field: FieldDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
  /** Injected by Form.Item when it validates on blur (the unique check does). */
  onBlur?: () => void;
}

export interface KindEntry {
  cell: (field: FieldDef, value: unknown, record: Row) => ReactNode;
  Editor: (props: EditorProps) => ReactNode;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
const str = (v: unknown) => (isEmpty(v) ? '' : String(v));
const toOptions = (options: readonly FieldOption[] = []) => options.map((o) => ({ value: o.value, label: o.text }));
export const inputPlaceholder = (f: FieldDef) => `请输入${f.label}`;
export const selectPlaceholder = (f: FieldDef) => `请选择${f.label}`;

/** Text with the ellipsis filter; the full text is the hover title when cut. */
function Ellipsis({ text, length }: { text: string; length?: number }) {
  const shown = ellipsis(text, length ?? ELLIPSIS_LENGTH);
  return <span title={shown !== text ? text : undefined}>{shown}</span>;
}

const textCell = (f: FieldDef, v: unknown) => <Ellipsis text={str(v)} length={f.ellipsis} />;

/** The dictionary code behind a kind (user and department fields use the registered table dictionaries). */
export function dictCodeOf(field: FieldDef): string | undefined {
  if (field.dictCode) return field.dictCode;
  if (field.kind === 'sel_user') return USER_DICT;
  if (field.kind === 'sel_depart') return DEPART_DICT;
  return undefined;
}

/** Dictionary-backed cells: the server's `<field>_dictText`, else fixed options, else a DictText lookup. */
function dictCell(f: FieldDef, v: unknown, record: Row): ReactNode {
  const translated = record[`${f.name}_dictText`];
  if (typeof translated === 'string' && translated !== '') return <Ellipsis text={translated} length={f.ellipsis} />;
  if (isEmpty(v)) return '';
  if (f.options) return <Ellipsis text={dictTexts(v, f.options)} length={f.ellipsis} />;
  const code = dictCodeOf(f);
  return code ? <DictText dictCode={code} value={v as string} /> : textCell(f, v);
}

function imageCell(_f: FieldDef, v: unknown): ReactNode {
  const path = firstPath(v);
  if (!path) return <span style={{ fontSize: 12, fontStyle: 'italic' }}>无图片</span>;
  return <Image src={staticFileUrl(path, API_PREFIX)} alt="" height={25} style={{ maxWidth: 80 }} />;
}

function fileCell(_f: FieldDef, v: unknown): ReactNode {
  const path = firstPath(v);
  if (!path) return <span style={{ fontSize: 12, fontStyle: 'italic' }}>无文件</span>;
  return (
    <Typography.Link href={staticFileUrl(path, API_PREFIX)} target="_blank" rel="noopener noreferrer">
      下载
    </Typography.Link>
  );
}

/* ------------------------------------------------------------------ editors */

function TextEditor({ field, value, onChange, disabled, id, onBlur }: EditorProps) {
  return <Input id={id} value={str(value)} onBlur={onBlur} disabled={disabled} placeholder={inputPlaceholder(field)} allowClear onChange={(e) => onChange?.(e.target.value)} />;
}

function TextAreaEditor({ field, value, onChange, disabled, id, onBlur }: EditorProps) {
  return <Input.TextArea id={id} rows={4} value={str(value)} onBlur={onBlur} disabled={disabled} placeholder={inputPlaceholder(field)} onChange={(e) => onChange?.(e.target.value)} />;
}

function PasswordEditor({ field, value, onChange, disabled, id, onBlur }: EditorProps) {
  return <Input.Password id={id} value={str(value)} onBlur={onBlur} disabled={disabled} placeholder={inputPlaceholder(field)} autoComplete="new-password" onChange={(e) => onChange?.(e.target.value)} />;
}

function NumberEditor({ field, value, onChange, disabled, id, onBlur }: EditorProps) {
  const n = isEmpty(value) ? null : Number(value);
  return <InputNumber id={id} style={{ width: '100%' }} value={n !== null && Number.isFinite(n) ? n : null} onBlur={onBlur} disabled={disabled} placeholder={inputPlaceholder(field)} onChange={(v) => onChange?.(v ?? null)} />;
}

function SwitchEditor({ value, onChange, disabled, id }: EditorProps) {
  return <Switch id={id} checked={value === 'Y' || value === true} disabled={disabled} checkedChildren="是" unCheckedChildren="否" onChange={(c) => onChange?.(c ? 'Y' : 'N')} />;
}

/** Single select over a dictionary (DictSelect) or the field's fixed options. */
function SelectEditor({ field, value, onChange, disabled, id }: EditorProps) {
  const code = dictCodeOf(field);
  if (!field.options && code) return <DictSelect id={id} dictCode={code} value={str(value)} disabled={disabled} allowClear placeholder={selectPlaceholder(field)} onChange={(v) => onChange?.(v ?? '')} />;
  return <Select id={id} value={isEmpty(value) ? undefined : str(value)} options={toOptions(field.options)} disabled={disabled} allowClear placeholder={selectPlaceholder(field)} onChange={(v) => onChange?.(v ?? '')} />;
}

/** Comma-joined multi select (list_multi). */
function MultiSelectEditor({ field, value, onChange, disabled, id }: EditorProps) {
  const code = dictCodeOf(field);
  const join = (v: string | string[] | undefined) => onChange?.(Array.isArray(v) ? v.join(',') : (v ?? ''));
  if (!field.options && code) return <DictSelect id={id} mode="multiple" dictCode={code} value={str(value)} disabled={disabled} allowClear placeholder={selectPlaceholder(field)} onChange={join} />;
  const selected = str(value) ? str(value).split(',') : [];
  return <Select id={id} mode="multiple" value={selected} options={toOptions(field.options)} disabled={disabled} allowClear placeholder={selectPlaceholder(field)} onChange={join} />;
}

/**
 * sel_user: the user picker. The value stores usernames (JeecgBoot's sel_user) unless the field's
 * dictionary keys users by id (`sys_user,realname,id`).
 */
function UserPickerEditor({ field, value, onChange, disabled, id }: EditorProps) {
  const valueField = dictCodeOf(field)?.split(',')[2]?.trim() === 'id' ? 'id' : 'username';
  return <UserSelect id={id} value={str(value)} valueField={valueField} disabled={disabled} placeholder={selectPlaceholder(field)} onChange={(v) => onChange?.(v)} testId={`field-${field.name}`} />;
}

/** sel_depart: the department picker; comma-joined ids, several allowed. */
function DepartPickerEditor({ field, value, onChange, disabled, id }: EditorProps) {
  return <DepartSelect id={id} multiple value={str(value)} disabled={disabled} placeholder={selectPlaceholder(field)} onChange={(v) => onChange?.(v)} testId={`field-${field.name}`} />;
}

/** Options of a radio / checkbox group: fixed options, else the dictionary's items. */
function useChoices(field: FieldDef) {
  const { items } = useDict(field.options ? null : (dictCodeOf(field) ?? null));
  return field.options ? toOptions(field.options) : items.map((i) => ({ value: i.value, label: i.text, disabled: i.disabled }));
}

function RadioEditor({ field, value, onChange, disabled, id }: EditorProps) {
  const options = useChoices(field);
  return <Radio.Group id={id} value={isEmpty(value) ? undefined : str(value)} options={options} disabled={disabled} onChange={(e) => onChange?.(e.target.value)} />;
}

/** With a dictionary or options: a checkbox group (comma-joined); otherwise one checkbox stored Y / N. */
function CheckboxEditor({ field, value, onChange, disabled, id }: EditorProps) {
  const options = useChoices(field);
  if (!field.options && !dictCodeOf(field)) {
    return <Checkbox id={id} checked={value === 'Y'} disabled={disabled} onChange={(e) => onChange?.(e.target.checked ? 'Y' : 'N')} />;
  }
  const selected = str(value) ? str(value).split(',') : [];
  return <Checkbox.Group options={options} value={selected} disabled={disabled} onChange={(v) => onChange?.(v.map(String).join(','))} />;
}

function DateEditorBase({ field, value, onChange, disabled, id, withTime }: EditorProps & { withTime: boolean }) {
  const format = withTime ? DATETIME_FORMAT : DATE_FORMAT;
  const d: Dayjs | null = isEmpty(value) ? null : dayjs(str(value));
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      showTime={withTime}
      format={DATE_KIND_INPUT_FORMATS[withTime ? 'datetime' : 'date']}
      value={d && d.isValid() ? d : null}
      disabled={disabled}
      placeholder={selectPlaceholder(field)}
      onChange={(v) => onChange?.(v ? v.format(format) : '')}
    />
  );
}

function DateEditor(props: EditorProps) {
  return <DateEditorBase {...props} withTime={false} />;
}

function DateTimeEditor(props: EditorProps) {
  return <DateEditorBase {...props} withTime />;
}

/**
 * Image and file fields upload in place, as 用户's 头像 and 作业's 附件 do (issue #39: the online forms' 图片 / 文件 fields
 * were edited as a text box of stored paths): one image (JImageUpload's default), any number of files (JUpload's
 * default; the column's length still bounds the joined paths on the server).
 */
function PathEditor({ field, value, onChange, disabled }: EditorProps) {
  const kind = field.kind === 'image' ? 'image' : 'file';
  return <UploadCell kind={kind} number={kind === 'image' ? 1 : 0} value={str(value)} onChange={(v) => onChange?.(v)} disabled={disabled} />;
}

/** Rich text: the rich text editor is wired separately; here the stored text is edited as plain text. */
function RichTextEditor(props: EditorProps) {
  return <TextAreaEditor {...props} />;
}

function HiddenEditor({ value, id }: EditorProps) {
  return <input id={id} type="hidden" value={str(value)} readOnly />;
}

function dateCell(pattern: string) {
  return function renderDateCell(f: FieldDef, v: unknown): ReactNode {
    return <Ellipsis text={formatDate(v, pattern)} length={f.ellipsis} />;
  };
}

/** kind → cell + editor. Record<FieldKind, …> keeps it exhaustive when a kind is added. */
export const FIELD_REGISTRY: Record<FieldKind, KindEntry> = {
  input: { cell: textCell, Editor: TextEditor },
  textarea: { cell: textCell, Editor: TextAreaEditor },
  password: { cell: () => '', Editor: PasswordEditor },
  inputNumber: { cell: (_f, v) => (isEmpty(v) ? '' : formatNumber(v)), Editor: NumberEditor },
  switch: { cell: (_f, v) => formatYesNo(v), Editor: SwitchEditor },
  select: { cell: dictCell, Editor: SelectEditor },
  radio: { cell: dictCell, Editor: RadioEditor },
  checkbox: { cell: (f, v, r) => (f.options || f.dictCode ? dictCell(f, v, r) : formatYesNo(v)), Editor: CheckboxEditor },
  list_multi: { cell: dictCell, Editor: MultiSelectEditor },
  date: { cell: dateCell(DATE_FORMAT), Editor: DateEditor },
  datetime: { cell: dateCell(DATETIME_FORMAT), Editor: DateTimeEditor },
  sel_user: { cell: dictCell, Editor: UserPickerEditor },
  sel_depart: { cell: dictCell, Editor: DepartPickerEditor },
  image: { cell: imageCell, Editor: PathEditor },
  file: { cell: fileCell, Editor: PathEditor },
  richText: { cell: (f, v) => <Ellipsis text={plainText(v)} length={f.ellipsis} />, Editor: RichTextEditor },
  hidden: { cell: () => '', Editor: HiddenEditor },
};

/** A list cell for a field of a row. */
export function renderCell(field: FieldDef, record: Row): ReactNode {
  return FIELD_REGISTRY[field.kind].cell(field, record[field.name], record);
}

/** The form editor for a field; use as the direct child of a Form.Item (which injects value / onChange / id). */
export function FieldEditor(props: EditorProps) {
  // A lookup of a module-level component, not a component created during render.
  return createElement(FIELD_REGISTRY[props.field.kind].Editor, props);
}
