'use client';

import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { PASSWORD_MISMATCH, passwordProblem } from './validation';

interface PasswordFieldsProps {
  passwordPlaceholder: string;
  confirmPlaceholder: string;
}

/** A new password (the server's rule: 8+ characters, letters and digits) and its confirmation. */
export function PasswordFields({ passwordPlaceholder, confirmPlaceholder }: PasswordFieldsProps) {
  return (
    <>
      <Form.Item
        name="password"
        validateFirst
        extra="至少8位，需同时包含字母和数字"
        rules={[
          { required: true, message: '请输入密码' },
          {
            validator: async (_, value: string | undefined) => {
              const problem = passwordProblem(value);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={passwordPlaceholder} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        dependencies={['password']}
        validateFirst
        rules={[
          { required: true, message: '请再次输入密码' },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (value && value !== getFieldValue('password')) throw new Error(PASSWORD_MISMATCH);
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={confirmPlaceholder} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
