import type { ServerEnv } from './env';
import { clearSessionCookieHeader, readCookie, SESSION_COOKIE, sealSession, sessionCookieHeader, unsealSession, type SessionData } from './session-cookie';
import { SLICE_PUT_PATH } from '../upload/slice-plan';
import { UPSTREAM_TIMEOUT_MS, type RawBody, type Upstream } from './upstream';
import type { Gateway } from './gateway';
import { BFF_LOCAL_PREFIX, sessionTenants, tenantRoute } from './tenant-switch';

export const TOKEN_INVALID = 'Token失效，请重新登录!';
export const UNAUTHORIZED = '未授权，请重新登录';

type BffEnv = Pick<ServerEnv, 'sessionSecret' | 'cookieSecure' | 'casUrl' | 'trustProxy' | 'allowedOrigins'>;

/** JeecgBoot's envelope as the BFF answers it itself (also the login form's 413, app/auth/login/handler.ts). */
export const envelope = (success: boolean, code: number, message: string, result: unknown = null) =>
  JSON.stringify({ success, code, message, result, timestamp: Date.now() });

export function json(status: number, body: string, extraHeaders: [string, string][] = []) {
  const headers = new Headers({ 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store' });
  for (const [k, v] of extraHeaders) headers.append(k, v);
  return new Response(body, { status, headers });
}

/** Paths the product does not serve and never forwards (report engine, actuator, druid, the open HTTP relay). */
const BLOCKED = [/^\/jmreport(\/|$)/, /^\/actuator(\/|$)/, /^\/druid(\/|$)/, /^\/sys\/common\/transitRESTful/, /^\/sys\/actuator(\/|$)/];
/** Calls that work without a session (contract §2's anonymous list that the UI uses). */
const ANONYMOUS = [
  /^\/sys\/randomImage\/[^/]+$/, /^\/sys\/login$/, /^\/sys\/twoFactorLogin$/, /^\/sys\/phoneLogin$/, /^\/sys\/sms$/, /^\/sys\/logout$/,
  /^\/sys\/cas\/client\/validateLogin$/, /^\/sys\/thirdLogin\//, /^\/sys\/user\/(checkOnlyUser|register|phoneVerification|passwordChange)$/,
  /^\/edu\/prospectus\/public\/[^/]+(\/file|\/signup)?$/,
];
/** Answers that create a session: the BFF keeps the token and hands the browser the rest. */
const LOGIN_PATHS = [/^\/sys\/login$/, /^\/sys\/twoFactorLogin$/, /^\/sys\/phoneLogin$/, /^\/sys\/cas\/client\/validateLogin$/, /^\/sys\/thirdLogin\/getLoginUser\//];
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Request headers worth passing on; everything else (cookies above all) stays here. */
const FORWARD_REQUEST_HEADERS = ['content-type', 'content-length', 'accept', 'accept-language', 'range', 'if-none-match', 'if-modified-since', 'user-agent', 'if-match'];
const FORWARD_RESPONSE_HEADERS = ['content-type', 'content-length', 'content-disposition', 'cache-control', 'etag', 'last-modified', 'accept-ranges', 'content-range', 'x-content-type-options', 'content-security-policy', 'referrer-policy'];
/**
 * A path segment for the upstream. Commas stay literal, as JeecgBoot's own client sends them: a table
 * dictionary code (`sys_user,realname,id`) is then the same on the wire, and a 3.x server signs it as
 * `x-path-variable` only when it sees the comma (lib/server/jeecg-sign.ts mirrors that either way).
 */
const encodeSegment = (s: string) => encodeURIComponent(s).replace(/%2C/g, ',');
/** JSON bodies up to this size are read to remove any copy of the token; bigger ones stream. */
const SCRUB_LIMIT = 8 * 1024 * 1024;

/** Mutations must come from our own pages (CSRF): foreign Origin, or no Origin but a cross-site fetch, is refused. */
export function isAllowedOrigin(req: Request, env: Pick<BffEnv, 'trustProxy' | 'allowedOrigins'>): boolean {
  const origin = req.headers.get('origin');
  const host = (env.trustProxy && req.headers.get('x-forwarded-host')) || req.headers.get('host');
  if (origin && origin !== 'null') {
    if (env.allowedOrigins.includes(origin)) return true;
    try {
      return !!host && new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  if (origin === 'null') return false;
  const site = req.headers.get('sec-fetch-site');
  return !site || site === 'same-origin' || site === 'none';
}

export interface LoginOutcome {
  body: string;
  setCookie: string | null;
}

/** Takes the token out of a login answer and seals it in the session cookie. */
export async function captureLogin(text: string, env: Pick<BffEnv, 'sessionSecret' | 'cookieSecure'>): Promise<LoginOutcome> {
  let parsed: { success?: boolean; code?: number; result?: Record<string, unknown> | null };
  try {
    parsed = JSON.parse(text);
  } catch {
    return { body: envelope(false, 500, '登录服务返回了无法识别的数据'), setCookie: null };
  }
  const result = parsed.result;
  const token = result && typeof result.token === 'string' ? result.token : null;
  if (!parsed.success || parsed.code !== 200 || !token || !result) {
    if (result && 'token' in result) delete result.token;
    return { body: JSON.stringify(parsed), setCookie: null };
  }
  const user = (result.userInfo ?? {}) as { id?: string; username?: string };
  const tenants = Array.isArray(result.tenantList) ? (result.tenantList as { id?: number }[]) : [];
  const data: SessionData = { token, userId: String(user.id ?? ''), username: String(user.username ?? ''), tenantId: Number(tenants[0]?.id ?? 0) || 0, loginAt: Date.now(), tenants: sessionTenants(tenants) };
  delete result.token;
  const sealed = await sealSession(data, env.sessionSecret);
  return { body: JSON.stringify(parsed), setCookie: sessionCookieHeader(sealed, env.cookieSecure) };
}

function upstreamHeaders(req: Request, session: SessionData | null): Headers {
  const headers = new Headers();
  for (const h of FORWARD_REQUEST_HEADERS) {
    const v = req.headers.get(h);
    if (v) headers.set(h, v);
  }
  if (session) {
    headers.set('X-Access-Token', session.token);
    // JeecgBoot reads `tenant-id`; the spec's client names it `tenant_id`. Send both.
    headers.set('tenant-id', String(session.tenantId ?? 0));
    headers.set('tenant_id', String(session.tenantId ?? 0));
  } else {
    headers.set('tenant-id', '0');
    headers.set('tenant_id', '0');
  }
  const ip = req.headers.get('x-jiaowu-client-ip');
  if (ip) headers.set('x-jiaowu-client-ip', ip);
  return headers;
}

function isTokenInvalid(status: number, text: string | null) {
  return status === 401 || (status === 500 && !!text && text.includes('Token失效'));
}

/** Extras of the BFF: 网关路由 (lib/server/gateway.ts), only in front of the embedded backend. */
export interface BffOptions {
  gateway?: Gateway | null;
}

/**
 * The backend-for-frontend: session cookie → X-Access-Token + tenant → upstream, bodies streamed,
 * the token removed from everything the browser gets.
 */
export function createBff(upstream: Upstream, env: BffEnv, opts: BffOptions = {}) {
  return async function handle(req: Request, segments: string[], raw?: RawBody): Promise<Response> {
    const url = new URL(req.url);
    const path = '/' + segments.map(encodeSegment).join('/');
    if (segments.some((s) => s === '..' || s === '.') || BLOCKED.some((re) => re.test(path))) {
      return json(404, envelope(false, 404, '很抱歉，资源未找到!'));
    }
    const method = req.method.toUpperCase();
    if (MUTATING.has(method) && !isAllowedOrigin(req, env)) {
      return json(403, envelope(false, 403, '拒绝访问：请求来源不被信任'));
    }
    const cookieValue = readCookie(req.headers.get('cookie'), SESSION_COOKIE);
    const session = await unsealSession(cookieValue, env.sessionSecret);
    const expired = () => json(401, envelope(false, 401, TOKEN_INVALID), [['set-cookie', clearSessionCookieHeader(env.cookieSecure)]]);
    const anonymous = ANONYMOUS.some((re) => re.test(path));
    if (!session && !anonymous) {
      return cookieValue ? expired() : json(401, envelope(false, 401, UNAUTHORIZED));
    }
    // The BFF's own endpoints (the tenant switch), after the Origin and session checks, never forwarded.
    if (session && path.startsWith(BFF_LOCAL_PREFIX)) return tenantRoute({ req, path, method, session, upstream, env, expired });

    // 网关路由: a path under an enabled route's prefix (never one of ours) goes to that route's service. Its
    // service cannot see our revocations, so the session is checked here first.
    const routed = session && opts.gateway ? await opts.gateway.match(path, url.search) : null;
    if (routed && !(await opts.gateway!.verifySession(session!.token))) return expired();

    const init: RequestInit & { duplex?: 'half' } = {
      method,
      headers: upstreamHeaders(req, session),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      redirect: 'manual',
    };
    // Slice uploads (about a thousand 1 MB requests per gigabyte) skip the two web-stream layers when
    // the upstream is in process: it reads the Node request itself (bench/upload). `req.body` must not
    // be touched then — reading it starts a web stream over the same Node stream.
    const passRaw = !routed && !!raw && !!upstream.takesRawBody && method === 'PUT' && SLICE_PUT_PATH.test(path);
    if (!passRaw && method !== 'GET' && method !== 'HEAD' && req.body) {
      init.body = req.body;
      init.duplex = 'half'; // stream the upload through, never buffer it
    }

    let res: Response;
    try {
      res = routed ? await opts.gateway!.forward(routed.url, init) : await upstream(path + url.search, init, passRaw ? raw : undefined);
    } catch (e) {
      const name = (e as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') return json(504, envelope(false, 504, '网络超时'));
      console.error('[bff] upstream unreachable:', (e as Error)?.message);
      return json(502, envelope(false, 502, '后端服务暂时无法连接，请稍后重试'));
    }

    if (path === '/sys/logout') {
      const text = await res.text();
      const body = JSON.parse(text || '{}') as { result?: unknown };
      // Single sign-on: after our logout the browser goes on to the central logout page.
      if (env.casUrl) body.result = { casLogoutUrl: `${env.casUrl}/logout` };
      return json(200, JSON.stringify(body), [['set-cookie', clearSessionCookieHeader(env.cookieSecure)]]);
    }

    if (LOGIN_PATHS.some((re) => re.test(path))) {
      const outcome = await captureLogin(await res.text(), env);
      return json(res.ok ? 200 : res.status, outcome.body, outcome.setCookie ? [['set-cookie', outcome.setCookie]] : []);
    }

    const type = res.headers.get('content-type') ?? '';
    const length = Number(res.headers.get('content-length') ?? '0');
    const isJson = type.includes('json') || (type.includes('text/html') && res.status === 401);
    if (isJson && length <= SCRUB_LIMIT) {
      let text = await res.text();
      // A routed service's 401 is its own answer: our session was verified just before, so it stays.
      if (session && !routed && isTokenInvalid(res.status, text)) return expired();
      if (session?.token && text.includes(session.token)) text = text.split(session.token).join('');
      return json(res.status, text);
    }
    if (res.status === 401 && !routed) return session ? expired() : json(401, envelope(false, 401, UNAUTHORIZED));
    const headers = new Headers();
    for (const h of FORWARD_RESPONSE_HEADERS) {
      const v = res.headers.get(h);
      if (v) headers.set(h, v);
    }
    return new Response(res.body, { status: res.status, headers });
  };
}
