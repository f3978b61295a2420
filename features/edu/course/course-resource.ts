import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

export const COURSE_API = '/course/tblCourse';
/** The 编码校验规则 课程编码 follows (seeded by migration 0053). */
export const COURSE_CODE_RULE_CODE = 'course_code';

/** 课程 (tbl_course, domain §4): mode 1 一对一 2 一对多; unit 1 课时 2 天 3 月; status 0 未开始 1 正常 2 已结束. */
export const courseResource: ResourceDef = {
  name: 'tblCourse',
  title: '课程',
  table: 'tbl_course',
  dataLog: true,
  api: COURSE_API,
  perm: PERMS.course.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  ownerField: 'ownBy',
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true },
  fields: [
    { name: 'id', label: '课程ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'name', label: '名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, pinyinSort: true, width: 160 },
    // 课程编码: the school's own format, the 编码校验规则 course_code (0053), checked on the form and on save (issue #39).
    { name: 'code', label: '课程编码', kind: 'input', maxLength: 20, checkRule: COURSE_CODE_RULE_CODE, search: 'like', sortable: true, width: 100 },
    { name: 'subject', label: '科目', kind: 'input', maxLength: 50, search: 'like', width: 90 },
    // A node of 课程分类: the list shows its name (typeId_dictText, filled by the server); the screen filters by a
    // type and its descendants with COURSE_TYPE_FILTER_PARAM, since this field's own param matches one type only.
    { name: 'typeId', label: '课程分类', kind: 'select', maxLength: 32, query: false, width: 110 },
    { name: 'mode', label: '授课方式', kind: 'select', type: 'int', options: [{ value: '1', text: '一对一' }, { value: '2', text: '一对多' }], defaultValue: 2, search: 'eq', width: 90 },
    { name: 'unit', label: '单位', kind: 'select', type: 'int', options: [{ value: '1', text: '课时' }, { value: '2', text: '天' }, { value: '3', text: '月' }], defaultValue: 1, width: 70 },
    { name: 'defaultHours', label: '每次课时', kind: 'inputNumber', type: 'number', defaultValue: 1, width: 90 },
    { name: 'price', label: '价格', kind: 'inputNumber', type: 'number', sortable: true, width: 90 },
    { name: 'totalLessons', label: '总课次', kind: 'inputNumber', type: 'int', width: 80 },
    { name: 'color', label: '颜色', kind: 'input', maxLength: 16, pattern: { regex: '^#[0-9A-Fa-f]{6}$', message: '请输入#RRGGBB格式的颜色' }, width: 90 },
    { name: 'intro', label: '简介', kind: 'textarea', maxLength: 2000, list: false },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: [{ value: '0', text: '未开始' }, { value: '1', text: '正常' }, { value: '2', text: '已结束' }], defaultValue: 1, search: 'eq', width: 80 },
    { name: 'ownBy', label: '所属人', kind: 'select', dictCode: 'sys_user,realname,id', form: false, list: false },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 170 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};

export const COURSE_MESSAGES = {
  futureSessions: (n: number) => `该课程还有${n}个未上的课次，不能删除`,
  nonNegative: (label: string) => `${label}不能为负数`,
} as const;
