import { Hono } from 'hono';
import { PERMS } from '../../lib/permissions/codes';
import { ApiFailure, NO_PERMISSION, ok } from '../core/errors';
import { authOf, type AppEnv } from '../core/context';
import { idOrUndefined } from '../core/ids';
import { clearGatewayCache, deleteGatewayRoute, gatewayConfigInfo, listGatewayRoutes, saveGatewayRoute, type GatewayRouteInput } from './gateway-routes';
import { permCodesOf, requirePerm } from '../core/perm';

/**
 * 网关路由 `/sys/gatewayRoute/*` at JeecgBoot's paths and shapes (SysGatewayRouteController): `list` answers a
 * bare array with predicates/filters parsed, `updateAll` takes `{router: {...}}` with them as JSON text (add
 * without id, edit with one), `delete?id=`, `clearRedis`. `config` is ours: the allowlist, read-only.
 */
export const gatewayRouteRoutes = new Hono<AppEnv>();

const BASE = '/sys/gatewayRoute';

gatewayRouteRoutes.get(`${BASE}/list`, requirePerm(PERMS.gateway.list), async (c) => c.json(ok(await listGatewayRoutes(c.var.services.db))));

gatewayRouteRoutes.get(`${BASE}/config`, requirePerm(PERMS.gateway.list), (c) => c.json(ok(gatewayConfigInfo())));

gatewayRouteRoutes.post(`${BASE}/updateAll`, async (c) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiFailure('请求数据格式错误');
  }
  // JeecgBoot's client wraps the route in `router`; a flat object is read the same way.
  const raw = body && typeof body === 'object' ? ((body as { router?: unknown }).router ?? body) : null;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ApiFailure('请求数据格式错误');
  const input = raw as GatewayRouteInput;
  const auth = authOf(c);
  // One path for add and edit, as in JeecgBoot; each needs its own code here.
  const code = input.id ? PERMS.gateway.edit : PERMS.gateway.add;
  if (!(await permCodesOf(c, auth.user.id)).has(code)) throw new ApiFailure(NO_PERMISSION, 510);
  await saveGatewayRoute(c.var.services.db, input, auth.user.username);
  return c.json(ok(null, '操作成功！'));
});

gatewayRouteRoutes.delete(`${BASE}/delete`, requirePerm(PERMS.gateway.delete), async (c) => {
  const id = idOrUndefined(c.req.query('id'));
  if (!id) throw new ApiFailure('参数错误');
  await deleteGatewayRoute(c.var.services.db, id, authOf(c).user.username);
  return c.json(ok(null, '删除路由成功'));
});

gatewayRouteRoutes.get(`${BASE}/clearRedis`, requirePerm(PERMS.gateway.edit), (c) => {
  clearGatewayCache();
  return c.json(ok(null, '清除成功！'));
});
