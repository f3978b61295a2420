'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Alert, Button, Flex, Form, Result, Steps, Typography } from 'antd';
import { http } from '@/lib/http';
import { errorText } from './error-text';
import { useHydrated } from './use-hydrated';
import { MobileField } from './mobile-field';
import { PasswordFields } from './password-fields';
import { SmsCodeField } from './sms-code-field';
import { SliderVerifyGate } from '@/components/inputs/slider-verify';

interface VerifyValues {
  phone: string;
  smscode: string;
}

interface PasswordValues {
  password: string;
  confirmPassword: string;
}

const STEPS = [{ title: '手机验证' }, { title: '更改密码' }, { title: '完成' }];

/** Forgotten password (spec 01 §2): verify the phone by SMS (smsmode 2), set a new password, done. */
export function AlterationForm() {
  const [verifyForm] = Form.useForm<VerifyValues>();
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [step, setStep] = useState(0);
  const hydrated = useHydrated();
  const [verified, setVerified] = useState<{ phone: string; smscode: string; username: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const verify = async (v: VerifyValues) => {
    setError(null);
    setSubmitting(true);
    const phone = v.phone.trim();
    const smscode = v.smscode.trim();
    try {
      const res = await http.post<{ username: string }>('/sys/user/phoneVerification', { phone, smscode });
      setVerified({ phone, smscode, username: res.result.username });
      setStep(1);
    } catch (e) {
      setError(errorText(e, '验证失败，请稍后重试'));
    } finally {
      setSubmitting(false);
    }
  };

  const change = async (v: PasswordValues) => {
    if (!verified) return;
    setError(null);
    setSubmitting(true);
    try {
      await http.post<{ username: string }>('/sys/user/passwordChange', { phone: verified.phone, smscode: verified.smscode, password: v.password });
      setStep(2);
    } catch (e) {
      setError(errorText(e, '密码重置失败，请稍后重试'));
    } finally {
      setSubmitting(false);
    }
  };

  const restart = () => {
    setVerified(null);
    setError(null);
    setStep(0);
  };

  return (
    <div data-testid="alteration">
      <Typography.Title level={4} style={{ marginBottom: 24 }}>
        找回密码
      </Typography.Title>
      <Steps current={step} items={STEPS} size="small" titlePlacement="vertical" style={{ marginBottom: 32 }} />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} data-testid="alteration-error" />}
      {step === 0 && (
        <Form form={verifyForm} size="large" onFinish={verify}>
          <MobileField name="phone" />
          {/* Spec 02 §2: the slider unlocks 获取验证码 (a UX gate; the server throttles SMS on its own). */}
          <SliderVerifyGate>
            <SmsCodeField mobileField="phone" name="smscode" smsmode="2" />
          </SliderVerifyGate>
          <Flex justify="space-between" align="center">
            <Button type="primary" htmlType="submit" loading={submitting} style={{ width: '50%' }} data-testid="alteration-next" disabled={!hydrated}>
              下一步
            </Button>
            <Link href="/user/login">返回登录</Link>
          </Flex>
        </Form>
      )}
      {step === 1 && verified && (
        <Form form={passwordForm} size="large" onFinish={change}>
          <Typography.Paragraph>
            账户：<Typography.Text strong data-testid="alteration-username">{verified.username}</Typography.Text>
          </Typography.Paragraph>
          <PasswordFields passwordPlaceholder="新密码" confirmPlaceholder="确认新密码" />
          <Flex justify="space-between" align="center">
            <Button type="primary" htmlType="submit" loading={submitting} style={{ width: '50%' }} data-testid="alteration-submit" disabled={!hydrated}>
              提交
            </Button>
            <Button type="link" onClick={restart}>
              上一步
            </Button>
          </Flex>
        </Form>
      )}
      {step === 2 && (
        <Result
          status="success"
          title={<span data-testid="alteration-done">密码重置完成！</span>}
          subTitle={verified ? `账户 ${verified.username} 的密码已重置，请使用新密码登录` : undefined}
          extra={
            <Button type="primary" size="large" href="/user/login" data-testid="alteration-login">
              返回登录
            </Button>
          }
        />
      )}
    </div>
  );
}
