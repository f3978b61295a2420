import type { FieldDef, FieldKind, ResourceDef, SearchMode, ValueType } from './types';

/**
 * The pure half of the field kinds (DESIGN.md §3): what a kind means for values, search, listing and
 * storage. Shared by the embedded backend (query translation, validation, DDL) and the browser.
 */

interface KindInfo {
  /** Value type when the field does not say (`FieldDef.type`). */
  type: ValueType;
  /** Search-bar operator when the field is searchable and does not say. */
  search: SearchMode;
  /** Listed as a table column by default. */
  listed: boolean;
  /** The stored value is a comma-joined list of values (each translated through the dictionary). */
  multi: boolean;
}

const KINDS: Record<FieldKind, KindInfo> = {
  input: { type: 'string', search: 'like', listed: true, multi: false },
  textarea: { type: 'string', search: 'like', listed: true, multi: false },
  password: { type: 'string', search: 'eq', listed: false, multi: false },
  inputNumber: { type: 'number', search: 'eq', listed: true, multi: false },
  switch: { type: 'string', search: 'eq', listed: true, multi: false },
  select: { type: 'string', search: 'eq', listed: true, multi: false },
  radio: { type: 'string', search: 'eq', listed: true, multi: false },
  checkbox: { type: 'string', search: 'eq', listed: true, multi: false },
  list_multi: { type: 'string', search: 'in', listed: true, multi: true },
  date: { type: 'date', search: 'range', listed: true, multi: false },
  datetime: { type: 'datetime', search: 'range', listed: true, multi: false },
  sel_user: { type: 'string', search: 'in', listed: true, multi: true },
  sel_depart: { type: 'string', search: 'in', listed: true, multi: true },
  image: { type: 'string', search: 'eq', listed: true, multi: false },
  file: { type: 'string', search: 'eq', listed: true, multi: false },
  richText: { type: 'string', search: 'like', listed: false, multi: false },
  hidden: { type: 'string', search: 'eq', listed: false, multi: false },
};

/** Audit fields the server fills itself (when the resource declares them). */
export const AUDIT_FIELDS: ReadonlySet<string> = new Set(['createBy', 'createTime', 'updateBy', 'updateTime']);

export const FIELD_KINDS = Object.keys(KINDS) as FieldKind[];

/** The value type of a field: its own `type`, else the kind's. */
export const valueTypeOf = (f: FieldDef): ValueType => f.type ?? KINDS[f.kind].type;

/** The default search operator of a kind (used when a field is searchable without a mode). */
export const defaultSearchMode = (kind: FieldKind): SearchMode => KINDS[kind].search;

/** The search-bar mode of a field, or undefined when the bar does not offer it. */
export const searchModeOf = (f: FieldDef): SearchMode | undefined => (f.writeOnly || f.virtual ? undefined : f.search);

/** Stored as a comma-joined list (translated item by item). */
export const isMultiValue = (f: FieldDef): boolean => KINDS[f.kind].multi;

/** Shown as a table column. */
export const isListed = (f: FieldDef): boolean => !f.writeOnly && (f.list ?? KINDS[f.kind].listed);

/** Written to export / read from import. */
export const isExported = (f: FieldDef): boolean => !f.writeOnly && !f.virtual && (f.excel ?? isListed(f));

/** Offered by the query builder and accepted in an advanced query (plain params accept any stored, readable field). */
export const isQueryable = (f: FieldDef): boolean => !f.writeOnly && !f.virtual && f.query !== false;

/** Returned by list / queryById. */
export const isReadable = (f: FieldDef): boolean => !f.writeOnly;

/** Accepted from the client on add / edit. */
export const isWritable = (f: FieldDef): boolean => f.form !== false && f.form !== 'readonly' && !AUDIT_FIELDS.has(f.name);

/** Has a value → text translation (`<field>_dictText`). */
export const hasDict = (f: FieldDef): boolean => Boolean(f.dictCode) || Boolean(f.options?.length);

/** Converted names, remembered: each field's column is asked for every row of every page (bounded, in case a name comes from input). */
const snakeNames = new Map<string, string>();

/** `realName` → `real_name`, `orgCode` → `org_code`, `URLPath` → `url_path`. */
export function snakeCase(name: string): string {
  let out = snakeNames.get(name);
  if (out === undefined) {
    out = name
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
      .toLowerCase();
    if (snakeNames.size < 10_000) snakeNames.set(name, out);
  }
  return out;
}

/** The table column of a field. */
export const columnOf = (f: FieldDef): string => f.column ?? snakeCase(f.name);

export const fieldByName = (def: ResourceDef, name: string): FieldDef | undefined => def.fields.find((f) => f.name === name);

export const fieldByColumn = (def: ResourceDef, column: string): FieldDef | undefined =>
  def.fields.find((f) => !f.virtual && columnOf(f) === column);

/** The row key's column (the key need not be listed among the fields). */
export function rowKeyColumn(def: ResourceDef): string {
  const f = fieldByName(def, def.rowKey);
  return f ? columnOf(f) : snakeCase(def.rowKey);
}

/** Fields that may be sorted on: marked sortable, or the default sort. */
export const isSortable = (def: ResourceDef, f: FieldDef): boolean =>
  !f.virtual && !f.writeOnly && (f.sortable === true || f.name === def.defaultSort.column || f.name === def.rowKey);

/** A field's SQL type for DDL (date is stored as varchar(10), as sys_user.birthday). */
export function sqlTypeOf(f: FieldDef): string {
  switch (valueTypeOf(f)) {
    case 'int':
      return 'integer';
    case 'number':
      return 'numeric(18,4)';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'varchar(10)';
    case 'datetime':
      return 'timestamptz';
    default:
      if (f.kind === 'richText' || f.kind === 'textarea') return 'text';
      return `varchar(${f.maxLength ?? (isMultiValue(f) ? 1000 : 255)})`;
  }
}

/** SQL identifiers the engine will quote: plain lower-case snake names only. */
export const IDENTIFIER_RE = /^[a-z_][a-z0-9_]{0,62}$/;
/** Wire field names: camelCase identifiers. */
export const FIELD_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** Problems in a definition (empty when sound): checked when a resource is registered. */
export function checkDef(def: ResourceDef): string[] {
  const problems: string[] = [];
  if (!IDENTIFIER_RE.test(def.table)) problems.push(`table "${def.table}" is not a plain identifier`);
  if (!/^(\/[A-Za-z0-9_-]+)+$/.test(def.api)) problems.push(`api "${def.api}" is not a path`);
  const names = new Set<string>();
  for (const f of def.fields) {
    if (!FIELD_NAME_RE.test(f.name)) problems.push(`field "${f.name}" is not an identifier`);
    if (names.has(f.name)) problems.push(`field "${f.name}" is defined twice`);
    names.add(f.name);
    if (!f.virtual && !IDENTIFIER_RE.test(columnOf(f))) problems.push(`column "${columnOf(f)}" of "${f.name}" is not a plain identifier`);
    if (!KINDS[f.kind]) problems.push(`field "${f.name}" has an unknown kind "${f.kind}"`);
  }
  if (!IDENTIFIER_RE.test(rowKeyColumn(def))) problems.push(`row key "${def.rowKey}" is not an identifier`);
  const sortField = fieldByName(def, def.defaultSort.column);
  if (def.defaultSort.column !== def.rowKey && (!sortField || sortField.virtual)) problems.push(`default sort "${def.defaultSort.column}" is not a field`);
  for (const k of def.defaultSort.before ?? []) {
    const f = fieldByName(def, k.column);
    if (!f || f.virtual) problems.push(`default sort key "${k.column}" is not a field`);
  }
  if (def.softDeleteColumn && !IDENTIFIER_RE.test(def.softDeleteColumn)) problems.push(`soft-delete column "${def.softDeleteColumn}" is not an identifier`);
  if (def.customValuesColumn !== undefined && !IDENTIFIER_RE.test(def.customValuesColumn)) problems.push(`custom-values column "${def.customValuesColumn}" is not an identifier`);
  if (def.customColumnsTable !== undefined && !IDENTIFIER_RE.test(def.customColumnsTable)) problems.push(`custom-columns table "${def.customColumnsTable}" is not an identifier`);
  return problems;
}
