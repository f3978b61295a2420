import { isWritable } from '@/lib/resources/field-kinds';
import type { FieldDef, FieldKind, ResourceDef } from '@/lib/resources/types';
import type { GridColumn, GridColumnType, GridPatternName, GridRule } from '@/lib/grid/types';
import type { CgformHead } from '@/lib/online/wire';

/** What `GET /online/cgform/api/getColumns/{code}` answers (server/online/online-form-data-routes.ts), as the screen reads it. */
export interface AutoFormConfig {
  code: string;
  head: CgformHead;
  def: ResourceDef;
  subTables: { tableName: string; tableTxt: string; fk: string; def: ResourceDef }[];
  /** Both JS增强 scripts, run in the sandbox (`enhanceJs` beside it is the list script as text, for JeecgBoot's client). */
  enhance: { list: string; form: string };
}

export const columnsUrl = (code: string) => `/online/cgform/api/getColumns/${code}`;

/** The form's code: the last segment of `/online/cgformList/{tableName}`. */
export function codeFromPath(pathname: string | null | undefined): string {
  const last = (pathname ?? '').split('?')[0].split('/').filter(Boolean).pop() ?? '';
  return /^[A-Za-z0-9_]{1,50}$/.test(last) ? last : '';
}

const GRID_TYPES: Partial<Record<FieldKind, GridColumnType>> = {
  input: 'input',
  textarea: 'input',
  password: 'input',
  richText: 'input',
  inputNumber: 'inputNumber',
  select: 'select',
  radio: 'radio',
  list_multi: 'list_multi',
  checkbox: 'list_multi',
  date: 'date',
  datetime: 'datetime',
  sel_user: 'sel_user',
  sel_depart: 'sel_depart',
  image: 'image',
  file: 'file',
  // Kept in the row (a default value, a value set by JS增强) but not shown as a column.
  hidden: 'hidden',
};

/**
 * A child field's cell type. A select over a table dictionary (`table,text,code`, e.g. the users) searches the server
 * as the user types (JeecgBoot's sel_search) instead of loading the whole table into every row's dropdown.
 */
export function gridTypeOf(f: FieldDef): GridColumnType {
  if (f.kind === 'select' && f.dictCode?.includes(',')) return 'sel_search';
  return GRID_TYPES[f.kind] ?? 'input';
}

const GRID_PATTERNS: ReadonlySet<string> = new Set<GridPatternName>(['*', 'n6-16', '*6-16', 's6-18', 'url', 'e', 'm', 'p', 's', 'n', 'z', 'money']);
const PATTERN_ALIASES: Record<string, GridPatternName> = { mobile: 'm', phone: 'm', email: 'e', number: 'n', integer: 'z', int: 'z' };

/** The fields a child row's grid edits: the child form's writable form fields, never its foreign key. */
export const childFields = (def: ResourceDef, fk: string): FieldDef[] => def.fields.filter((f) => f.name !== fk && f.form !== false && isWritable(f) && !f.writeOnly && f.name !== def.rowKey);

/** A child table's editable-grid columns from its definition (the server checks the same rules again). */
export function gridColumnsOf(def: ResourceDef, fk: string): GridColumn[] {
  return childFields(def, fk).map((f) => {
    const rules: GridRule[] = [];
    if (f.required) rules.push({ required: true, message: `请输入${f.label}!` });
    if (f.unique) rules.push({ unique: true, message: `${f.label}不能重复` });
    const pattern = typeof f.pattern === 'string' ? (PATTERN_ALIASES[f.pattern] ?? f.pattern) : undefined;
    if (pattern && GRID_PATTERNS.has(pattern)) rules.push({ pattern: pattern as GridPatternName });
    if (f.maxLength) rules.push({ handler: (v) => String(v ?? '').length <= f.maxLength! || `${f.label}不能超过${f.maxLength}个字符` });
    return {
      key: f.name,
      title: f.label,
      type: gridTypeOf(f),
      width: f.width ?? 160,
      ...(f.dictCode ? { dictCode: f.dictCode } : {}),
      ...(f.options ? { options: f.options.map((o) => ({ value: o.value, text: o.text })) } : {}),
      ...(f.defaultValue !== undefined && f.defaultValue !== null ? { defaultValue: f.defaultValue } : {}),
      ...(rules.length ? { validateRules: rules } : {}),
    };
  });
}

/** A grid row as the server takes it: its id (a grid's temporary `__new_` id means new) and the edited fields. */
export function childPayload(row: Record<string, unknown>, fields: readonly FieldDef[]): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id };
  for (const f of fields) out[f.name] = row[f.name] === undefined || row[f.name] === '' ? null : row[f.name];
  return out;
}
