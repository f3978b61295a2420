'use client';

import Link from 'next/link';
import useSWR from 'swr';
import { Alert, Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { http } from '@/lib/http';

interface About {
  version: string | null;
  node: string;
  databaseKind: 'pglite' | 'postgres';
  migrations: { name: string; executedAt: string | null }[];
  ready: 'ok' | 'failing';
  checks: Record<string, 'ok' | 'failing'>;
}

const CHECK_LABELS: Record<string, string> = { database: '数据库连接', migrations: '数据库迁移', storage: '文件存储可写', upstream: '上游服务', shutdown: '未在停机' };

/** `/test/home` (spec 01 §2): the running version, database kind, migrations applied and the readiness checks. */
export default function TestHomeScreen() {
  const { data, error, isLoading, mutate } = useSWR('/sys/monitor/about', async () => (await http.get<About>('/sys/monitor/about')).result, { revalidateOnFocus: false });
  return (
    <PageWrapper description="本实例正在运行的版本、数据库与就绪检查（与 /readyz 相同的检查，现在执行）。">
      {error ? <Alert type="error" showIcon message="读取失败" description={(error as Error).message} /> : null}
      <Card loading={isLoading} extra={<Space><Button onClick={() => void mutate()} data-testid="test-home-refresh">重新检查</Button><Link href="/isystem/monitor">系统监控</Link></Space>}>
        {data ? (
          <>
            <Descriptions column={2} bordered size="small" data-testid="test-home-facts">
              <Descriptions.Item label="版本">{data.version ?? '未知'}</Descriptions.Item>
              <Descriptions.Item label="Node.js">{data.node}</Descriptions.Item>
              <Descriptions.Item label="数据库">{data.databaseKind === 'postgres' ? 'PostgreSQL' : '内嵌 PostgreSQL（PGlite）'}</Descriptions.Item>
              <Descriptions.Item label="就绪">
                <Tag color={data.ready === 'ok' ? 'green' : 'red'} data-testid="test-home-ready">{data.ready === 'ok' ? '就绪' : '未就绪'}</Tag>
              </Descriptions.Item>
              {Object.entries(data.checks).map(([k, v]) => (
                <Descriptions.Item key={k} label={CHECK_LABELS[k] ?? k}>
                  <Tag color={v === 'ok' ? 'green' : 'red'}>{v === 'ok' ? '通过' : '失败'}</Tag>
                </Descriptions.Item>
              ))}
            </Descriptions>
            <Table
              style={{ marginTop: 16 }}
              size="small"
              rowKey="name"
              data-testid="test-home-migrations"
              title={() => `已执行的数据库迁移（${data.migrations.length}）`}
              pagination={false}
              scroll={{ y: 320 }}
              dataSource={data.migrations}
              columns={[
                { title: '迁移', dataIndex: 'name' },
                { title: '执行时间', dataIndex: 'executedAt', width: 200 },
              ]}
            />
          </>
        ) : null}
      </Card>
    </PageWrapper>
  );
}
