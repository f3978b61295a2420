'use client';

import Image from 'next/image';
import { Flex, Form, Input } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { CaptchaState } from './use-captcha';

const imageBox = {
  flex: '0 0 112px',
  height: 40,
  padding: 0,
  border: '1px solid #d9d9d9',
  borderRadius: 8,
  background: '#fff',
  cursor: 'pointer',
  overflow: 'hidden',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: 'rgba(0,0,0,0.45)',
  fontSize: 12,
} as const;

/** Captcha input plus the image; clicking the image loads a new one. */
export function CaptchaField({ captcha }: { captcha: CaptchaState }) {
  return (
    <Flex gap={8} align="flex-start">
      <Form.Item name="captcha" rules={[{ required: true, whitespace: true, message: '请输入验证码' }]} style={{ flex: 1 }}>
        <Input prefix={<SafetyCertificateOutlined />} placeholder="验证码" maxLength={8} autoComplete="off" />
      </Form.Item>
      <button type="button" style={imageBox} onClick={captcha.refresh} title="看不清？点击换一张" aria-label="刷新验证码" data-testid="captcha-image">
        {captcha.image ? (
          <Image src={captcha.image} alt="验证码图片" width={110} height={38} unoptimized />
        ) : (
          <span>{captcha.error ?? '加载中…'}</span>
        )}
      </button>
    </Flex>
  );
}
