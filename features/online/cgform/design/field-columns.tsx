'use client';

import type { GridColumn, GridRow } from '@/lib/grid/types';
import { DICT_SHOW_TYPES, SHOW_TYPE_LABELS, validateDefault, validateFieldName } from '@/lib/online/form-rules';
import type { CgformDbType, CgformShowType } from '@/lib/online/wire';
import { DictCodePicker } from './dict-code-picker';
import { DB_TYPE_OPTIONS, NEW_FIELD_DEFAULTS, QUERY_MODE_OPTIONS, SHOW_TYPE_OPTIONS } from './field-model';

const YES_NO: [number, number] = [1, 0];
const check = (key: string, title: string, width = 60): GridColumn => ({ key, title, type: 'checkbox', width, customValue: YES_NO, defaultValue: (NEW_FIELD_DEFAULTS as Record<string, unknown>)[key] });

/** H1's rule (lib/online/form-rules.ts) as a cell rule: the same message as the server's, at once. */
const fieldNameRule = (v: unknown) => {
  const problem = validateFieldName(String(v ?? '').trim());
  return problem ? problem : true;
};

const dictRule = (v: unknown, row: GridRow) => {
  const show = String(row.fieldShowType ?? '') as CgformShowType;
  return DICT_SHOW_TYPES.has(show) && !String(v ?? '').trim() ? `${SHOW_TYPE_LABELS[show]}须选择字典` : true;
};

/** The default must fit the column's type and length (the server's rule, shown on the cell). */
const defaultRule = (v: unknown, row: GridRow) =>
  validateDefault({ dbType: String(row.dbType ?? 'string') as CgformDbType, dbLength: Number(row.dbLength) || 0, dbPointLength: Number(row.dbPointLength) || 0, dbDefaultVal: v === undefined || v === null ? null : String(v) }) ?? true;

/**
 * The fields grid of the designer (the project's editable grid). `childTable`: a 附表 shows the 外键 column
 * (the field that holds the main row's id).
 */
export function fieldColumns(childTable: boolean, readOnly = false): GridColumn[] {
  const cols: GridColumn[] = [
    {
      key: 'dbFieldName',
      title: '字段名',
      type: 'input',
      width: 150,
      validateRules: [{ required: true, message: '请输入字段名' }, { unique: true, message: '字段名不能重复' }, { handler: fieldNameRule }],
    },
    { key: 'dbFieldTxt', title: '字段备注', type: 'input', width: 140, validateRules: [{ required: true, message: '请输入字段备注' }] },
    { key: 'dbType', title: '类型', type: 'select', width: 150, options: DB_TYPE_OPTIONS, defaultValue: NEW_FIELD_DEFAULTS.dbType, validateRules: [{ required: true, message: '请选择类型' }] },
    { key: 'dbLength', title: '长度', type: 'inputNumber', width: 80, defaultValue: NEW_FIELD_DEFAULTS.dbLength },
    { key: 'dbPointLength', title: '小数位', type: 'inputNumber', width: 80, defaultValue: NEW_FIELD_DEFAULTS.dbPointLength },
    { key: 'dbDefaultVal', title: '默认值', type: 'input', width: 110, validateRules: [{ handler: defaultRule }] },
    check('required', '必填'),
    check('unique', '唯一'),
    { key: 'fieldShowType', title: '控件类型', type: 'select', width: 130, options: SHOW_TYPE_OPTIONS, defaultValue: NEW_FIELD_DEFAULTS.fieldShowType },
    {
      key: 'dictField',
      title: '字典',
      type: 'popup',
      width: 150,
      placeholder: '选择字典',
      validateRules: [{ handler: dictRule }],
      renderPopup: ({ open, value, onOk, onCancel }) => (open ? <DictCodePicker open value={value} onOk={onOk} onCancel={onCancel} /> : null),
    },
    check('isShowList', '列表显示', 80),
    check('isShowForm', '表单显示', 80),
    check('isQuery', '查询'),
    { key: 'queryMode', title: '查询方式', type: 'select', width: 100, options: QUERY_MODE_OPTIONS, defaultValue: NEW_FIELD_DEFAULTS.queryMode },
    check('sortFlag', '排序'),
    { key: 'fieldLength', title: '列宽', type: 'inputNumber', width: 80, defaultValue: NEW_FIELD_DEFAULTS.fieldLength },
  ];
  if (childTable) cols.push(check('fk', '外键', 60));
  return readOnly ? cols.map((c) => ({ ...c, disabled: true, validateRules: undefined })) : cols;
}
