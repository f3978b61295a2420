import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getUpstream } from './bff-instance';
import { getSession } from './session';
import type { Envelope } from '../envelope';

/** The page path the proxy recorded for this request (for redirect-after-login). */
export async function currentPath(): Promise<string> {
  return (await headers()).get('x-jiaowu-path') || '/';
}

/**
 * Server components call the upstream directly with the session's token. No session, or the
 * upstream no longer knows the token → through /auth/expired (which clears the cookie) to login.
 */
export async function serverGet<T>(path: string): Promise<Envelope<T>> {
  const session = await getSession();
  const back = encodeURIComponent(await currentPath());
  if (!session) redirect(`/user/login?redirect=${back}`);
  const res = await getUpstream()(path, {
    method: 'GET',
    headers: { 'X-Access-Token': session.token, 'tenant-id': String(session.tenantId ?? 0), tenant_id: String(session.tenantId ?? 0) },
    cache: 'no-store',
  });
  const text = await res.text();
  if (res.status === 401 || (res.status === 500 && text.includes('Token失效'))) redirect(`/auth/expired?redirect=${back}`);
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`upstream ${path} answered ${res.status} with non-JSON`);
  }
}
