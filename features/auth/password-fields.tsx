'use client';

import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { PASSWORD_HINT } from '@/lib/password-rule';
import { PASSWORD_MISMATCH, passwordProblem } from './validation';

interface PasswordFieldsProps {
  passwordPlaceholder: string;
  confirmPlaceholder: string;
  /** Field name of the confirmation (the backend's body names it `confirmpassword` for password changes). */
  confirmName?: string;
  /** Visible labels (the account forms); the sign-in pages use icons and placeholders only. */
  labels?: { password: string; confirm: string };
  requiredMessages?: { password: string; confirm: string };
  testIdPrefix?: string;
}

/** A new password (the server's rule: 8-64 characters, letters and digits) and its confirmation. */
export function PasswordFields({
  passwordPlaceholder,
  confirmPlaceholder,
  confirmName = 'confirmPassword',
  labels,
  requiredMessages = { password: '请输入密码', confirm: '请再次输入密码' },
  testIdPrefix,
}: PasswordFieldsProps) {
  const prefix = labels ? undefined : <LockOutlined />;
  return (
    <>
      <Form.Item
        name="password"
        label={labels?.password}
        validateFirst
        extra={PASSWORD_HINT}
        rules={[
          { required: true, message: requiredMessages.password },
          {
            validator: async (_, value: string | undefined) => {
              const problem = passwordProblem(value);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Input.Password prefix={prefix} placeholder={passwordPlaceholder} autoComplete="new-password" maxLength={64} data-testid={testIdPrefix && `${testIdPrefix}-new`} />
      </Form.Item>
      <Form.Item
        name={confirmName}
        label={labels?.confirm}
        dependencies={['password']}
        validateFirst
        rules={[
          { required: true, message: requiredMessages.confirm },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (value && value !== getFieldValue('password')) throw new Error(PASSWORD_MISMATCH);
            },
          }),
        ]}
      >
        <Input.Password prefix={prefix} placeholder={confirmPlaceholder} autoComplete="new-password" maxLength={64} data-testid={testIdPrefix && `${testIdPrefix}-confirm`} />
      </Form.Item>
    </>
  );
}
