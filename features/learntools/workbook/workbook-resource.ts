import type { ResourceDef } from '@/lib/resources/types';
import { USER_NAME_DICT } from '../../../lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';
import { GRADE_OPTIONS } from '../../edu/student/student-resource';

export const WORKBOOK_API = '/learntools/tblWorkbook';
/** Items of one workbook (hand-written routes, server/learntools/workbook-routes.ts). */
export const WORKBOOK_ITEM_API = `${WORKBOOK_API}/item`;
export const WORKBOOK_RENAME_URL = `${WORKBOOK_API}/rename`;

export const WORKBOOK_MESSAGES = {
  courseUnknown: '所选课程不存在，请重新选择',
  notFound: '练习册不存在',
  itemNotFound: '题目不存在',
  nameRequired: '请输入名称',
  nameTooLong: '名称不能超过100个字符',
  publishEmpty: '练习册还没有题目，不能发布',
  /** Delete refused while published homework uses the workbook. */
  inUse: (n: number) => `该练习册被${n}份已发布的作业使用，不能删除`,
  renamed: '重命名成功',
} as const;

export const WORKBOOK_STATUS_OPTIONS = [
  { value: '0', text: '草稿' },
  { value: '1', text: '已发布' },
  { value: '2', text: '停用' },
];

/**
 * 练习册 (tbl_workbook, migration 0023): a named set of items for a course and grade; status 0 草稿 1 已发布
 * 2 停用 (布置作业 picks published ones). 题数 and 总分 are computed per page from the items.
 */
export const workbookResource: ResourceDef = {
  name: 'tblWorkbook',
  title: '练习册',
  table: 'tbl_workbook',
  api: WORKBOOK_API,
  perm: PERMS.workbook.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'id', label: '练习册ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'name', label: '名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, pinyinSort: true, width: 200 },
    { name: 'courseId', label: '课程', kind: 'select', maxLength: 32, search: 'eq', width: 160 },
    { name: 'grade', label: '年级', kind: 'select', options: GRADE_OPTIONS, maxLength: 20, search: 'eq', width: 90 },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: WORKBOOK_STATUS_OPTIONS, defaultValue: 0, required: true, search: 'eq', sortable: true, width: 90 },
    { name: 'itemCount', label: '题数', kind: 'inputNumber', type: 'int', virtual: true, form: false, query: false, excel: false, width: 70 },
    { name: 'totalScore', label: '总分', kind: 'inputNumber', type: 'number', virtual: true, form: false, query: false, excel: false, width: 80 },
    { name: 'remark', label: '备注', kind: 'textarea', maxLength: 500, width: 180 },
    { name: 'createBy', label: '创建人', kind: 'select', dictCode: USER_NAME_DICT, form: false, width: 100 },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 170 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false },
  ],
};
