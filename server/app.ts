import { readMaxBodyBytes } from '../lib/server/body-limit';
import { Hono } from 'hono';
import { SLICE_PUT_PATH } from '../lib/upload/slice-plan';
import { ApiFailure, failureResponse, TOKEN_INVALID } from './core/errors';
import type { AppEnv, Services } from './core/context';
import { noteRequestUser } from './ops/request-context';
import { operationLog } from './system/log-extra-routes';
import { AREAS, FALLBACK_ROUTES, registerCatalog } from './areas';
import { bodyLimit } from './core/body-limit';
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
  // (A route listing without services, server/system/__tests__/gateway-routes.test.ts, gets the default.)
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
    if (!session) throw new ApiFailure(TOKEN_INVALID, 401, 401);
    // Tenant header: JeecgBoot reads `tenant-id`, the spec's client sends `tenant_id`; 0 = none.
    const tenantRaw = c.req.header('tenant-id') ?? c.req.header('tenant_id') ?? '0';
    const tenantId = Number(tenantRaw);
    const userTenants = memberTenantIds(session.user.rel_tenant_ids);
    if (!Number.isInteger(tenantId) || (tenantId !== 0 && !userTenants.includes(String(tenantId)))) {
      throw new ApiFailure('用户租户信息变更,请重新登陆!', 401, 401);
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

  // Each area's routes in the order of server/areas.ts; last, the registry's generic resource routes.
  for (const area of AREAS) for (const routes of area.routes) app.route('/', routes);
  for (const routes of FALLBACK_ROUTES) app.route('/', routes);

  root.notFound((c) => failureResponse(new ApiFailure('很抱歉，资源未找到!', 404, 404), c));
  root.onError(failureResponse);
  return root;
}
