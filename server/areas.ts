import type { Hono } from 'hono';
import type { AppEnv } from './core/context';
import { authRoutes } from './account/auth-routes';
import { thirdLoginRoutes } from './account/third-login-routes';
import { accountRoutes } from './account/account-routes';
import { accountSettingsRoutes } from './account/account-settings-routes';
import { securityRoutes } from './account/security-routes';
import { userRoutes } from './system/user-routes';
import { roleIndexRoutes } from './system/role-index-routes';
import { logExtraRoutes } from './system/log-extra-routes';
import { systemRoutes } from './system/system-routes';
import { permissionAdminRoutes } from './system/permission-admin-routes';
import { dictRoutes } from './system/dict-routes';
import { dictItemBatchRoutes } from './system/dict-item-batch-routes';
import { categoryRoutes } from './system/category-routes';
import { savedQueryRoutes } from './system/saved-query-routes';
import { commonRoutes } from './system/common-routes';
import { sliceRoutes } from './system/slice-routes';
import { departRoutes } from './system/depart-routes';
import { roleUserRoutes } from './system/role-user-routes';
import { quartzRoutes } from './system/quartz-routes';
import { tenantRoutes } from './system/tenant-routes';
import { positionRoutes } from './system/position-routes';
import { addressBookRoutes } from './system/address-book-routes';
import { monitorRoutes } from './system/monitor-routes';
import { actuatorRoutes } from './system/actuator-routes';
import { gatewayRouteRoutes } from './system/gateway-route-routes';
import { fillRuleRoutes } from './system/fill-rule-routes';
import { ossFileRoutes } from './system/oss-file-routes';
import { checkRoutes } from './system/check-routes';
import { announcementRoutes } from './message/announcement-routes';
import { reportRoutes } from './online/report-routes';
import { onlineFormRoutes } from './online/online-form-routes';
import { onlineFormDataRoutes } from './online/online-form-data-routes';
import { onlineReportRoutes } from './online/online-report-routes';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { studentWorkRoutes } from './work/student-work-routes';
import { prospectusRoutes } from './work/prospectus-routes';
import { calendarRoutes } from './calendar/calendar-routes';
import { attendanceRoutes } from './calendar/attendance-routes';
import { liveRoutes } from './calendar/live-routes';
import { applyRoutes } from './calendar/apply-routes';
import { teacherRoutes } from './edu/teacher-routes';
import { mapRoutes } from './edu/map-routes';
import { clazzMemberRoutes } from './edu/clazz-member-routes';
import { clazzGroupRoutes } from './edu/clazz-group-routes';
import { studentPackageRoutes } from './edu/student-package-routes';
import { teachTemplateRoutes } from './edu/teach-template-routes';
import { courseTypeRoutes } from './edu/course-type-routes';
import { materialDownloadRoutes } from './edu/material-download-routes';
import { staffHandoverRoutes } from './edu/staff-handover-routes';
import { workbookRoutes } from './learntools/workbook-routes';
import { homeworkRoutes } from './learntools/homework-routes';
import { taskRoutes } from './crm/task-routes';
import { goodsRoutes } from './edu/goods-routes';
import { leadRoutes } from './crm/lead-routes';
import { leadPoolRoutes } from './crm/lead-pool-routes';
import { registerUserResources } from './system/catalog-users';
import { registerDictResources } from './system/catalog-dict';
import { registerRoleResources } from './system/catalog-roles';
import { registerTableColumnResources } from './system/catalog-table-columns';
import { registerRuleResources } from './system/catalog-rules';
import { registerPositionResources } from './system/catalog-position';
import { registerQuartzResources } from './system/catalog-quartz';
import { registerOssFileResources } from './system/oss-files';
import { registerMessageResources } from './message/catalog-messages';
import { registerAnnouncementResources } from './message/catalog-announcements';
import { registerOnlineResources } from './online/catalog-online';
import { registerLocationResources } from './edu/catalog-location';
import { registerTeachingResources } from './edu/catalog-teaching';
import { registerMaterialResources } from './edu/catalog-material';
import { registerTeachTemplateResources } from './edu/catalog-teach-template';
import { registerStaffResources } from './edu/catalog-staff';
import { registerWorkbookResources } from './learntools/catalog-workbook';
import { registerHomeworkResources } from './learntools/catalog-homework';
import { registerTaskResources } from './crm/catalog-tasks';
import { registerGoodsResources } from './edu/catalog-goods';
import { registerLeadResources } from './crm/catalog-lead';
import { registerLeadPoolResources } from './crm/catalog-lead-pool';
import { registerWorkResources } from './work/catalog-work';
import { registerDefinitions } from './resources/registry';
import { tenantResource } from '../features/system/tenant/tenant-resource';
import { prospectusResource } from '../features/work/prospectus/prospectus-resource';
import type { ResourceDef } from '../lib/resources/types';

/**
 * The product's areas (one folder each under server/, mirroring features/): their routes, in mount order, and
 * their resource registrations. A new module joins its area's folder; a new area adds one entry here.
 * Order matters only where two routes match one path: within 系统管理, `/sys/log/list?logType=2` (the operation
 * log) is answered by log-extra before system-routes; the resource engine's generic routes come last (FALLBACK).
 */
export interface Area {
  name: string;
  routes: Hono<AppEnv>[];
  /** Registers the area's resources that have hooks (its catalog-*.ts files; idempotent: several test backends share it). */
  resources?: () => void;
  /**
   * The area's plain definitions: served by the engine as they are, no hooks and no catalog file (registered after
   * `resources`, in this order). A definition that needs hooks moves to a catalog file.
   */
  definitions?: readonly ResourceDef[];
}

export const AREAS: Area[] = [
  { name: 'auth', routes: [authRoutes, thirdLoginRoutes] },
  { name: 'account', routes: [accountRoutes, accountSettingsRoutes, securityRoutes] },
  {
    name: 'system',
    routes: [
      userRoutes, roleIndexRoutes, logExtraRoutes, systemRoutes, permissionAdminRoutes, dictRoutes, dictItemBatchRoutes,
      categoryRoutes, savedQueryRoutes, commonRoutes, sliceRoutes, departRoutes, roleUserRoutes, quartzRoutes,
      tenantRoutes, positionRoutes, addressBookRoutes, monitorRoutes, actuatorRoutes, gatewayRouteRoutes, fillRuleRoutes, ossFileRoutes,
    ],
    resources: () => {
      registerUserResources();
      registerDictResources();
      registerRoleResources();
      registerTableColumnResources();
      registerRuleResources();
      registerOssFileResources();
      registerPositionResources();
      registerQuartzResources();
    },
    // 租户: list and export on the engine; its writes are the explicit routes of server/system/tenant-routes.ts.
    definitions: [tenantResource],
  },
  { name: 'message', routes: [announcementRoutes], resources: () => (registerMessageResources(), registerAnnouncementResources()) },
  { name: 'online', routes: [reportRoutes, onlineFormRoutes, onlineFormDataRoutes, onlineReportRoutes], resources: registerOnlineResources },
  { name: 'dashboard', routes: [dashboardRoutes] },
  // 招生简章 (issue #26 item 5): list, 详情, 删除 and 批量删除 on the engine; the composer's add / edit, publishing, the PDF
  // and the public page are server/work/prospectus-routes.ts (mounted before the engine's routes, so its add / edit
  // win). A deleted brochure's public link is dead at once: the public read takes live rows only.
  { name: 'work', routes: [studentWorkRoutes, prospectusRoutes], resources: registerWorkResources, definitions: [prospectusResource] },
  { name: 'calendar', routes: [calendarRoutes, attendanceRoutes, liveRoutes, applyRoutes] },
  {
    name: 'edu',
    routes: [
      teacherRoutes, mapRoutes, clazzMemberRoutes, clazzGroupRoutes, studentPackageRoutes, teachTemplateRoutes, courseTypeRoutes,
      materialDownloadRoutes, staffHandoverRoutes, goodsRoutes,
    ],
    resources: () => {
      registerLocationResources();
      registerTeachingResources();
      registerMaterialResources();
      registerTeachTemplateResources();
      registerStaffResources();
      registerGoodsResources();
    },
  },
  { name: 'learntools', routes: [workbookRoutes, homeworkRoutes], resources: () => (registerWorkbookResources(), registerHomeworkResources()) },
  { name: 'crm', routes: [taskRoutes, leadRoutes, leadPoolRoutes], resources: () => (registerTaskResources(), registerLeadResources(), registerLeadPoolResources()) },
];

/** Last: `/sys/duplicate/check` and the registry's generic resource routes, which explicit routes above win over. */
export const FALLBACK_ROUTES: Hono<AppEnv>[] = [checkRoutes];

let registered = false;

/** Every area's resources, registered once per process (server/app.ts, and suites that need the registry alone). */
export function registerCatalog(): void {
  if (registered) return;
  registered = true;
  for (const area of AREAS) {
    area.resources?.();
    registerDefinitions(area.definitions ?? []);
  }
}
