'use client';

import { useState } from 'react';
import { App, Button, Empty, Flex, Form, Input, Popconfirm, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { ListFrame } from '@/components/data/list/list-frame';
import { ListTable } from '@/components/data/list/list-table';
import { useListPage, type ListSource } from '@/components/data/list/use-list-page';
import { Authorized, useAuth } from '@/components/shell/shell-context';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { PERMS } from '@/lib/permissions/codes';
import { SearchActions } from './list-parts';

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

/** GET /sys/online/list in the server's order, searchable by username. */
const ONLINE_SOURCE: ListSource = { rowKey: 'tokenHash', defaultSort: null, fields: [{ name: 'username', search: 'eq' }] };
const ONLINE_URLS = { list: '/sys/online/list' };

const LOGIN_TYPES: Record<string, string> = { password: '账号密码', phone: '手机验证码', sms: '手机验证码', third: '第三方登录', cas: '单点登录' };
const loginTypeText = (t: string | null) => (t ? (LOGIN_TYPES[t] ?? t) : '-');
const orDash = (v: string | null) => v || '-';

/** 在线用户 (system/OnlineList): live sessions, searchable by username, with 强制退出 per session. */
export default function OnlineListScreen() {
  return (
    <PageWrapper description="当前有效的登录会话；强制退出后，该会话的下一次请求即失效。">
      <OnlineList />
    </PageWrapper>
  );
}

function OnlineList() {
  const { message } = App.useApp();
  const canKick = useAuth().mode(PERMS.online.forceLogout) !== 'hide';
  const showError = useApiError();
  const [form] = Form.useForm<{ username?: string }>();
  const [kicking, setKicking] = useState<string | null>(null);
  const page = useListPage<OnlineSession>({ source: ONLINE_SOURCE, urls: ONLINE_URLS });

  const reset = () => {
    form.resetFields();
    page.reset();
  };

  const kick = async (row: OnlineSession) => {
    setKicking(row.tokenHash);
    try {
      const res = await http.post<{ sessions: number }>('/sys/online/forceLogout', { sessionId: row.tokenHash });
      message.success(res.message || '强制退出成功！');
      await page.afterRemoval(1);
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
        <Authorized code={PERMS.online.forceLogout}>
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

  const searchForm = (
    <Form form={form} layout="inline" onFinish={(v: { username?: string }) => page.search(v)} style={{ marginBottom: 16, rowGap: 12 }} data-testid="online-search">
      <Form.Item name="username" label="用户名">
        <Input placeholder="请输入用户名" allowClear maxLength={100} style={{ width: 220 }} data-testid="online-username" />
      </Form.Item>
      <SearchActions testIdPrefix="online" onReset={reset} />
    </Form>
  );
  return (
    <ListFrame page={page} search={searchForm} selection={false} errorTitle="在线用户加载失败" errorTestId="online-error" errorOnlyWithoutRows>
      <div data-testid="online-table">
        <ListTable<OnlineSession>
          page={page}
          columns={columns}
          compact={false}
          selectable={false}
          scroll={{ x: 900 }}
          emptyText={<Empty description={page.params.username ? '没有匹配的在线会话' : '暂无在线用户'} />}
        />
      </div>
    </ListFrame>
  );
}
