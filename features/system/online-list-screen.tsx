'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { App, Button, Card, Empty, Flex, Form, Input, Popconfirm, Table, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { Authorized, useAuth } from '@/components/shell/shell-context';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { NoPermission } from './no-permission';
import { FIRST_PAGE, pageAfterRemoval, tablePagination, type PageQuery, type PageResult } from './paging';
import { LoadError, SearchActions } from './list-parts';

/** One live session of GET /sys/online/list; `tokenHash` is the 12-character public session id. */
interface OnlineSession {
  tokenHash: string;
  username: string;
  realname: string | null;
  clientIp: string | null;
  loginType: string | null;
  loginTime: string | null;
  lastSeen: string | null;
  current: boolean;
}

interface Query extends PageQuery {
  username: string;
}

const LIST_PERM = 'system:online:list';
const KICK_PERM = 'system:online:forceLogout';

const LOGIN_TYPES: Record<string, string> = { password: '账号密码', phone: '手机验证码', sms: '手机验证码', third: '第三方登录', cas: '单点登录' };
const loginTypeText = (t: string | null) => (t ? (LOGIN_TYPES[t] ?? t) : '-');
const orDash = (v: string | null) => v || '-';

const fetchPage = ([url, q]: readonly [string, Query]) =>
  http.get<PageResult<OnlineSession>>(url, { pageNo: q.pageNo, pageSize: q.pageSize, username: q.username }).then((r) => r.result);

/** 在线用户 (system/OnlineList): live sessions, searchable by username, with 强制退出 per session. */
export default function OnlineListScreen() {
  const { mode } = useAuth();
  if (mode(LIST_PERM) === 'hide') return <NoPermission code={LIST_PERM} />;
  return (
    <PageWrapper description="当前有效的登录会话；强制退出后，该会话的下一次请求即失效。">
      <OnlineList />
    </PageWrapper>
  );
}

function OnlineList() {
  const { message } = App.useApp();
  const canKick = useAuth().mode(KICK_PERM) !== 'hide';
  const showError = useApiError();
  const [form] = Form.useForm<{ username?: string }>();
  const [query, setQuery] = useState<Query>({ ...FIRST_PAGE, username: '' });
  const [kicking, setKicking] = useState<string | null>(null);
  const { data, error, isLoading, isValidating, mutate } = useSWR(['/sys/online/list', query] as const, fetchPage, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: showError,
  });

  const search = ({ username }: { username?: string }) => setQuery((q) => ({ ...q, pageNo: 1, username: (username ?? '').trim() }));
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ ...q, pageNo: 1, username: '' }));
  };

  const kick = async (row: OnlineSession) => {
    setKicking(row.tokenHash);
    try {
      const res = await http.post<{ sessions: number }>('/sys/online/forceLogout', { sessionId: row.tokenHash });
      message.success(res.message || '强制退出成功！');
      const fresh = await mutate();
      if (fresh) {
        const next = pageAfterRemoval(query, fresh.total);
        if (next !== query) setQuery((q) => ({ ...q, pageNo: next.pageNo }));
      }
    } catch (e) {
      showError(e);
    } finally {
      setKicking(null);
    }
  };

  const columns: TableColumnsType<OnlineSession> = [
    {
      title: '用户名',
      dataIndex: 'username',
      render: (v: string, row) => (
        <Flex gap={8} align="center">
          <span>{v}</span>
          {row.current && (
            <Tag color="green" data-testid="online-current-tag">
              当前
            </Tag>
          )}
        </Flex>
      ),
    },
    { title: '姓名', dataIndex: 'realname', render: orDash },
    { title: '登录IP', dataIndex: 'clientIp', render: orDash },
    { title: '登录方式', dataIndex: 'loginType', render: loginTypeText },
    { title: '登录时间', dataIndex: 'loginTime', render: orDash },
    { title: '最后活动', dataIndex: 'lastSeen', render: orDash },
  ];
  // Without the kick permission the whole 操作 column goes (a 'disable' rule keeps it, greyed out).
  if (canKick) {
    columns.push({
      title: '操作',
      key: 'action',
      width: 120,
      render: (_, row) => (
        <Authorized code={KICK_PERM}>
          <Popconfirm title="确定强制该会话退出吗?" okText="确定" cancelText="取消" disabled={row.current} onConfirm={() => kick(row)}>
            <Tooltip title={row.current ? '不能强制退出当前登录会话' : undefined}>
              <Button type="link" danger size="small" disabled={row.current} loading={kicking === row.tokenHash} data-testid="online-force-logout">
                强制退出
              </Button>
            </Tooltip>
          </Popconfirm>
        </Authorized>
      ),
    });
  }

  return (
    <Card>
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }} data-testid="online-search">
        <Form.Item name="username" label="用户名">
          <Input placeholder="请输入用户名" allowClear maxLength={100} style={{ width: 220 }} data-testid="online-username" />
        </Form.Item>
        <SearchActions testIdPrefix="online" onReset={reset} />
      </Form>
      {error && !data && <LoadError title="在线用户加载失败" error={error} onRetry={() => mutate()} testId="online-error" />}
      <div data-testid="online-table">
        <Table<OnlineSession>
          rowKey="tokenHash"
          columns={columns}
          dataSource={data?.records ?? []}
          loading={isLoading || isValidating}
          pagination={tablePagination(query, data?.total ?? 0, (p) => setQuery((q) => ({ ...q, ...p })))}
          locale={{ emptyText: <Empty description={query.username ? '没有匹配的在线会话' : '暂无在线用户'} /> }}
          scroll={{ x: 900 }}
        />
      </div>
    </Card>
  );
}
