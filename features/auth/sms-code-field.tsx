'use client';

import { useState } from 'react';
import { App, Button, Flex, Form, Input } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { http } from '@/lib/http';
import { errorText } from './error-text';
import { useHydrated } from './use-hydrated';
import { useCountdown } from './use-countdown';
import { SMS_CODE_RE } from './validation';

const RESEND_SECONDS = 60;

interface SmsCodeFieldProps {
  /** The form field holding the mobile number; it is validated before a code is requested. */
  mobileField: string;
  /** The form field for the code itself. */
  name: string;
  /** 0 login, 1 register, 2 forgotten password. */
  smsmode: '0' | '1' | '2';
}

/** SMS code input with a 获取验证码 button that counts down 60 s after a code was sent. */
export function SmsCodeField({ mobileField, name, smsmode }: SmsCodeFieldProps) {
  const form = Form.useFormInstance();
  const { message } = App.useApp();
  const { remaining, start } = useCountdown(RESEND_SECONDS);
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();

  const send = async () => {
    try {
      await form.validateFields([mobileField]);
    } catch {
      return;
    }
    const mobile = String(form.getFieldValue(mobileField) ?? '').trim();
    setSending(true);
    try {
      const res = await http.post<null>('/sys/sms', { mobile, smsmode });
      message.success(res.message || '短信验证码发送成功');
      start();
    } catch (e) {
      message.error(errorText(e, '验证码发送失败'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Flex gap={8} align="flex-start">
      <Form.Item
        name={name}
        rules={[
          { required: true, message: '请输入验证码' },
          { pattern: SMS_CODE_RE, message: '请输入6位验证码' },
        ]}
        style={{ flex: 1 }}
      >
        <Input prefix={<MessageOutlined />} placeholder="短信验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
      </Form.Item>
      <Button onClick={send} loading={sending} disabled={!hydrated || remaining > 0} style={{ minWidth: 112 }} data-testid="sms-send">
        {remaining > 0 ? `${remaining} s` : '获取验证码'}
      </Button>
    </Flex>
  );
}
