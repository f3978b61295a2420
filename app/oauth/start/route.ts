import { serverEnv } from '@/lib/server/env';
import { buildAuthorizeUrl, flowCookieHeader, newFlowState, oauthCallbackUrl, oauthFailurePage, sealFlowState } from '@/lib/server/oauth';
import { safeRedirectPath, requestOrigin } from '@/lib/redirect';

export const dynamic = 'force-dynamic';

/**
 * GET /oauth/start?redirect=/some/page — begins the OAuth2 authorization-code flow: a fresh
 * `state` and PKCE verifier are sealed into a 10-minute httpOnly cookie (Path=/oauth), and the
 * browser goes to the provider with only the S256 challenge.
 */
export async function GET(req: Request) {
  const env = serverEnv();
  if (!env.oauth) return oauthFailurePage('未启用第三方登录', '请使用账号密码登录。', [], 404);
  const url = new URL(req.url);
  // ?mode=bind (账户设置 → 账号绑定): the callback links the account to the signed-in user instead of signing in.
  const flow = newFlowState(safeRedirectPath(url.searchParams.get('redirect'), '/'), url.searchParams.get('mode') === 'bind' ? 'bind' : undefined);
  const origin = requestOrigin(req, env);
  const location = buildAuthorizeUrl(env.oauth, flow, oauthCallbackUrl(origin));
  const sealed = await sealFlowState(flow, env.sessionSecret);
  return new Response(null, {
    status: 302,
    headers: { location, 'set-cookie': flowCookieHeader(sealed, env.cookieSecure), 'cache-control': 'no-store' },
  });
}
