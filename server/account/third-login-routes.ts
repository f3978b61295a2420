import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '../db';
import type { OAuthProviderConfig } from '../config';
import { newToken, sha256 } from '../core/ids';
import { effectiveUserProblem, startSession } from './auth-routes';
import { ApiFailure, ok } from '../core/errors';
import type { AppEnv } from '../core/context';
import { readBody } from '../core/validate';

/**
 * Third-party login through one standard OAuth2 provider (authorization code + PKCE S256).
 *
 * The Next side (app/oauth/*) owns the browser leg: state, the PKCE verifier and the redirects.
 * Here the backend trades the code for the provider's access token, reads the user's id from the
 * userinfo endpoint, and — only for a provider account an administrator has linked — issues a
 * one-time 60-second ticket. `GET /sys/thirdLogin/getLoginUser/{ticket}/{thirdType}` (the path the
 * spec names) spends the ticket and answers exactly like `/sys/login`.
 */

export const THIRD_LOGIN_TICKET_TTL_MS = 60_000;
export const OAUTH_NOT_ENABLED = '未启用第三方登录';
export const THIRD_ACCOUNT_NOT_LINKED = '该第三方账号未绑定系统用户，请联系管理员绑定';
export const THIRD_TYPE_UNSUPPORTED = '不支持的第三方登录类型';
export const THIRD_TICKET_INVALID = '第三方登录凭证无效或已过期，请重新登录';
const PROVIDER_UNREACHABLE = '第三方登录服务不可用，请稍后重试';
const TOKEN_REFUSED = '第三方授权失败，请重新登录';
const USERINFO_FAILED = '获取第三方用户信息失败';
const EXTERNAL_TIMEOUT_MS = 10_000;

const isHttpUrl = (s: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(s).protocol);
  } catch {
    return false;
  }
};

export const exchangeSchema = z.object({
  code: z.string({ error: '授权码缺失' }).min(1, '授权码缺失').max(2048, '授权码无效'),
  // RFC 7636 §4.1: 43–128 characters of [A-Z a-z 0-9 - . _ ~].
  codeVerifier: z.string({ error: 'PKCE 参数缺失' }).regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'PKCE 参数无效'),
  redirectUri: z.string({ error: '回调地址缺失' }).max(2048, '回调地址无效').refine(isHttpUrl, '回调地址无效'),
  thirdType: z.string({ error: THIRD_TYPE_UNSUPPORTED }).max(50, THIRD_TYPE_UNSUPPORTED),
});

/** Token endpoints answer JSON (RFC 6749 §5.1); some older ones still answer form-encoded. */
async function readProviderAnswer(res: Response): Promise<Record<string, unknown> | null> {
  const text = await res.text();
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    if ((res.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded')) {
      return Object.fromEntries(new URLSearchParams(text));
    }
    return null;
  }
}

const text = (v: unknown, max: number): string | null => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

type ProviderUser = { uuid: string; realname: string | null; avatar: string | null };

/** Code → access token → userinfo. Returns the provider user or the message to show. */
export async function fetchProviderUser(
  oauth: OAuthProviderConfig,
  fetchExternal: typeof fetch,
  body: { code: string; codeVerifier: string; redirectUri: string },
): Promise<ProviderUser | string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: body.code,
    redirect_uri: body.redirectUri,
    client_id: oauth.clientId,
    code_verifier: body.codeVerifier,
  });
  // client_secret_post; a public client (PKCE only) has no secret to send.
  if (oauth.clientSecret) form.set('client_secret', oauth.clientSecret);
  let accessToken: string | null;
  try {
    const res = await fetchExternal(oauth.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      signal: AbortSignal.timeout(EXTERNAL_TIMEOUT_MS),
    });
    const answer = await readProviderAnswer(res);
    accessToken = res.ok && answer ? text(answer.access_token, 4096) : null;
  } catch {
    return PROVIDER_UNREACHABLE;
  }
  if (!accessToken) return TOKEN_REFUSED;

  let info: Record<string, unknown> | null;
  try {
    const res = await fetchExternal(oauth.userInfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(EXTERNAL_TIMEOUT_MS),
    });
    info = res.ok ? await readProviderAnswer(res) : null;
  } catch {
    return PROVIDER_UNREACHABLE;
  }
  // OpenID Connect names it `sub`; GitHub-style providers `id` (often a number).
  const rawId = info?.sub ?? info?.id;
  const uuid = typeof rawId === 'number' && Number.isFinite(rawId) ? String(rawId) : typeof rawId === 'string' ? rawId.trim() : '';
  if (!info || !uuid || uuid.length > 255) return USERINFO_FAILED;
  return {
    uuid,
    realname: text(info.name, 100) ?? text(info.nickname, 100) ?? text(info.preferred_username, 100) ?? text(info.login, 100),
    avatar: text(info.picture, 255) ?? text(info.avatar_url, 255),
  };
}

async function issueTicket(db: Database, userId: string, thirdType: string): Promise<string> {
  const ticket = newToken();
  await db
    .insertInto('sys_third_login_ticket')
    .values({ token_hash: sha256(ticket), sys_user_id: userId, third_type: thirdType, expires_at: new Date(Date.now() + THIRD_LOGIN_TICKET_TTL_MS) })
    .execute();
  // Opportunistic cleanup keeps the table small without a job.
  await db.deleteFrom('sys_third_login_ticket').where('expires_at', '<', new Date(Date.now() - THIRD_LOGIN_TICKET_TTL_MS)).execute();
  return ticket;
}

export const thirdLoginRoutes = new Hono<AppEnv>();

/** Anonymous. Body {code, codeVerifier, redirectUri, thirdType}; answers ok({ticket}) for a linked, effective user. */
thirdLoginRoutes.post('/sys/thirdLogin/exchange', async (c) => {
  const { db, config, fetchExternal } = c.var.services;
  const oauth = config.oauth;
  if (!oauth) throw new ApiFailure(OAUTH_NOT_ENABLED);
  const body = await readBody(c, exchangeSchema);
  if (body.thirdType !== oauth.name) throw new ApiFailure(THIRD_TYPE_UNSUPPORTED);

  const provider = await fetchProviderUser(oauth, fetchExternal, body);
  if (typeof provider === 'string') throw new ApiFailure(provider);

  const link = await db
    .selectFrom('sys_third_account')
    .select(['id', 'sys_user_id'])
    .where('third_type', '=', oauth.name)
    .where('third_user_uuid', '=', provider.uuid)
    .executeTakeFirst();
  // Never match by e-mail or name: only an account an administrator linked signs anyone in.
  if (!link) throw new ApiFailure(THIRD_ACCOUNT_NOT_LINKED);
  const user = await db.selectFrom('sys_user').selectAll().where('id', '=', link.sys_user_id).executeTakeFirst();
  const problem = await effectiveUserProblem(db, user);
  if (problem || !user) throw new ApiFailure(problem ?? '该用户不存在，请注册');

  // Keep the displayed provider profile current (the link itself never changes here).
  if (provider.realname || provider.avatar) {
    await db
      .updateTable('sys_third_account')
      .set({ ...(provider.realname ? { realname: provider.realname } : {}), ...(provider.avatar ? { avatar: provider.avatar } : {}) })
      .where('id', '=', link.id)
      .execute();
  }
  return c.json(ok({ ticket: await issueTicket(db, user.id, oauth.name) }));
});

/** Anonymous. Spends the one-time ticket and answers like `/sys/login` (the BFF captures the token). */
thirdLoginRoutes.get('/sys/thirdLogin/getLoginUser/:token/:thirdType', async (c) => {
  const { db, config } = c.var.services;
  if (!config.oauth) throw new ApiFailure(OAUTH_NOT_ENABLED);
  const ticket = c.req.param('token');
  const thirdType = c.req.param('thirdType');
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(ticket)) throw new ApiFailure(THIRD_TICKET_INVALID);
  // Single use: any presentation deletes the ticket, whatever comes next.
  const row = await db
    .deleteFrom('sys_third_login_ticket')
    .where('token_hash', '=', sha256(ticket))
    .returning(['sys_user_id', 'third_type', 'expires_at'])
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) throw new ApiFailure(THIRD_TICKET_INVALID);
  if (thirdType !== config.oauth.name || row.third_type !== thirdType) throw new ApiFailure(THIRD_TYPE_UNSUPPORTED);
  // The user may have been frozen or deleted since the exchange: the same checks as password login.
  const user = await db.selectFrom('sys_user').selectAll().where('id', '=', row.sys_user_id).executeTakeFirst();
  const problem = await effectiveUserProblem(db, user);
  if (problem || !user) throw new ApiFailure(problem ?? '该用户不存在，请注册');
  return c.json(await startSession(c, user, 'third'));
});
