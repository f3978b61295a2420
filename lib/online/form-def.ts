import { onlineFormCodes } from '../permissions/codes';
import { namedPattern } from '../resources/patterns';
import type { FieldDef, FieldKind, ResourceDef, SearchMode, ValueType } from '../resources/types';
import { ONLINE_TABLE_PREFIX, type CgformDbType, type CgformField, type CgformHead, type CgformShowType } from './wire';

/**
 * A designed online form (issue #25) as the resource engine's definition: the embedded backend serves it through
 * `runCrud` (server/online/form-runtime.ts) and the auto list screen feeds the same object to the list engine, so
 * paging, sort, search, 高级查询, export, import and validation are the engine's, from the form's definition.
 * Pure and serialisable (lib/resources/types.ts).
 */

/** The form's definition as server/online/form-store.ts `loadForm` reads it (children: a main form's child forms). */
export interface FormDefinition {
  head: CgformHead;
  fields: CgformField[];
  children: FormDefinition[];
}

/** Where a designed form's CRUD lives: `${onlineCrudApi(code)}/list|add|edit|…`. */
export const onlineCrudApi = (tableName: string) => `/online/cgform/api/crud/${tableName}`;

/** A text field as the designer's defaults make one (50 characters, optional, in list and form, not searched). */
const TEXT_FIELD: Omit<CgformField, 'dbFieldName' | 'dbFieldTxt' | 'orderNum'> = {
  dbType: 'string',
  dbLength: 50,
  dbPointLength: 0,
  dbDefaultVal: null,
  dbIsNull: 1,
  fieldShowType: 'text',
  fieldLength: 120,
  dictField: null,
  fieldValidType: null,
  isShowForm: 1,
  isShowList: 1,
  isQuery: 0,
  queryMode: 'single',
  sortFlag: 0,
  isReadOnly: 0,
  mainTable: null,
  mainField: null,
};

/** A designer field from its name, label and place, with whatever differs from a plain text field (seeds, journeys). */
export const cgformField = (f: Pick<CgformField, 'dbFieldName' | 'dbFieldTxt' | 'orderNum'> & Partial<CgformField>): CgformField => ({ ...TEXT_FIELD, ...f });

/** The generated columns every form table has (server/online/form-ddl.ts), as engine fields. */
const GENERATED: FieldDef[] = [
  { name: 'id', column: 'id', label: '主键', kind: 'input', form: false, list: false, excel: false },
  { name: 'createBy', column: 'create_by', label: '创建人', kind: 'input', form: false, list: false, excel: false },
  { name: 'createTime', column: 'create_time', label: '创建时间', kind: 'datetime', form: false, sortable: true, width: 170, excel: false },
  { name: 'updateBy', column: 'update_by', label: '更新人', kind: 'input', form: false, list: false, excel: false },
  { name: 'updateTime', column: 'update_time', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
];

const SHOW_KINDS: Record<CgformShowType, FieldKind> = {
  text: 'input',
  textarea: 'textarea',
  password: 'password',
  list: 'select',
  radio: 'radio',
  // JeecgBoot's online checkbox is a multiple choice from a dictionary (comma-joined), not our Y/N checkbox kind.
  checkbox: 'list_multi',
  list_multi: 'list_multi',
  date: 'date',
  datetime: 'datetime',
  sel_user: 'sel_user',
  sel_depart: 'sel_depart',
  image: 'image',
  file: 'file',
  umeditor: 'richText',
};

const VALUE_TYPES: Record<CgformDbType, ValueType> = {
  string: 'string',
  Text: 'string',
  int: 'int',
  double: 'number',
  BigDecimal: 'number',
  Date: 'date',
  Datetime: 'datetime',
};

const DICT_KINDS: ReadonlySet<FieldKind> = new Set(['select', 'radio', 'list_multi']);

/** The engine kind of a field: its control, with a plain text box over a number / date column made that editor. */
export function kindOf(f: Pick<CgformField, 'fieldShowType' | 'dbType'>): FieldKind {
  const kind = SHOW_KINDS[f.fieldShowType] ?? 'input';
  if (kind !== 'input') return kind;
  const type = VALUE_TYPES[f.dbType];
  if (type === 'int' || type === 'number') return 'inputNumber';
  if (type === 'date') return 'date';
  if (type === 'datetime') return 'datetime';
  if (f.dbType === 'Text') return 'textarea';
  return 'input';
}

/** The search-bar mode: 范围查询 ('group') for numbers and dates, else the kind's usual operator. */
function searchOf(f: CgformField, kind: FieldKind, type: ValueType): SearchMode | undefined {
  if (!f.isQuery) return undefined;
  if (f.queryMode === 'group' && (type === 'int' || type === 'number' || type === 'date' || type === 'datetime')) return 'range';
  if (kind === 'list_multi' || kind === 'sel_user' || kind === 'sel_depart') return 'in';
  if (type === 'date' || type === 'datetime') return 'range';
  if (kind === 'input' || kind === 'textarea' || kind === 'richText') return 'like';
  return 'eq';
}

/** A default value as the engine's body takes it (numbers as numbers); one that does not fit is left out. */
function defaultOf(raw: string | null, type: ValueType): string | number | undefined {
  if (raw === null || raw === '') return undefined;
  if (type === 'int') return /^-?\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
  if (type === 'number') return /^-?\d{1,15}(\.\d{1,8})?$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
  return raw;
}

/** Whether a field is a child form's foreign key to its main form's row. */
export const isForeignKey = (f: Pick<CgformField, 'mainTable' | 'mainField'>) => Boolean(f.mainTable && f.mainField);

/** One designed field as an engine field (wire name = column = dbFieldName, as JeecgBoot's online forms send them). */
export function toFieldDef(f: CgformField): FieldDef {
  const kind = kindOf(f);
  const type = VALUE_TYPES[f.dbType] ?? 'string';
  const out: FieldDef = { name: f.dbFieldName, column: f.dbFieldName, label: f.dbFieldTxt || f.dbFieldName, kind, type };
  if (isForeignKey(f)) {
    // Set by the server from the main row; never typed by a person.
    return { ...out, kind: 'input', type: 'string', form: false, list: false, excel: false };
  }
  if (f.dictField && DICT_KINDS.has(kind)) out.dictCode = f.dictField;
  if (f.dbIsNull === 0) out.required = true;
  const valid = (f.fieldValidType ?? '').trim();
  if (valid === 'only') out.unique = true;
  else if (valid === '*') out.required = true;
  else if (valid && namedPattern(valid)) out.pattern = valid;
  const search = searchOf(f, kind, type);
  if (search) out.search = search;
  if (f.sortFlag) out.sortable = true;
  out.list = f.isShowList === 1 && kind !== 'password';
  if (!f.isShowForm) out.form = false;
  else if (f.isReadOnly) out.form = 'readonly';
  if (f.fieldLength) out.width = f.fieldLength;
  if (type === 'string' && f.dbType === 'string' && f.dbLength > 0) out.maxLength = f.dbLength;
  if (kind === 'password') out.writeOnly = true;
  // Exported / imported when it is a stored value a person typed (files and rich text stay out of the workbook).
  out.excel = kind !== 'password' && kind !== 'richText' && kind !== 'image' && kind !== 'file';
  const dflt = defaultOf(f.dbDefaultVal, type);
  if (dflt !== undefined) out.defaultValue = dflt;
  return out;
}

/** The resource definition of a synchronised form (a child form too: its foreign key is a non-form field). */
export function formToResourceDef(form: FormDefinition): ResourceDef {
  const { head } = form;
  const fields = [...form.fields].sort((a, b) => a.orderNum - b.orderNum).map(toFieldDef);
  return {
    name: `onl_${head.tableName}`,
    title: head.tableTxt || head.tableName,
    table: `${ONLINE_TABLE_PREFIX}${head.tableName}`,
    api: onlineCrudApi(head.tableName),
    perm: onlineFormCodes(head.tableName).prefix,
    rowKey: 'id',
    defaultSort: { column: 'createTime', order: 'desc' },
    actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true, importExcel: true },
    // The generated columns cannot clash: the designer refuses them as field names (lib/online/form-rules.ts).
    fields: [GENERATED[0], ...fields, ...GENERATED.slice(1)],
  };
}

/** A child form's foreign-key field name (the one field with mainTable/mainField), or undefined. */
export const foreignKeyOf = (child: Pick<FormDefinition, 'fields'>): string | undefined => child.fields.find(isForeignKey)?.dbFieldName;
