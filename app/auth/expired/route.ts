import { serverEnv } from '@/lib/server/env';
import { getUpstream } from '@/lib/server/bff-instance';
import { clearSessionCookieHeader, readCookie, SESSION_COOKIE, unsealSession } from '@/lib/server/session-cookie';
import { safeRedirectPath } from '@/lib/redirect';

export const dynamic = 'force-dynamic';

/**
 * A dead session (revoked, expired) or one that cannot run the app (no permission list, empty
 * menu: spec 01 §2/§5): end it upstream, clear the cookie, then to login with the page to return to.
 */
export async function GET(req: Request) {
  const url = new URL(req.url);
  const target = safeRedirectPath(url.searchParams.get('redirect'));
  const reason = url.searchParams.get('reason');
  const env = serverEnv();
  if (reason === 'menu' || reason === 'permission') {
    const session = await unsealSession(readCookie(req.headers.get('cookie'), SESSION_COOKIE), env.sessionSecret);
    if (session) await getUpstream()('/sys/logout', { method: 'POST', headers: { 'X-Access-Token': session.token } }).catch(() => null);
  }
  const error = reason === 'menu' || reason === 'permission' ? `&error=${reason}` : '';
  const headers = new Headers({ location: `/user/login?redirect=${encodeURIComponent(target)}${error}`, 'set-cookie': clearSessionCookieHeader(env.cookieSecure) });
  return new Response(null, { status: 303, headers });
}
