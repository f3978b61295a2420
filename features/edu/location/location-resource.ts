import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

export const LOCATION_API = '/location/tblLocation';

/** spec 01 §5 messages of the venue form, shared by the form and the server's check. */
export const LOCATION_MESSAGES = {
  // Not in the spec (issue #21): a venue needs a name the pickers and the calendar can show.
  nameRequired: '请输入场地名称!',
  maxMemberRequired: '请填写最多容纳人数',
  positiveInteger: '请输入正整数!',
  regionRequired: '请选择地区!',
  detailRequired: '请输入详细地址!',
} as const;

/** 最多容纳人数's upper bound (9 digits, well inside the integer column), on the form and the server. */
export const LOCATION_MAX_MEMBER = 999_999_999;

/** 联系电话: digits, spaces, + - ( ), 5–30 characters. */
export const LOCATION_PHONE_PATTERN = { regex: '^[0-9+() -]{5,30}$', message: '请输入正确的联系电话' };

/**
 * 最多容纳人数 is a positive integer: a number, or its plain decimal text (form bodies are text); never 0,
 * negative, decimal, '01', '+3', '1e3' or other text. The form and the server's check both use this.
 */
export function isPositiveMemberCount(v: unknown): boolean {
  const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : typeof v === 'string' ? v.trim() : '';
  return /^[1-9]\d*$/.test(text) && Number(text) <= LOCATION_MAX_MEMBER;
}

/**
 * 场地 (tbl_location, spec 01 §3 "Venue", spec 02 §3 "Location row"): data only, shared by the embedded
 * backend (server/edu/catalog-location.ts adds validation, ownership and the teacher check) and the
 * list screen / venue form (features/edu/location/*).
 * name (场地名称, migration 0018) is not in the spec: issue #21 found every picker showing a bare address,
 * so a venue has a required name, and pickers, teaching lists and the calendar show it.
 * province / city: 6-digit region codes as the area linkage emits them (lib/region.ts; 900000 = 海外, whose
 * city is the province itself); show them with regionNames. The server sets an empty city to the province.
 * status: 1 enabled, 0 disabled; isDoubleTeacher: 1 or 0. ownBy is the creating user's id (ownership,
 * spec 01 §6: owner, isAdmin = 1 or isMarketing = 1 may edit or delete).
 */
export const locationResource: ResourceDef = {
  name: 'tblLocation',
  title: '场地',
  table: 'tbl_location',
  dataLog: true,
  api: LOCATION_API,
  perm: PERMS.location.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  ownerField: 'ownBy',
  // Soft delete: schedules that name a venue keep resolving it after 删除.
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true },
  fields: [
    { name: 'id', label: '场地ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'name', label: '场地名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, pinyinSort: true, width: 160 },
    { name: 'province', label: '省份', kind: 'input', maxLength: 32, search: 'eq', sortable: true, width: 100 },
    { name: 'city', label: '城市', kind: 'input', maxLength: 32, search: 'eq', sortable: true, width: 100 },
    { name: 'dict', label: '区县', kind: 'input', maxLength: 32, list: false },
    { name: 'detailLocation', label: '详细地址', kind: 'input', required: true, maxLength: 200, search: 'like', width: 200, ellipsis: 11 },
    { name: 'longitude', label: '经度', kind: 'inputNumber', type: 'number', list: false },
    { name: 'latitude', label: '纬度', kind: 'inputNumber', type: 'number', list: false },
    { name: 'maxMember', label: '最多容纳人数', kind: 'inputNumber', type: 'int', required: true, sortable: true, width: 120 },
    { name: 'inCharge', label: '负责人', kind: 'select', dictCode: 'sys_user,realname,id', search: 'eq', width: 100 },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: [{ value: '1', text: '启用' }, { value: '0', text: '停用' }], defaultValue: 1, search: 'eq', sortable: true, width: 90 },
    { name: 'isDoubleTeacher', label: '双师', kind: 'select', type: 'int', options: [{ value: '1', text: '是' }, { value: '0', text: '否' }], defaultValue: 0, search: 'eq', width: 90 },
    { name: 'priority', label: '优先级', kind: 'inputNumber', type: 'int', list: false },
    { name: 'hotelExpenses', label: '费用信息', kind: 'textarea', maxLength: 500, list: false },
    { name: 'hotelContact', label: '酒店联系人', kind: 'input', maxLength: 50, list: false },
    { name: 'phone', label: '联系电话', kind: 'input', maxLength: 30, pattern: LOCATION_PHONE_PATTERN, list: false },
    { name: 'remark', label: '备注', kind: 'textarea', maxLength: 500, list: false },
    { name: 'ownBy', label: '所属人', kind: 'select', dictCode: 'sys_user,realname,id', form: false, width: 100 },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, search: 'range', width: 170 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};
