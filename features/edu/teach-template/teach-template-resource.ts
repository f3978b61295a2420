import type { FieldOption, ResourceDef } from '@/lib/resources/types';
import { USER_NAME_DICT } from '../../../lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

/*
 * 教学模板 (tbl_teach_template + tbl_teach_template_item, domain §4, issue #22). The definition drives the list,
 * the export and the header's checks; the lessons travel with the template (JeecgBoot's one-to-many: the main
 * record carries `teachTemplateItemList`) and are checked by the pure rules below on both sides.
 * Data and pure functions only: the embedded backend imports this file (relative runtime imports).
 */

export const TEMPLATE_API = '/course/teachTemplate';
/** The list screen and the full-page editor (spec 01 §2: a `/detailOperation` child of the list). */
export const TEMPLATE_LIST_PATH = '/course/teachTemplate';
export const TEMPLATE_EDITOR_PATH = '/course/teachTemplateAddEdit';
/** The sub-list key of add / edit / queryById (JeecgBoot's `<sub entity>List`). */
export const ITEM_LIST_KEY = 'teachTemplateItemList';
export const TEMPLATE_URLS = {
  items: `${TEMPLATE_API}/queryTeachTemplateItemByMainId`,
  apply: `${TEMPLATE_API}/apply`,
  applyTargets: `${TEMPLATE_API}/applyTargets`,
  /** A session's materials (the calendar's detail drawer). */
  sessionMaterials: '/calendar/material/list',
  materials: '/edu/tblCourseMaterial/list',
  materialDownload: '/edu/tblCourseMaterial/download',
} as const;

/** tbl_teach_template.status. */
export const TEMPLATE_STATUS = { draft: 0, active: 1, stopped: 2 } as const;
export const TEMPLATE_STATUS_OPTIONS: FieldOption[] = [
  { value: '0', text: '草稿' },
  { value: '1', text: '启用' },
  { value: '2', text: '停用' },
];

export const LESSON_LIMITS = { minNo: 1, maxNo: 999, title: 100, homeworkTitle: 100, content: 50_000, homeworkContent: 20_000, maxLessons: 999, maxMaterials: 30 } as const;

export const TEMPLATE_MESSAGES = {
  lessonNoRange: (row: number) => `第${row}行：课次序号须为1到999的整数`,
  lessonNoRepeated: (no: number) => `课次序号${no}重复`,
  titleRequired: (row: number) => `第${row}行：请输入课次标题`,
  titleTooLong: (row: number) => `第${row}行：课次标题不能超过${LESSON_LIMITS.title}个字符`,
  homeworkTitleTooLong: (row: number) => `第${row}行：作业标题不能超过${LESSON_LIMITS.homeworkTitle}个字符`,
  homeworkTitleRequired: (row: number) => `第${row}行：填写了作业内容，请输入作业标题`,
  contentTooLong: (row: number) => `第${row}行：教学内容过长`,
  tooManyMaterials: (row: number) => `第${row}行：课件最多选择${LESSON_LIMITS.maxMaterials}个`,
  tooManyLessons: `一个模板最多${LESSON_LIMITS.maxLessons}个课次`,
  itemsFormat: '课次数据格式错误',
  courseUnknown: '所选课程不存在，请重新选择',
  materialOther: (title: string) => `课次「${title}」的课件不属于该课程或已删除，请重新选择`,
  chapterOther: (title: string) => `课次「${title}」的章节不属于该课程或已删除，请重新选择`,
  notFound: '教学模板不存在或已删除',
  notActive: '只能应用启用状态的教学模板',
  clazzNotFound: '班级不存在或已删除',
  otherCourse: '该班级的课程与模板不一致，不能应用',
  seriesOther: '所选排课规则不属于该班级',
  noFutureSessions: '该班级没有未开始的课次',
  nothingToFill: (firstNo: number, lastLesson: number) => `该班级未开始的课次从第${firstNo}次课起，模板的课次只到第${lastLesson}课，没有可填充的课次`,
  changedConfirm: (n: number) => `有${n}个课次的教学内容已被修改，是否覆盖？`,
  applied: (filled: number, skipped: number) => `已填充${filled}个课次${skipped ? `，跳过${skipped}个已修改的课次` : ''}`,
} as const;

/** The apply answer's code when hand-changed sessions need the caller's choice (result: ApplyConfirm). */
export const APPLY_CONFIRM_CODE = 409;
export interface ApplyConfirm {
  needConfirm: true;
  /** Target sessions whose content differs from what a template put there. */
  changed: number;
}
export interface ApplyResult {
  filled: number;
  skipped: number;
}
/** `applyTargets`: the class's series and its future 未开始 sessions. */
export interface ApplyTargets {
  futureSessions: number;
  /** 第N次课 of the class's first future 未开始 session (null: none). */
  firstLessonNo: number | null;
  series: { id: string; label: string; futureSessions: number }[];
}

/** One lesson as the wire carries it (ids of a saved lesson kept, so sessions filled from it stay linked). */
export interface LessonInput {
  id?: string | null;
  lessonNo: number;
  chapterId?: string | null;
  title: string;
  content?: string | null;
  /** Comma list of tbl_course_material ids of the template's course. */
  materialIds?: string | null;
  homeworkTitle?: string | null;
  homeworkContent?: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** A comma list (or array) of ids, deduplicated, empty parts dropped. */
export function idList(v: unknown): string[] {
  const parts = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : [];
  return [...new Set(parts.map((s) => s.trim()).filter(Boolean))];
}

/** A lesson number as typed (number or its decimal text) when it is an integer 1–999, else null. */
export function lessonNoOf(v: unknown): number | null {
  const s = typeof v === 'number' ? (Number.isInteger(v) ? String(v) : '') : text(v);
  if (!/^\d{1,3}$/.test(s)) return null;
  const n = Number(s);
  return n >= LESSON_LIMITS.minNo && n <= LESSON_LIMITS.maxNo ? n : null;
}

/**
 * The rules of a template's lessons, the same on the editor and the server: each lesson number 1–999 and
 * unique (`课次序号3重复`), a title of 1–100 characters, a homework title when there is homework content,
 * bounded sizes. Rows are numbered from 1 in the order given. The first problem, or null.
 */
export function lessonProblem(rows: readonly Record<string, unknown>[]): string | null {
  if (rows.length > LESSON_LIMITS.maxLessons) return TEMPLATE_MESSAGES.tooManyLessons;
  const seen = new Set<number>();
  for (const [i, r] of rows.entries()) {
    const row = i + 1;
    const no = lessonNoOf(r.lessonNo);
    if (no === null) return TEMPLATE_MESSAGES.lessonNoRange(row);
    if (seen.has(no)) return TEMPLATE_MESSAGES.lessonNoRepeated(no);
    seen.add(no);
    const title = text(r.title);
    if (!title) return TEMPLATE_MESSAGES.titleRequired(row);
    if (title.length > LESSON_LIMITS.title) return TEMPLATE_MESSAGES.titleTooLong(row);
    if (text(r.content).length > LESSON_LIMITS.content) return TEMPLATE_MESSAGES.contentTooLong(row);
    const hwTitle = text(r.homeworkTitle);
    if (hwTitle.length > LESSON_LIMITS.homeworkTitle) return TEMPLATE_MESSAGES.homeworkTitleTooLong(row);
    if (text(r.homeworkContent).length > LESSON_LIMITS.homeworkContent) return TEMPLATE_MESSAGES.contentTooLong(row);
    if (!hwTitle && text(r.homeworkContent)) return TEMPLATE_MESSAGES.homeworkTitleRequired(row);
    if (idList(r.materialIds).length > LESSON_LIMITS.maxMaterials) return TEMPLATE_MESSAGES.tooManyMaterials(row);
  }
  return null;
}

/**
 * 教学模板 header. courseId names a course (its `_dictText` filled by the server); lessonCount (课次数) is
 * counted per page. update_time is set on add as well, so 更新时间 always has a value to sort on.
 */
export const teachTemplateResource: ResourceDef = {
  name: 'teachTemplate',
  title: '教学模板',
  table: 'tbl_teach_template',
  api: TEMPLATE_API,
  perm: PERMS.template.prefix,
  rowKey: 'id',
  defaultSort: { column: 'updateTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true },
  fields: [
    { name: 'id', label: '模板ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'courseId', label: '课程', kind: 'select', required: true, maxLength: 32, search: 'eq', width: 160 },
    { name: 'name', label: '模板名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, pinyinSort: true, width: 200 },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: TEMPLATE_STATUS_OPTIONS, defaultValue: 1, search: 'eq', sortable: true, width: 80 },
    { name: 'lessonCount', label: '课次数', kind: 'inputNumber', type: 'int', virtual: true, form: false, query: false, width: 90 },
    { name: 'remark', label: '备注', kind: 'textarea', maxLength: 500, list: false },
    { name: 'createBy', label: '创建人', kind: 'select', dictCode: USER_NAME_DICT, form: false, list: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, list: false },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', sortable: true, form: false, width: 170 },
  ],
};
