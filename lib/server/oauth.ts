import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';

/*
 * Pure helpers for the browser leg of OAuth2 login (app/oauth/start, app/oauth/callback).
 * No 'server-only' import so jest can load this file; nothing here reads the environment.
 */

/** What the Next side needs to know about the provider. The client secret stays with the backend. */
export interface OAuthClientSettings {
  name: string;
  authorizeUrl: string;
  clientId: string;
  scope: string;
}

/** Sealed into a short-lived cookie between /oauth/start and /oauth/callback. */
export interface OAuthFlowState {
  state: string;
  verifier: string;
  /** Already passed through safeRedirectPath. */
  redirect: string;
  /** 'bind': a signed-in user links the provider account to their own (账户设置 → 账号绑定) instead of signing in. */
  mode?: 'bind';
}

export const OAUTH_STATE_COOKIE = 'jw_oauth';
/** Ten minutes to get through the provider's login page. */
export const OAUTH_STATE_TTL_S = 600;
export const OAUTH_CALLBACK_PATH = '/oauth/callback';

const base64url = (buf: Buffer) => buf.toString('base64url');

/** RFC 7636 §4.1: 32 random bytes → 43 base64url characters. */
export const newCodeVerifier = () => base64url(randomBytes(32));
export const newState = () => base64url(randomBytes(24));

/** RFC 7636 §4.2, S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export const pkceChallenge = (verifier: string) => base64url(createHash('sha256').update(verifier, 'ascii').digest());

export function newFlowState(redirect: string, mode?: 'bind'): OAuthFlowState {
  return { state: newState(), verifier: newCodeVerifier(), redirect, ...(mode ? { mode } : {}) };
}

export const oauthCallbackUrl = (origin: string) => `${origin.replace(/\/+$/, '')}${OAUTH_CALLBACK_PATH}`;

/** The provider's authorize URL with the code-flow parameters (keeps any query the configured URL has). */
export function buildAuthorizeUrl(settings: OAuthClientSettings, flow: Pick<OAuthFlowState, 'state' | 'verifier'>, redirectUri: string): string {
  const url = new URL(settings.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (settings.scope) url.searchParams.set('scope', settings.scope);
  url.searchParams.set('state', flow.state);
  url.searchParams.set('code_challenge', pkceChallenge(flow.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

export async function sealFlowState(flow: OAuthFlowState, password: string): Promise<string> {
  return sealData(flow, { password, ttl: OAUTH_STATE_TTL_S });
}

/** null for a missing, tampered, foreign-key or expired cookie. */
export async function unsealFlowState(value: string | null | undefined, password: string): Promise<OAuthFlowState | null> {
  if (!value) return null;
  try {
    const data = (await unsealData<Partial<OAuthFlowState>>(value, { password, ttl: OAUTH_STATE_TTL_S })) as Partial<OAuthFlowState>;
    if (!data || typeof data.state !== 'string' || !data.state || typeof data.verifier !== 'string' || !data.verifier) return null;
    return { state: data.state, verifier: data.verifier, redirect: typeof data.redirect === 'string' ? data.redirect : '/', ...(data.mode === 'bind' ? { mode: 'bind' as const } : {}) };
  } catch {
    return null;
  }
}

/** Constant-time state comparison; false when either side is missing. */
export function stateMatches(expected: string | null | undefined, returned: string | null | undefined): boolean {
  if (!expected || !returned) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(returned);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * What the provider sent back to the callback, checked against the sealed flow state: the
 * authorization code, or the message to show (Chinese, user-facing).
 */
export function checkCallback(flow: OAuthFlowState | null, params: URLSearchParams): { code: string } | { error: string } {
  if (!flow) return { error: '登录请求已过期或无效，请重新发起第三方登录。' };
  const providerError = params.get('error');
  if (providerError) return { error: providerError === 'access_denied' ? '您已取消第三方授权。' : '第三方授权失败，请重新登录。' };
  if (!stateMatches(flow.state, params.get('state'))) return { error: '登录状态校验失败，请重新发起第三方登录。' };
  const code = params.get('code');
  if (!code || code.length > 2048) return { error: '第三方授权码缺失，请重新登录。' };
  return { code };
}

/** Path=/oauth: the cookie only travels to the callback. SameSite=Lax lets the provider's top-level redirect carry it. */
export function flowCookieHeader(value: string, secure: boolean): string {
  return `${OAUTH_STATE_COOKIE}=${value}; Path=/oauth; HttpOnly; SameSite=Lax; Max-Age=${OAUTH_STATE_TTL_S}${secure ? '; Secure' : ''}`;
}

export function clearFlowCookieHeader(secure: boolean): string {
  return `${OAUTH_STATE_COOKIE}=; Path=/oauth; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The failure page, in the style of the CAS callback's; `detail` is escaped here. */
export function oauthFailurePage(title: string, detail: string, setCookies: string[] = [], status = 401): Response {
  const headers = new Headers({ 'content-type': 'text/html;charset=utf-8', 'cache-control': 'no-store' });
  for (const c of setCookies) headers.append('set-cookie', c);
  const t = escapeHtml(title);
  return new Response(
    `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${t}</title><body style="font-family:sans-serif;padding:48px"><h2>${t}</h2><p>${escapeHtml(detail)}</p><p><a href="/user/login">重新登录</a></p></body></html>`,
    { status, headers },
  );
}
