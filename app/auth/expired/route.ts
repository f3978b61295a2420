import { serverEnv } from '@/lib/server/env';
import { clearSessionCookieHeader } from '@/lib/server/session-cookie';
import { safeRedirectPath } from '@/lib/redirect';

export const dynamic = 'force-dynamic';

/** A revoked or expired session: clear the cookie, then to login with the page to return to. */
export function GET(req: Request) {
  const target = safeRedirectPath(new URL(req.url).searchParams.get('redirect'));
  const headers = new Headers({ location: `/user/login?redirect=${encodeURIComponent(target)}`, 'set-cookie': clearSessionCookieHeader(serverEnv().cookieSecure) });
  return new Response(null, { status: 303, headers });
}
