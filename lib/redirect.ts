/** Only same-site paths may be redirect targets (no `//host`, no scheme, no backslash tricks). */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || typeof value !== 'string') return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\r\n]/.test(value)) return fallback;
  try {
    const u = new URL(value, 'http://local.invalid');
    if (u.origin !== 'http://local.invalid') return fallback;
    return u.pathname + u.search + u.hash;
  } catch {
    return fallback;
  }
}

/** Spec 01 §2: pages reachable without signing in. */
export const ANONYMOUS_PAGES = ['/user/login', '/user/register', '/user/register-result', '/user/alteration'];
/** Public pages under these prefixes: 招生简章's read-only page with its sign-up form (issue #26), `/brochure/<token>`. */
export const ANONYMOUS_PREFIXES = ['/brochure/'];

export type GuardDecision =
  | { kind: 'next' }
  | { kind: 'redirect'; location: string };

/**
 * The access guard of spec 01 §2 as a pure function (proxy.ts applies it):
 * anonymous pages pass (a signed-in user at login goes home), `/user` → login, anything else
 * without a session → login with the full original path, or the CAS login when single sign-on is on.
 */
export function guard(pathWithQuery: string, signedIn: boolean, cas: { url: string; service: (redirect: string) => string } | null): GuardDecision {
  const pathname = pathWithQuery.split('?')[0].replace(/\/+$/, '') || '/';
  if (pathname === '/user') return { kind: 'redirect', location: '/user/login' };
  if (ANONYMOUS_PREFIXES.some((p) => pathname.startsWith(p))) return { kind: 'next' };
  if (ANONYMOUS_PAGES.includes(pathname)) {
    if (signedIn && pathname === '/user/login') {
      const q = new URLSearchParams(pathWithQuery.split('?')[1] ?? '');
      return { kind: 'redirect', location: safeRedirectPath(q.get('redirect'), '/') };
    }
    return { kind: 'next' };
  }
  if (signedIn) return { kind: 'next' };
  if (cas) return { kind: 'redirect', location: `${cas.url}/login?service=${encodeURIComponent(cas.service(pathWithQuery))}` };
  return { kind: 'redirect', location: `/user/login?redirect=${encodeURIComponent(pathWithQuery)}` };
}

/**
 * The origin the browser used, for addresses handed to another server (the CAS service, the OAuth
 * redirect URI): APP_URL when set, else the Host header (Next's own URL may say `localhost`).
 */
export function publicOrigin(appUrl: string | null | undefined, host: string | null, proto: string): string {
  if (appUrl) return appUrl.replace(/\/+$/, '');
  return `${proto.replace(/:$/, '')}://${host ?? 'localhost'}`;
}

/** The browser-facing origin of a route handler's request (see publicOrigin). */
export function requestOrigin(req: Request, env: { appUrl: string | null; trustProxy: boolean }): string {
  const url = new URL(req.url);
  const proto = (env.trustProxy && req.headers.get('x-forwarded-proto')) || url.protocol;
  const host = (env.trustProxy && req.headers.get('x-forwarded-host')) || req.headers.get('host') || url.host;
  return publicOrigin(env.appUrl, host, proto);
}
