import type { ResourceDef } from '../../../lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

export const GATEWAY_API = '/sys/gatewayRoute';

export const GATEWAY_STATUS_OPTIONS = [
  { value: '1', text: '启用' },
  { value: '0', text: '停用' },
];

/**
 * 网关路由 (sys_gateway_route), served by the hand-written routes of server/system/gateway-route-routes.ts at
 * JeecgBoot's paths (`list` answers every route, unpaged); this definition drives the list's columns only. Adding
 * and editing go through `updateAll` with JeecgBoot's body (gateway-route-form.tsx), so the screen works against a
 * JeecgBoot server too.
 */
export const gatewayResource: ResourceDef = {
  name: 'sysGatewayRoute',
  title: '网关路由',
  table: 'sys_gateway_route',
  api: GATEWAY_API,
  perm: PERMS.gateway.prefix,
  rowKey: 'id',
  defaultSort: { column: 'sortOrder', order: 'asc' },
  actions: { delete: true },
  fields: [
    { name: 'name', label: '路由名称', kind: 'input', width: 160, query: false },
    { name: 'routerId', label: '路由ID', kind: 'input', width: 120, query: false },
    { name: 'pathPrefix', label: '路径前缀', kind: 'input', width: 150, query: false },
    { name: 'uri', label: '服务地址', kind: 'input', width: 240, query: false },
    { name: 'stripPrefix', label: '去掉前缀', kind: 'select', options: [{ value: '1', text: '是' }, { value: '0', text: '否' }], width: 90, query: false },
    { name: 'status', label: '状态', kind: 'select', options: GATEWAY_STATUS_OPTIONS, width: 110, query: false },
    { name: 'sortOrder', label: '排序', kind: 'inputNumber', width: 70, query: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', form: false, list: false, excel: false, query: false },
  ],
};
