'use client';

import { useState } from 'react';
import { App, Button, Empty, Flex, Form, Input, Modal, Popconfirm, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, RedoOutlined } from '@ant-design/icons';
import { ListFrame } from '@/components/data/list/list-frame';
import { ListTable } from '@/components/data/list/list-table';
import { useListPage, type ListSource } from '@/components/data/list/use-list-page';
import { useApiError } from '@/components/feedback/use-api-error';
import { useAuth } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { SearchActions } from '../list-parts';
import { PERMS } from '@/lib/permissions/codes';

/** One deleted user of GET /sys/user/recycleBin. */
export interface DeletedUser {
  id: string;
  username: string;
  realname: string | null;
  sex_dictText: string | null;
  orgCodeTxt: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export const RECYCLE_BIN_URL = '/sys/user/recycleBin';
/** Deleted users in the server's order, searchable by username. */
const RECYCLE_SOURCE: ListSource = { rowKey: 'id', defaultSort: null, fields: [{ name: 'username', search: 'eq' }] };
const RECYCLE_URLS = { list: RECYCLE_BIN_URL };
const NOTHING_SELECTED = '请选择一条记录！';
const orDash = (v: string | null) => v || '-';

export interface RecycleBinModalProps {
  open: boolean;
  onClose: () => void;
  /** After users were restored (the user list reloads). */
  onRestored?: () => void;
}

/** 用户回收站: deleted users, 还原 (restore) and 彻底删除 (purge, confirmed), one by one or in batches. */
export function RecycleBinModal({ open, onClose, onRestored }: RecycleBinModalProps) {
  return (
    <Modal open={open} title="用户回收站" width={1000} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} destroyOnHidden>
      {open && <RecycleBin onRestored={onRestored} />}
    </Modal>
  );
}

function RecycleBin({ onRestored }: { onRestored?: () => void }) {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const { mode } = useAuth();
  const restoreMode = mode(PERMS.user.putRecycleBin);
  const purgeMode = mode(PERMS.user.deleteRecycleBin);
  const [form] = Form.useForm<{ username?: string }>();
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const page = useListPage<DeletedUser>({ source: RECYCLE_SOURCE, urls: RECYCLE_URLS, notifyErrors: false });

  /** Runs one action on these ids, then reloads (staying on a page that still has rows). */
  const run = async (ids: string[], action: 'restore' | 'purge') => {
    setBusy(true);
    try {
      const res =
        action === 'restore' ? await http.put<null>('/sys/user/putRecycleBin', { userIds: ids.join(',') }) : await http.del<null>('/sys/user/deleteRecycleBin', { userIds: ids.join(',') });
      message.success(res.message || (action === 'restore' ? '还原成功' : '删除成功!'));
      setSelected((keys) => keys.filter((k) => !ids.includes(k)));
      if (action === 'restore') onRestored?.();
      await page.afterRemoval(ids.length);
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };

  const batch = (action: 'restore' | 'purge') => {
    if (!selected.length) return void message.warning(NOTHING_SELECTED);
    const ids = [...selected];
    if (action === 'restore') {
      modal.confirm({ title: '还原用户', content: `您确定要还原这 ${ids.length} 个用户吗？`, okText: '确定', cancelText: '取消', onOk: () => run(ids, 'restore') });
      return;
    }
    modal.confirm({
      title: '彻底删除用户',
      content: (
        <>
          <p>您确定要彻底删除这 {ids.length} 个用户吗？</p>
          <Typography.Text type="danger">注意：彻底删除后将无法恢复，请谨慎操作！</Typography.Text>
        </>
      ),
      okText: '确定',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => run(ids, 'purge'),
    });
  };

  const columns: TableColumnsType<DeletedUser> = [
    { title: '用户账号', dataIndex: 'username' },
    { title: '用户姓名', dataIndex: 'realname', render: orDash },
    { title: '性别', dataIndex: 'sex_dictText', width: 70, render: orDash },
    { title: '所属部门', dataIndex: 'orgCodeTxt', render: orDash },
    { title: '删除人', dataIndex: 'updateBy', width: 100, render: orDash },
    { title: '删除时间', dataIndex: 'updateTime', width: 170, render: orDash },
  ];
  if (restoreMode !== 'hide' || purgeMode !== 'hide') {
    columns.push({
      title: '操作',
      key: 'action',
      width: 150,
      render: (_, row) => (
        <Flex gap={12} justify="center">
          {restoreMode !== 'hide' && (
            <Popconfirm title="确定还原该用户吗?" okText="确定" cancelText="取消" disabled={restoreMode === 'disable'} onConfirm={() => run([row.id], 'restore')}>
              <Typography.Link disabled={restoreMode === 'disable'} data-testid={`recycle-restore-${row.id}`}>
                还原
              </Typography.Link>
            </Popconfirm>
          )}
          {purgeMode !== 'hide' && (
            <Popconfirm title="确定彻底删除该用户吗? 彻底删除后将无法恢复" okText="确定" okButtonProps={{ danger: true }} cancelText="取消" disabled={purgeMode === 'disable'} onConfirm={() => run([row.id], 'purge')}>
              <Typography.Link type="danger" disabled={purgeMode === 'disable'} data-testid={`recycle-purge-${row.id}`}>
                彻底删除
              </Typography.Link>
            </Popconfirm>
          )}
        </Flex>
      ),
    });
  }

  const reset = () => {
    form.resetFields();
    page.reset();
  };

  const searchForm = (
    <Form form={form} layout="inline" onFinish={(v: { username?: string }) => page.search(v)} style={{ marginBottom: 16, rowGap: 12 }}>
      <Form.Item name="username" label="用户账号">
        <Input placeholder="请输入用户账号" allowClear maxLength={100} style={{ width: 200 }} data-testid="recycle-username" />
      </Form.Item>
      <SearchActions testIdPrefix="recycle" onReset={reset} />
    </Form>
  );
  const toolbar = (
    <Flex gap={8} style={{ marginBottom: 16 }}>
      {restoreMode !== 'hide' && (
        <Button icon={<RedoOutlined />} disabled={restoreMode === 'disable'} loading={busy} onClick={() => batch('restore')} data-testid="recycle-batch-restore">
          批量还原
        </Button>
      )}
      {purgeMode !== 'hide' && (
        <Button danger icon={<DeleteOutlined />} disabled={purgeMode === 'disable'} loading={busy} onClick={() => batch('purge')} data-testid="recycle-batch-purge">
          批量彻底删除
        </Button>
      )}
    </Flex>
  );
  return (
    <div data-testid="recycle-bin">
      <ListFrame page={page} bare search={searchForm} toolbar={toolbar} selection={false} errorTitle="回收站加载失败" errorTestId="recycle-error" errorOnlyWithoutRows>
        <ListTable<DeletedUser>
          page={page}
          columns={columns}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
          scroll={{ x: 900 }}
          emptyText={<Empty description={page.params.username ? '没有匹配的已删除用户' : '回收站是空的'} />}
          testId="recycle-table"
        />
      </ListFrame>
    </div>
  );
}
