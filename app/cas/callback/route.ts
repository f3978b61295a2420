import { captureLogin } from '@/lib/server/bff';
import { getUpstream } from '@/lib/server/bff-instance';
import { serverEnv } from '@/lib/server/env';
import { safeRedirectPath, requestOrigin } from '@/lib/redirect';

export const dynamic = 'force-dynamic';

const page = (title: string, detail: string) =>
  new Response(
    `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${title}</title><body style="font-family:sans-serif;padding:48px"><h2>${title}</h2><p>${detail}</p><p><a href="/">重新登录</a></p></body></html>`,
    { status: 401, headers: { 'content-type': 'text/html;charset=utf-8', 'cache-control': 'no-store' } },
  );

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * CAS returns here with `ticket`. The service address must be exactly the one we sent to CAS
 * (this URL without the ticket); the backend validates both before a session exists.
 */
export async function GET(req: Request) {
  const env = serverEnv();
  if (!env.casUrl) return page('未启用单点登录', '请使用账号密码登录。');
  const url = new URL(req.url);
  const ticket = url.searchParams.get('ticket');
  const redirectTo = safeRedirectPath(url.searchParams.get('redirect'), '/');
  if (!ticket) return Response.redirect(`${env.casUrl}/login`, 302);
  const origin = requestOrigin(req, env);
  const service = `${origin}/cas/callback?redirect=${encodeURIComponent(url.searchParams.get('redirect') ?? '/')}`;
  const res = await getUpstream()(
    `/sys/cas/client/validateLogin?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(service)}`,
    { method: 'GET', headers: { 'x-jiaowu-client-ip': req.headers.get('x-jiaowu-client-ip') ?? '' } },
  ).catch(() => null);
  if (!res) return page('单点登录失败', '后端服务暂时无法连接，请稍后重试。');
  const outcome = await captureLogin(await res.text(), env);
  if (!outcome.setCookie) {
    const message = (JSON.parse(outcome.body) as { message?: string }).message ?? '票据无效';
    return page('单点登录失败', escapeHtml(message));
  }
  return new Response(null, { status: 303, headers: { location: redirectTo, 'set-cookie': outcome.setCookie } });
}
