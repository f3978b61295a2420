'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { ApiError, http } from '@/lib/http';
import { errorText } from './error-text';
import { useHydrated } from './use-hydrated';
import { MobileField } from './mobile-field';
import { PasswordFields } from './password-fields';
import { SmsCodeField } from './sms-code-field';
import { SliderVerifyGate } from '@/components/inputs/slider-verify';
import { USERNAME_MESSAGE, USERNAME_RE } from './validation';

interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  phone: string;
  smscode: string;
  email?: string;
}

/** Asks the server whether the name is free; only a definite "taken" answer fails the field. */
async function checkUsernameFree(_: unknown, value: string | undefined) {
  const username = (value ?? '').trim();
  if (!username || !USERNAME_RE.test(username)) return;
  try {
    await http.get<null>('/sys/user/checkOnlyUser', { username });
  } catch (e) {
    if (e instanceof ApiError && e.status === 200) throw new Error(e.message || '用户账号已存在');
  }
}

/** Self-registration (spec 01 §2): username, password twice, mobile with SMS code (smsmode 1), optional email. */
export function RegisterForm() {
  const [form] = Form.useForm<RegisterValues>();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (v: RegisterValues) => {
    setError(null);
    setSubmitting(true);
    const username = v.username.trim();
    try {
      await http.post<null>('/sys/user/register', {
        username,
        password: v.password,
        phone: v.phone.trim(),
        smscode: v.smscode.trim(),
        ...(v.email?.trim() ? { email: v.email.trim() } : {}),
      });
      router.push(`/user/register-result?username=${encodeURIComponent(username)}`);
    } catch (e) {
      setError(errorText(e, '注册失败，请稍后重试'));
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} size="large" onFinish={onFinish} data-testid="register-form">
      <Typography.Title level={4} style={{ marginBottom: 24 }}>
        注册账户
      </Typography.Title>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} data-testid="register-error" />}
      <Form.Item
        name="username"
        validateTrigger="onBlur"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: '请输入用户名' },
          { pattern: USERNAME_RE, message: USERNAME_MESSAGE },
          { validator: checkUsernameFree },
        ]}
      >
        <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" />
      </Form.Item>
      <PasswordFields passwordPlaceholder="密码" confirmPlaceholder="确认密码" />
      <MobileField name="phone" />
      {/* Spec 02 §2: the slider unlocks 获取验证码 (a UX gate; the server throttles SMS on its own). */}
      <SliderVerifyGate>
        <SmsCodeField mobileField="phone" name="smscode" smsmode="1" />
      </SliderVerifyGate>
      <Form.Item name="email" rules={[{ type: 'email', message: '请输入正确的邮箱地址' }]}>
        <Input prefix={<MailOutlined />} placeholder="邮箱（选填）" autoComplete="email" />
      </Form.Item>
      <Flex justify="space-between" align="center">
        <Button type="primary" htmlType="submit" loading={submitting} style={{ width: '50%' }} data-testid="register-submit" disabled={!hydrated}>
          注册
        </Button>
        <Link href="/user/login">使用已有账户登录</Link>
      </Flex>
    </Form>
  );
}
