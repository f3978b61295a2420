import type { FieldOption, ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

export const CLAZZ_API = '/clazz/tblClazz';
export const CLAZZ_MEMBERS_URL = `${CLAZZ_API}/members`;
export const CLAZZ_ADD_MEMBERS_URL = `${CLAZZ_API}/addMembers`;
export const CLAZZ_REMOVE_MEMBER_URL = `${CLAZZ_API}/removeMember`;

/** tbl_clazz.status: 0 未开始 1 正常 2 结班. */
export const CLAZZ_STATUS = { notStarted: 0, running: 1, closed: 2 } as const;
/** tbl_clazz_student.status: 1 正常 2 已退班. */
export const MEMBER_STATUS = { active: 1, left: 2 } as const;

const YES_NO: FieldOption[] = [
  { value: '1', text: '是' },
  { value: '0', text: '否' },
];

export const CLAZZ_MESSAGES = {
  capacityPositive: '容量须为正整数',
  dateRange: '结班日期不能早于开班日期',
  overCapacity: (capacity: number, active: number) => `超出班级容量（容量${capacity}人，已有${active}人）`,
  overRoom: (room: string, capacity: number, active: number) => `超出默认教室「${room}」的容量（容量${capacity}人，已有${active}人）`,
  closed: '该班级已结班，不能添加成员',
  futureSessions: (n: number) => `该班级还有${n}个未上的课次，不能删除`,
} as const;

/**
 * The capacity rule (R4): unless the class may go over (可超额 1), its active members may not exceed its
 * 容量 nor its default room's. `active` are there already, `joining` would come; the refusal or null.
 * Adding members (server/edu/clazz-members.ts) and the demo seed's own check use this one rule.
 */
export function capacityError(clazz: { capacity: number; allowOver: number | null }, room: { name: string; capacity: number } | null, active: number, joining: number): string | null {
  if (clazz.allowOver === 1) return null;
  if (active + joining > clazz.capacity) return CLAZZ_MESSAGES.overCapacity(clazz.capacity, active);
  if (room && active + joining > room.capacity) return CLAZZ_MESSAGES.overRoom(room.name, room.capacity, active);
  return null;
}

/** 容量: a positive integer (number or its decimal text), shared by the form and the server. */
export function isPositiveInt(v: unknown): boolean {
  const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : typeof v === 'string' ? v.trim() : '';
  return /^[1-9]\d{0,8}$/.test(text);
}

/**
 * 班级 (tbl_clazz, domain §7). courseId / headTeacher / locationId / roomId name a course, a teacher, a venue
 * and a room; the server fills their `_dictText`. memberCount (人数) = active members, per page.
 * scheduleStatus is maintained by 排课 and never written here.
 */
export const clazzResource: ResourceDef = {
  name: 'tblClazz',
  title: '班级',
  table: 'tbl_clazz',
  dataLog: true,
  api: CLAZZ_API,
  perm: PERMS.clazz.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  ownerField: 'ownBy',
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true },
  fields: [
    { name: 'id', label: '班级ID', kind: 'input', form: false, list: false, excel: false },
    // Filled on add from the 填值规则 clazz_no when left empty (server/system/catalog-rules.ts withRuleNumber).
    { name: 'clazzNo', label: '班级编号', kind: 'input', maxLength: 64, unique: true, search: 'like', sortable: true, width: 120, help: '留空则按填值规则 clazz_no 自动生成' },
    { name: 'name', label: '名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, pinyinSort: true, width: 160 },
    { name: 'courseId', label: '课程', kind: 'select', maxLength: 32, width: 140 },
    { name: 'headTeacher', label: '班主任', kind: 'select', maxLength: 32, width: 100 },
    { name: 'locationId', label: '场地', kind: 'select', maxLength: 32, width: 160, ellipsis: 12 },
    { name: 'roomId', label: '默认教室', kind: 'select', maxLength: 32, width: 100 },
    { name: 'capacity', label: '容量', kind: 'inputNumber', type: 'int', required: true, sortable: true, width: 70 },
    { name: 'memberCount', label: '人数', kind: 'inputNumber', type: 'int', virtual: true, form: false, width: 70 },
    { name: 'allowOver', label: '可超额', kind: 'select', type: 'int', options: YES_NO, defaultValue: 0, width: 80 },
    { name: 'leaveCharge', label: '请假扣课时', kind: 'select', type: 'int', options: YES_NO, defaultValue: 0, list: false },
    { name: 'absentCharge', label: '缺席扣课时', kind: 'select', type: 'int', options: YES_NO, defaultValue: 1, list: false },
    { name: 'hoursPerLesson', label: '每次课时', kind: 'inputNumber', type: 'number', defaultValue: 1, width: 90 },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: [{ value: '0', text: '未开始' }, { value: '1', text: '正常' }, { value: '2', text: '结班' }], defaultValue: 0, search: 'eq', width: 80 },
    { name: 'scheduleStatus', label: '排课状态', kind: 'select', type: 'int', options: [{ value: '0', text: '未排课' }, { value: '1', text: '排课中' }, { value: '2', text: '已排课' }], form: 'readonly', search: 'eq', width: 90 },
    { name: 'scope', label: '范围', kind: 'select', type: 'int', options: [{ value: '0', text: '对外教学' }, { value: '1', text: '内部班' }], defaultValue: 0, width: 90 },
    { name: 'startDate', label: '开班日期', kind: 'date', sortable: true, width: 110 },
    { name: 'endDate', label: '结班日期', kind: 'date', width: 110 },
    { name: 'color', label: '颜色', kind: 'input', maxLength: 16, pattern: { regex: '^#[0-9A-Fa-f]{6}$', message: '请输入#RRGGBB格式的颜色' }, list: false },
    { name: 'remark', label: '备注', kind: 'textarea', maxLength: 500, list: false },
    { name: 'ownBy', label: '所属人', kind: 'select', dictCode: 'sys_user,realname,id', form: false, list: false },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 170 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};

/** One member of GET /clazz/tblClazz/members. */
export interface ClazzMemberRow {
  id: string;
  studentId: string;
  name: string;
  phone: string;
  status: number;
  status_dictText: string;
  joinDate: string | null;
  leaveDate: string | null;
}
