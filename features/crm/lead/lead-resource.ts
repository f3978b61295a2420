import type { FieldOption, ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

export const LEAD_API = '/crm/tblLead';
export const LEAD_FOLLOW_API = '/crm/tblLeadFollow';

/** The lead list's urls beyond CRUD (spec 02 §7) and the drawer's reads. */
export const LEAD_URLS = {
  toPool: `${LEAD_API}/toPool`,
  toPoolBatch: `${LEAD_API}/toPoolBatch`,
  topping: `${LEAD_API}/topping`,
  updateTags: `${LEAD_API}/updateTags`,
  addBatchTask: `${LEAD_API}/addBatchTask`,
  ownerHistory: `${LEAD_API}/ownerHistory`,
  trials: `${LEAD_API}/trials`,
  followAdd: `${LEAD_FOLLOW_API}/add`,
  followList: `${LEAD_FOLLOW_API}/list`,
} as const;

/** `followDue=today` (the only value): 今日待跟进, next follow-ups before the end of today (Asia/Shanghai). */
export const FOLLOW_DUE_PARAM = 'followDue';
export const FOLLOW_DUE_TODAY = 'today';

export const INTENTION_LEVELS: FieldOption[] = [
  { value: '1', text: '低' },
  { value: '2', text: '中' },
  { value: '3', text: '高' },
];

export const FOLLOW_STATUSES: FieldOption[] = [
  { value: '0', text: '待跟进' },
  { value: '1', text: '跟进中' },
  { value: '2', text: '已约课' },
  { value: '3', text: '已体验' },
  { value: '4', text: '已失效' },
  { value: '5', text: '已转化' },
];

/**
 * 线索 (tbl_lead, domain §7). The list holds leads with an owner (own_by null = the pool's); the server limits it
 * to one's own unless the caller holds crm:lead:all or the marketing flag. Pinned first (newest pin first), then
 * newest, while the list is in its default order. intentionCourseId names a course (intentionCourseId_dictText
 * filled by the server); ownBy is the owner's id shown as realname.
 */
export const leadResource: ResourceDef = {
  name: 'tblLead',
  title: '线索',
  table: 'tbl_lead',
  dataLog: true,
  api: LEAD_API,
  perm: PERMS.lead.prefix,
  rowKey: 'id',
  defaultSort: {
    column: 'createTime',
    order: 'desc',
    before: [
      { column: 'topping', order: 'desc' },
      { column: 'topTime', order: 'desc' },
    ],
  },
  ownerField: 'ownBy',
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true, importExcel: true, toPool: true, toPoolBatch: true, topping: true, updateTags: true, addBatchTask: true },
  fields: [
    { name: 'id', label: '线索ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'name', label: '姓名', kind: 'input', required: true, maxLength: 50, search: 'like', sortable: true, pinyinSort: true, width: 130 },
    { name: 'phone', label: '手机号', kind: 'input', required: true, maxLength: 30, pattern: 'mobile', search: 'like', width: 120 },
    { name: 'childName', label: '孩子姓名', kind: 'input', maxLength: 50, search: 'like', width: 100 },
    { name: 'grade', label: '年级', kind: 'input', maxLength: 20, width: 80 },
    { name: 'channel', label: '渠道', kind: 'select', type: 'int', dictCode: 'lead_channel', search: 'eq', width: 90 },
    { name: 'intentionCourseId', label: '意向课程', kind: 'select', maxLength: 32, query: false, width: 130 },
    { name: 'intentionLevel', label: '意向度', kind: 'select', type: 'int', options: INTENTION_LEVELS, defaultValue: 2, search: 'eq', sortable: true, width: 80 },
    { name: 'followStatus', label: '跟进状态', kind: 'select', type: 'int', options: FOLLOW_STATUSES, defaultValue: 0, search: 'eq', width: 90 },
    { name: 'tags', label: '标签', kind: 'input', maxLength: 500, search: 'like', width: 160 },
    { name: 'nextFollowTime', label: '下次跟进', kind: 'datetime', sortable: true, search: 'range', width: 170 },
    { name: 'lastFollowTime', label: '最近跟进', kind: 'datetime', sortable: true, form: 'readonly', width: 170 },
    { name: 'ownBy', label: '负责人', kind: 'select', dictCode: 'sys_user,realname,id', form: false, search: 'eq', width: 90 },
    { name: 'topping', label: '置顶', kind: 'select', type: 'int', options: [{ value: '1', text: '是' }, { value: '0', text: '否' }], form: false, list: false, excel: false },
    { name: 'topTime', label: '置顶时间', kind: 'datetime', form: false, list: false, excel: false },
    { name: 'ownerTime', label: '领取时间', kind: 'datetime', form: false, list: false, excel: false },
    { name: 'studentId', label: '学员', kind: 'input', form: false, list: false, excel: false, query: false },
    { name: 'remark', label: '备注', kind: 'textarea', maxLength: 500, list: false },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false, excel: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 170 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};
