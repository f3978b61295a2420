import type { GridRow } from '@/lib/grid/types';
import { isTempId, tempId } from '@/lib/grid/rows';
import { DB_TYPE_LABELS, DB_TYPES, SHOW_TYPE_LABELS, SHOW_TYPES } from '@/lib/online/form-rules';
import type { CgformDbType, CgformField, CgformHead, CgformSaveBody, CgformShowType } from '@/lib/online/wire';

/** The designer's select options, from the labels of the shared rules (lib/online/form-rules.ts). */
export const DB_TYPE_OPTIONS = DB_TYPES.map((value) => ({ value, text: DB_TYPE_LABELS[value] }));
export const SHOW_TYPE_OPTIONS = SHOW_TYPES.map((value) => ({ value, text: SHOW_TYPE_LABELS[value] }));
export const QUERY_MODE_OPTIONS = [
  { value: 'single', text: '单条件' },
  { value: 'group', text: '范围' },
];

/**
 * A field as a grid row. The grid edits 必填 / 唯一 / 外键 as checkboxes; the wire says dbIsNull 0 / fieldValidType
 * 'only' / mainTable+mainField. Keys the grid does not show (isReadOnly, a named pattern) ride along untouched.
 */
export type FieldRow = GridRow & {
  required: 0 | 1;
  unique: 0 | 1;
  fk: 0 | 1;
};

export const NEW_FIELD_DEFAULTS = {
  dbType: 'string',
  dbLength: 32,
  dbPointLength: 0,
  required: 0,
  unique: 0,
  fk: 0,
  fieldShowType: 'text',
  isShowList: 1,
  isShowForm: 1,
  isQuery: 0,
  queryMode: 'single',
  sortFlag: 0,
  fieldLength: 120,
} as const;

export function fieldToRow(f: CgformField): FieldRow {
  return {
    ...f,
    // A snapshot's fields may have no id: a temporary one keeps the grid's keys apart.
    id: f.id ?? tempId(),
    required: f.dbIsNull === 0 ? 1 : 0,
    unique: f.fieldValidType === 'only' ? 1 : 0,
    fk: f.mainTable ? 1 : 0,
  };
}

const num = (v: unknown, fallback: number) => {
  const n = typeof v === 'number' ? v : Number(String(v ?? '').trim());
  return String(v ?? '').trim() === '' || !Number.isFinite(n) ? fallback : n;
};
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v)).trim();
const flag = (v: unknown): 0 | 1 => (Number(v) === 1 ? 1 : 0);

/** A grid row back to the wire field; `mainTable` is the designer's 主表 (child tables only). */
export function rowToField(r: GridRow, index: number, mainTable: string | null): CgformField {
  const pattern = typeof r.fieldValidType === 'string' && r.fieldValidType !== 'only' ? r.fieldValidType : '';
  const fk = mainTable !== null && flag(r.fk) === 1;
  const out: CgformField = {
    dbFieldName: str(r.dbFieldName),
    dbFieldTxt: str(r.dbFieldTxt),
    dbType: (str(r.dbType) || 'string') as CgformDbType,
    dbLength: num(r.dbLength, 0),
    dbPointLength: num(r.dbPointLength, 0),
    dbDefaultVal: str(r.dbDefaultVal) || null,
    dbIsNull: flag(r.required) === 1 ? 0 : 1,
    fieldShowType: (str(r.fieldShowType) || 'text') as CgformShowType,
    fieldLength: str(r.fieldLength) === '' ? null : num(r.fieldLength, 120),
    dictField: str(r.dictField) || null,
    fieldValidType: flag(r.unique) === 1 ? 'only' : pattern || null,
    isShowForm: flag(r.isShowForm),
    isShowList: flag(r.isShowList),
    isQuery: flag(r.isQuery),
    queryMode: r.queryMode === 'group' ? 'group' : 'single',
    sortFlag: flag(r.sortFlag),
    isReadOnly: flag(r.isReadOnly),
    mainTable: fk ? mainTable : null,
    mainField: fk ? 'id' : null,
    orderNum: index + 1,
  };
  // Loaded rows keep their id (editAll updates them); new rows have none.
  if (!isTempId(r.id)) out.id = String(r.id);
  return out;
}

export interface HeadValues {
  tableName: string;
  tableTxt: string;
  tableType: 1 | 2 | 3;
  /** 附表: the main form's tableName. */
  mainTable?: string | null;
}

/** The designer's state as POST addAll / PUT editAll take it. */
export function buildSaveBody(head: HeadValues, id: string | null, rows: readonly GridRow[], deleteFieldIds: readonly string[]): CgformSaveBody {
  const mainTable = head.tableType === 3 ? (head.mainTable ?? null) : null;
  const h: CgformSaveBody['head'] = { tableName: head.tableName.trim(), tableTxt: head.tableTxt.trim(), tableType: head.tableType };
  if (id) (h as Partial<CgformHead>).id = id;
  const body: CgformSaveBody = { head: h, fields: rows.map((r, i) => rowToField(r, i, mainTable)) };
  if (id) body.deleteFieldIds = deleteFieldIds.filter((d) => !isTempId(d));
  return body;
}

/** The 主表 of a child form, read back from its foreign-key field. */
export const mainTableOf = (fields: readonly CgformField[]) => fields.find((f) => f.mainTable)?.mainTable ?? null;
