import type { ResourceDef } from '@/lib/resources/types';
import { USER_NAME_DICT } from '../../../lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

export const MATERIAL_API = '/edu/tblCourseMaterial';

export const MATERIAL_MESSAGES = {
  courseUnknown: '所选课程不存在，请重新选择',
  fileMissing: '文件不存在，请重新上传',
  coverMissing: '封面不存在，请重新上传',
  typeMismatch: '文件格式与资料类型不符',
  coverNotImage: '封面只能是 png、jpg、jpeg 格式的图片',
  coverOnlyVideo: '只有视频资料可以设置封面',
  chapterNotOfCourse: '所选章节不属于该课程，请重新选择',
} as const;

export const MATERIAL_TYPE_OPTIONS = [
  { value: '1', text: '音频' },
  { value: '2', text: '视频' },
  { value: '3', text: '图片' },
  { value: '4', text: '文档' },
  { value: '5', text: 'PPT' },
  { value: '6', text: 'PDF' },
  { value: '7', text: '其他' },
];

/** Who may see a material (0023): every teacher, or only the teachers of its course (教务 always). */
export const MATERIAL_VISIBILITY_OPTIONS = [
  { value: '0', text: '所有教师' },
  { value: '1', text: '本课程教师' },
];

/** `GET ${MATERIAL_DOWNLOAD_URL}?id=` streams the file under its own name and counts it; `&preview=1` shows it inline, uncounted. */
export const MATERIAL_DOWNLOAD_URL = `${MATERIAL_API}/download`;

/**
 * 课程资料 / 课件 (tbl_course_material, migrations 0014, 0023): a stored file of a course, optionally of one of
 * its chapters. material_type 1 音频 2 视频 3 图片 4 文档 5 PPT 6 PDF 7 其他; the file's extension must match
 * the type (lib/upload/rules.ts), the file must exist in storage and its size is read from there, never from
 * the client. Visibility 1 limits a row to the teachers of its course (server/edu/catalog-material.ts).
 */
export const materialResource: ResourceDef = {
  name: 'tblCourseMaterial',
  title: '课程资料',
  table: 'tbl_course_material',
  api: MATERIAL_API,
  perm: PERMS.material.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true },
  fields: [
    { name: 'id', label: '资料ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'courseId', label: '课程', kind: 'select', required: true, maxLength: 32, width: 160 },
    // Must be a chapter of the chosen course (checked on the server); empty = the whole course.
    { name: 'chapterId', label: '章节', kind: 'select', maxLength: 32, width: 140 },
    { name: 'name', label: '名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, pinyinSort: true, width: 180 },
    { name: 'materialType', label: '类型', kind: 'select', type: 'int', required: true, options: MATERIAL_TYPE_OPTIONS, search: 'eq', width: 80 },
    { name: 'filePath', label: '文件', kind: 'input', required: true, maxLength: 500, width: 160 },
    // The uploaded file's own name, set by the upload (storage names are generated): shown and used as the download's name.
    { name: 'fileName', label: '文件名', kind: 'hidden', maxLength: 255, list: false },
    { name: 'fileSize', label: '大小', kind: 'inputNumber', type: 'int', form: false, sortable: true, width: 100 },
    { name: 'coverPath', label: '视频封面', kind: 'input', maxLength: 500, list: false },
    { name: 'visibility', label: '可见范围', kind: 'select', type: 'int', options: MATERIAL_VISIBILITY_OPTIONS, defaultValue: 0, search: 'eq', width: 110 },
    { name: 'downloadCount', label: '下载次数', kind: 'inputNumber', type: 'int', form: false, sortable: true, width: 100 },
    { name: 'remark', label: '备注', kind: 'textarea', maxLength: 500, width: 200 },
    { name: 'createBy', label: '创建人', kind: 'select', dictCode: USER_NAME_DICT, form: false, list: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 170 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false },
  ],
};
