'use client';

import { useState } from 'react';
import { App, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { useCountdown } from '@/features/auth/use-countdown';
import { SMS_CODE_RE } from '@/features/auth/validation';
import { maskPhone } from '../../lib/account/mask-phone';
import { NewPasswordFields } from './new-password-fields';
import { fieldOfPasswordError } from './password-errors';

const RESEND_SECONDS = 60;

interface SmsPasswordValues {
  smscode: string;
  password: string;
  confirmpassword: string;
}

interface SmsPasswordModalProps {
  open: boolean;
  phone: string;
  onClose: () => void;
  /** Called with the server's success message. */
  onDone: (message: string) => void;
}

/**
 * 修改密码 by SMS (spec 01 §2, width 800): a code sent to the user's own bound phone (the server picks
 * the number), then the new password twice. The 60 s resend countdown survives closing the dialog.
 */
export function SmsPasswordModal({ open, phone, onClose, onDone }: SmsPasswordModalProps) {
  const [form] = Form.useForm<SmsPasswordValues>();
  const { message } = App.useApp();
  const showError = useApiError();
  const { remaining, start } = useCountdown(RESEND_SECONDS);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const sendCode = async () => {
    setSending(true);
    try {
      const res = await http.post<null>('/sys/user/sendChangePasswordSms');
      message.success(res.message || '短信验证码发送成功');
      start();
    } catch (e) {
      showError(e);
    } finally {
      setSending(false);
    }
  };

  const submit = async (v: SmsPasswordValues) => {
    setSubmitting(true);
    try {
      const res = await http.post<null>('/sys/user/updatePasswordBySms', { smscode: v.smscode.trim(), password: v.password, confirmpassword: v.confirmpassword });
      onDone(res.message || '密码修改成功！');
      onClose();
    } catch (e) {
      const field = fieldOfPasswordError(e);
      if (field && field !== 'oldpassword' && e instanceof Error) form.setFields([{ name: field, errors: [e.message] }]);
      showError(e);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title="修改密码"
      width={800}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" htmlType="submit" loading={submitting} data-testid="sms-password-submit">
            确定
          </Button>
        </Flex>
      }
      modalRender={(dom) => (
        <Form form={form} layout="vertical" onFinish={submit} clearOnDestroy data-testid="sms-password-form">
          {dom}
        </Form>
      )}
    >
      <Typography.Paragraph type="secondary">
        验证码将发送至您绑定的手机 <Typography.Text strong>{maskPhone(phone)}</Typography.Text>，10 分钟内有效。修改成功后，其他设备上的登录将被强制退出。
      </Typography.Paragraph>
      <Form.Item label="验证码" required>
        <Flex gap={8} align="flex-start">
          <Form.Item
            name="smscode"
            noStyle
            rules={[
              { required: true, message: '请输入验证码' },
              { pattern: SMS_CODE_RE, message: '请输入6位验证码' },
            ]}
          >
            <Input placeholder="验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" style={{ flex: 1 }} data-testid="sms-password-code" />
          </Form.Item>
          <Button onClick={sendCode} loading={sending} disabled={remaining > 0} style={{ minWidth: 112 }} data-testid="sms-password-send">
            {remaining > 0 ? `${remaining} s` : '获取验证码'}
          </Button>
        </Flex>
      </Form.Item>
      <NewPasswordFields testIdPrefix="sms-password" />
    </Modal>
  );
}
