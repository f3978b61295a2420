'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Tabs, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { ApiError, http } from '@/lib/http';
import { loginFailure, needsDepartSelection, persistLogin, persistSelectedDepart, postLoginPath, type DepartInfo, type LoginResult } from '@/lib/login-state';
import dynamic from 'next/dynamic';
import { CaptchaField } from './captcha-field';
import { errorText } from './error-text';
import { useHydrated } from './use-hydrated';
import { MobileField } from './mobile-field';
import { SmsCodeField } from './sms-code-field';
import { useCaptcha } from './use-captcha';
import { withAttemptsLeft } from './login-attempts';
import { TwoFactorLoginStep } from '@/features/account/security/two-factor-login-step';
import { isTwoFactorChallenge } from '@/features/account/security/security-rules';

// Only multi-department users see the 部门选择 dialog: keep it (Modal + Radio) out of the first load.
const DepartSelectModal = dynamic(() => import('@/components/shell/depart-select-modal').then((m) => m.DepartSelectModal), { ssr: false });

type LoginTab = 'account' | 'phone';

interface LoginValues {
  username?: string;
  password?: string;
  captcha?: string;
  mobile?: string;
  smsCode?: string;
}

export interface LoginFormProps {
  /** Whether the server asks for an image captcha (LOGIN_CAPTCHA). */
  captcha: boolean;
  /** Where to go after signing in (already a same-site path). */
  redirect: string;
  /** A configured third-party login, or null for none. */
  oauthName: string | null;
  /** A message to show on arrival (e.g. the session was ended because the menu was empty). */
  initialError?: string | null;
}

const TABS = [
  { key: 'account', label: '账号密码登录' },
  { key: 'phone', label: '手机号登录' },
];

/** Account/password and phone/SMS sign-in (spec 01 §2), then the department choice when there are several. */
export function LoginForm({ captcha, redirect, oauthName, initialError = null }: LoginFormProps) {
  const [form] = Form.useForm<LoginValues>();
  const [tab, setTab] = useState<LoginTab>('account');
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(initialError);
  const [submitting, setSubmitting] = useState(false);
  const [departs, setDeparts] = useState<DepartInfo[] | null>(null);
  // Two-step sign-in: the challenge the first step answered, while the code is asked for.
  const [challenge, setChallenge] = useState<string | null>(null);
  const image = useCaptcha(captcha);

  // A full navigation, so the server renders the shell with the new session cookie.
  const enter = () => window.location.assign(postLoginPath(redirect));

  const login = async (v: LoginValues) => {
    if (tab === 'account') {
      const body = { username: (v.username ?? '').trim(), password: v.password ?? '', ...(captcha ? { captcha: (v.captcha ?? '').trim(), checkKey: image.checkKey } : {}) };
      return http.post<LoginResult>('/sys/login', body);
    }
    return http.post<LoginResult>('/sys/phoneLogin', { mobile: (v.mobile ?? '').trim(), captcha: (v.smsCode ?? '').trim() });
  };

  const signedIn = (result: LoginResult) => {
    persistLogin(window.localStorage, result);
    if (needsDepartSelection(result)) {
      setDeparts(result.departs);
      return;
    }
    enter();
  };

  /** From the second step back to the first: the captcha was spent by the password step. */
  const backToFirstStep = (message?: string) => {
    setChallenge(null);
    setError(message ?? null);
    if (captcha) {
      form.setFieldValue('captcha', '');
      image.refresh();
    }
  };

  const onFinish = async (values: LoginValues) => {
    setError(null);
    setSubmitting(true);
    try {
      const res = await login(values);
      const failure = loginFailure(res);
      if (failure) throw new ApiError(failure, res.code, 200, res);
      signedIn(res.result);
    } catch (e) {
      const answered = e instanceof ApiError ? e.envelope?.result : undefined;
      if (isTwoFactorChallenge(answered)) {
        setChallenge(answered.challenge);
        setSubmitting(false);
        return;
      }
      setError(e instanceof ApiError ? withAttemptsLeft(errorText(e, '登录失败，请稍后重试'), e.envelope?.result) : errorText(e, '登录失败，请稍后重试'));
      setSubmitting(false);
      if (tab === 'account' && captcha) {
        // Captchas are single use: every failed attempt needs a new one.
        form.setFieldValue('captcha', '');
        image.refresh();
      }
    }
  };

  const switchTab = (key: string) => {
    setTab(key as LoginTab);
    setError(null);
  };

  return (
    <>
      {challenge && <TwoFactorLoginStep challenge={challenge} onSignedIn={signedIn} onBack={backToFirstStep} />}
      <Form form={form} size="large" onFinish={onFinish} data-testid="login-form" style={challenge ? { display: 'none' } : undefined}>
        <Tabs activeKey={tab} onChange={switchTab} centered items={TABS} />
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} data-testid="login-error" />}
        {tab === 'account' ? (
          <>
            <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
              <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" />
            </Form.Item>
            <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
            </Form.Item>
            {captcha && <CaptchaField captcha={image} />}
          </>
        ) : (
          <>
            <MobileField name="mobile" />
            <SmsCodeField mobileField="mobile" name="smsCode" smsmode="0" />
          </>
        )}
        <Flex justify="flex-end" style={{ marginBottom: 16 }}>
          <Link href="/user/alteration">忘记密码</Link>
        </Flex>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit" disabled={!hydrated}>
            登录
          </Button>
        </Form.Item>
        <Flex justify="space-between" align="center">
          {oauthName ? (
            <Typography.Text type="secondary">
              其他登录方式：
              <a href={`/oauth/start?redirect=${encodeURIComponent(postLoginPath(redirect))}`} data-testid="oauth-login">
                {oauthName}
              </a>
            </Typography.Text>
          ) : (
            <span />
          )}
          <Link href="/user/register">注册账户</Link>
        </Flex>
      </Form>
      {departs !== null && (
        <DepartSelectModal
          open
          title="部门选择"
          departs={departs}
          onSelected={(userInfo) => {
            persistSelectedDepart(window.localStorage, userInfo);
            enter();
          }}
        />
      )}
    </>
  );
}
