import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

export const MATERIAL_PERM = PERMS.material.prefix;
export const MATERIAL_API = '/edu/tblCourseMaterial';

export const MATERIAL_MESSAGES = {
  courseUnknown: '所选课程不存在，请重新选择',
  fileMissing: '文件不存在，请重新上传',
  coverMissing: '封面不存在，请重新上传',
  typeMismatch: '文件格式与资料类型不符',
  coverNotImage: '封面只能是 png、jpg、jpeg 格式的图片',
  coverOnlyVideo: '只有视频资料可以设置封面',
} as const;

export const MATERIAL_TYPE_OPTIONS = [
  { value: '1', text: '音频' },
  { value: '2', text: '视频' },
  { value: '3', text: '图片' },
  { value: '4', text: '文档' },
];

/**
 * 课程资料 (tbl_course_material, migration 0014): a stored file of a course. material_type 1 音频 2 视频
 * 3 图片 4 文档; the file's extension must match the type (lib/upload/rules.ts), the file must exist in
 * storage and its size is read from there, never from the client.
 */
export const materialResource: ResourceDef = {
  name: 'tblCourseMaterial',
  title: '课程资料',
  table: 'tbl_course_material',
  api: MATERIAL_API,
  perm: MATERIAL_PERM,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'id', label: '资料ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'courseId', label: '课程', kind: 'select', required: true, maxLength: 32, width: 160 },
    { name: 'name', label: '名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, width: 180 },
    { name: 'materialType', label: '类型', kind: 'select', type: 'int', required: true, options: MATERIAL_TYPE_OPTIONS, search: 'eq', width: 80 },
    { name: 'filePath', label: '文件', kind: 'input', required: true, maxLength: 500, width: 160 },
    // The uploaded file's own name, set by the upload (storage names are generated): shown and used as the download's name.
    { name: 'fileName', label: '文件名', kind: 'hidden', maxLength: 255, list: false },
    { name: 'fileSize', label: '大小', kind: 'inputNumber', type: 'int', form: false, sortable: true, width: 100 },
    { name: 'coverPath', label: '视频封面', kind: 'input', maxLength: 500, list: false },
    { name: 'remark', label: '备注', kind: 'textarea', maxLength: 500, width: 200 },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 170 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false },
  ],
};
