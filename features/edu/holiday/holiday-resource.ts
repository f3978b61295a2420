import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

export const HOLIDAY_API = '/calendar/tblHoliday';
export const HOLIDAY_MESSAGES = { range: '结束日期不能早于开始日期' } as const;

/** 节假日 (tbl_holiday): a closed date range that 批量排课 skips. */
export const holidayResource: ResourceDef = {
  name: 'tblHoliday',
  title: '节假日',
  table: 'tbl_holiday',
  api: HOLIDAY_API,
  perm: PERMS.holiday.prefix,
  rowKey: 'id',
  defaultSort: { column: 'startDate', order: 'desc' },
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'id', label: '节假日ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'name', label: '名称', kind: 'input', required: true, maxLength: 50, search: 'like', width: 160 },
    { name: 'startDate', label: '开始日期', kind: 'date', required: true, search: 'range', sortable: true, width: 120 },
    { name: 'endDate', label: '结束日期', kind: 'date', required: true, sortable: true, width: 120 },
    { name: 'remark', label: '备注', kind: 'textarea', maxLength: 200, width: 240 },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', form: false, list: false },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false },
  ],
};
