import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

/** The sort order the server accepts (sys_dict_item.sort_order is an integer column). */
export const SORT_ORDER_MAX = 999999;

/**
 * 字典项 (sys_dict_item), edited inside 字典配置 of one dictionary: `dictId` is fixed by that parent
 * (a hidden form value on add, never changed by an edit) and the list needs `?dictId=`. The item value
 * is unique within its dictionary only, so it is checked by a server hook, not as a `unique` field
 * (that would be table-wide). Sort order and status are not `required` so an absent value takes its
 * default (the schema checks required before defaults); the hook refuses an explicit empty one. Permission prefix `system:dictItem`, apart from the dictionaries', so
 * maintaining items can be granted without creating or deleting dictionaries.
 */
export const dictItemResource: ResourceDef = {
  name: 'sysDictItem',
  title: '字典项',
  table: 'sys_dict_item',
  api: '/sys/dictItem',
  perm: PERMS.dictItem.prefix,
  rowKey: 'id',
  defaultSort: { column: 'sortOrder', order: 'asc' },
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'dictId', label: '所属字典', kind: 'hidden', required: true, maxLength: 32, list: false, query: false, excel: false },
    { name: 'itemText', label: '名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, width: 160 },
    { name: 'itemValue', label: '数据值', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, width: 160 },
    { name: 'description', label: '描述', kind: 'input', maxLength: 255, width: 200 },
    { name: 'sortOrder', label: '排序值', kind: 'inputNumber', type: 'int', defaultValue: 1, sortable: true, width: 90 },
    { name: 'status', label: '状态', kind: 'radio', type: 'int', dictCode: 'dict_item_status', defaultValue: 1, search: 'eq', sortable: true, width: 90 },
    { name: 'createTime', label: '创建时间', kind: 'datetime', form: false, list: false, excel: false },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};
