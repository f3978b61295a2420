import { cgformHeadDef } from '../../features/online/cgform/design/cgform-resource';
import { cgreportHeadResource } from '../../features/online/cgreport/cgreport-head-resource';
import { dataSourceResource } from '../../features/online/datasource/datasource-resource';
import type { ResourceDef } from '../../lib/resources/types';
import { registerResource } from '../resources/registry';

/**
 * 在线开发's three lists (issue #25) — Online表单开发, Online报表配置, 多数据源管理 — on the resource engine: paging, search and
 * sort like every list. List and queryById only: their writes check far more than a field schema (the designer's
 * rules, DDL, encrypted passwords, menu rows) and are the explicit routes of server/online/online-form-routes.ts and
 * online-report-routes.ts, which are mounted first and so also answer their own queryById. sys_data_source's password
 * column is not a field of its definition, so no list ever selects it.
 */
const listOnly = (def: ResourceDef): ResourceDef => ({ ...def, actions: {} });

export function registerOnlineResources(): void {
  registerResource(listOnly(cgformHeadDef));
  registerResource(listOnly(cgreportHeadResource));
  registerResource(listOnly(dataSourceResource));
}
