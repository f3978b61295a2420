import { readCookie, SESSION_COOKIE, unsealSession } from '@/lib/server/session-cookie';
import type { Upstream } from '@/lib/server/upstream';
import { bindOutcomeOf } from '@/lib/account/account-rules';

export const BINDING_PATH = '/account/settings/binding';
export const BIND_URL = '/sys/user/thirdBinding/bind';

/**
 * The OAuth callback in bind mode (账户设置 → 账号绑定): the signed-in user's own session token (from the
 * sealed cookie, never from the address) asks the backend to link the provider account, and the browser goes
 * back to 账号绑定 with `?bind=<outcome>` — a fixed key the page turns into its message, so no text of the
 * address is ever shown.
 */
export async function bindToSignedInUser(
  req: Request,
  upstream: Upstream,
  p: { code: string; verifier: string; redirectUri: string; clientIp: string; thirdType: string; sessionSecret: string },
): Promise<string> {
  const session = await unsealSession(readCookie(req.headers.get('cookie'), SESSION_COOKIE), p.sessionSecret);
  if (!session) return `${BINDING_PATH}?bind=failed`;
  const res = await upstream(BIND_URL, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-access-token': session.token,
      'tenant-id': String(session.tenantId ?? 0),
      'x-jiaowu-client-ip': p.clientIp,
    },
    body: JSON.stringify({ code: p.code, codeVerifier: p.verifier, redirectUri: p.redirectUri, thirdType: p.thirdType }),
  })
    .then((r) => r.json() as Promise<{ success?: boolean; code?: number; message?: string }>)
    .catch(() => null);
  return `${BINDING_PATH}?bind=${bindOutcomeOf(!!res?.success && res.code === 200, res?.message)}`;
}
