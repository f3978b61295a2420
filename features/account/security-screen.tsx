'use client';

import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useShell } from '@/components/shell/shell-context';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { useHydrated } from '@/features/auth/use-hydrated';
import { maskPhone } from '../../lib/account/mask-phone';
import { NewPasswordFields } from './new-password-fields';
import { fieldOfPasswordError, OTHER_SESSIONS_ENDED } from './password-errors';
import { SmsPasswordModal } from './sms-password-modal';
import { SettingsLayout } from './settings/settings-layout';
import { SessionsCard } from './security/sessions-card';
import { TwoFactorCard } from './security/two-factor-card';

interface ChangePasswordValues {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** 修改密码 with the old password (PUT /sys/user/updatePassword). */
function ChangePasswordForm({ onDone }: { onDone: (message: string) => void }) {
  const [form] = Form.useForm<ChangePasswordValues>();
  const { message } = App.useApp();
  const showError = useApiError();
  const hydrated = useHydrated();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (v: ChangePasswordValues) => {
    setSubmitting(true);
    try {
      const res = await http.put<null>('/sys/user/updatePassword', v);
      const text = res.message || '密码修改成功！';
      message.success(text);
      form.resetFields();
      onDone(text);
    } catch (e) {
      const field = fieldOfPasswordError(e);
      if (field && field !== 'smscode' && e instanceof Error) form.setFields([{ name: field, errors: [e.message] }]);
      showError(e);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 480 }} data-testid="change-password-form">
      <Form.Item name="oldpassword" label="旧密码" rules={[{ required: true, message: '请输入旧密码' }]}>
        <Input.Password placeholder="旧密码" autoComplete="current-password" maxLength={64} data-testid="change-password-old" />
      </Form.Item>
      <NewPasswordFields testIdPrefix="change-password" />
      <Typography.Paragraph type="secondary">修改成功后，您在其他浏览器或设备上的登录将被强制退出，当前页面保持登录。</Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={submitting} disabled={!hydrated} data-testid="change-password-submit">
        确认修改
      </Button>
    </Form>
  );
}

/**
 * 安全设置 (account/settings/Security): change the own password, by the old one or by an SMS code; two-step sign-in
 * and the signed-in devices (./security/).
 */
export default function SecurityScreen() {
  const { message } = App.useApp();
  const phone = useShell().account.userInfo.phone?.trim() ?? '';
  const [done, setDone] = useState<string | null>(null);
  const [smsOpen, setSmsOpen] = useState(false);

  const smsDone = (text: string) => {
    message.success(text);
    setDone(text);
  };

  return (
    <SettingsLayout active="security">
    <Flex vertical gap={24}>
      {done && (
        <Alert
          type="success"
          showIcon
          title={<span data-testid="change-password-success">{done}</span>}
          description={OTHER_SESSIONS_ENDED}
          closable={{ onClose: () => setDone(null) }}
          data-testid="change-password-result"
        />
      )}
      <Card title="修改密码">
        <ChangePasswordForm onDone={setDone} />
      </Card>
      {phone && (
        <Card title="通过短信验证码修改密码" data-testid="sms-password-card">
          <Flex justify="space-between" align="center" gap={16} wrap>
            <Typography.Text type="secondary">
              忘记旧密码时，可向绑定的手机 <Typography.Text strong>{maskPhone(phone)}</Typography.Text> 发送验证码后设置新密码。
            </Typography.Text>
            <Button icon={<MobileOutlined />} onClick={() => setSmsOpen(true)} data-testid="sms-password-open">
              修改密码
            </Button>
          </Flex>
        </Card>
      )}
      <TwoFactorCard />
      <SessionsCard />
      {phone && <SmsPasswordModal open={smsOpen} phone={phone} onClose={() => setSmsOpen(false)} onDone={smsDone} />}
    </Flex>
    </SettingsLayout>
  );
}
