'use client';

import { useState } from 'react';
import { Divider, Form, Input, Typography } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import { inputPlaceholder, type EditorProps } from '@/components/fields/field-registry';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { PERMS } from '@/lib/permissions/codes';
import { RoleIndexModal, type RoleIndexRef } from './role-index-modal';
import { RolePermissionDrawer, type RoleRef } from './role-permission-drawer';
import { roleResource } from './role-resource';
import { RoleUsersModal } from './role-users-modal';

/**
 * 角色编码 is fixed once the role exists (the server refuses a change): the editor is read-only when the
 * form holds a stored row, i.e. when editing.
 */
function RoleCodeInput({ field, value, onChange, disabled, id, onBlur }: EditorProps) {
  const editing = Boolean(Form.useFormInstance().getFieldValue(roleResource.rowKey));
  return <Input id={id} value={value === undefined || value === null ? '' : String(value)} onBlur={onBlur} disabled={disabled || editing} placeholder={inputPlaceholder(field)} allowClear onChange={(e) => onChange?.(e.target.value)} data-testid="role-code-input" />;
}

const EDITORS = { roleCode: (props: EditorProps) => <RoleCodeInput {...props} /> };

const refOf = (r: Row): RoleRef => ({ id: String(r.id), roleName: String(r.roleName ?? '') });

/** 角色管理 (system/RoleList): the role list with 授权 (menus and buttons) and 用户 (who holds it). */
export default function RoleListScreen() {
  return <RoleList />;
}

function RoleList() {
  const { mode } = useAuth();
  const canGrant = mode(PERMS.role.permission) !== 'hide';
  const canUsers = mode(PERMS.role.edit) !== 'hide';
  const [granting, setGranting] = useState<RoleRef | null>(null);
  const [members, setMembers] = useState<RoleRef | null>(null);
  const [homeOf, setHomeOf] = useState<RoleIndexRef | null>(null);

  const rowActions =
    canGrant || canUsers
      ? (record: Row) => (
          <>
            {canGrant && (
              <Typography.Link disabled={mode(PERMS.role.permission) === 'disable'} onClick={() => setGranting(refOf(record))} data-testid={`role-grant-${String(record.id)}`}>
                授权
              </Typography.Link>
            )}
            {canGrant && canUsers && <Divider orientation="vertical" />}
            {canUsers && (
              <Typography.Link disabled={mode(PERMS.role.edit) === 'disable'} onClick={() => setMembers(refOf(record))} data-testid={`role-users-${String(record.id)}`}>
                用户
              </Typography.Link>
            )}
            {canUsers && <Divider orientation="vertical" />}
            {canUsers && (
              <Typography.Link
                disabled={mode(PERMS.role.edit) === 'disable'}
                onClick={() => setHomeOf({ roleCode: String(record.roleCode ?? ''), roleName: String(record.roleName ?? '') })}
                data-testid={`role-home-${String(record.id)}`}
              >
                首页配置
              </Typography.Link>
            )}
          </>
        )
      : undefined;

  return (
    <PageWrapper description="角色的新增、编辑与删除；「授权」分配菜单与按钮权限，「用户」管理持有该角色的用户，「首页配置」设置该角色的用户登录后进入的页面。角色编码创建后不可修改；仍有用户的角色和内置管理员角色不能删除。">
      <ListPage def={roleResource} editors={EDITORS} rowActions={rowActions} formWidth={640} />
      <RolePermissionDrawer role={granting} onClose={() => setGranting(null)} />
      <RoleUsersModal role={members} onClose={() => setMembers(null)} />
      <RoleIndexModal role={homeOf} onClose={() => setHomeOf(null)} />
    </PageWrapper>
  );
}
