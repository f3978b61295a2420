'use client';

import type { ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { DeleteOutlined, DownloadOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type { AuthMode } from '@/lib/permissions';
import type { ResourceActions } from '@/lib/resources/types';

/** Toolbar buttons and the permission suffix / def.actions flag behind each. */
export type ToolbarAction = 'add' | 'exportXls' | 'importExcel' | 'deleteBatch' | 'toPoolBatch' | 'addBatchTask';

export const TOOLBAR_LABELS: Record<ToolbarAction, string> = {
  add: '新增',
  exportXls: '导出',
  importExcel: '导入',
  deleteBatch: '批量删除',
  toPoolBatch: '批量放入线索池',
  addBatchTask: '添加批量任务',
};

const ICONS: Partial<Record<ToolbarAction, ReactNode>> = {
  add: <PlusOutlined />,
  exportXls: <DownloadOutlined />,
  importExcel: <ImportOutlined />,
  deleteBatch: <DeleteOutlined />,
};

const ORDER: ToolbarAction[] = ['add', 'exportXls', 'importExcel', 'deleteBatch', 'toPoolBatch', 'addBatchTask'];

export interface ListToolbarProps {
  actions: ResourceActions;
  /** Permission mode of `${perm}:<action>`. */
  modeOf: (action: ToolbarAction) => AuthMode;
  onAction: (action: ToolbarAction) => void;
  busy?: Partial<Record<ToolbarAction, boolean>>;
  labels?: Partial<Record<ToolbarAction, string>>;
  /** The 高级查询 button (components/data/super-query), after the standard buttons. */
  query?: ReactNode;
  /** Screen-specific buttons after the standard ones. */
  extra?: ReactNode;
  /** Right-aligned tools (column settings). */
  tools?: ReactNode;
}

/** 新增 / 导出 / 导入 / batch actions, each shown when the def enables it and the user may use it. */
export function ListToolbar({ actions, modeOf, onAction, busy = {}, labels = {}, query, extra, tools }: ListToolbarProps) {
  const buttons = ORDER.filter((a) => actions[a] && modeOf(a) !== 'hide').map((a) => (
    <Button
      key={a}
      type={a === 'add' ? 'primary' : 'default'}
      icon={ICONS[a]}
      disabled={modeOf(a) === 'disable'}
      loading={busy[a]}
      onClick={() => onAction(a)}
      data-testid={`list-${a}`}
    >
      {labels[a] ?? TOOLBAR_LABELS[a]}
    </Button>
  ));
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }} data-testid="list-toolbar">
      <Flex wrap gap={8}>
        {buttons}
        {query}
        {extra}
      </Flex>
      {tools}
    </Flex>
  );
}
