import { CUSTOM_SHOW_TYPES } from '../../../lib/resources/custom-columns';
import type { FieldOption, ResourceDef } from '../../../lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

/**
 * Tables that take custom columns (their resources have a `customValuesColumn`). The server re-checks a
 * saved tableName against the registry; this list only feeds the form's select.
 */
export const CUSTOM_COLUMN_TABLES: FieldOption[] = [{ value: 'sys_user', text: '用户信息' }];

/** 自定义列 (sys_table_column): the administrator's extra list/form fields per table. Its api is not
 * /sys/sysTableColumn, whose list is the list pages' read of one table's columns (server/system/check-routes.ts). */
export const tableColumnResource: ResourceDef = {
  name: 'sysTableColumn',
  title: '自定义列',
  table: 'sys_table_column',
  api: '/sys/tableColumn',
  perm: PERMS.tableColumn.prefix,
  rowKey: 'id',
  defaultSort: { column: 'sort', order: 'asc' },
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'tableName', label: '所属表', kind: 'select', options: CUSTOM_COLUMN_TABLES, required: true, search: 'eq', sortable: true, width: 120 },
    { name: 'name', label: '列名称', kind: 'input', required: true, maxLength: 100, search: 'like', width: 140 },
    {
      name: 'jdbcField',
      label: '字段名',
      kind: 'input',
      required: true,
      maxLength: 63,
      sortable: true,
      width: 140,
      pattern: { regex: '^[A-Za-z][A-Za-z0-9_]{0,62}$', message: '字段名须以字母开头，只能包含字母、数字和下划线' },
    },
    { name: 'showType', label: '显示类型', kind: 'select', options: Object.entries(CUSTOM_SHOW_TYPES).map(([value, t]) => ({ value, text: t.label })), required: true, defaultValue: 'input', width: 100 },
    { name: 'optionItem', label: '下拉选项', kind: 'textarea', maxLength: 1000, width: 200, ellipsis: 20 },
    { name: 'prompt', label: '提示信息', kind: 'input', maxLength: 255, width: 160 },
    { name: 'sort', label: '排序', kind: 'inputNumber', type: 'int', sortable: true, defaultValue: 0, width: 70 },
    { name: 'createTime', label: '创建时间', kind: 'datetime', form: false, sortable: true, width: 160 },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false },
  ],
};
