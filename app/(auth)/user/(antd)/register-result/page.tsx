import type { Metadata } from 'next';
import { Button, Result } from 'antd';

export const metadata: Metadata = { title: '注册结果' };

interface RegisterResultPageProps {
  searchParams: Promise<{ username?: string | string[] }>;
}

export default async function RegisterResultPage({ searchParams }: RegisterResultPageProps) {
  const { username } = await searchParams;
  const name = (Array.isArray(username) ? username[0] : username)?.trim().slice(0, 64) ?? '';
  return (
    <Result
      status="success"
      title={<span data-testid="register-result" style={{ fontSize: 20 }}>{name ? `你的账户：${name} 注册成功` : '注册成功'}</span>}
      extra={
        <Button type="primary" size="large" href="/user/login" data-testid="register-result-login">
          使用此账户登录
        </Button>
      }
    />
  );
}
