import { captureLogin } from '@/lib/server/bff';
import { bindToSignedInUser } from './bind';
import { getUpstream } from '@/lib/server/bff-instance';
import { serverEnv } from '@/lib/server/env';
import { checkCallback, clearFlowCookieHeader, OAUTH_STATE_COOKIE, oauthCallbackUrl, oauthFailurePage, unsealFlowState } from '@/lib/server/oauth';
import { readCookie } from '@/lib/server/session-cookie';
import { safeRedirectPath, requestOrigin } from '@/lib/redirect';

export const dynamic = 'force-dynamic';

const FAILED = '第三方登录失败';

const messageOf = (text: string, fallback: string) => {
  try {
    return (JSON.parse(text) as { message?: string }).message || fallback;
  } catch {
    return fallback;
  }
};

/**
 * The provider returns here with `code` and `state`. The state must match the sealed cookie set by
 * /oauth/start; the backend then trades the code (with the PKCE verifier) for a one-time ticket,
 * and the ticket for a session, whose token is sealed into our session cookie like any login.
 */
export async function GET(req: Request) {
  const env = serverEnv();
  const clear = clearFlowCookieHeader(env.cookieSecure);
  const failure = (detail: string) => oauthFailurePage(FAILED, detail, [clear]);
  if (!env.oauth) return oauthFailurePage('未启用第三方登录', '请使用账号密码登录。', [clear], 404);

  const url = new URL(req.url);
  const flow = await unsealFlowState(readCookie(req.headers.get('cookie'), OAUTH_STATE_COOKIE), env.sessionSecret);
  const checked = checkCallback(flow, url.searchParams);
  if ('error' in checked || !flow) return failure('error' in checked ? checked.error : '登录请求已过期或无效，请重新发起第三方登录。');

  const upstream = getUpstream();
  const clientIp = req.headers.get('x-jiaowu-client-ip') ?? '';
  const redirectUri = oauthCallbackUrl(requestOrigin(req, env));
  if (flow.mode === 'bind') {
    const to = await bindToSignedInUser(req, upstream, { code: checked.code, verifier: flow.verifier, redirectUri, clientIp, thirdType: env.oauth.name, sessionSecret: env.sessionSecret });
    return new Response(null, { status: 303, headers: { location: to, 'cache-control': 'no-store', 'set-cookie': clear } });
  }
  const exchanged = await upstream('/sys/thirdLogin/exchange', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-jiaowu-client-ip': clientIp, 'tenant-id': '0' },
    body: JSON.stringify({ code: checked.code, codeVerifier: flow.verifier, redirectUri, thirdType: env.oauth.name }),
  })
    .then((r) => r.text())
    .catch(() => null);
  if (exchanged === null) return failure('后端服务暂时无法连接，请稍后重试。');
  let ticket: string | null = null;
  try {
    const parsed = JSON.parse(exchanged) as { success?: boolean; code?: number; result?: { ticket?: unknown } | null };
    if (parsed.success && parsed.code === 200 && typeof parsed.result?.ticket === 'string') ticket = parsed.result.ticket;
  } catch {
    /* handled below */
  }
  if (!ticket) return failure(messageOf(exchanged, '第三方授权失败，请重新登录。'));

  const res = await upstream(`/sys/thirdLogin/getLoginUser/${encodeURIComponent(ticket)}/${encodeURIComponent(env.oauth.name)}`, {
    method: 'GET',
    headers: { 'x-jiaowu-client-ip': clientIp, 'tenant-id': '0', 'user-agent': req.headers.get('user-agent') ?? '' },
  }).catch(() => null);
  if (!res) return failure('后端服务暂时无法连接，请稍后重试。');
  const outcome = await captureLogin(await res.text(), env);
  if (!outcome.setCookie) return failure(messageOf(outcome.body, '登录失败'));

  const headers = new Headers({ location: safeRedirectPath(flow.redirect, '/'), 'cache-control': 'no-store' });
  headers.append('set-cookie', outcome.setCookie);
  headers.append('set-cookie', clear);
  return new Response(null, { status: 303, headers });
}
