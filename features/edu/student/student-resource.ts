import type { FieldDef, FieldOption, ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';
import { GENDER_OPTIONS } from '../teacher/teacher-resource';

export const STUDENT_API = '/edu/tblStudent';
export const STUDENT_COURSE_API = '/edu/tblStudentCourse';
/** 批量添加课时包: up to STUDENT_PACKAGE_BATCH_MAX new packages of one student in one transaction. */
export const STUDENT_PACKAGE_BATCH_URL = `${STUDENT_COURSE_API}/addBatch`;
export const STUDENT_PACKAGE_BATCH_MAX = 50;
/** Built by the attendance helper: a student's packages and consume logs. */
export const STUDENT_COURSES_URL = '/edu/student/courses';

export const GRADE_OPTIONS: FieldOption[] = ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '初一', '初二', '初三', '高一', '高二', '高三'].map((g) => ({ value: g, text: g }));

/**
 * 学员 (tbl_student, domain §3): deduplicated by 手机 (unique among rows, also on import). `hoursLeft` (课时包)
 * is the sum of the remaining hours of the student's live packages, filled by the server per page.
 */
export const studentResource: ResourceDef = {
  name: 'tblStudent',
  title: '学员',
  table: 'tbl_student',
  dataLog: true,
  api: STUDENT_API,
  perm: PERMS.student.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  ownerField: 'ownBy',
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true, importExcel: true },
  fields: [
    { name: 'id', label: '学员ID', kind: 'input', form: false, list: false, excel: false },
    // Filled on add from the 填值规则 student_no when left empty (server/system/catalog-rules.ts withRuleNumber).
    { name: 'studentNo', label: '学员编号', kind: 'input', maxLength: 64, unique: true, search: 'like', sortable: true, width: 130, help: '留空则按填值规则 student_no 自动生成' },
    { name: 'name', label: '姓名', kind: 'input', required: true, maxLength: 50, search: 'like', sortable: true, pinyinSort: true, width: 100 },
    { name: 'phone', label: '手机', kind: 'input', required: true, maxLength: 30, pattern: 'mobile', unique: true, search: 'like', width: 130 },
    { name: 'gender', label: '性别', kind: 'select', type: 'int', options: GENDER_OPTIONS, width: 70 },
    { name: 'birthday', label: '生日', kind: 'date', list: false },
    { name: 'school', label: '学校', kind: 'input', maxLength: 100, search: 'like', width: 140 },
    { name: 'grade', label: '年级', kind: 'select', options: GRADE_OPTIONS, search: 'eq', width: 80 },
    { name: 'guardian', label: '监护人', kind: 'input', maxLength: 50, width: 90 },
    { name: 'guardianPhone', label: '监护人电话', kind: 'input', maxLength: 30, pattern: 'mobile', width: 130 },
    { name: 'source', label: '来源', kind: 'select', type: 'int', options: [{ value: '1', text: '自然获客' }, { value: '2', text: '转介绍' }, { value: '3', text: '业务员' }], search: 'eq', width: 90 },
    { name: 'studentType', label: '类型', kind: 'select', type: 'int', options: [{ value: '0', text: '潜在' }, { value: '1', text: '在读' }, { value: '2', text: '历史' }], defaultValue: 1, search: 'eq', width: 80 },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: [{ value: '1', text: '正常' }, { value: '2', text: '冻结' }], defaultValue: 1, search: 'eq', width: 80 },
    { name: 'tags', label: '标签', kind: 'input', maxLength: 200, search: 'like', width: 120 },
    { name: 'hoursLeft', label: '课时包', kind: 'inputNumber', virtual: true, form: false, width: 90 },
    { name: 'remark', label: '备注', kind: 'textarea', maxLength: 500, list: false },
    { name: 'ownBy', label: '所属人', kind: 'select', dictCode: 'sys_user,realname,id', form: false, width: 100, excel: false },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false, excel: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, search: 'range', width: 170, excel: false },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};

/** The masked form of a mobile number the server sends without edu:student:phone (lib/account/mask-phone.ts). */
export const MASKED_MOBILE = /^1\d{2}\*{4}\d{4}$/;

/**
 * 学员 as a user without edu:student:phone sees it: the server masks 手机 and 监护人电话 and answers no rows to a
 * filter on them, so the screen offers no such filter, and its form accepts the masked value it was shown (sent
 * back unchanged, the server keeps the stored number; any other value must be a real mobile number).
 */
export function maskedPhoneStudentResource(def: ResourceDef = studentResource): ResourceDef {
  const phone = (f: FieldDef): FieldDef => ({
    ...f,
    search: undefined,
    query: false,
    pattern: { regex: `^(1[3-9]\\d{9}|${MASKED_MOBILE.source.slice(1, -1)})$`, message: '请输入正确的手机号码!' },
  });
  return { ...def, fields: def.fields.map((f) => (f.name === 'phone' || f.name === 'guardianPhone' ? phone(f) : f)) };
}

/**
 * 课时包 (tbl_student_course) as a small resource: only add is offered (from the student drawer); the
 * list needs edu:student:list. remain_qty is generated by the database.
 */
export const studentCourseResource: ResourceDef = {
  name: 'tblStudentCourse',
  title: '课时包',
  table: 'tbl_student_course',
  api: STUDENT_COURSE_API,
  perm: PERMS.student.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  actions: { add: true },
  fields: [
    { name: 'id', label: '课时包ID', kind: 'input', form: false, list: false },
    { name: 'studentId', label: '学员', kind: 'hidden', required: true, maxLength: 32 },
    { name: 'courseId', label: '课程', kind: 'select', required: true, maxLength: 32 },
    { name: 'buyQty', label: '购买数量', kind: 'inputNumber', type: 'number', required: true },
    { name: 'giftQty', label: '赠送数量', kind: 'inputNumber', type: 'number', defaultValue: 0 },
    { name: 'usedQty', label: '已用数量', kind: 'inputNumber', type: 'number', form: false },
    { name: 'remainQty', label: '剩余数量', kind: 'inputNumber', type: 'number', form: false },
    { name: 'amount', label: '金额', kind: 'inputNumber', type: 'number', pattern: 'money' },
    { name: 'validTo', label: '有效期至', kind: 'date' },
    { name: 'remark', label: '备注', kind: 'textarea', maxLength: 500, list: false },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: [{ value: '0', text: '正常' }, { value: '1', text: '停课' }, { value: '2', text: '结课' }], form: false },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', form: false },
  ],
};

/** GET /edu/student/courses?studentId= (built by another module; typed here for the drawer). */
export interface StudentCoursesAnswer {
  packages: { id: string; courseName: string; buyQty: number | string; giftQty: number | string; usedQty: number | string; remainQty: number | string; status: number }[];
  logs: { createTime: string; title: string; hours: number | string; hoursBefore: number | string; hoursAfter: number | string; status: number }[];
}
