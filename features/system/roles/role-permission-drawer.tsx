'use client';

import { useMemo, useState } from 'react';
import { App, Button, Drawer, Empty, Flex, Spin, Tree, Typography } from 'antd';
import { LoadError } from '../list-parts';
import { BUTTON_MENU_TYPE, ShowCodesSwitch, type PermissionNode } from '../permission-tree';
import { useRolePermissionEdits } from '../use-role-permission-edits';
import { DataRuleOpenContext, type DataRuleMenu } from './data-rule-link';
import { DataRulePanel } from './data-rule-panel';

export interface RoleRef {
  id: string;
  roleName: string;
}

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
 * ticking rules as 角色授权, features/system/role-permission-screen.tsx). Mounted only while
 * open, so each opening starts from the server's set. A menu with data rules offers 数据规则 (data-rule-panel.tsx).
 */
export function RolePermissionDrawer({ role, onClose }: { role: RoleRef | null; onClose: () => void }) {
  if (!role) return null;
  return <PermissionDrawer role={role} onClose={onClose} />;
}

function PermissionDrawer({ role, onClose }: { role: RoleRef; onClose: () => void }) {
  const { modal } = App.useApp();
  const { tree, granted, treeData, order, checked, dirty, setChecked, onCheck, save, saving, showCodes, setShowCodes } = useRolePermissionEdits(role.id, { refetchOnOpen: true });
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [ruleMenu, setRuleMenu] = useState<DataRuleMenu | null>(null);
  const menus = useMemo(() => menuKeys(tree.data ?? []), [tree.data]);
  const expandedKeys = expanded ?? menus;
  const ready = Boolean(granted.data && tree.data);

  const saveAnd = async (close: boolean) => {
    if ((await save()) && close) onClose();
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
      <DataRuleOpenContext.Provider value={setRuleMenu}>
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
      </DataRuleOpenContext.Provider>
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
          <Button loading={saving} disabled={!ready} onClick={() => void saveAnd(false)} data-testid="role-permission-save">
            仅保存
          </Button>
          <Button type="primary" loading={saving} disabled={!ready} onClick={() => void saveAnd(true)} data-testid="role-permission-save-close">
            保存并关闭
          </Button>
        </Flex>
      }
    >
      <Flex gap={12} wrap style={{ marginBottom: 8 }}>
        <Typography.Link disabled={!ready} onClick={() => setChecked(order)} data-testid="role-permission-all">
          全选
        </Typography.Link>
        <Typography.Link disabled={!ready} onClick={() => setChecked([])} data-testid="role-permission-none">
          全不选
        </Typography.Link>
        <Typography.Link disabled={!ready} onClick={() => setExpanded(menus)}>
          展开全部
        </Typography.Link>
        <Typography.Link disabled={!ready} onClick={() => setExpanded([])}>
          折叠全部
        </Typography.Link>
        <ShowCodesSwitch checked={showCodes} onChange={setShowCodes} />
      </Flex>
      <Typography.Paragraph type="secondary">
        勾选子菜单或按钮时，其上级菜单随之勾选（保存时也会补全上级菜单）；取消勾选菜单时，其下的子菜单和按钮一并取消。菜单可以不带按钮单独勾选。
        {dirty && <Typography.Text type="warning"> （有未保存的修改）</Typography.Text>}
      </Typography.Paragraph>
      {body}
      <DataRulePanel roleId={role.id} menu={ruleMenu} held={Boolean(ruleMenu && granted.data?.includes(ruleMenu.key))} onClose={() => setRuleMenu(null)} />
    </Drawer>
  );
}
