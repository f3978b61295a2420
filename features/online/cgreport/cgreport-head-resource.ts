import type { CgreportHead } from '../../../lib/online/wire';
import { PERMS } from '../../../lib/permissions/codes';
import type { ResourceDef } from '../../../lib/resources/types';

export const HEAD_API = '/online/cgreport/head';

export type ChartType = CgreportHead['chartType'];
export const CHART_TYPE_OPTIONS: { value: ChartType; text: string }[] = [
  { value: 'none', text: '无' },
  { value: 'bar', text: '柱状图' },
  { value: 'line', text: '折线图' },
  { value: 'pie', text: '饼图' },
];

/**
 * Online报表配置's list (onl_cgreport_head): served by the resource engine (server/online/catalog-online.ts,
 * list and queryById only); the designer's writes are the routes of server/online/online-report-routes.ts.
 */
export const cgreportHeadResource: ResourceDef = {
  name: 'onlCgreportHead',
  title: '报表配置',
  table: 'onl_cgreport_head',
  api: HEAD_API,
  perm: PERMS.cgreport.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { delete: true },
  fields: [
    { name: 'code', label: '报表编码', kind: 'input', search: 'like', width: 180 },
    { name: 'name', label: '报表名称', kind: 'input', search: 'like', width: 200 },
    // The report's SQL: JeecgBoot's stock list shows it (OnlCgreportHeadList); our list does not.
    { name: 'cgrSql', label: '报表SQL', kind: 'hidden', list: false, form: false, query: false, excel: false },
    { name: 'dbSource', label: '数据源', kind: 'input', width: 140 },
    { name: 'chartType', label: '图表', kind: 'select', options: CHART_TYPE_OPTIONS, width: 90 },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, width: 170 },
  ],
};
