'use client';

import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { ApiError, http } from '@/lib/http';
import { loginFailure, type LoginResult } from '@/lib/login-state';
import { TWO_FACTOR_MESSAGES } from './security-rules';

export interface TwoFactorLoginStepProps {
  /** The challenge the password (or SMS) step answered. */
  challenge: string;
  onSignedIn: (result: LoginResult) => void;
  /** Back to the first step (a spent or expired challenge needs the password again). */
  onBack: (message?: string) => void;
}

/** Messages after which this challenge is of no further use: the user starts again from the password. */
const DEAD_CHALLENGE: string[] = [TWO_FACTOR_MESSAGES.challengeExpired, TWO_FACTOR_MESSAGES.challengeTooMany, TWO_FACTOR_MESSAGES.throttled];

/** The login page's second step: a 6-digit code from the authenticator app, or one recovery code. */
export function TwoFactorLoginStep({ challenge, onSignedIn, onBack }: TwoFactorLoginStepProps) {
  const [form] = Form.useForm<{ verifyCode: string }>();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ verifyCode }: { verifyCode: string }) => {
    setError(null);
    setSubmitting(true);
    try {
      const res = await http.post<LoginResult>('/sys/twoFactorLogin', { ticket: challenge, verifyCode: verifyCode.trim() });
      const failure = loginFailure(res);
      if (failure) throw new ApiError(failure, res.code, 200, res);
      onSignedIn(res.result);
    } catch (e) {
      const text = e instanceof Error && e.message ? e.message : '登录失败，请稍后重试';
      setSubmitting(false);
      if (DEAD_CHALLENGE.includes(text)) return onBack(text);
      setError(text);
      form.setFieldValue('verifyCode', '');
    }
  };

  const toggle = () => {
    setRecovery((r) => !r);
    setError(null);
    form.resetFields();
  };

  return (
    <Form form={form} size="large" onFinish={submit} data-testid="two-factor-login">
      <Flex vertical align="center" gap={8} style={{ marginBottom: 24 }}>
        <SafetyCertificateOutlined style={{ fontSize: 32, color: '#1677ff' }} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          两步验证
        </Typography.Title>
        <Typography.Text type="secondary">{recovery ? '请输入一个未使用过的恢复码' : '请输入身份验证器应用中显示的6位验证码'}</Typography.Text>
      </Flex>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} data-testid="two-factor-error" />}
      {recovery ? (
        <Form.Item key="recovery" name="verifyCode" rules={[{ required: true, whitespace: true, message: '请输入恢复码' }]}>
          <Input placeholder="恢复码，如 abcde-fghjk" autoComplete="off" maxLength={20} autoFocus data-testid="two-factor-code" />
        </Form.Item>
      ) : (
        <Form.Item key="totp" name="verifyCode" rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: '请输入6位数字验证码' }]}>
          <Input placeholder="6位验证码" inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus data-testid="two-factor-code" />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="two-factor-submit">
          验证并登录
        </Button>
      </Form.Item>
      <Flex justify="space-between">
        <Button type="link" onClick={toggle} style={{ padding: 0 }} data-testid="two-factor-use-recovery">
          {recovery ? '使用验证码' : '使用恢复码'}
        </Button>
        <Button type="link" onClick={() => onBack()} style={{ padding: 0 }} data-testid="two-factor-back">
          返回重新登录
        </Button>
      </Flex>
    </Form>
  );
}
