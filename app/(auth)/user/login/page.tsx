import type { Metadata } from 'next';
import { randomBytes } from 'node:crypto';
import { cookies } from 'next/headers';
import { LoginForm, type CaptchaImage } from '@/features/auth/login/login-form';
import { postLoginPath } from '@/lib/login-state';
import { getUpstream } from '@/lib/server/bff-instance';
import { serverEnv } from '@/lib/server/env';
import { LOGIN_FLASH_COOKIE, readFlash } from '@/app/auth/login/handler';

export const metadata: Metadata = { title: '登录' };

type Param = string | string[] | undefined;

interface LoginPageProps {
  searchParams: Promise<{ redirect?: Param; error?: Param; tab?: Param; f?: Param }>;
}

const first = (v: Param) => (Array.isArray(v) ? v[0] : v);

/** A captcha issued while rendering, so the form can be sent before (or without) any script. */
async function serverCaptcha(): Promise<CaptchaImage> {
  const checkKey = `${Date.now()}${randomBytes(4).toString('hex')}`;
  try {
    const res = await getUpstream()(`/sys/randomImage/${checkKey}`, { method: 'GET', headers: { 'tenant-id': '0' } });
    const body = (await res.json()) as { success?: boolean; result?: unknown; message?: string };
    if (body.success && typeof body.result === 'string') return { checkKey, image: body.result, error: null };
    return { checkKey, image: null, error: body.message || '验证码加载失败' };
  } catch {
    return { checkKey, image: null, error: '验证码加载失败' };
  }
}

/**
 * The login page (spec 01 §2) without antd (issue #28): a server-rendered form that posts to /auth/login
 * without scripts, and calls the BFF itself once its script has loaded (features/auth/login).
 */
export default async function LoginPage({ searchParams }: LoginPageProps) {
  const { redirect, error, tab, f } = await searchParams;
  // Sent back by /auth/expired when the account cannot run the app (spec 01 §2, §5).
  const notice =
    first(error) === 'menu'
      ? '当前账号没有可用的菜单权限（getPermissionList: permissions must be a non-null array !），请联系管理员授权'
      : first(error) === 'permission'
        ? '获取权限信息失败，请重新登录'
        : null;
  const env = serverEnv();
  // What the no-script path's last answer left for this visit (app/auth/login/handler.ts).
  const flash = await readFlash((await cookies()).get(LOGIN_FLASH_COOKIE)?.value, first(f), env.sessionSecret);
  const initialCaptcha = env.captcha ? await serverCaptcha() : null;
  // The third-party entry appears only when an OAuth provider is configured (GET /oauth/start starts the flow).
  return (
    <LoginForm
      captcha={env.captcha}
      initialCaptcha={initialCaptcha}
      redirect={postLoginPath(redirect)}
      oauthName={env.oauth?.name ?? null}
      initialError={notice}
      flash={flash}
      initialTab={first(tab) === 'phone' ? 'phone' : 'account'}
    />
  );
}
