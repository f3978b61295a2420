import { FIELD_NAME_RE } from './field-kinds';
import type { FieldDef, FieldKind, FieldOption, ResourceDef } from './types';

/**
 * Custom columns (spec 02 §3 "Custom column definition: name, jdbcField, showType, optionItem, prompt,
 * sort"; `sys/sysTableColumn/list`): extra fields an administrator adds to a table without a migration.
 * Their values live in one JSON column of the row (`ResourceDef.customValuesColumn`), keyed by jdbcField.
 * This module turns a definition into an ordinary (virtual) FieldDef, so the list page, the form and
 * the server's validation treat it like any other field. Shared by both sides.
 */

export interface CustomColumn {
  id?: string;
  name: string;
  jdbcField: string;
  showType: string;
  optionItem?: string | null;
  prompt?: string | null;
  sort?: number | null;
}

/** showType → field kind; anything else shows as text. */
export const CUSTOM_SHOW_TYPES: Readonly<Record<string, { kind: FieldKind; label: string }>> = {
  input: { kind: 'input', label: '文本' },
  textarea: { kind: 'textarea', label: '多行文本' },
  number: { kind: 'inputNumber', label: '数字' },
  date: { kind: 'date', label: '日期' },
  datetime: { kind: 'datetime', label: '日期时间' },
  select: { kind: 'select', label: '下拉单选' },
  list_multi: { kind: 'list_multi', label: '下拉多选' },
  switch: { kind: 'switch', label: '开关' },
};

export const CUSTOM_TEXT_MAX = 500;
export const CUSTOM_OPTIONS_MAX = 100;

/**
 * optionItem: options separated by commas (or new lines / Chinese commas); each "value:text" or just a
 * text that is also its value. Duplicate values keep the first.
 */
export function parseOptionItem(raw: string | null | undefined): FieldOption[] {
  const out: FieldOption[] = [];
  const seen = new Set<string>();
  for (const part of String(raw ?? '').split(/[,，\n]/)) {
    const s = part.trim();
    if (!s) continue;
    const cut = s.search(/[:：]/);
    const value = (cut > 0 ? s.slice(0, cut) : s).trim();
    const text = (cut > 0 ? s.slice(cut + 1) : s).trim() || value;
    if (!value || seen.has(value)) continue;
    seen.add(value);
    out.push({ value, text });
    if (out.length >= CUSTOM_OPTIONS_MAX) break;
  }
  return out;
}

/** The field a custom column stands for, or null when it cannot be one (bad name, clash, select without options). */
export function customColumnField(col: CustomColumn, taken: ReadonlySet<string>): FieldDef | null {
  const name = String(col.jdbcField ?? '').trim();
  if (!FIELD_NAME_RE.test(name) || taken.has(name)) return null;
  const type = CUSTOM_SHOW_TYPES[col.showType] ?? CUSTOM_SHOW_TYPES.input;
  const field: FieldDef = {
    name,
    label: String(col.name ?? name).slice(0, 100) || name,
    kind: type.kind,
    virtual: true,
    list: true,
    excel: false,
    query: false,
    width: 140,
  };
  const help = String(col.prompt ?? '').trim();
  if (help) field.help = help.slice(0, 255);
  if (type.kind === 'input' || type.kind === 'textarea') field.maxLength = CUSTOM_TEXT_MAX;
  if (type.kind === 'select' || type.kind === 'list_multi') {
    const options = parseOptionItem(col.optionItem);
    if (!options.length) return null;
    field.options = options;
  }
  return field;
}

/** The resource with its custom columns appended (in `sort` order), skipping unusable ones. */
export function withCustomColumns(def: ResourceDef, cols: readonly CustomColumn[]): ResourceDef {
  if (!cols.length) return def;
  const taken = new Set(def.fields.map((f) => f.name));
  taken.add(def.rowKey);
  const extra: FieldDef[] = [];
  for (const c of [...cols].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))) {
    const f = customColumnField(c, taken);
    if (!f) continue;
    taken.add(f.name);
    extra.push(f);
  }
  return extra.length ? { ...def, fields: [...def.fields, ...extra] } : def;
}

/** The table name custom columns are defined under. */
export const customColumnsTableOf = (def: ResourceDef): string => def.customColumnsTable ?? def.table;
