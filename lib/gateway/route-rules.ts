/**
 * 网关路由 (issue #27 item 5): the rules of a gateway route, pure and shared by the embedded backend (validation
 * on save), the backend-for-frontend (matching and the allowlist again at request time) and the screen (reading
 * JeecgBoot's predicates/filters JSON). No imports, so every layer may use it.
 *
 * A route sends `{api prefix}{pathPrefix}/**` to `uri`, with the prefix removed or kept. Only http(s) URLs whose
 * host (and port) an operator listed in GATEWAY_ALLOWED_HOSTS: an administrator can route to nothing else.
 */

/**
 * First path segments our own API answers (server/<area>/*-routes.ts, the resource registry, the socket path) and those the
 * BFF refuses on purpose (JeecgBoot's report engine, actuator, druid). A gateway prefix may not start with one.
 * server/system/__tests__/gateway-routes.test.ts checks this list against the live routes of the embedded backend.
 */
export const RESERVED_PREFIXES: readonly string[] = [
  'sys', 'online', 'edu', 'crm', 'course', 'calendar', 'calpanel', 'clazz', 'learntools', 'learn', 'location', 'inner',
  'isystem', 'account', 'websocket', 'jeecg-boot', 'jmreport', 'actuator', 'druid', 'api', 'auth', 'user', 'cas',
  'healthz', 'readyz', 'metrics', 'monitor', 'bigscreen', 'test', 'demo', 'dashboard', 'result', 'work', 'brochure',
];

export const GATEWAY_MESSAGES = {
  nameRequired: '请输入路由名称',
  nameTooLong: '路由名称最多100个字符',
  uriRequired: '请输入服务地址',
  uriInvalid: '服务地址不是有效的URL',
  uriScheme: '服务地址只支持 http:// 或 https://',
  uriCredentials: '服务地址不能包含用户名或密码',
  uriQuery: '服务地址不能包含查询参数或锚点',
  uriTooLong: '服务地址最多255个字符',
  allowlistEmpty: '未配置允许的网关主机（环境变量 GATEWAY_ALLOWED_HOSTS），不能保存或使用网关路由',
  hostNotAllowed: (host: string) => `服务地址的主机 ${host} 不在允许列表（GATEWAY_ALLOWED_HOSTS）中`,
  prefixRequired: '请输入路径前缀',
  prefixInvalid: '路径前缀只能由 /名称 组成（字母、数字、下划线、连字符），如 /erp 或 /erp/api',
  prefixTooLong: '路径前缀最多100个字符、5段',
  prefixReserved: (seg: string) => `路径前缀 /${seg} 是本系统自己的接口，不能用作网关路由`,
  prefixDuplicate: (prefix: string) => `已有启用的网关路由使用路径前缀 ${prefix}`,
  predicateUnsupported: (name: string) => `不支持的路由条件：${name}（仅支持一个 Path 条件，如 /erp/**）`,
  predicatePath: '路由条件 Path 必须是一个形如 /erp/** 的路径',
  filterUnsupported: (name: string) => `不支持的过滤器：${name}（仅支持 StripPrefix）`,
  jsonInvalid: '路由条件或过滤器不是有效的JSON数组',
} as const;

/** One allowlist entry: a host name or IP literal (IPv6 in brackets), with a port or without (= the scheme's default port). */
export interface AllowedHost {
  host: string;
  port: string | null;
}

const ENTRY_RE = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?$/;

/** GATEWAY_ALLOWED_HOSTS: comma-separated `host` or `host:port`. Unreadable entries are reported, never half-used. */
export function parseAllowlist(raw: string | null | undefined): { hosts: AllowedHost[]; invalid: string[] } {
  const hosts: AllowedHost[] = [];
  const invalid: string[] = [];
  for (const part of (raw ?? '').split(',')) {
    const entry = part.trim().toLowerCase();
    if (!entry) continue;
    const m = ENTRY_RE.exec(entry);
    const port = m?.[2] ?? null;
    if (!m || (port !== null && (Number(port) < 1 || Number(port) > 65535))) {
      invalid.push(part.trim());
      continue;
    }
    // Normalise the host as URL does (127.1 → 127.0.0.1, [::0001] → [::1]) so entries compare with parsed URLs.
    let host = m[1];
    try {
      host = new URL(`http://${host}`).hostname;
    } catch {
      invalid.push(part.trim());
      continue;
    }
    hosts.push({ host, port });
  }
  return { hosts, invalid };
}

export const formatAllowedHost = (h: AllowedHost) => (h.port ? `${h.host}:${h.port}` : h.host);

const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** The URL's host and port exactly listed (an entry without a port allows only the scheme's default port). */
export function hostAllowed(url: URL, allowlist: readonly AllowedHost[]): boolean {
  const host = url.hostname.toLowerCase();
  const port = url.port || DEFAULT_PORT[url.protocol] || '';
  return allowlist.some((a) => a.host === host && (a.port ?? DEFAULT_PORT[url.protocol]) === port);
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** A route's uri: http(s), no credentials, query or fragment, host on the allowlist. Returns it without a trailing slash. */
export function checkUri(raw: unknown, allowlist: readonly AllowedHost[]): Checked<string> {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text) return { ok: false, message: GATEWAY_MESSAGES.uriRequired };
  if (text.length > 255) return { ok: false, message: GATEWAY_MESSAGES.uriTooLong };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: GATEWAY_MESSAGES.uriInvalid };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: GATEWAY_MESSAGES.uriScheme };
  if (url.username || url.password) return { ok: false, message: GATEWAY_MESSAGES.uriCredentials };
  if (url.search || url.hash || text.includes('?') || text.includes('#')) return { ok: false, message: GATEWAY_MESSAGES.uriQuery };
  if (!allowlist.length) return { ok: false, message: GATEWAY_MESSAGES.allowlistEmpty };
  if (!hostAllowed(url, allowlist)) return { ok: false, message: GATEWAY_MESSAGES.hostNotAllowed(url.port ? `${url.hostname}:${url.port}` : url.hostname) };
  return { ok: true, value: url.toString().replace(/\/+$/, '') };
}

const SEGMENT_RE = /^[A-Za-z0-9_-]+$/;

/** `/erp` or `/erp/api`: plain name segments, at most 5, first one not ours. Returned without a trailing slash. */
export function checkPathPrefix(raw: unknown): Checked<string> {
  const text = typeof raw === 'string' ? raw.trim().replace(/\/+$/, '') : '';
  if (!text) return { ok: false, message: GATEWAY_MESSAGES.prefixRequired };
  if (text.length > 100) return { ok: false, message: GATEWAY_MESSAGES.prefixTooLong };
  if (!text.startsWith('/')) return { ok: false, message: GATEWAY_MESSAGES.prefixInvalid };
  const segments = text.slice(1).split('/');
  if (segments.some((s) => !SEGMENT_RE.test(s))) return { ok: false, message: GATEWAY_MESSAGES.prefixInvalid };
  if (segments.length > 5) return { ok: false, message: GATEWAY_MESSAGES.prefixTooLong };
  const first = segments[0].toLowerCase();
  if (RESERVED_PREFIXES.includes(first)) return { ok: false, message: GATEWAY_MESSAGES.prefixReserved(segments[0]) };
  return { ok: true, value: text };
}

/* ---------------------------------------------------------------- JeecgBoot's predicates / filters JSON */

export interface GatewayPredicate {
  name: string;
  args: unknown;
}

/** The values of a Spring Cloud Gateway args object as JeecgBoot stores it: `["/a/**"]`, `{"_genkey_0": "/a/**"}` or `[{key, value}]`. */
function argValues(args: unknown): unknown[] {
  if (Array.isArray(args)) return args.map((a) => (a && typeof a === 'object' && 'value' in a ? (a as { value: unknown }).value : a));
  if (args && typeof args === 'object') return Object.values(args);
  return args === undefined || args === null ? [] : [args];
}

/** JSON text or an already-parsed array (JeecgBoot's list answers arrays; its client sends strings). */
function asArray(raw: unknown): GatewayPredicate[] | null {
  let v = raw;
  if (typeof v === 'string') {
    if (!v.trim()) return [];
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((p) => p && typeof p === 'object' && typeof (p as GatewayPredicate).name === 'string')) return null;
  return v as GatewayPredicate[];
}

/** `[{name:'Path', args:['/erp/**']}]` → '/erp' (unchecked); an error message for anything we cannot honour. */
export function prefixFromPredicates(raw: unknown): Checked<string | null> {
  const list = asArray(raw);
  if (!list) return { ok: false, message: GATEWAY_MESSAGES.jsonInvalid };
  if (!list.length) return { ok: true, value: null };
  const other = list.find((p) => p.name !== 'Path');
  if (other) return { ok: false, message: GATEWAY_MESSAGES.predicateUnsupported(other.name) };
  const paths = list.flatMap((p) => argValues(p.args));
  if (paths.length !== 1 || typeof paths[0] !== 'string') return { ok: false, message: GATEWAY_MESSAGES.predicatePath };
  const m = /^(\/[^*?]*?)\/?(\/\*\*)?$/.exec(paths[0].trim());
  if (!m) return { ok: false, message: GATEWAY_MESSAGES.predicatePath };
  return { ok: true, value: m[1] };
}

/** Whether JeecgBoot's filters strip the prefix (a StripPrefix filter); other filters are refused. */
export function stripFromFilters(raw: unknown): Checked<boolean> {
  const list = asArray(raw);
  if (!list) return { ok: false, message: GATEWAY_MESSAGES.jsonInvalid };
  const other = list.find((f) => f.name !== 'StripPrefix');
  if (other) return { ok: false, message: GATEWAY_MESSAGES.filterUnsupported(other.name) };
  return { ok: true, value: list.some((f) => argValues(f.args).some((v) => Number(v) > 0)) };
}

/** Our columns as JeecgBoot's JSON: a Path predicate, and StripPrefix with as many parts as the prefix has segments. */
export const toPredicates = (prefix: string): GatewayPredicate[] => [{ name: 'Path', args: [`${prefix}/**`] }];
export const toFilters = (prefix: string, strip: boolean): GatewayPredicate[] =>
  strip ? [{ name: 'StripPrefix', args: [{ key: 'parts', value: String(prefix.split('/').filter(Boolean).length) }] }] : [];

/* ---------------------------------------------------------------- matching */

/** What the BFF needs of an enabled route. */
export interface GatewayTarget {
  id: string;
  pathPrefix: string;
  uri: string;
  stripPrefix: boolean;
  sortOrder: number;
}

/** Routes in the order they are tried: `sortOrder`, then the longer prefix, then id. */
export function orderRoutes<T extends GatewayTarget>(routes: readonly T[]): T[] {
  return [...routes].sort((a, b) => a.sortOrder - b.sortOrder || b.pathPrefix.length - a.pathPrefix.length || a.id.localeCompare(b.id));
}

/**
 * The first route (of `ordered`) whose prefix is `path` or a whole-segment start of it, and the upstream URL
 * (`search` appended). A path under one of our own prefixes never matches, whatever was stored.
 */
export function matchRoute<T extends GatewayTarget>(ordered: readonly T[], path: string, search = ''): { route: T; url: string } | null {
  const first = path.split('/')[1]?.toLowerCase() ?? '';
  if (!first || RESERVED_PREFIXES.includes(first)) return null;
  const lower = path.toLowerCase();
  for (const route of ordered) {
    const prefix = route.pathPrefix.toLowerCase();
    if (lower !== prefix && !lower.startsWith(prefix + '/')) continue;
    const rest = route.stripPrefix ? path.slice(prefix.length) || '/' : path;
    return { route, url: route.uri.replace(/\/+$/, '') + rest + search };
  }
  return null;
}

/**
 * A process-wide change counter: the backend bumps it after a committed route change, the BFF of the same
 * process drops its cache when it moved (other instances follow within the cache's TTL).
 */
export const GATEWAY_VERSION_KEY = Symbol.for('jiaowu.gateway-routes-version');

export function gatewayVersion(): number {
  return (globalThis as { [GATEWAY_VERSION_KEY]?: number })[GATEWAY_VERSION_KEY] ?? 0;
}

export function bumpGatewayVersion(): void {
  const g = globalThis as { [GATEWAY_VERSION_KEY]?: number };
  g[GATEWAY_VERSION_KEY] = (g[GATEWAY_VERSION_KEY] ?? 0) + 1;
}
