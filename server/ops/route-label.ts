/**
 * Bounded route labels for metrics and logs: a path becomes a small template (ids and codes replaced by `:id`),
 * so the number of label values stays small whatever clients send. Raw paths never become labels.
 */

/** Path prefixes (after the API prefix) whose remaining segments are parameters (codes, keys, file paths, tickets). */
const PARAM_TAILS = [
  'sys/dict/getDictItems',
  'sys/dict/loadDict',
  'sys/dict/loadDictItem',
  'sys/dict/loadTreeData',
  'sys/randomImage',
  'sys/annountCement/show',
  'sys/common/static',
  'sys/common/download',
  'sys/thirdLogin/getLoginUser',
  'sys/thirdLogin/render',
  'online/cgreport/api/getColumns',
  'online/cgreport/api/getRpColumns',
  'online/cgreport/api/getQueryInfo',
  'online/cgreport/api/getData',
  'websocket',
];

/** Segments that look like values rather than names: numbers, hex or uuid ids, long or punctuated strings. */
function isParam(segment: string): boolean {
  if (segment.length > 24) return true;
  if (/^\d+$/.test(segment)) return true;
  if (/^[0-9a-f]{12,}$/i.test(segment) || /^[0-9a-f-]{36}$/i.test(segment)) return true;
  // Names in our API are plain identifiers; anything else (commas, dots, %-escapes, CJK) is a value.
  if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(segment)) return true;
  // Mixed letters and digits of some length (tokens, generated keys).
  return segment.length >= 12 && /\d/.test(segment) && /[A-Za-z]/.test(segment);
}

const MAX_DEPTH = 5;

/** `/sys/user/list` → `sys/user/list`; `/sys/common/static/a/b.png` → `sys/common/static/*`; ids → `:id`. */
export function apiTemplate(pathAfterPrefix: string): string {
  const segments = pathAfterPrefix.split('/').filter(Boolean);
  const joined = segments.join('/');
  for (const tail of PARAM_TAILS) {
    if (joined === tail) return tail;
    if (joined.startsWith(tail + '/')) return `${tail}/*`;
  }
  const out = segments.slice(0, MAX_DEPTH).map((s) => (isParam(s) ? ':id' : s));
  if (segments.length > MAX_DEPTH) out.push('*');
  return out.join('/');
}

export interface RouteLabeler {
  (url: string): string;
}

/**
 * Labels for every request of server.ts: `{prefix}/<template>` for the BFF, the ops endpoints by name, `next`
 * for Next's assets and `page` for every page. At most `maxApiLabels` distinct API templates are kept (a
 * client inventing paths cannot grow the series); later new ones count as `{prefix}/other`.
 */
export function createRouteLabeler(apiPrefix: string, maxApiLabels = 300): RouteLabeler {
  const seen = new Set<string>();
  return (url) => {
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (path === apiPrefix || path.startsWith(apiPrefix + '/')) {
      const label = `${apiPrefix}/${apiTemplate(path.slice(apiPrefix.length))}`;
      if (seen.has(label)) return label;
      if (seen.size >= maxApiLabels) return `${apiPrefix}/other`;
      seen.add(label);
      return label;
    }
    if (path === '/healthz' || path === '/readyz' || path === '/metrics' || path === '/csp-report') return path;
    if (path.startsWith('/_next/')) return 'next';
    return 'page';
  };
}

/**
 * The path as the access log shows it: no query string (it may carry `?token=`), and segments after a
 * parameter prefix or longer than an id of ours masked (third-party login tickets travel in the path).
 */
export function loggablePath(url: string, apiPrefix: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).slice(0, 512);
  if (!(path === apiPrefix || path.startsWith(apiPrefix + '/'))) return path;
  const rest = path.slice(apiPrefix.length);
  if (rest.startsWith('/sys/thirdLogin/getLoginUser/')) return `${apiPrefix}/sys/thirdLogin/getLoginUser/***`;
  return apiPrefix + rest.split('/').map((s) => (s.length > 32 ? '***' : s)).join('/');
}
