'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import useSWR from 'swr';
import { Alert, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { http } from '@/lib/http';
import type { WorkbenchSummary } from '@/lib/crm/workbench';


export const WORKBENCH_SUMMARY_URL = '/crm/workbench/summary';

const fetchSummary = (url: string) => http.get<WorkbenchSummary>(url).then((r) => r.result);

function Tile({ title, value, href, testId, footer }: { title: string; value: number; href?: string; testId: string; footer?: ReactNode }) {
  const body = (
    <Card hoverable={Boolean(href)} data-testid={testId} style={{ height: '100%' }}>
      <Statistic title={title} value={value} />
      {footer && <div style={{ marginTop: 8 }}>{footer}</div>}
    </Card>
  );
  return href ? (
    <Link href={href} style={{ display: 'block', height: '100%' }}>
      {body}
    </Link>
  ) : (
    body
  );
}

/** 招生工作台 (crm/LeadWorkbench): marketing's home after sign-in; the numbers are computed on the server. */
export default function LeadWorkbenchScreen() {
  const { data, error, isLoading } = useSWR(WORKBENCH_SUMMARY_URL, fetchSummary, { revalidateOnFocus: true });
  return (
    <PageWrapper description="今天要跟进的线索、线索池、本月转化与待办任务，一眼看清。">
      {error && <Alert type="error" showIcon title={error instanceof Error ? error.message : '加载失败'} style={{ marginBottom: 12 }} />}
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]} data-testid="lead-workbench">
          <Col xs={24} sm={12} lg={8}>
            <Tile
              title="今日待跟进"
              value={data.dueToday + data.overdue}
              href="/crm/followToday"
              testId="workbench-due-today"
              footer={data.overdue > 0 ? <Typography.Text type="danger">其中已逾期 {data.overdue} 条</Typography.Text> : <Typography.Text type="secondary">没有逾期的跟进</Typography.Text>}
            />
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Tile
              title="我的线索"
              value={data.myLeads}
              href="/crm/lead"
              testId="workbench-my-leads"
              footer={
                <Typography.Text type={data.myActive >= data.maxOwned ? 'danger' : 'secondary'}>
                  未转化 {data.myActive} / 上限 {data.maxOwned}
                </Typography.Text>
              }
            />
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Tile title="线索池" value={data.poolSize} href="/crm/pool" testId="workbench-pool" footer={<Typography.Text type="secondary">{data.poolEnabled === 1 ? '自动回收已开启' : '自动回收未开启'}</Typography.Text>} />
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Tile
              title="本月转化"
              value={data.convertedThisMonth}
              testId="workbench-converted"
              footer={data.teamConvertedThisMonth !== null ? <Typography.Text type="secondary">团队本月转化 {data.teamConvertedThisMonth}</Typography.Text> : null}
            />
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Tile title="待办任务" value={data.openTasks} href="/crm/task" testId="workbench-tasks" footer={<Typography.Text type="secondary">待办与进行中</Typography.Text>} />
          </Col>
        </Row>
      )}
    </PageWrapper>
  );
}
