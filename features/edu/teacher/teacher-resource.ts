import type { FieldOption, ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

export const TEACHER_API = '/edu/tblTeacher';
export const TEACHER_TRANSFER_URL = `${TEACHER_API}/transfer`;
export const TEACHER_TRANSFER_LIST_URL = `${TEACHER_API}/transferList`;

/** tbl_teacher.status: 0 未入职 1 在职 2 离职. */
export const TEACHER_STATUS = { pending: 0, active: 1, left: 2 } as const;

export const GENDER_OPTIONS: FieldOption[] = [
  { value: '1', text: '男' },
  { value: '2', text: '女' },
];
export const TEACHER_STATUS_OPTIONS: FieldOption[] = [
  { value: '0', text: '未入职' },
  { value: '1', text: '在职' },
  { value: '2', text: '离职' },
];
export const TEACH_ROLE_OPTIONS: FieldOption[] = [
  { value: '1', text: '主讲' },
  { value: '2', text: '辅导' },
];

export const TEACHER_MESSAGES = {
  futureSessions: (n: number) => `该教师还有${n}个未上的课次，请先调整或调动`,
  transferSessions: (n: number) => `该教师在生效日期后还有${n}个未上的课次，请指定接替教师`,
} as const;

/**
 * 教师 (tbl_teacher, domain §3). venueId / departId / userId name a venue, a department (校区) and a user
 * account; their names arrive as `<field>_dictText` (the server's afterLoad for the venue, registered
 * table dictionaries for the other two). ownBy: spec 01 §6 ownership.
 */
export const teacherResource: ResourceDef = {
  name: 'tblTeacher',
  title: '教师',
  table: 'tbl_teacher',
  dataLog: true,
  api: TEACHER_API,
  perm: PERMS.teacher.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  ownerField: 'ownBy',
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true },
  fields: [
    { name: 'id', label: '教师ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'name', label: '姓名', kind: 'input', required: true, maxLength: 50, search: 'like', sortable: true, pinyinSort: true, width: 100 },
    { name: 'phone', label: '手机', kind: 'input', maxLength: 30, pattern: 'mobile', unique: true, search: 'like', width: 130 },
    { name: 'gender', label: '性别', kind: 'select', type: 'int', options: GENDER_OPTIONS, width: 70 },
    { name: 'jobType', label: '类型', kind: 'select', type: 'int', options: [{ value: '1', text: '全职' }, { value: '2', text: '兼职' }], defaultValue: 1, search: 'eq', width: 80 },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: TEACHER_STATUS_OPTIONS, defaultValue: 1, search: 'eq', sortable: true, width: 80 },
    { name: 'subjects', label: '科目', kind: 'input', maxLength: 200, search: 'like', width: 120 },
    { name: 'certification', label: '资质', kind: 'input', maxLength: 200, list: false },
    { name: 'teachRoles', label: '授课角色', kind: 'list_multi', options: TEACH_ROLE_OPTIONS, defaultValue: '1,2', width: 110 },
    { name: 'venueId', label: '所属场地', kind: 'select', maxLength: 32, width: 160, ellipsis: 12 },
    { name: 'departId', label: '所属校区', kind: 'sel_depart', dictCode: 'sys_depart,depart_name,id', maxLength: 32, search: 'eq', width: 120 },
    { name: 'userId', label: '关联账号', kind: 'sel_user', dictCode: 'sys_user,realname,id', maxLength: 32, unique: true, width: 100 },
    { name: 'remark', label: '备注', kind: 'textarea', maxLength: 500, list: false },
    { name: 'ownBy', label: '所属人', kind: 'select', dictCode: 'sys_user,realname,id', form: false, width: 100 },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 170 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};

/** The body of 调动 (POST /edu/tblTeacher/transfer). */
export interface TeacherTransferInput {
  teacherId: string;
  toDepartId: string;
  toVenueId?: string | null;
  /** 'YYYY-MM-DD' (Asia/Shanghai): sessions starting on or after this day move. */
  effectiveDate: string;
  reason?: string | null;
  reassignTo?: string | null;
}

/** One row of 调动记录. */
export interface TeacherTransferRow {
  id: string;
  teacherId: string;
  fromDepart: string | null;
  fromDepartName: string | null;
  toDepart: string;
  toDepartName: string | null;
  fromVenue: string | null;
  fromVenueName: string | null;
  toVenue: string | null;
  toVenueName: string | null;
  effectiveDate: string;
  reason: string | null;
  reassignTo: string | null;
  reassignToName: string | null;
  reassigned: number;
  createBy: string | null;
  createTime: string;
}
