'use client';

import type { ReactNode } from 'react';
import { Form, Radio } from 'antd';
import type { EditorProps } from '@/components/fields/field-registry';
import { DepartSelect } from '@/components/pickers/depart-picker';
import { RoleSelect } from '@/components/pickers/role-picker';
import { UploadCell } from '@/components/upload/upload-cell';
import { PositionSelect } from '../position/position-select';
import { TenantSelect } from '../tenant/tenant-select';

const text = (v: unknown) => (v == null ? '' : String(v));

/** 身份 上级 (userIdentity 2): only a supervisor has 负责部门 (JeecgBoot's rule). */
export const SUPERVISOR = '2';

/**
 * 身份: 普通用户 / 上级. Leaving 上级 empties 负责部门 in the same change, as JeecgBoot's form sends
 * `departIds: ''` for everyone who is not a supervisor.
 */
function IdentityEditor({ field, value, onChange, disabled, id }: EditorProps) {
  const form = Form.useFormInstance();
  const options = (field.options ?? []).map((o) => ({ value: o.value, label: o.text }));
  return (
    <Radio.Group
      id={id}
      value={value == null || value === '' ? undefined : String(value)}
      options={options}
      disabled={disabled}
      onChange={(e) => {
        onChange?.(e.target.value);
        if (e.target.value !== SUPERVISOR) form.setFieldValue('departIds', '');
      }}
      data-testid="field-userIdentity"
    />
  );
}

/** 负责部门: the department picker, open only while 身份 is 上级. */
function ManagedDepartsEditor({ value, onChange, disabled, id }: EditorProps) {
  const form = Form.useFormInstance();
  const identity: unknown = Form.useWatch('userIdentity', form);
  const supervisor = String(identity ?? '') === SUPERVISOR;
  return <DepartSelect id={id} multiple value={text(value)} disabled={disabled || !supervisor} placeholder="请选择负责部门" onChange={(v) => onChange?.(v)} testId="field-departIds" />;
}

/**
 * Form editor overrides of 用户管理 by field name (ListPage / FormModal `editors`). Each receives the
 * Form.Item's value / onChange / id / disabled. 职务 (`post`) chooses positions of 职务管理 (comma-joined codes,
 * checked on the server), 角色 (`selectedroles`) the role picker, 头像 the image
 * upload. Fields without an entry keep the resource engine's editor (所属部门 `selecteddeparts` is a
 * sel_depart field: the department picker).
 */
export const userEditors: Record<string, (props: EditorProps) => ReactNode> = {
  post: ({ value, onChange, disabled, id }) => <PositionSelect value={text(value)} onChange={(v) => onChange?.(v)} disabled={disabled} id={id} testId="user-post-select" />,
  selectedroles: ({ value, onChange, disabled, id }) => <RoleSelect value={text(value)} onChange={(v) => onChange?.(v)} disabled={disabled} id={id} placeholder="请选择角色" testId="field-selectedroles" />,
  relTenantIds: ({ value, onChange, disabled, id }) => <TenantSelect value={text(value)} onChange={(v) => onChange?.(v)} disabled={disabled} id={id} testId="user-tenant-select" />,
  avatar: ({ value, onChange, disabled }) => <UploadCell kind="image" number={1} value={text(value)} onChange={(v) => onChange?.(v)} disabled={disabled} />,
  userIdentity: (props) => <IdentityEditor {...props} />,
  departIds: (props) => <ManagedDepartsEditor {...props} />,
};
