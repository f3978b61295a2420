import { PERMS } from '../../../../lib/permissions/codes';
import type { ResourceDef } from '../../../../lib/resources/types';

/** The form designer's routes (server/online/online-form-routes.ts, JeecgBoot's paths). */
export const CGFORM_URLS = {
  list: '/online/cgform/head/list',
  queryById: '/online/cgform/head/queryById',
  fields: '/online/cgform/field/listByHeadId',
  addAll: '/online/cgform/api/addAll',
  editAll: '/online/cgform/api/editAll',
  delete: '/online/cgform/head/delete',
  syncPreview: (headId: string) => `/online/cgform/api/synchPreview/${encodeURIComponent(headId)}`,
  doSync: (headId: string, method: 'normal' | 'force') => `/online/cgform/api/doDbSynch/${encodeURIComponent(headId)}/${method}`,
  confirmDrop: (headId: string) => `/online/cgform/api/confirmDrop/${encodeURIComponent(headId)}`,
  versions: (headId: string) => `/online/cgform/api/versions/${encodeURIComponent(headId)}`,
  version: (versionId: string) => `/online/cgform/api/version/${encodeURIComponent(versionId)}`,
  addMenu: (headId: string) => `/online/cgform/head/addMenu/${encodeURIComponent(headId)}`,
  enhanceJs: (headId: string) => `/online/cgform/head/enhanceJs/${encodeURIComponent(headId)}`,
  enhanceJsHistory: (headId: string) => `/online/cgform/head/enhanceJsHistory/${encodeURIComponent(headId)}`,
  dictList: '/sys/dict/list',
} as const;

export const TABLE_TYPE_OPTIONS = [
  { value: '1', text: '单表' },
  { value: '2', text: '主表' },
  { value: '3', text: '附表' },
];

/**
 * 表单开发's list (onl_cgform_head): served by the resource engine (server/online/catalog-online.ts, list and
 * queryById only); the designer's writes are the routes of server/online/online-form-routes.ts.
 */
export const cgformHeadDef: ResourceDef = {
  name: 'onlCgformHead',
  title: 'Online表单',
  table: 'onl_cgform_head',
  api: '/online/cgform/head',
  perm: PERMS.cgform.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { add: true, edit: true, delete: true },
  fields: [
    { name: 'tableName', label: '表名', kind: 'input', search: 'like', sortable: true, width: 180 },
    { name: 'tableTxt', label: '表描述', kind: 'input', search: 'like', width: 180 },
    { name: 'tableType', label: '表类型', kind: 'select', type: 'int', options: TABLE_TYPE_OPTIONS, width: 90 },
    { name: 'isDbSynch', label: '同步状态', kind: 'select', options: [{ value: 'Y', text: '已同步' }, { value: 'N', text: '未同步' }], width: 100 },
    { name: 'formVersion', label: '版本', kind: 'inputNumber', type: 'int', width: 70 },
    // JeecgBoot's name for the same number (OnlCgformHead.tableVersion), read by its stock list; not a column here.
    { name: 'tableVersion', column: 'form_version', label: '表版本', kind: 'hidden', type: 'int', list: false, form: false, query: false, excel: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, width: 170 },
  ],
};
