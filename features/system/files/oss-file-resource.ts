import type { FieldOption, ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

/** JeecgBoot's OssFileController paths; deleteByUrl is ours (the object-store rules of spec 02 §5). */
export const OSS_FILE_API = '/sys/oss/file';
export const OSS_FILE_URLS = {
  list: `${OSS_FILE_API}/list`,
  queryById: `${OSS_FILE_API}/queryById`,
  upload: `${OSS_FILE_API}/upload`,
  delete: `${OSS_FILE_API}/delete`,
  deleteByUrl: `${OSS_FILE_API}/deleteByUrl`,
} as const;

/** Folder of files uploaded through 文件管理 (never `temp`: TempFileCleanJob empties that one). */
export const OSS_FILE_BIZ = 'oss';

export type OssFileType = 'image' | 'video' | 'audio' | 'pdf' | 'document' | 'archive' | 'other';

export const OSS_FILE_TYPES: FieldOption[] = [
  { value: 'image', text: '图片' },
  { value: 'video', text: '视频' },
  { value: 'audio', text: '音频' },
  { value: 'pdf', text: 'PDF' },
  { value: 'document', text: '文档' },
  { value: 'archive', text: '压缩包' },
  { value: 'other', text: '其他' },
];

const EXT_TYPES: Record<string, OssFileType> = {};
const add = (type: OssFileType, exts: string) => exts.split(' ').forEach((e) => (EXT_TYPES[e] = type));
add('image', 'png jpg jpeg gif bmp webp');
add('video', 'mp4 mov rmvb avi webm mkv');
add('audio', 'mp3 wav flac ogg ape aac acc m4a');
add('pdf', 'pdf');
add('document', 'doc docx xls xlsx ppt pptx txt csv');
add('archive', 'zip rar 7z gz tar');

/** The file's type from its extension (the stored name keeps the uploaded file's extension). */
export function ossFileTypeOf(name: string): OssFileType {
  const base = name.split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  return (dot > 0 && EXT_TYPES[base.slice(dot + 1).toLowerCase()]) || 'other';
}

/** The server's answers, spelled once (screen and tests read them too). */
export const OSS_FILE_MESSAGES = {
  uploaded: '上传成功！',
  uploadFailed: '上传失败',
  deleted: '删除成功!',
  notFound: '未找到对应实体',
  /** `该文件正在被使用（课程资料：xxx），不能删除` */
  inUse: (where: string) => `该文件正在被使用（${where}），不能删除`,
  missing: '文件已丢失',
} as const;

/**
 * 文件管理 (oss_file, JeecgBoot's OssFile; migration 0037) on the resource engine at `/sys/oss/file/list|queryById`
 * (registered by server/system/oss-files.ts). Data only. Rows are written by the uploads themselves; upload,
 * delete and deleteByUrl are explicit routes (server/system/oss-file-routes.ts). `usedBy` (使用位置) and
 * `missing` are filled per page by the server from its whitelist of referencing columns.
 */
export const ossFileResource: ResourceDef = {
  name: 'ossFile',
  title: '文件',
  table: 'oss_file',
  api: OSS_FILE_API,
  perm: PERMS.ossFile.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { delete: true },
  fields: [
    { name: 'id', label: '文件ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'fileName', label: '文件名称', kind: 'input', maxLength: 255, search: 'like', sortable: true, form: 'readonly', width: 220 },
    { name: 'fileType', label: '类型', kind: 'select', options: OSS_FILE_TYPES, search: 'eq', sortable: true, form: 'readonly', width: 80 },
    { name: 'fileSize', label: '大小', kind: 'inputNumber', type: 'int', sortable: true, form: 'readonly', width: 100 },
    { name: 'createBy', label: '上传人', kind: 'select', dictCode: 'sys_user,realname,username', search: 'eq', sortable: true, form: 'readonly', width: 100 },
    { name: 'createTime', label: '上传时间', kind: 'datetime', search: 'range', sortable: true, form: 'readonly', width: 170 },
    { name: 'usedBy', label: '使用位置', kind: 'input', virtual: true, form: 'readonly', query: false, excel: false, width: 260 },
    { name: 'url', label: '存储路径', kind: 'input', maxLength: 500, search: 'like', form: 'readonly', width: 240 },
    { name: 'contentType', label: 'MIME类型', kind: 'input', form: 'readonly', list: false },
  ],
};
