'use client';

import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Card, Col, Empty, Flex, Menu, Popconfirm, Row, Spin, Tree, Typography } from 'antd';
import type { TreeProps } from 'antd';
import { useAuth } from '@/components/shell/shell-context';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { NoPermission } from './no-permission';
import { allKeys, sameKeys, toTreeData, type PermissionNode } from './permission-tree';

/** One row of GET /sys/role/queryall. */
interface Role {
  id: string;
  roleName: string;
  roleCode: string;
  description?: string | null;
}

const PERM = 'system:role:permission';
const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

const getResult = <T,>(url: string) => http.get<T>(url).then((r) => r.result);
const getRoleIds = ([url, roleId]: readonly [string, string]) => http.get<string[]>(url, { roleId }).then((r) => r.result);

function LoadFailed({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={`${what}加载失败`}
      description={error instanceof Error ? error.message : undefined}
      action={
        <Button size="small" onClick={retry}>
          重试
        </Button>
      }
    />
  );
}

/**
 * 角色授权 (system/RolePermission): pick a role, tick its menus and buttons, save.
 *
 * The tree is `checkStrictly`: a parent and its children are ticked independently, and exactly the
 * ticked ids are saved (no half-checked parents are added). So what is loaded is what is shown, and
 * saving unchanged ticks writes back the same set. A menu must itself be ticked for the role to get it;
 * ticking only a button grants the button alone.
 */
export default function RolePermissionScreen() {
  const { mode } = useAuth();
  if (mode(PERM) === 'hide') return <NoPermission code={PERM} />;
  return (
    <PageWrapper description="为角色勾选菜单与按钮权限；保存后，已登录的相关用户无需重新登录即生效。">
      <RolePermission />
    </PageWrapper>
  );
}

function RolePermission() {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const roles = useSWR('/sys/role/queryall', getResult<Role[]>, { ...SWR_OPTIONS, onError: showError });
  const tree = useSWR('/sys/permission/list', getResult<PermissionNode[]>, { ...SWR_OPTIONS, onError: showError });

  const [picked, setPicked] = useState<string | null>(null);
  const roleList = roles.data ?? [];
  const role = roleList.find((r) => r.id === picked) ?? roleList[0] ?? null;
  const granted = useSWR(role ? (['/sys/permission/queryRolePermission', role.id] as const) : null, getRoleIds, { ...SWR_OPTIONS, onError: showError });

  // Unsaved ticks belong to one role; a different role (or none) shows the server's set.
  const [edits, setEdits] = useState<{ roleId: string; keys: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const serverKeys = granted.data ?? [];
  const checked = edits && role && edits.roleId === role.id ? edits.keys : serverKeys;
  const dirty = Boolean(granted.data && !sameKeys(checked, serverKeys));

  const treeData = useMemo(() => toTreeData(tree.data ?? []), [tree.data]);
  const order = useMemo(() => allKeys(tree.data ?? []), [tree.data]);

  const pickRole = (id: string) => {
    if (id === role?.id) return;
    const go = () => {
      setEdits(null);
      setPicked(id);
    };
    if (!dirty) return go();
    modal.confirm({ title: '提示', content: '当前角色的授权修改尚未保存，确定放弃修改并切换角色吗?', okText: '确定', cancelText: '取消', onOk: go });
  };

  const onCheck: TreeProps['onCheck'] = (keys) => {
    if (!role) return;
    const list = Array.isArray(keys) ? keys : keys.checked;
    setEdits({ roleId: role.id, keys: list.map(String) });
  };

  const setAll = (all: boolean) => role && setEdits({ roleId: role.id, keys: all ? order : [] });

  const save = async () => {
    if (!role) return;
    const keep = new Set(checked);
    const ids = order.filter((k) => keep.has(k));
    setSaving(true);
    try {
      const res = await http.post<null>('/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: ids.join(',') });
      message.success(res.message || '保存成功！');
      await granted.mutate(ids, { revalidate: true });
      setEdits(null);
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  const rolePane = roles.error && !roles.data ? (
    <LoadFailed what="角色" error={roles.error} retry={() => roles.mutate()} />
  ) : roles.isLoading ? (
    <Flex justify="center" style={{ padding: 32 }}>
      <Spin />
    </Flex>
  ) : roleList.length === 0 ? (
    <Empty description="暂无角色" />
  ) : (
    <Menu
      mode="inline"
      selectedKeys={role ? [role.id] : []}
      onClick={({ key }) => pickRole(String(key))}
      style={{ borderInlineEnd: 'none' }}
      items={roleList.map((r) => ({
        key: r.id,
        label: (
          <span data-role-code={r.roleCode} title={r.description ?? r.roleCode}>
            {r.roleName}
          </span>
        ),
      }))}
      data-testid="role-list"
    />
  );

  const treePane = tree.error && !tree.data ? (
    <LoadFailed what="权限" error={tree.error} retry={() => tree.mutate()} />
  ) : granted.error && !granted.data ? (
    <LoadFailed what="角色授权" error={granted.error} retry={() => granted.mutate()} />
  ) : tree.isLoading || (role && granted.isLoading) ? (
    <Flex justify="center" style={{ padding: 32 }}>
      <Spin />
    </Flex>
  ) : !role ? (
    <Empty description="请先在左侧选择角色" />
  ) : treeData.length === 0 ? (
    <Empty description="暂无权限数据" />
  ) : (
    <Tree
      key={role.id}
      checkable
      checkStrictly
      selectable={false}
      defaultExpandAll
      blockNode
      treeData={treeData}
      checkedKeys={checked}
      onCheck={onCheck}
      data-testid="permission-tree"
    />
  );

  const ready = Boolean(role && granted.data && tree.data);

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} md={8} lg={6}>
        <Card title="角色" styles={{ body: { padding: 8 } }}>
          {rolePane}
        </Card>
      </Col>
      <Col xs={24} md={16} lg={18}>
        <Card
          title={role ? `权限分配：${role.roleName}` : '权限分配'}
          extra={
            <Flex gap={8} wrap>
              <Button size="small" disabled={!ready} onClick={() => setAll(true)}>
                全选
              </Button>
              <Button size="small" disabled={!ready} onClick={() => setAll(false)}>
                全不选
              </Button>
            </Flex>
          }
          actions={[
            <Flex key="actions" justify="flex-end" gap={8} style={{ paddingInline: 24 }}>
              <Popconfirm title="确定放弃未保存的修改吗?" okText="确定" cancelText="取消" disabled={!dirty} onConfirm={() => setEdits(null)}>
                <Button disabled={!ready || !dirty} data-testid="role-permission-reset">
                  重置
                </Button>
              </Popconfirm>
              <Button type="primary" loading={saving} disabled={!ready} onClick={save} data-testid="role-permission-save">
                保存
              </Button>
            </Flex>,
          ]}
        >
          <Typography.Paragraph type="secondary">
            父子节点独立勾选，保存的即为勾选的节点：授予子菜单或按钮时，如需显示其上级菜单，请同时勾选上级菜单。
            {dirty && <Typography.Text type="warning"> （有未保存的修改）</Typography.Text>}
          </Typography.Paragraph>
          {treePane}
        </Card>
      </Col>
    </Row>
  );
}
