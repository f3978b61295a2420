'use client';

import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space, type ButtonProps } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { useCountdown } from '@/features/auth/use-countdown';
import { MOBILE_MESSAGE, MOBILE_RE, SMS_CODE_RE } from '@/features/auth/validation';
import { PROFILE_MESSAGES } from '../../../lib/account/account-rules';
import { SETTINGS_URLS } from './settings-urls';

const RESEND_SECONDS = 60;

interface PhoneValues {
  phone: string;
  smscode: string;
}

/** 修改手机号: a code is sent to the NEW number, and the number is set only with that code (PUT /sys/user/updateMobile). */
export function PhoneModal({ open, current, onClose, onDone }: { open: boolean; current: string | null; onClose: () => void; onDone: (phone: string) => void }) {
  const [form] = Form.useForm<PhoneValues>();
  const { message } = App.useApp();
  const showError = useApiError();
  const { remaining, start } = useCountdown(RESEND_SECONDS);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const sendCode = async () => {
    let phone: string;
    try {
      phone = (await form.validateFields(['phone'])).phone.trim();
    } catch {
      return;
    }
    setSending(true);
    try {
      const res = await http.post<null>(SETTINGS_URLS.sendPhoneSms, { phone });
      message.success(res.message || PROFILE_MESSAGES.smsSent);
      start();
    } catch (e) {
      // 该手机号已被其他账号使用 and the like belong to the number's field.
      if (e instanceof Error) form.setFields([{ name: 'phone', errors: [e.message] }]);
      showError(e);
    } finally {
      setSending(false);
    }
  };

  const submit = async (v: PhoneValues) => {
    setSubmitting(true);
    try {
      const res = await http.put<null>(SETTINGS_URLS.updateMobile, { phone: v.phone.trim(), smscode: v.smscode.trim() });
      message.success(res.message || PROFILE_MESSAGES.phoneSaved);
      onDone(v.phone.trim());
      form.resetFields();
    } catch (e) {
      showError(e);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title="修改手机号"
      onCancel={onClose}
      destroyOnHidden
      okText="确定"
      cancelText="取消"
      onOk={() => form.submit()}
      // data-* is not in ButtonProps' type, though antd passes it to the button.
      okButtonProps={{ loading: submitting, 'data-testid': 'phone-submit' } as ButtonProps}
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="phone-form">
        {current && <p>当前手机号：{current}</p>}
        <Form.Item
          name="phone"
          label="新手机号"
          rules={[
            { required: true, message: '请输入新手机号' },
            { pattern: MOBILE_RE, message: MOBILE_MESSAGE },
          ]}
        >
          <Input maxLength={11} placeholder="新手机号" data-testid="phone-input" />
        </Form.Item>
        <Form.Item label="验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="smscode" noStyle rules={[{ required: true, message: '请输入验证码' }, { pattern: SMS_CODE_RE, message: '请输入6位验证码' }]}>
              <Input maxLength={6} placeholder="发送到新手机号的验证码" data-testid="phone-code" />
            </Form.Item>
            <Button onClick={sendCode} loading={sending} disabled={remaining > 0} data-testid="phone-send-code">
              {remaining > 0 ? `${remaining} 秒后重发` : '获取验证码'}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
