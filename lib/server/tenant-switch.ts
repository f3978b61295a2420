import { BODY_TOO_LARGE, BodyTooLargeError, readRequestText } from './body-limit';
import { sealSession, sessionCookieHeader, type SessionData, type SessionTenant } from './session-cookie';
import { UPSTREAM_TIMEOUT_MS, type Upstream } from './upstream';

/**
 * The header's tenant switch (issue #24 item 3), served by the BFF itself: JeecgBoot has no endpoint for it (its
 * client keeps the tenant in the browser), and here the tenant lives in the sealed session cookie, which only the
 * BFF can rewrite. Both paths sit under the API prefix and are never forwarded.
 *
 *   GET  /bff/tenant/list    → {current, tenants: [{id, name}]}  (the active tenants the login answered)
 *   POST /bff/tenant/switch  {tenantId} → {tenantId, name}, the session's tenant replaced
 */
export const BFF_LOCAL_PREFIX = '/bff/';
export const TENANT_LIST_PATH = '/bff/tenant/list';
export const TENANT_SWITCH_PATH = '/bff/tenant/switch';

export const TENANT_MESSAGES = {
  choose: '请选择要切换的租户',
  notMember: '您不属于该租户，无法切换',
  frozen: '该租户已被冻结或已删除，无法切换',
  switched: (name: string) => `已切换到 ${name}`,
} as const;

/** The cookie stays well under the browsers' 4 KB: a school has a handful of campuses, the list is for the menu. */
const MAX_TENANTS = 20;
const MAX_NAME = 20;
/** `{tenantId}` needs a few bytes: the switch's own limit, far below MAX_BODY_BYTES. */
const MAX_BODY = 1024;

/** The login answer's `tenantList` (contract §2: active tenants only) as the session keeps it. */
export function sessionTenants(list: unknown): SessionTenant[] {
  if (!Array.isArray(list)) return [];
  const out: SessionTenant[] = [];
  for (const t of list as { id?: unknown; name?: unknown }[]) {
    const id = Number(t?.id);
    if (!Number.isInteger(id) || id <= 0 || out.some((o) => o.id === id)) continue;
    out.push({ id, name: String(t?.name ?? id).slice(0, MAX_NAME) });
    if (out.length === MAX_TENANTS) break;
  }
  return out;
}

const answer = (status: number, success: boolean, code: number, message: string, result: unknown = null, setCookie?: string) => {
  const headers = new Headers({ 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store' });
  if (setCookie) headers.set('set-cookie', setCookie);
  return new Response(JSON.stringify({ success, code, message, result, timestamp: Date.now() }), { status, headers });
};
type UpstreamAnswer = { success?: boolean; result?: unknown };
const refuse = (message: string) => answer(200, false, 500, message);

export interface TenantRouteContext {
  req: Request;
  path: string;
  method: string;
  session: SessionData;
  upstream: Upstream;
  env: { sessionSecret: string; cookieSecure: boolean };
  /** The BFF's own "session over" answer (clears the cookie). */
  expired: () => Response;
}

/** Answers a BFF-local path (`/bff/…`); the caller has already checked the session and, for a POST, the Origin. */
export async function tenantRoute(ctx: TenantRouteContext): Promise<Response> {
  const { path, method, session } = ctx;
  if (path === TENANT_LIST_PATH && method === 'GET') {
    return answer(200, true, 200, '', { current: session.tenantId ?? 0, tenants: session.tenants ?? [] });
  }
  if (path === TENANT_SWITCH_PATH && method === 'POST') return switchTenant(ctx);
  return answer(404, false, 404, '很抱歉，资源未找到!');
}

/** The tenant asked for, null when none is given, or 'tooLarge' for a body over MAX_BODY (never read past it). */
async function readTenantId(req: Request): Promise<number | null | 'tooLarge'> {
  try {
    const text = await readRequestText(req, MAX_BODY);
    const id = Number((JSON.parse(text) as { tenantId?: unknown } | null)?.tenantId);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch (e) {
    if (e instanceof BodyTooLargeError) return 'tooLarge';
    return null;
  }
}

/**
 * Only a tenant the login offered, and only once the upstream agrees: one authenticated call carrying the new
 * `tenant-id` (the backend answers 401 用户租户信息变更 for a tenant the user has left). That refusal keeps the
 * session and its old tenant; any other 401 means the session itself is over.
 */
async function switchTenant({ req, session, upstream, env, expired }: TenantRouteContext): Promise<Response> {
  const id = await readTenantId(req);
  if (id === 'tooLarge') return answer(413, false, 413, BODY_TOO_LARGE);
  if (id === null) return refuse(TENANT_MESSAGES.choose);
  const offered = session.tenants?.find((t) => t.id === id);
  // Not in the login's list: JeecgBoot checks the header only for users with tenants, so it cannot be the judge alone.
  if (!offered) return refuse(TENANT_MESSAGES.notMember);

  const headers = new Headers({ accept: 'application/json', 'X-Access-Token': session.token, 'tenant-id': String(id), tenant_id: String(id) });
  const ip = req.headers.get('x-jiaowu-client-ip');
  if (ip) headers.set('x-jiaowu-client-ip', ip);
  let res: Response;
  try {
    // Open to any signed-in user in JeecgBoot; ours to holders of a tenant or user code and to members asking about
    // their own tenants (a user removed from this one since login gets 510 below, after the header check passed).
    res = await upstream(`/sys/tenant/queryList?ids=${id}`, { method: 'GET', headers, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS), redirect: 'manual' });
  } catch (e) {
    const name = (e as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return answer(504, false, 504, '网络超时');
    return answer(502, false, 502, '后端服务暂时无法连接，请稍后重试');
  }
  const text = await res.text();
  if (res.status === 401 || (res.status === 500 && text.includes('Token失效'))) {
    return text.includes('租户信息变更') ? refuse(TENANT_MESSAGES.notMember) : expired();
  }
  let body: UpstreamAnswer | null;
  try {
    body = JSON.parse(text) as UpstreamAnswer | null;
  } catch {
    body = null;
  }
  let name = offered.name;
  if (body?.success && Array.isArray(body.result)) {
    // queryList lists active tenants only: a frozen or deleted one is missing.
    const found = (body.result as { id?: unknown; name?: unknown }[]).find((t) => Number(t?.id) === id);
    if (!found) return refuse(TENANT_MESSAGES.frozen);
    name = String(found.name ?? name).slice(0, MAX_NAME);
  } else if (!res.ok || !body) {
    return answer(502, false, 502, '后端服务暂时无法连接，请稍后重试');
  }
  // success false (510: the list needs a permission this user lacks): the header check above still passed.
  const sealed = await sealSession({ ...session, tenantId: id }, env.sessionSecret);
  return answer(200, true, 200, TENANT_MESSAGES.switched(name), { tenantId: id, name }, sessionCookieHeader(sealed, env.cookieSecure));
}
