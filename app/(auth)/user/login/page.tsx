import type { Metadata } from 'next';
import { LoginForm } from '@/features/auth/login-form';
import { postLoginPath } from '@/lib/login-state';
import { serverEnv } from '@/lib/server/env';

export const metadata: Metadata = { title: '登录' };

interface LoginPageProps {
  searchParams: Promise<{ redirect?: string | string[]; error?: string | string[] }>;
}

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const { redirect, error } = await searchParams;
  // Sent back by /auth/expired when the account cannot run the app (spec 01 §2, §5).
  const notice =
    error === 'menu'
      ? '当前账号没有可用的菜单权限（getPermissionList: permissions must be a non-null array !），请联系管理员授权'
      : error === 'permission'
        ? '获取权限信息失败，请重新登录'
        : null;
  const env = serverEnv();
  // The third-party entry appears only when an OAuth provider is configured (GET /oauth/start starts the flow).
  return <LoginForm captcha={env.captcha} redirect={postLoginPath(redirect)} oauthName={env.oauth?.name ?? null} initialError={notice} />;
}
