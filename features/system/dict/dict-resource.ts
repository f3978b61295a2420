import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

/** Plain dictionary codes: what `/sys/dict/getDictItems/{code}` accepts, minus `.:-` (no comma: that would read as a table dictionary). */
export const DICT_CODE_PATTERN = { regex: '^[A-Za-z0-9_]+$', message: '字典编码只能包含字母、数字和下划线' };

/**
 * 数据字典 (sys_dict): data only, shared by the embedded backend (server/system/catalog-dict.ts) and
 * the list screen. Rows are deleted for real, so the items go with them (ON DELETE CASCADE) and the
 * code can be used again.
 */
export const dictResource: ResourceDef = {
  name: 'sysDict',
  title: '数据字典',
  table: 'sys_dict',
  api: '/sys/dict',
  perm: PERMS.dict.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true, importExcel: true },
  fields: [
    { name: 'dictName', label: '字典名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, pinyinSort: true, width: 180 },
    { name: 'dictCode', label: '字典编码', kind: 'input', required: true, maxLength: 100, unique: true, pattern: DICT_CODE_PATTERN, search: 'like', sortable: true, width: 180 },
    { name: 'description', label: '描述', kind: 'input', maxLength: 255, width: 240 },
    // JeecgBoot's 0 = string values, 1 = number values; kept on the wire, not edited here.
    { name: 'type', label: '字典类型', kind: 'inputNumber', type: 'int', form: false, list: false, excel: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 160 },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};
