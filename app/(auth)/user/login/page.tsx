import type { Metadata } from 'next';
import { LoginForm } from '@/features/auth/login-form';
import { postLoginPath } from '@/lib/login-state';
import { serverEnv } from '@/lib/server/env';

export const metadata: Metadata = { title: '登录' };

interface LoginPageProps {
  searchParams: Promise<{ redirect?: string | string[] }>;
}

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const { redirect } = await searchParams;
  const env = serverEnv();
  // The third-party entry appears only when an OAuth provider is configured (GET /oauth/start starts the flow).
  return <LoginForm captcha={env.captcha} redirect={postLoginPath(redirect)} oauthName={env.oauth?.name ?? null} />;
}
