'use client';

import { useState } from 'react';
import { App, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { PasswordFields } from '@/features/auth/password-fields';
import { ApiError, http } from '@/lib/http';

export interface ResetPasswordTarget {
  id: string;
  username: string;
  realname?: string | null;
}

interface Values {
  password: string;
  confirmPassword: string;
}

export const CHANGE_PASSWORD_URL = '/sys/user/changePassword';

/** The field a refused reset is about, so the server's text also sits under it (null: only the toast). */
function fieldOf(e: unknown): keyof Values | null {
  if (!(e instanceof ApiError) || e.status !== 200) return null;
  if (e.message.includes('不一致') || e.message.includes('确认')) return 'confirmPassword';
  if (e.message.includes('密码')) return 'password';
  return null;
}

export interface ResetPasswordModalProps {
  /** The user whose password is reset; null = closed. */
  target: ResetPasswordTarget | null;
  onClose: () => void;
}

/**
 * 重置密码 by an administrator (PUT /sys/user/changePassword): the project's password rule, checked
 * here and again on the server; the user's sessions end at once.
 */
export function ResetPasswordModal({ target, onClose }: ResetPasswordModalProps) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!target) return;
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows the field errors
    }
    setSaving(true);
    try {
      const res = await http.put<null>(CHANGE_PASSWORD_URL, { username: target.username, password: v.password, confirmPassword: v.confirmPassword });
      message.success(res.message || '密码修改成功!');
      onClose();
    } catch (e) {
      const field = fieldOf(e);
      if (field && e instanceof Error) form.setFields([{ name: field, errors: [e.message] }]);
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title="重置密码"
      width={600}
      onCancel={onClose}
      onOk={submit}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'reset-password-submit' } as ButtonProps}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} data-testid="reset-password-form">
        <Form.Item label="用户账号">
          <Input value={target?.username} disabled data-testid="reset-password-username" />
        </Form.Item>
        <PasswordFields
          passwordPlaceholder="请输入登录密码"
          confirmPlaceholder="请重新输入登录密码"
          confirmName="confirmPassword"
          labels={{ password: '登录密码', confirm: '确认密码' }}
          requiredMessages={{ password: '请输入登录密码', confirm: '请重新输入登录密码' }}
          testIdPrefix="reset-password"
        />
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          重置后，{target?.realname || target?.username}的所有登录会话立即失效，需使用新密码重新登录。
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
