'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { App, Button, Card, Col, Empty, Flex, Menu, Popconfirm, Row, Spin, Tree, Typography } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { LoadError } from './list-parts';
import { ShowCodesSwitch } from './permission-tree';
import { useRolePermissionEdits } from './use-role-permission-edits';
import { DataRuleOpenContext, type DataRuleMenu } from './roles/data-rule-link';
import { DataRulePanel } from './roles/data-rule-panel';

/** One row of GET /sys/role/queryall. */
interface Role {
  id: string;
  roleName: string;
  roleCode: string;
  description?: string | null;
}

const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

const getRoles = (url: string) => http.get<Role[]>(url).then((r) => r.result);

/**
 * 角色授权 (system/RolePermission): pick a role, tick its menus and buttons, save.
 *
 * The tree is `checkStrictly`: a menu may be ticked without its buttons, and exactly the ticked ids are
 * saved. So what is loaded is what is shown, and saving unchanged ticks writes back the same set. Ticks stay a
 * tree (roles/grant-paths.ts): ticking a button or sub-menu ticks the menus above it, unticking a menu unticks
 * its subtree, and the server grants the path to every saved row too. A menu with data rules offers 数据规则:
 * which of its rules bind this role (roles/data-rule-panel.tsx).
 */
export default function RolePermissionScreen() {
  return (
    <PageWrapper description="为角色勾选菜单与按钮权限；保存后，已登录的相关用户无需重新登录即生效。">
      <RolePermission />
    </PageWrapper>
  );
}

function RolePermission() {
  const { modal } = App.useApp();
  const showError = useApiError();
  const roles = useSWR('/sys/role/queryall', getRoles, { ...SWR_OPTIONS, onError: showError });

  const [picked, setPicked] = useState<string | null>(null);
  const [ruleMenu, setRuleMenu] = useState<DataRuleMenu | null>(null);
  const roleList = roles.data ?? [];
  const role = roleList.find((r) => r.id === picked) ?? roleList[0] ?? null;
  // Unsaved ticks belong to one role; a different role (or none) shows the server's set.
  const { tree, granted, treeData, order, checked, dirty, setChecked, onCheck, save, saving, showCodes, setShowCodes } = useRolePermissionEdits(role?.id ?? null, { refetchAfterSave: true });

  const pickRole = (id: string) => {
    if (id === role?.id) return;
    const go = () => {
      setChecked(null);
      setPicked(id);
    };
    if (!dirty) return go();
    modal.confirm({ title: '提示', content: '当前角色的授权修改尚未保存，确定放弃修改并切换角色吗?', okText: '确定', cancelText: '取消', onOk: go });
  };

  const setAll = (all: boolean) => setChecked(all ? order : []);

  const rolePane = roles.error && !roles.data ? (
    <LoadError title="角色加载失败" error={roles.error} onRetry={() => void roles.mutate()} testId="role-list-error" />
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
    <LoadError title="权限加载失败" error={tree.error} onRetry={() => void tree.mutate()} testId="role-permission-error" />
  ) : granted.error && !granted.data ? (
    <LoadError title="角色授权加载失败" error={granted.error} onRetry={() => void granted.mutate()} testId="role-permission-error" />
  ) : tree.isLoading || (role && granted.isLoading) ? (
    <Flex justify="center" style={{ padding: 32 }}>
      <Spin />
    </Flex>
  ) : !role ? (
    <Empty description="请先在左侧选择角色" />
  ) : treeData.length === 0 ? (
    <Empty description="暂无权限数据" />
  ) : (
    <DataRuleOpenContext.Provider value={setRuleMenu}>
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
    </DataRuleOpenContext.Provider>
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
            <Flex gap={8} wrap align="center">
              <ShowCodesSwitch checked={showCodes} onChange={setShowCodes} />
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
              <Popconfirm title="确定放弃未保存的修改吗?" okText="确定" cancelText="取消" disabled={!dirty} onConfirm={() => setChecked(null)}>
                <Button disabled={!ready || !dirty} data-testid="role-permission-reset">
                  重置
                </Button>
              </Popconfirm>
              <Button type="primary" loading={saving} disabled={!ready} onClick={() => void save()} data-testid="role-permission-save">
                保存
              </Button>
            </Flex>,
          ]}
        >
          <Typography.Paragraph type="secondary">
            勾选子菜单或按钮时，其上级菜单随之勾选（保存时也会补全上级菜单）；取消勾选菜单时，其下的子菜单和按钮一并取消。菜单可以不带按钮单独勾选。
            {dirty && <Typography.Text type="warning"> （有未保存的修改）</Typography.Text>}
          </Typography.Paragraph>
          {treePane}
          {role && <DataRulePanel roleId={role.id} menu={ruleMenu} held={Boolean(ruleMenu && granted.data?.includes(ruleMenu.key))} onClose={() => setRuleMenu(null)} />}
        </Card>
      </Col>
    </Row>
  );
}
