'use client';

import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { App, Button, Drawer, Empty, Flex, Spin, Tree, Typography } from 'antd';
import type { TreeProps } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { LoadError } from '../list-parts';
import { allKeys, BUTTON_MENU_TYPE, sameKeys, toTreeData, type PermissionNode } from '../permission-tree';

export interface RoleRef {
  id: string;
  roleName: string;
}

const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;
const getTree = (url: string) => http.get<PermissionNode[]>(url).then((r) => r.result ?? []);
const getGranted = ([url, roleId]: readonly [string, string]) => http.get<string[]>(url, { roleId }).then((r) => r.result ?? []);

/** Keys of every menu that has children (展开全部). */
function menuKeys(nodes: readonly PermissionNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (n.children?.length && n.menuType !== BUTTON_MENU_TYPE) {
      out.push(n.key);
      menuKeys(n.children, out);
    }
  }
  return out;
}

/**
 * 授权 of 角色管理: the role's menus and buttons as a tree (the same endpoints and the same
 * independent ticking as 角色授权, features/system/role-permission-screen.tsx). Mounted only while
 * open, so each opening starts from the server's set.
 */
export function RolePermissionDrawer({ role, onClose }: { role: RoleRef | null; onClose: () => void }) {
  if (!role) return null;
  return <PermissionDrawer role={role} onClose={onClose} />;
}

function PermissionDrawer({ role, onClose }: { role: RoleRef; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const tree = useSWR('/sys/permission/list', getTree, { ...SWR_OPTIONS, onError: showError });
  const granted = useSWR(['/sys/permission/queryRolePermission', role.id] as const, getGranted, { ...SWR_OPTIONS, revalidateOnMount: true, onError: showError });

  const [edits, setEdits] = useState<string[] | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const serverKeys = useMemo(() => granted.data ?? [], [granted.data]);
  const checked = edits ?? serverKeys;
  const dirty = Boolean(granted.data && !sameKeys(checked, serverKeys));

  const treeData = useMemo(() => toTreeData(tree.data ?? []), [tree.data]);
  const order = useMemo(() => allKeys(tree.data ?? []), [tree.data]);
  const menus = useMemo(() => menuKeys(tree.data ?? []), [tree.data]);
  const expandedKeys = expanded ?? menus;
  const ready = Boolean(granted.data && tree.data);

  const onCheck: TreeProps['onCheck'] = (keys) => setEdits((Array.isArray(keys) ? keys : keys.checked).map(String));

  const save = async (close: boolean) => {
    const keep = new Set(checked);
    const ids = order.filter((k) => keep.has(k));
    setSaving(true);
    try {
      const res = await http.post<null>('/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: ids.join(',') });
      message.success(res.message || '保存成功！');
      await granted.mutate(ids, { revalidate: false });
      setEdits(null);
      if (close) onClose();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({ title: '提示', content: '授权修改尚未保存，确定关闭吗?', okText: '确定', cancelText: '取消', onOk: onClose });
  };

  const body =
    tree.error && !tree.data ? (
      <LoadError title="权限加载失败" error={tree.error} onRetry={() => void tree.mutate()} testId="role-permission-error" />
    ) : granted.error && !granted.data ? (
      <LoadError title="角色授权加载失败" error={granted.error} onRetry={() => void granted.mutate()} testId="role-permission-error" />
    ) : !ready ? (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin />
      </Flex>
    ) : treeData.length === 0 ? (
      <Empty description="暂无权限数据" />
    ) : (
      <Tree
        checkable
        checkStrictly
        selectable={false}
        blockNode
        treeData={treeData}
        checkedKeys={checked}
        onCheck={onCheck}
        expandedKeys={expandedKeys}
        onExpand={(keys) => setExpanded(keys.map(String))}
        data-testid="role-permission-tree"
      />
    );

  return (
    <Drawer
      open
      title={`角色权限配置：${role.roleName}`}
      size={560}
      onClose={close}
      mask={{ closable: false }}
      data-testid="role-permission-drawer"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close} data-testid="role-permission-cancel">
            取消
          </Button>
          <Button loading={saving} disabled={!ready} onClick={() => void save(false)} data-testid="role-permission-save">
            仅保存
          </Button>
          <Button type="primary" loading={saving} disabled={!ready} onClick={() => void save(true)} data-testid="role-permission-save-close">
            保存并关闭
          </Button>
        </Flex>
      }
    >
      <Flex gap={12} wrap style={{ marginBottom: 8 }}>
        <Typography.Link disabled={!ready} onClick={() => setEdits(order)} data-testid="role-permission-all">
          全选
        </Typography.Link>
        <Typography.Link disabled={!ready} onClick={() => setEdits([])} data-testid="role-permission-none">
          全不选
        </Typography.Link>
        <Typography.Link disabled={!ready} onClick={() => setExpanded(menus)}>
          展开全部
        </Typography.Link>
        <Typography.Link disabled={!ready} onClick={() => setExpanded([])}>
          折叠全部
        </Typography.Link>
      </Flex>
      <Typography.Paragraph type="secondary">
        父子节点独立勾选，保存的即为勾选的节点：授予子菜单或按钮时，如需显示其上级菜单，请同时勾选上级菜单。
        {dirty && <Typography.Text type="warning"> （有未保存的修改）</Typography.Text>}
      </Typography.Paragraph>
      {body}
    </Drawer>
  );
}
