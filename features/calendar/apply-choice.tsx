'use client';

import { Flex, Modal, Radio, type ButtonProps } from 'antd';
import type { SeriesScope } from '@/lib/calendar/types';

export const APPLY_OPTIONS: { value: SeriesScope; label: string }[] = [
  { value: 'this', label: '仅此课次' },
  { value: 'following', label: '此课次及以后' },
  { value: 'all', label: '全部' },
];

export function ApplyRadio({ value, onChange }: { value?: SeriesScope; onChange?: (v: SeriesScope) => void }) {
  return (
    <Radio.Group value={value} onChange={(e) => onChange?.(e.target.value as SeriesScope)} data-testid="cal-apply">
      <Flex vertical gap={8}>
        {APPLY_OPTIONS.map((o) => (
          <Radio key={o.value} value={o.value}>
            {o.label}
          </Radio>
        ))}
      </Flex>
    </Radio.Group>
  );
}

/** The dialog of `useApplyChoice` (use-apply-choice.tsx), loaded the first time a series member is changed. */
export function ApplyChoiceModal({ value, onChange, onFinish }: { value: SeriesScope; onChange: (v: SeriesScope) => void; onFinish: (v: SeriesScope | null) => void }) {
  return (
    <Modal open title="修改重复日程" width={360} onOk={() => onFinish(value)} onCancel={() => onFinish(null)} okButtonProps={{ 'data-testid': 'cal-apply-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'cal-apply-cancel' } as ButtonProps} destroyOnHidden>
      <p>这是一组重复课次中的一次，要修改哪些课次？</p>
      <ApplyRadio value={value} onChange={onChange} />
    </Modal>
  );
}
