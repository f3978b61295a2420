'use client';

import { useState, type HTMLAttributes } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Card, Flex, Popconfirm, Table, Tag, Typography, type ButtonProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';

export const SESSIONS_URL = '/sys/user/sessions';

/** One live sign-in of mine as GET /sys/user/sessions answers it (server/account/security-routes.ts). */
export interface MySession {
  id: string;
  device: string;
  clientIp: string | null;
  loginType: string;
  loginTime: string | null;
  lastSeen: string | null;
  current: boolean;
}

const loadSessions = async () => (await http.get<MySession[]>(SESSIONS_URL)).result;

/** 登录设备: where this account is signed in; 下线 one other device, or every other at once. */
export function SessionsCard() {
  const { message } = App.useApp();
  const showError = useApiError();
  const { data, error, isLoading, mutate } = useSWR(SESSIONS_URL, loadSessions, { revalidateOnFocus: false });
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, call: () => Promise<{ message: string }>) => {
    setBusy(key);
    try {
      const res = await call();
      message.success(res.message);
      await mutate();
    } catch (e) {
      showError(e);
      await mutate();
    } finally {
      setBusy(null);
    }
  };
  const others = (data ?? []).filter((s) => !s.current).length;

  return (
    <Card
      title="登录设备"
      data-testid="sessions-card"
      extra={
        <Flex gap={8}>
          <Button icon={<ReloadOutlined />} onClick={() => void mutate()} loading={isLoading} data-testid="sessions-refresh">
            刷新
          </Button>
          <Popconfirm title="退出其他所有设备？" description="除当前设备外，其他设备上的登录都将失效。" onConfirm={() => run('others', () => http.post(`${SESSIONS_URL}/logoutOthers`))} okText="退出" cancelText="取消" okButtonProps={{ 'data-testid': 'sessions-logout-others-ok' } as ButtonProps}>
            <Button danger disabled={!others} loading={busy === 'others'} data-testid="sessions-logout-others">
              退出其他所有设备
            </Button>
          </Popconfirm>
        </Flex>
      }
    >
      {error && <Alert type="error" showIcon title="加载登录设备失败" description={error instanceof Error ? error.message : undefined} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph type="secondary">如发现不认识的设备，请将其下线并及时修改密码。</Typography.Paragraph>
      <Table<MySession>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        data-testid="sessions-table"
        onRow={(r) => ({ 'data-testid': `session-row-${r.id}`, 'data-current': r.current ? 'true' : 'false' }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: '设备',
            dataIndex: 'device',
            render: (v: string, r) => (
              <Flex gap={8} align="center">
                <span>{v}</span>
                {r.current && (
                  <Tag color="green" data-testid="session-current">
                    当前设备
                  </Tag>
                )}
              </Flex>
            ),
          },
          { title: 'IP', dataIndex: 'clientIp', width: 140, render: (v: string | null) => v || '-' },
          { title: '登录方式', dataIndex: 'loginType', width: 110 },
          { title: '登录时间', dataIndex: 'loginTime', width: 170 },
          { title: '最近活动', dataIndex: 'lastSeen', width: 170 },
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_: unknown, r) =>
              r.current ? (
                <Typography.Text type="secondary">-</Typography.Text>
              ) : (
                <Popconfirm title="下线该设备？" onConfirm={() => run(r.id, () => http.post(`${SESSIONS_URL}/logout`, { id: r.id }))} okText="下线" cancelText="取消" okButtonProps={{ 'data-testid': `session-logout-ok-${r.id}` } as ButtonProps}>
                  <Button type="link" danger size="small" loading={busy === r.id} data-testid={`session-logout-${r.id}`}>
                    下线
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
