import { readMaxBodyBytes } from '../lib/server/body-limit';
import { Hono } from 'hono';
import { SLICE_PUT_PATH } from '../lib/upload/slice-plan';
import { accountRoutes } from './http/account-routes';
import { accountSettingsRoutes } from './http/account-settings-routes';
import { securityRoutes } from './http/security-routes';
import { studentWorkRoutes } from './http/student-work-routes';
import { prospectusRoutes } from './http/prospectus-routes';
import { authRoutes } from './http/auth-routes';
import { checkRoutes } from './http/check-routes';
import { registerCatalog } from './resources/catalog';
import { commonRoutes } from './http/common-routes';
import { dictRoutes } from './http/dict-routes';
import { categoryRoutes } from './http/category-routes';
import { announcementRoutes } from './http/announcement-routes';
import { savedQueryRoutes } from './http/saved-query-routes';
import { thirdLoginRoutes } from './http/third-login-routes';
import { systemRoutes } from './http/system-routes';
import { permissionAdminRoutes } from './http/permission-admin-routes';
import { userRoutes } from './http/user-routes';
import { roleIndexRoutes } from './http/role-index-routes';
import { reportRoutes } from './http/report-routes';
import { dashboardRoutes } from './http/dashboard-routes';
import { onlineFormRoutes } from './http/online-form-routes';
import { onlineFormDataRoutes } from './http/online-form-data-routes';
import { onlineReportRoutes } from './http/online-report-routes';
import { departRoutes } from './http/depart-routes';
import { roleUserRoutes } from './http/role-user-routes';
import { teacherRoutes } from './http/teacher-routes';
import { mapRoutes } from './http/map-routes';
import { calendarRoutes } from './http/calendar-routes';
import { attendanceRoutes } from './http/attendance-routes';
import { clazzMemberRoutes } from './http/clazz-member-routes';
import { liveRoutes } from './http/live-routes';
import { quartzRoutes } from './http/quartz-routes';
import { clazzGroupRoutes } from './http/clazz-group-routes';
import { applyRoutes } from './http/apply-routes';
import { sliceRoutes } from './http/slice-routes';
import { dictItemBatchRoutes } from './http/dict-item-batch-routes';
import { studentPackageRoutes } from './http/student-package-routes';
import { tenantPositionRoutes } from './http/tenant-position-routes';
import { addressBookRoutes } from './http/address-book-routes';
import { teachTemplateRoutes } from './http/teach-template-routes';
import { courseTypeRoutes } from './http/course-type-routes';
import { materialDownloadRoutes } from './http/material-download-routes';
import { workbookRoutes } from './http/workbook-routes';
import { homeworkRoutes } from './http/homework-routes';
import { monitorRoutes } from './http/monitor-routes';
import { actuatorRoutes } from './http/actuator-routes';
import { gatewayRouteRoutes } from './http/gateway-route-routes';
import { staffHandoverRoutes } from './http/staff-handover-routes';
import { taskGoodsRoutes } from './http/task-goods-routes';
import { leadRoutes } from './http/lead-routes';
import { leadPoolRoutes } from './http/lead-pool-routes';
import { fillRuleRoutes } from './http/fill-rule-routes';
import { ossFileRoutes } from './http/oss-file-routes';
import { ApiFailure, fail, TOKEN_INVALID } from './core/errors';
import type { AppEnv, Services } from './core/context';
import { noteRequestUser } from './ops/request-context';
import { logExtraRoutes, operationLog } from './http/log-extra-routes';
import { bodyLimit } from './http/body-limit';
import { DEFAULT_TENANT_ID, memberTenantIds, runInTenant } from './db/tenant-scope';

/** Routes reachable without a token (contract §2's anonymous list, minus what we do not serve). */
const ANONYMOUS: RegExp[] = [
  /^\/sys\/randomImage\/[^/]+$/,
  /^\/sys\/login$/,
  /^\/sys\/twoFactorLogin$/,
  /^\/sys\/logout$/,
  /^\/sys\/sms$/,
  /^\/sys\/phoneLogin$/,
  /^\/sys\/cas\/client\/validateLogin$/,
  /^\/sys\/thirdLogin\/[^/]+(\/[^/]+)*$/,
  /^\/sys\/user\/(checkOnlyUser|register|phoneVerification|passwordChange)$/,
  // The announcement page checks the token itself: the stock client's iframe sends it as `?token=`.
  /^\/sys\/annountCement\/show\/[^/]+$/,
  // 招生简章's public page: its read, its images and its sign-up (the only public write), by the brochure's token.
  /^\/edu\/prospectus\/public\/[^/]+(\/file|\/signup)?$/,
];

export interface CreateAppOptions {
  services: Services;
  /** How to learn the caller's address when the client-IP header is not trusted. */
  socketAddress?: (env: unknown) => string | undefined;
  /** Path prefix the backend is mounted under ('' in process; '/jeecg-boot' when standalone). */
  basePath?: string;
}

export function createApp({ services, socketAddress, basePath = '' }: CreateAppOptions) {
  registerCatalog();
  const root = new Hono<AppEnv>();
  const app = basePath ? root.basePath(basePath) : root;

  // First: an oversized body is refused before the session check or any handler reads it (issue #38).
  // (A route listing without services, server/__tests__/gateway-routes.test.ts, gets the default.)
  app.use('*', bodyLimit(basePath, services.config?.maxBodyBytes ?? readMaxBodyBytes()));
  app.use('*', async (c, next) => {
    c.set('services', services);
    const headerIp = services.config.trustClientIpHeader ? c.req.header('x-jiaowu-client-ip') : undefined;
    c.set('ip', (headerIp || socketAddress?.(c.env) || 'unknown').slice(0, 64));
    c.set('auth', null);
    const path = c.req.path.slice(basePath.length) || '/';
    if (ANONYMOUS.some((re) => re.test(path))) return next();

    // Slice uploads come a thousand to the gigabyte: their token check may reuse one from 2 s ago.
    const burst = c.req.method === 'PUT' && SLICE_PUT_PATH.test(path);
    const session = await (burst ? services.sessions.verifyRecent(c.req.header('x-access-token')) : services.sessions.verify(c.req.header('x-access-token')));
    if (!session) return c.json(fail(TOKEN_INVALID, 401), 401);
    // Tenant header: JeecgBoot reads `tenant-id`, the spec's client sends `tenant_id`; 0 = none.
    const tenantRaw = c.req.header('tenant-id') ?? c.req.header('tenant_id') ?? '0';
    const tenantId = Number(tenantRaw);
    const userTenants = memberTenantIds(session.user.rel_tenant_ids);
    if (!Number.isInteger(tenantId) || (tenantId !== 0 && !userTenants.includes(String(tenantId)))) {
      return c.json(fail('用户租户信息变更,请重新登陆!', 401), 401);
    }
    // The Vue client sends 0 until a tenant is chosen: the user's first tenant (every user has one, migration 0038).
    const effective = tenantId || Number(userTenants[0] ?? DEFAULT_TENANT_ID) || DEFAULT_TENANT_ID;
    c.set('auth', { token: c.req.header('x-access-token')!, tokenHash: session.tokenHash, user: session.user, tenantId: effective });
    noteRequestUser(session.user.id); // the access log's user id (server/ops)
    // Every query of the rest of the request sees and writes this tenant's business rows only (server/db/tenant-scope.ts).
    return runInTenant(effective, next);
  });
  // 操作日志: every mutating call that got past the session check, written once its answer is known.
  app.use('*', operationLog(basePath));

  app.route('/', authRoutes);
  app.route('/', thirdLoginRoutes);
  app.route('/', userRoutes);
  app.route('/', roleIndexRoutes);
  app.route('/', reportRoutes);
  app.route('/', dashboardRoutes);
  app.route('/', onlineFormRoutes);
  app.route('/', onlineFormDataRoutes);
  app.route('/', onlineReportRoutes);
  app.route('/', accountRoutes);
  app.route('/', accountSettingsRoutes);
  app.route('/', securityRoutes);
  app.route('/', studentWorkRoutes);
  app.route('/', prospectusRoutes);
  // Before systemRoutes: /sys/log/list?logType=2 is the operation log's (system:opLog:list).
  app.route('/', logExtraRoutes);
  app.route('/', systemRoutes);
  app.route('/', permissionAdminRoutes);
  app.route('/', dictRoutes);
  app.route('/', categoryRoutes);
  app.route('/', announcementRoutes);
  app.route('/', savedQueryRoutes);
  app.route('/', commonRoutes);
  app.route('/', departRoutes);
  app.route('/', roleUserRoutes);
  app.route('/', teacherRoutes);
  app.route('/', mapRoutes);
  app.route('/', calendarRoutes);
  app.route('/', attendanceRoutes);
  app.route('/', clazzMemberRoutes);
  app.route('/', liveRoutes);
  app.route('/', quartzRoutes);
  app.route('/', clazzGroupRoutes);
  app.route('/', applyRoutes);
  app.route('/', sliceRoutes);
  app.route('/', dictItemBatchRoutes);
  app.route('/', studentPackageRoutes);
  app.route('/', tenantPositionRoutes);
  app.route('/', addressBookRoutes);
  app.route('/', teachTemplateRoutes);
  app.route('/', courseTypeRoutes);
  app.route('/', materialDownloadRoutes);
  app.route('/', workbookRoutes);
  app.route('/', homeworkRoutes);
  app.route('/', monitorRoutes);
  app.route('/', actuatorRoutes);
  app.route('/', gatewayRouteRoutes);
  app.route('/', staffHandoverRoutes);
  app.route('/', taskGoodsRoutes);
  app.route('/', leadRoutes);
  app.route('/', leadPoolRoutes);
  app.route('/', fillRuleRoutes);
  app.route('/', ossFileRoutes);

  // Last: explicit routes above win over the registry's generic resource routes it carries.
  app.route('/', checkRoutes);

  root.notFound((c) => c.json(fail('很抱歉，资源未找到!', 404), 404));
  root.onError((err, c) => {
    if (err instanceof ApiFailure) return c.json(fail(err.message, err.code, err.result), err.httpStatus as 200);
    // Never leak a stack trace or SQL to the client.
    console.error('[backend]', c.req.method, c.req.path, err);
    return c.json(fail('操作失败，请稍后重试'));
  });
  return root;
}
