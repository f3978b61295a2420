'use client';

import { Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { MOBILE_MESSAGE, MOBILE_RE } from './validation';

/** A mainland mobile number input (placeholder 手机号). */
export function MobileField({ name }: { name: string }) {
  return (
    <Form.Item
      name={name}
      validateFirst
      rules={[
        { required: true, message: '请输入手机号码' },
        { pattern: MOBILE_RE, message: MOBILE_MESSAGE },
      ]}
    >
      <Input prefix={<MobileOutlined />} placeholder="手机号" maxLength={11} inputMode="numeric" autoComplete="tel" />
    </Form.Item>
  );
}
