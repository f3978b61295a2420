import type { ResourceDef } from '../../../lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';
import { extOf, hasForbiddenNameChars, MATERIAL_RULES, MB, UPLOAD_MESSAGES, type FileLike } from '../../../lib/upload/rules';

/*
 * 学员作品 (issue #26 item 4): definition, messages and the pure file rules, shared by the gallery, the form and
 * the server (server/work/catalog-work.ts). Relative imports only: the server imports this file.
 */

export const WORK_API = '/edu/studentWork';
/** `GET ?id=` the work's file (inline for the gallery and preview; `&download=1` as an attachment). */
export const WORK_FILE_URL = `${WORK_API}/file`;
/** `GET ?id=` the work as its page shows it, or 作品不存在 / 没有权限查看. */
export const WORK_PREVIEW_URL = `${WORK_API}/preview`;
/** The in-school link 分享 copies. */
export const WORK_PAGE_PATH = '/work/workpreview';
/** List param: contains-search over 标题 and 描述 together. */
export const WORK_KEYWORD_PARAM = 'keyword';

export const WORK_MESSAGES = {
  studentUnknown: '所选学员不存在，请重新选择',
  studentNotTaught: '只能为所教班级的学员上传作品',
  clazzUnknown: '所选班级不存在，请重新选择',
  clazzNotTaught: '只能选择所教的班级',
  notMember: '该学员不在所选班级中',
  courseUnknown: '所选课程不存在，请重新选择',
  fileMissing: '文件不存在，请重新上传',
  badFormat: UPLOAD_MESSAGES.badFormat,
  notOwnerEdit: '只能修改自己上传的作品',
  notOwnerDelete: '只能删除自己上传的作品',
  notFound: '作品不存在',
  noAccess: '没有权限查看',
} as const;

export type WorkKind = 'image' | 'video' | 'pdf';

interface WorkRule {
  exts: readonly string[];
  maxBytes: number;
  message: string;
  label: string;
}

/** Spec 02 §5's limits: images png/jpg/jpeg/gif ≤ 2 MB, video mp4 ≤ 1 GB, PDF ≤ 10 MB (the 文档 limit and message). */
export const WORK_RULES: Record<WorkKind, WorkRule> = {
  image: { ...MATERIAL_RULES.image, label: '图片' },
  video: { ...MATERIAL_RULES.video, label: '视频' },
  pdf: { exts: ['pdf'], maxBytes: 10 * MB, message: UPLOAD_MESSAGES.document, label: 'PDF' },
};

export const WORK_KINDS = Object.keys(WORK_RULES) as WorkKind[];
export const WORK_KIND_OPTIONS = WORK_KINDS.map((k) => ({ value: k, text: WORK_RULES[k].label }));
export const WORK_ACCEPT = WORK_KINDS.flatMap((k) => WORK_RULES[k].exts.map((e) => `.${e}`)).join(',');

/** The kind a file name belongs to, or null (错误的文件格式). */
export function workKindOf(name: string): WorkKind | null {
  const ext = extOf(name);
  return WORK_KINDS.find((k) => WORK_RULES[k].exts.includes(ext)) ?? null;
}

/** A file chosen for a work: format, then that kind's size, then the name's characters. Null = accepted. */
export function checkWorkFile(file: FileLike): string | null {
  const kind = workKindOf(file.name);
  if (!kind) return UPLOAD_MESSAGES.badFormat;
  if (file.size > WORK_RULES[kind].maxBytes) return WORK_RULES[kind].message;
  if (hasForbiddenNameChars(file.name)) return UPLOAD_MESSAGES.badName;
  return null;
}

/**
 * 学员作品 (tbl_student_work, migration 0042). Visibility and ownership are the server's (catalog-work.ts): one's
 * own works, those marked 校内共享, and with edu:studentWork:viewAll the whole school's; only the uploader (or a
 * viewAll holder) edits and deletes. 类型, 大小 and the stored path are checked and set by the server.
 */
export const studentWorkResource: ResourceDef = {
  name: 'tblStudentWork',
  title: '学员作品',
  table: 'tbl_student_work',
  api: WORK_API,
  perm: PERMS.studentWork.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'id', label: '作品ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'title', label: '作品名称', kind: 'input', required: true, maxLength: 50, search: 'like', sortable: true },
    { name: 'studentId', label: '学员', kind: 'select', required: true, maxLength: 32, search: 'eq' },
    { name: 'clazzId', label: '班级', kind: 'select', maxLength: 32, search: 'eq' },
    { name: 'courseId', label: '课程', kind: 'select', maxLength: 32, search: 'eq' },
    { name: 'file', label: '作品文件', kind: 'input', required: true, maxLength: 500, list: false },
    // The uploaded file's own name (storage names are generated): shown, and the download's name.
    { name: 'fileName', label: '文件名', kind: 'hidden', maxLength: 255, list: false },
    { name: 'fileKind', label: '类型', kind: 'select', options: WORK_KIND_OPTIONS, form: false, search: 'eq' },
    { name: 'fileSize', label: '大小', kind: 'inputNumber', type: 'int', form: false },
    { name: 'shared', label: '校内共享', kind: 'select', type: 'boolean', options: [{ value: 'true', text: '是' }, { value: 'false', text: '否' }], defaultValue: false, search: 'eq' },
    { name: 'description', label: '作品描述', kind: 'textarea', maxLength: 500, list: false },
    { name: 'createBy', label: '上传人', kind: 'select', dictCode: 'sys_user,realname,username', form: false },
    { name: 'createTime', label: '上传时间', kind: 'datetime', sortable: true, form: false },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false },
  ],
};
