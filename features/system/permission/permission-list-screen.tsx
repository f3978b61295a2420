'use client';

import { useMemo, useState, type Key } from 'react';
import useSWR from 'swr';
import { App, Button, Divider, Flex, Input, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DictText } from '@/components/data/dict/dict-text';
import { useApiError } from '@/components/feedback/use-api-error';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { menuIcon } from '@/components/shell/menu-icon';
import { Authorized, useAuth } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { LoadError } from '../list-parts';
import { DataRuleDrawer } from './data-rule-drawer';
import { PermissionForm, type PermissionFormMode } from './permission-form';
import { ancestorsOf, filterTree, flatten, fromWire, isButton, parentIds, type PermissionRow, type PermissionWireRow } from './types';
import { PERMS } from '@/lib/permissions/codes';

/** JeecgBoot's own 菜单管理 list, so this screen reads a JeecgBoot server the same way. */
export const TREE_URL = '/sys/permission/list';
const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;
const loadTree = (url: string) => http.get<PermissionWireRow[]>(url).then((r) => fromWire(r.result));

/** 菜单管理 (system/PermissionList): every menu and button as one tree, with their editor and data rules. */
export default function PermissionListScreen() {
  return (
    <PageWrapper description="维护系统菜单与按钮权限：一级菜单、子菜单、按钮权限及菜单的数据规则。删除菜单会同时删除其全部下级；修改后，已登录的相关用户菜单自动刷新。">
      <PermissionList />
    </PageWrapper>
  );
}

type FormState = { mode: PermissionFormMode; record: PermissionRow | null } | null;

function PermissionList() {
  const { message } = App.useApp();
  const showError = useApiError();
  const { mode } = useAuth();
  const can = (code: string) => mode(code) === 'show';
  const { data, error, isLoading, mutate } = useSWR(TREE_URL, loadTree, SWR_OPTIONS);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [form, setForm] = useState<FormState>(null);
  const [ruleMenu, setRuleMenu] = useState<PermissionRow | null>(null);

  const tree = useMemo(() => data ?? [], [data]);
  const shown = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  // While searching, every match is shown in place: all its ancestors are open.
  const expandedKeys = keyword.trim() ? parentIds(shown) : expanded;

  const remove = async (ids: string[]) => {
    try {
      const r = ids.length === 1 ? await http.del('/sys/permission/delete', { id: ids[0] }) : await http.del('/sys/permission/deleteBatch', { ids: ids.join(',') });
      message.success(r.message || '删除成功!');
      setSelected((s) => s.filter((k) => !ids.includes(String(k))));
      await mutate();
    } catch (e) {
      showError(e);
    }
  };

  const onSaved = async (saved: PermissionRow) => {
    setForm(null);
    const next = await mutate();
    // Open the way to the saved row, so what was just added is in sight.
    if (saved?.id) setExpanded((keys) => [...new Set([...keys.map(String), ...ancestorsOf(next ?? tree, saved.id)])]);
  };

  const columns: TableColumnsType<PermissionRow> = [
    {
      title: '菜单名称',
      dataIndex: 'name',
      width: 220,
      render: (v: string, r) => (
        <span data-testid="perm-name">
          {v}
          {r.ruleFlag === 1 && (
            <Tag color="blue" style={{ marginInlineStart: 6 }}>
              规则
            </Tag>
          )}
        </span>
      ),
    },
    { title: '菜单类型', dataIndex: 'menuType', width: 100, render: (v: number) => <DictText dictCode="menu_type" value={v} /> },
    {
      title: '图标',
      dataIndex: 'icon',
      width: 70,
      align: 'center',
      render: (v: string | null) => (v ? <span title={v}>{menuIcon(v)}</span> : null),
    },
    { title: '组件', dataIndex: 'component', ellipsis: true, width: 180 },
    { title: '路径', dataIndex: 'url', ellipsis: true, width: 200 },
    { title: '授权标识', dataIndex: 'perms', ellipsis: true, width: 180 },
    { title: '排序', dataIndex: 'sortNo', width: 70, align: 'right' },
    { title: '授权策略', dataIndex: 'permsType', width: 90, render: (v: string | null, r) => (isButton(r) ? <DictText dictCode="perms_type" value={v} /> : null) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 70,
      render: (v: string, r) => (isButton(r) ? v === '1' ? <Tag color="green">有效</Tag> : <Tag>无效</Tag> : null),
    },
    {
      title: '操作',
      key: 'actions',
      width: 240,
      fixed: 'right',
      render: (_, r) => {
        const links = [
          can(PERMS.permission.edit) && (
            <Typography.Link key="edit" onClick={() => setForm({ mode: 'edit', record: r })} data-testid="perm-edit">
              编辑
            </Typography.Link>
          ),
          can(PERMS.permission.add) && !isButton(r) && (
            <Typography.Link key="sub" onClick={() => setForm({ mode: 'addSub', record: r })} data-testid="perm-add-sub">
              添加下级
            </Typography.Link>
          ),
          !isButton(r) && (
            <Typography.Link key="rule" onClick={() => setRuleMenu(r)} data-testid="perm-rule">
              数据规则
            </Typography.Link>
          ),
          can(PERMS.permission.delete) && (
            <Popconfirm
              key="delete"
              title={r.children?.length ? '确定删除该菜单及其全部下级菜单和按钮吗?' : '确定删除吗?'}
              okText="确定"
              cancelText="取消"
              onConfirm={() => remove([r.id])}
            >
              <Typography.Link type="danger" data-testid="perm-delete">
                删除
              </Typography.Link>
            </Popconfirm>
          ),
        ].filter(Boolean);
        return <Space separator={<Divider orientation="vertical" />} size={0}>{links}</Space>;
      },
    },
  ];

  return (
    <>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
        <Space wrap>
          <Authorized code={PERMS.permission.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'add', record: null })} data-testid="perm-add">
              新增菜单
            </Button>
          </Authorized>
          {selected.length > 0 && (
            <Authorized code={PERMS.permission.delete}>
              <Popconfirm title={`确定删除选中的${selected.length}项及其全部下级吗?`} okText="确定" cancelText="取消" onConfirm={() => remove(selected.map(String))}>
                <Button danger icon={<DeleteOutlined />} data-testid="perm-batch-delete">
                  批量删除
                </Button>
              </Popconfirm>
            </Authorized>
          )}
          <Button onClick={() => setExpanded(parentIds(tree))} data-testid="perm-expand-all">
            展开全部
          </Button>
          <Button onClick={() => setExpanded([])} data-testid="perm-collapse-all">
            折叠全部
          </Button>
        </Space>
        <Input.Search allowClear placeholder="请输入菜单名称" style={{ width: 240 }} onSearch={setKeyword} onChange={(e) => !e.target.value && setKeyword('')} data-testid="perm-search" />
      </Flex>
      {error && !data ? (
        <LoadError title="菜单加载失败" error={error} onRetry={() => mutate()} testId="perm-load-error" />
      ) : (
        <Table<PermissionRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={shown}
          loading={isLoading}
          pagination={false}
          scroll={{ x: 1300 }}
          expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => !keyword.trim() && setExpanded([...keys]) }}
          rowSelection={can(PERMS.permission.delete) ? { selectedRowKeys: selected, onChange: setSelected, checkStrictly: true } : undefined}
          data-testid="perm-table"
        />
      )}
      {data && <Typography.Text type="secondary">共 {flatten(tree).length} 项</Typography.Text>}
      <PermissionForm open={form !== null} mode={form?.mode ?? 'add'} record={form?.record ?? null} tree={tree} onClose={() => setForm(null)} onSaved={onSaved} />
      <DataRuleDrawer menu={ruleMenu} onClose={() => setRuleMenu(null)} />
    </>
  );
}
