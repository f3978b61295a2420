'use client';

import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { checkCron } from '@/lib/cron/expression';
import { CronModal } from './cron-modal';

export interface CronInputProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  'data-testid'?: string;
}

/** A form field for a Quartz expression: typed by hand or built in the CronModal. */
export function CronInput({ value, onChange, disabled, id, placeholder = '请输入Cron表达式', 'data-testid': testId = 'cron-input' }: CronInputProps) {
  const [open, setOpen] = useState(false);
  const text = value ?? '';
  const check = text.trim() ? checkCron(text) : null;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={text} disabled={disabled} placeholder={placeholder} onChange={(e) => onChange?.(e.target.value)} status={check && !check.ok ? 'error' : undefined} data-testid={testId} />
        <Button disabled={disabled} onClick={() => setOpen(true)} data-testid={`${testId}-open`}>
          选择
        </Button>
      </Space.Compact>
      {check && !check.ok ? (
        <div style={{ color: '#ff4d4f', fontSize: 12 }} data-testid={`${testId}-error`}>
          {check.message}
        </div>
      ) : null}
      <CronModal
        open={open}
        value={text}
        onCancel={() => setOpen(false)}
        onOk={(expr) => {
          setOpen(false);
          onChange?.(expr);
        }}
      />
    </>
  );
}
