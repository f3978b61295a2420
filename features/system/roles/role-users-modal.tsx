'use client';

import { useMemo, useState } from 'react';
import { App, Button, Flex, Form, Input, Modal, Popconfirm, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ListFrame } from '@/components/data/list/list-frame';
import { ListTable } from '@/components/data/list/list-table';
import { useListPage, type ListSource } from '@/components/data/list/use-list-page';
import { UserPickerModal } from '@/components/pickers/user-picker';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { SearchActions } from '../list-parts';
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

/** The role's users in the server's order; 用户账号 searches contains (`*v*`). */
const ROLE_USERS_SOURCE: ListSource = { rowKey: 'id', defaultSort: null, fields: [{ name: 'username', search: 'like' }] };
const ROLE_USERS_URLS = { list: '/sys/user/userRoleList' };

/** 用户 of 角色管理: who holds the role; 添加已有用户 through the user picker, 取消关联 per user or for a selection. */
export function RoleUsersModal({ role, onClose }: { role: RoleRef | null; onClose: () => void }) {
  if (!role) return null;
  return <UsersModal role={role} onClose={onClose} />;
}

function UsersModal({ role, onClose }: { role: RoleRef; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<{ username?: string }>();
  const [selected, setSelected] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  const ofRole = useMemo(() => ({ roleId: role.id }), [role.id]);
  const page = useListPage<RoleUser>({ source: ROLE_USERS_SOURCE, urls: ROLE_USERS_URLS, extraParams: ofRole });

  const unlink = async (userIds: string[]) => {
    try {
      const r =
        userIds.length === 1
          ? await http.del('/sys/user/deleteUserRole', { roleId: role.id, userId: userIds[0] })
          : await http.del('/sys/user/deleteUserRoleBatch', { roleId: role.id, userIds: userIds.join(',') });
      message.success(r.message || '删除成功!');
      setSelected([]);
      await page.afterRemoval(userIds.length);
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
      message.success(r.message || '添加成功！');
      await page.reload();
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
      <Form form={form} layout="inline" style={{ marginBottom: 16 }} onFinish={(v) => page.search(v)}>
        <Form.Item name="username" label="用户账号">
          <Input placeholder="请输入用户账号" allowClear maxLength={100} />
        </Form.Item>
        <SearchActions
          testIdPrefix="role-users"
          onReset={() => {
            form.resetFields();
            page.reset();
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
      <ListFrame page={page} bare selection={false} errorTitle="角色用户加载失败" errorTestId="role-users-error" errorOnlyWithoutRows>
        <ListTable<RoleUser>
          page={page}
          columns={columns}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          scroll={undefined}
          testId="role-users-table"
        />
      </ListFrame>
      <UserPickerModal open={picking} multiple onOk={(users) => void addUsers(users)} onCancel={() => setPicking(false)} />
    </Modal>
  );
}
