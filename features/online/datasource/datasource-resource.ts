import type { ResourceDef } from '../../../lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

export const DATA_SOURCE_API = '/sys/dataSource';
export const TEST_CONNECTION_URL = '/online/cgreport/api/testConnection';

/**
 * JeecgBoot's database_type value for PostgreSQL ('6'; its '4' is MySQL 5.7+), the only engine offered (the report
 * guards are PostgreSQL's). The dictionary database_type has JeecgBoot's whole list; the server refuses the others.
 */
export const POSTGRES_DB_TYPE = '6';
export const DB_TYPE_OPTIONS = [{ value: POSTGRES_DB_TYPE, text: 'PostgreSQL' }];
export const POSTGRES_DRIVER = 'org.postgresql.Driver';

/**
 * 多数据源管理 (sys_data_source), served by server/online/online-report-routes.ts at JeecgBoot's paths. This definition
 * drives the list's columns and search only; 新增 / 编辑 go through datasource-form.tsx, because the password is
 * write-only (never listed, never sent back; empty on edit keeps it) and the form has 测试连接.
 */
export const dataSourceResource: ResourceDef = {
  name: 'sysDataSource',
  title: '数据源',
  table: 'sys_data_source',
  api: DATA_SOURCE_API,
  perm: PERMS.dataSource.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { delete: true },
  fields: [
    { name: 'code', label: '数据源编码', kind: 'input', search: 'like', width: 150 },
    { name: 'name', label: '数据源名称', kind: 'input', search: 'like', width: 160 },
    { name: 'dbType', label: '数据库类型', kind: 'select', options: DB_TYPE_OPTIONS, width: 110 },
    { name: 'dbDriver', label: '驱动类', kind: 'input', list: false },
    { name: 'dbUrl', label: '数据源地址', kind: 'input', width: 300 },
    { name: 'dbUsername', label: '用户名', kind: 'input', width: 120 },
    { name: 'remark', label: '备注', kind: 'input', width: 180 },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 170 },
  ],
};
