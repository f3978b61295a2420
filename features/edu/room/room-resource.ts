import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

export const ROOM_API = '/edu/tblRoom';

export const ROOM_MESSAGES = {
  duplicateName: '该场地已有同名教室',
  capacityPositive: '容量须为正整数',
  venueUnknown: '所选场地不存在，请重新选择',
  futureSessions: (n: number) => `该教室还有${n}个未上的课次，不能删除`,
} as const;

/** 教室 (tbl_room): a room of a venue; its name is unique within the venue among live rooms. status 1 启用 0 停用. */
export const roomResource: ResourceDef = {
  name: 'tblRoom',
  title: '教室',
  table: 'tbl_room',
  dataLog: true,
  api: ROOM_API,
  perm: PERMS.room.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'id', label: '教室ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'locationId', label: '场地', kind: 'select', required: true, maxLength: 32, width: 200, ellipsis: 16 },
    { name: 'name', label: '名称', kind: 'input', required: true, maxLength: 50, search: 'like', sortable: true, pinyinSort: true, width: 120 },
    { name: 'capacity', label: '容量', kind: 'inputNumber', type: 'int', required: true, sortable: true, width: 80 },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: [{ value: '1', text: '启用' }, { value: '0', text: '停用' }], defaultValue: 1, search: 'eq', width: 80 },
    { name: 'remark', label: '备注', kind: 'textarea', maxLength: 500, width: 200 },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 170 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false },
  ],
};
