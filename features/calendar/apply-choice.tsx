'use client';

import { useCallback, useRef, useState } from 'react';
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

/**
 * Asks which members of a series a change applies to (rule R3); `ask()` resolves with the choice, or
 * null when the dialog is dismissed.
 */
export function useApplyChoice() {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<SeriesScope>('this');
  const resolver = useRef<((v: SeriesScope | null) => void) | null>(null);

  const ask = useCallback(
    () =>
      new Promise<SeriesScope | null>((resolve) => {
        resolver.current = resolve;
        setValue('this');
        setOpen(true);
      }),
    [],
  );
  const finish = (v: SeriesScope | null) => {
    setOpen(false);
    resolver.current?.(v);
    resolver.current = null;
  };

  const modal = (
    <Modal open={open} title="修改重复日程" width={360} onOk={() => finish(value)} onCancel={() => finish(null)} okButtonProps={{ 'data-testid': 'cal-apply-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'cal-apply-cancel' } as ButtonProps} destroyOnHidden>
      <p>这是一组重复课次中的一次，要修改哪些课次？</p>
      <ApplyRadio value={value} onChange={setValue} />
    </Modal>
  );
  return { ask, modal };
}
