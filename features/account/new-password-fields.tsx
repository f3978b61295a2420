'use client';

import { Form, Input } from 'antd';
import { PASSWORD_MISMATCH, passwordProblem } from '@/features/auth/validation';

/**
 * 新密码 and 确认新密码 as labelled fields named like the backend's body (`password`,
 * `confirmpassword`), checked with the server's rule (8-64 characters, letters and digits).
 */
export function NewPasswordFields({ testIdPrefix }: { testIdPrefix: string }) {
  return (
    <>
      <Form.Item
        name="password"
        label="新密码"
        validateFirst
        extra="至少8位，需同时包含字母和数字"
        rules={[
          { required: true, message: '请输入新密码' },
          {
            validator: async (_, value: string | undefined) => {
              const problem = passwordProblem(value);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Input.Password placeholder="新密码" autoComplete="new-password" maxLength={64} data-testid={`${testIdPrefix}-new`} />
      </Form.Item>
      <Form.Item
        name="confirmpassword"
        label="确认新密码"
        dependencies={['password']}
        validateFirst
        rules={[
          { required: true, message: '请确认新密码' },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (value && value !== getFieldValue('password')) throw new Error(PASSWORD_MISMATCH);
            },
          }),
        ]}
      >
        <Input.Password placeholder="确认新密码" autoComplete="new-password" maxLength={64} data-testid={`${testIdPrefix}-confirm`} />
      </Form.Item>
    </>
  );
}
