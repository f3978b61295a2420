import { USER_NAME_DICT, type ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';
import { PROSPECTUS_TEMPLATES } from '../../../lib/work/prospectus-templates';

export const PROSPECTUS_API = '/edu/prospectus';

/** The routes beyond the engine's list / queryById / delete / deleteBatch (server/work/prospectus-routes.ts). */
export const PROSPECTUS_URLS = {
  add: `${PROSPECTUS_API}/add`,
  edit: `${PROSPECTUS_API}/edit`,
  detail: `${PROSPECTUS_API}/detail`,
  preview: `${PROSPECTUS_API}/preview`,
  options: `${PROSPECTUS_API}/options`,
  publish: `${PROSPECTUS_API}/publish`,
  withdraw: `${PROSPECTUS_API}/withdraw`,
  exportPdf: `${PROSPECTUS_API}/exportPdf`,
} as const;

export const PROSPECTUS_STATUS = { draft: 0, published: 1 } as const;

/**
 * 招生简章 (tbl_prospectus) on the resource engine for its list, 详情, 删除 and 批量删除; the composer saves through
 * its own add / edit (typed blocks, sanitised rich text), publishing through publish / withdraw. The list is filtered
 * by the screen's template (a plain eq param).
 */
export const prospectusResource: ResourceDef = {
  name: 'tblProspectus',
  title: '招生简章',
  table: 'tbl_prospectus',
  api: PROSPECTUS_API,
  perm: PERMS.prospectus.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'id', label: 'ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'title', label: '标题', kind: 'input', required: true, maxLength: 60, search: 'like', sortable: true, width: 220 },
    { name: 'subtitle', label: '副标题', kind: 'input', maxLength: 100, width: 200 },
    { name: 'template', label: '模板', kind: 'select', options: PROSPECTUS_TEMPLATES.map((t) => ({ value: t.key, text: t.title })), form: false, width: 130 },
    { name: 'cover', label: '封面', kind: 'image', form: false, list: false, excel: false },
    {
      name: 'status',
      label: '状态',
      kind: 'select',
      type: 'int',
      options: [
        { value: '0', text: '草稿' },
        { value: '1', text: '已发布' },
      ],
      form: false,
      search: 'eq',
      width: 90,
    },
    { name: 'publicToken', label: '公开链接', kind: 'input', form: false, list: false, excel: false, query: false },
    { name: 'publishTime', label: '发布时间', kind: 'datetime', form: false, sortable: true, width: 170 },
    { name: 'createBy', label: '创建人', kind: 'select', dictCode: USER_NAME_DICT, form: false, width: 100 },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 170 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};
