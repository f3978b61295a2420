import { NextResponse, type NextRequest } from 'next/server';
import { buildCsp, createNonce, cspReportEnabled, pageKind } from './lib/csp';
import { guard, publicOrigin } from './lib/redirect';
import { SESSION_COOKIE, unsealSession } from './lib/server/session-cookie';
import { resolveSessionSecret } from './lib/server/secret';

let secret: string | null = null;

/**
 * Page guard only (spec 01 §2). Not the security boundary: route handlers, server components and
 * the backend all check the session themselves. Also gives every page its Content-Security-Policy
 * (lib/csp.ts): on the request, where Next finds the nonce for its own scripts, and on the response.
 */
export async function proxy(req: NextRequest) {
  secret ??= resolveSessionSecret();
  const session = await unsealSession(req.cookies.get(SESSION_COOKIE)?.value, secret);
  const { pathname, search } = req.nextUrl;
  const casUrl = process.env.CAS_URL?.trim().replace(/\/+$/, '');
  const proto = (process.env.TRUST_PROXY === '1' && req.headers.get('x-forwarded-proto')) || req.nextUrl.protocol;
  const host = (process.env.TRUST_PROXY === '1' && req.headers.get('x-forwarded-host')) || req.headers.get('host');
  const origin = publicOrigin(process.env.APP_URL?.trim(), host, proto);
  const decision = guard(pathname + search, !!session, casUrl ? { url: casUrl, service: (r) => `${origin}/cas/callback?redirect=${encodeURIComponent(r)}` } : null);
  if (decision.kind === 'redirect') return NextResponse.redirect(new URL(decision.location, req.url));
  const csp = buildCsp({
    nonce: createNonce(),
    kind: pageKind(pathname),
    dev: process.env.NODE_ENV !== 'production',
    tileUrl: process.env.MAP_TILE_URL ?? null,
    origin,
    report: cspReportEnabled(process.env),
  });
  const headers = new Headers(req.headers);
  headers.set('x-jiaowu-path', pathname + search);
  headers.set('content-security-policy', csp);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set('content-security-policy', csp);
  return res;
}

export const config = {
  // Not the BFF, not Next's assets, not the websocket, not the session endpoints themselves, not the JS增强 sandbox
  // document (the same public bytes for everyone). A route handler that sends its own Content-Security-Policy must stay
  // out: the proxy's header would win over it. (/csp-report is answered by server.ts and never reaches Next.)
  matcher: ['/((?!jeecg-boot|_next/|websocket|vxeSocket|cas/callback|oauth/|auth/expired|auth/login|enhance-sandbox|favicon.ico|logo.svg|robots.txt).*)'],
};
