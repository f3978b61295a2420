'use client';

import type { ReactNode } from 'react';
import { Descriptions } from 'antd';

export interface DetailItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
  /** Columns this item spans. */
  span?: number;
}

/** Spec 01 §2: a detail list with 1 to 4 columns (values outside that range are clamped). */
export type DetailColumns = 1 | 2 | 3 | 4;

const clampColumns = (n: number): DetailColumns => Math.min(4, Math.max(1, Math.round(Number.isFinite(n) ? n : 1))) as DetailColumns;

/**
 * Read-only label/value pairs. `col` is the desktop column count; narrow screens fall back to fewer
 * columns so a value never squeezes below a readable width.
 */
export function DetailList({ title, col = 3, items, layout = 'horizontal', bordered }: { title?: ReactNode; col?: number; items: DetailItem[]; layout?: 'horizontal' | 'vertical'; bordered?: boolean }) {
  const c = clampColumns(col);
  return (
    <Descriptions
      title={title}
      layout={layout}
      bordered={bordered}
      column={{ xs: 1, sm: Math.min(c, 2), md: Math.min(c, 2), lg: c, xl: c, xxl: c }}
      items={items.map((i) => ({ key: i.key, label: i.label, children: i.children, span: i.span }))}
      data-testid="detail-list"
      data-columns={c}
    />
  );
}

export { clampColumns };
