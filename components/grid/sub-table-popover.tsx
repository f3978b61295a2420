'use client';

import { useState, type ReactNode } from 'react';
import { Popover } from 'antd';
import type { GridRow } from '@/lib/grid/types';

export const SUB_TABLE_FAILED = '打开子表失败';
/** A sub-table loader is tried once and retried 3 times before giving up. */
export const SUB_TABLE_TRIES = 4;

/** 子表: the row's sub-table in a popover, its loader retried; after more than 3 failures 打开子表失败. */
export function SubTablePopover({ row, load, index }: { row: GridRow; load: (row: GridRow) => Promise<ReactNode>; index: number }) {
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState<ReactNode>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'done' | 'failed'>('idle');
  const loadWithRetry = async () => {
    setState('loading');
    for (let attempt = 0; attempt < SUB_TABLE_TRIES; attempt += 1) {
      try {
        const node = await load(row);
        setContent(node);
        setState('done');
        return;
      } catch {
        // Next attempt; the caller's loader decides its own back-off.
      }
    }
    setState('failed');
  };
  return (
    <Popover
      open={open}
      trigger="click"
      onOpenChange={(o) => {
        setOpen(o);
        if (o && state !== 'done' && state !== 'loading') void loadWithRetry();
      }}
      content={<div data-testid={`grid-subtable-${index}`}>{state === 'failed' ? SUB_TABLE_FAILED : state === 'loading' ? '加载中…' : content}</div>}
    >
      <a data-testid={`grid-subtable-open-${index}`}>子表</a>
    </Popover>
  );
}
