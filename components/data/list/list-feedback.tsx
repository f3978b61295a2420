'use client';

import { Alert, Button, Typography } from 'antd';

/** 已选择 n 项 (+ 清空 once something is chosen) above a list's table. */
export function SelectionAlert({ count, onClear }: { count: number; onClear: () => void }) {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={
        <span data-testid="list-selection">
          已选择 <Typography.Link>{count}</Typography.Link> 项
          {count > 0 && (
            <Typography.Link style={{ marginLeft: 24 }} onClick={onClear} data-testid="list-selection-clear">
              清空
            </Typography.Link>
          )}
        </span>
      }
    />
  );
}

/** A list that could not load: what failed, why, and 重试 (test id `list-retry`). */
export function LoadError({ title, error, onRetry, testId }: { title: string; error: unknown; onRetry: () => void; testId: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={error instanceof Error ? error.message : undefined}
      action={
        <Button size="small" onClick={onRetry} data-testid="list-retry">
          重试
        </Button>
      }
      style={{ marginBottom: 16 }}
      data-testid={testId}
    />
  );
}
