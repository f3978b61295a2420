'use client';

import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Flex, Row, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Sparkline } from './sparkline';
import { HISTORY, MONITOR_REFRESH_MS } from './use-monitor';

/** One figure: a title, its value (data-testid `figure-<id>` for the journeys) and, when given, its recent line. */
export function Figure({ id, title, value, extra, series, min, max }: { id: string; title: string; value: ReactNode; extra?: ReactNode; series?: number[]; min?: number; max?: number }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <div data-testid={`figure-${id}`} style={{ fontSize: 22, fontWeight: 500, margin: '4px 0' }}>
        {value}
      </div>
      {extra && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{extra}</Typography.Text>}
      {series && (
        <div style={{ marginTop: 6 }}>
          <Sparkline values={series} min={min} max={max} label={`${title} 最近 ${series.length} 次`} />
        </div>
      )}
    </Card>
  );
}

export function Figures({ children }: { children: ReactNode[] }) {
  return (
    <Row gutter={[12, 12]}>
      {children.filter(Boolean).map((c, i) => (
        <Col key={i} xs={24} sm={12} lg={8} xl={6}>
          {c}
        </Col>
      ))}
    </Row>
  );
}

/** The panel's frame: refresh button, the refresh note, the error of the last load and a note from the server. */
export function Panel({ testId, refresh, validating, error, note, children }: { testId: string; refresh: () => void; validating: boolean; error: unknown; note?: string | null; children: ReactNode }) {
  return (
    <Flex vertical gap={12} data-testid={testId}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">
          每 {MONITOR_REFRESH_MS / 1000} 秒自动刷新（页面隐藏时暂停），曲线为最近 {HISTORY} 次的数值
        </Typography.Text>
        <Button icon={<ReloadOutlined />} loading={validating} onClick={refresh} data-testid={`${testId}-refresh`}>
          刷新
        </Button>
      </Flex>
      {error != null && <Alert type="error" showIcon title={(error as Error)?.message || '加载失败'} />}
      {note && <Alert type="info" showIcon title={note} data-testid={`${testId}-note`} />}
      {children}
    </Flex>
  );
}
