'use client';

import { Button, Space, Tooltip } from 'antd';
import { CloseOutlined, FilterOutlined } from '@ant-design/icons';
import { QUERY_ACTIVE_TIP, QUERY_BUTTON } from '@/lib/saved-queries';

export const CLEAR_LABEL = '清空';

export interface SuperQueryButtonProps {
  /** The advanced-query-active flag (spec 02 §4). */
  active: boolean;
  onOpen: () => void;
  onClear: () => void;
}

/** The toolbar's 高级查询 button; while a query is active it is highlighted (primary), says so on hover, and offers 清空 beside it. */
export function SuperQueryButton({ active, onOpen, onClear }: SuperQueryButtonProps) {
  if (!active) {
    return (
      <Button icon={<FilterOutlined />} onClick={onOpen} data-testid="super-query-open" data-active="false">
        {QUERY_BUTTON}
      </Button>
    );
  }
  return (
    <Space.Compact data-testid="super-query-active">
      <Tooltip title={QUERY_ACTIVE_TIP}>
        <Button type="primary" icon={<FilterOutlined />} onClick={onOpen} data-testid="super-query-open" data-active="true">
          {QUERY_BUTTON}
        </Button>
      </Tooltip>
      <Tooltip title={`${CLEAR_LABEL}${QUERY_BUTTON}`}>
        <Button type="primary" icon={<CloseOutlined />} aria-label={`${CLEAR_LABEL}${QUERY_BUTTON}`} onClick={onClear} data-testid="super-query-clear" />
      </Tooltip>
    </Space.Compact>
  );
}
