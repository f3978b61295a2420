'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { App, Button, Empty, Flex, Form, Input, Modal, Popconfirm, Table, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, RedoOutlined } from '@ant-design/icons';
import { useApiError } from '@/components/feedback/use-api-error';
import { useAuth } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { LoadError, SearchActions } from '../list-parts';
import { FIRST_PAGE, pageAfterRemoval, tablePagination, type PageQuery, type PageResult } from '../paging';
import { USER_PERMS } from './user-perms';

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

interface Query extends PageQuery {
  username: string;
}

export const RECYCLE_BIN_URL = '/sys/user/recycleBin';
const NOTHING_SELECTED = '请选择一条记录！';
const orDash = (v: string | null) => v || '-';

const fetchPage = ([url, q]: readonly [string, Query]) =>
  http.get<PageResult<DeletedUser>>(url, { pageNo: q.pageNo, pageSize: q.pageSize, ...(q.username ? { username: q.username } : {}) }).then((r) => r.result);

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
  const restoreMode = mode(USER_PERMS.putRecycleBin);
  const purgeMode = mode(USER_PERMS.deleteRecycleBin);
  const [form] = Form.useForm<{ username?: string }>();
  const [query, setQuery] = useState<Query>({ ...FIRST_PAGE, username: '' });
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const { data, error, isLoading, isValidating, mutate } = useSWR([RECYCLE_BIN_URL, query] as const, fetchPage, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });

  /** Runs one action on these ids, then reloads (staying on a page that still has rows). */
  const run = async (ids: string[], action: 'restore' | 'purge') => {
    setBusy(true);
    try {
      const res =
        action === 'restore' ? await http.put<null>('/sys/user/putRecycleBin', { userIds: ids.join(',') }) : await http.del<null>('/sys/user/deleteRecycleBin', { userIds: ids.join(',') });
      message.success(res.message || (action === 'restore' ? '还原成功' : '删除成功!'));
      setSelected((keys) => keys.filter((k) => !ids.includes(k)));
      if (action === 'restore') onRestored?.();
      const fresh = await mutate();
      if (fresh) {
        const next = pageAfterRemoval(query, fresh.total);
        if (next !== query) setQuery((q) => ({ ...q, pageNo: next.pageNo }));
      }
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

  const search = ({ username }: { username?: string }) => setQuery((q) => ({ ...q, pageNo: 1, username: (username ?? '').trim() }));
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ ...q, pageNo: 1, username: '' }));
  };

  return (
    <div data-testid="recycle-bin">
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="username" label="用户账号">
          <Input placeholder="请输入用户账号" allowClear maxLength={100} style={{ width: 200 }} data-testid="recycle-username" />
        </Form.Item>
        <SearchActions testIdPrefix="recycle" onReset={reset} />
      </Form>
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
      {error && !data && <LoadError title="回收站加载失败" error={error} onRetry={() => void mutate()} testId="recycle-error" />}
      <Table<DeletedUser>
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        dataSource={data?.records ?? []}
        loading={isLoading || isValidating}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
        pagination={tablePagination(query, data?.total ?? 0, (p) => setQuery((q) => ({ ...q, ...p })))}
        locale={{ emptyText: <Empty description={query.username ? '没有匹配的已删除用户' : '回收站是空的'} /> }}
        scroll={{ x: 900 }}
        data-testid="recycle-table"
      />
    </div>
  );
}
