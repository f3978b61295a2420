'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { App, Button, Empty, Flex, Form, Input, Modal, Popconfirm, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { UserPickerModal } from '@/components/pickers/user-picker';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { LoadError, SearchActions } from '../list-parts';
import { FIRST_PAGE, pageAfterRemoval, tablePagination, type PageQuery, type PageResult } from '../paging';
import type { RoleRef } from './role-permission-drawer';

/** One row of GET /sys/user/userRoleList. */
export interface RoleUser {
  id: string;
  username: string;
  realname: string;
  phone: string | null;
  status: number;
  status_dictText?: string;
  createTime: string | null;
}

interface Query extends PageQuery {
  username: string;
}

const fetchPage = ([url, roleId, q]: readonly [string, string, Query]) =>
  http.get<PageResult<RoleUser>>(url, { roleId, pageNo: q.pageNo, pageSize: q.pageSize, ...(q.username ? { username: `*${q.username}*` } : {}) }).then((r) => r.result);

/** 用户 of 角色管理: who holds the role; 添加已有用户 through the user picker, 取消关联 per user or for a selection. */
export function RoleUsersModal({ role, onClose }: { role: RoleRef | null; onClose: () => void }) {
  if (!role) return null;
  return <UsersModal role={role} onClose={onClose} />;
}

function UsersModal({ role, onClose }: { role: RoleRef; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<{ username?: string }>();
  const [query, setQuery] = useState<Query>({ ...FIRST_PAGE, username: '' });
  const [selected, setSelected] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  const { data, error, isLoading, mutate } = useSWR(['/sys/user/userRoleList', role.id, query] as const, fetchPage, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: showError,
  });
  const total = data?.total ?? 0;

  /** After removing `n` rows: stay on a page that still has rows, and reload. */
  const reloadAfterRemoval = async (n: number) => {
    const next = pageAfterRemoval(query, Math.max(0, total - n));
    setSelected([]);
    if (next.pageNo !== query.pageNo) setQuery({ ...query, ...next });
    else await mutate();
  };

  const unlink = async (userIds: string[]) => {
    try {
      const r =
        userIds.length === 1
          ? await http.del('/sys/user/deleteUserRole', { roleId: role.id, userId: userIds[0] })
          : await http.del('/sys/user/deleteUserRoleBatch', { roleId: role.id, userIds: userIds.join(',') });
      message.success(r.message || '删除成功!');
      await reloadAfterRemoval(userIds.length);
    } catch (e) {
      showError(e);
    }
  };

  const unlinkSelected = () => {
    if (!selected.length) return void message.warning('请选择一条记录！');
    modal.confirm({ title: '确认取消关联', content: `确定要取消这 ${selected.length} 个用户与该角色的关联吗?`, okText: '确定', cancelText: '取消', onOk: () => unlink(selected) });
  };

  const addUsers = async (users: { id: string }[]) => {
    setPicking(false);
    if (!users.length) return;
    try {
      const r = await http.post('/sys/user/addSysUserRole', { roleId: role.id, userIdList: users.map((u) => u.id) });
      message.success(r.message || '添加成功!');
      await mutate();
    } catch (e) {
      showError(e);
    }
  };

  const columns: TableColumnsType<RoleUser> = [
    { title: '用户账号', dataIndex: 'username' },
    { title: '用户姓名', dataIndex: 'realname' },
    { title: '手机号码', dataIndex: 'phone', render: (v: string | null) => v || '-' },
    { title: '状态', dataIndex: 'status', render: (v: number, r) => <Tag color={v === 1 ? 'green' : 'red'}>{r.status_dictText ?? v}</Tag> },
    {
      title: '操作',
      key: 'action',
      width: 100,
      render: (_, r) => (
        <Popconfirm title={`确定取消「${r.realname}」与该角色的关联吗?`} okText="确定" cancelText="取消" onConfirm={() => unlink([r.id])}>
          <Typography.Link data-testid={`role-user-unlink-${r.id}`}>取消关联</Typography.Link>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Modal open title={`角色用户：${role.roleName}`} width={900} footer={null} onCancel={onClose} destroyOnHidden data-testid="role-users-modal">
      <Form form={form} layout="inline" style={{ marginBottom: 16 }} onFinish={(v) => setQuery({ ...query, pageNo: 1, username: (v.username ?? '').trim() })}>
        <Form.Item name="username" label="用户账号">
          <Input placeholder="请输入用户账号" allowClear maxLength={100} />
        </Form.Item>
        <SearchActions
          testIdPrefix="role-users"
          onReset={() => {
            form.resetFields();
            setQuery({ ...FIRST_PAGE, pageSize: query.pageSize, username: '' });
          }}
        />
      </Form>
      <Flex gap={8} style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="role-users-add">
          添加已有用户
        </Button>
        <Button onClick={unlinkSelected} data-testid="role-users-unlink-batch">
          批量取消关联
        </Button>
      </Flex>
      {error && !data ? <LoadError title="角色用户加载失败" error={error} onRetry={() => void mutate()} testId="role-users-error" /> : null}
      <Table<RoleUser>
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        dataSource={data?.records ?? []}
        loading={isLoading}
        pagination={tablePagination(query, total, (next) => setQuery({ ...query, ...next }))}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        locale={{ emptyText: <Empty description="暂无数据" /> }}
        data-testid="role-users-table"
      />
      <UserPickerModal open={picking} multiple onOk={(users) => void addUsers(users)} onCancel={() => setPicking(false)} />
    </Modal>
  );
}
