'use client';

import type { ReactNode } from 'react';
import type { EditorProps } from '@/components/fields/field-registry';
import { ReportPopup } from '@/components/pickers/report-popup';
import { RoleSelect } from '@/components/pickers/role-picker';

const text = (v: unknown) => (v == null ? '' : String(v));

/**
 * Form editor overrides of 用户管理 by field name (ListPage / FormModal `editors`). Each receives the
 * Form.Item's value / onChange / id / disabled. 职务 (`post`) takes the report popup over the
 * `depart_post` report (岗位列表, server/reports/), 角色 (`roleIds`) the role picker. Fields without an
 * entry keep the resource engine's editor (所属部门 is a sel_depart field: the department picker).
 */
export const userEditors: Record<string, (props: EditorProps) => ReactNode> = {
  post: ({ value, onChange, disabled, id }) => (
    <ReportPopup code="depart_post" orgFields="departName" destFields="post" value={text(value)} onChange={onChange} disabled={disabled} id={id} placeholder="请选择职务" testId="user-post-popup" />
  ),
  roleIds: ({ value, onChange, disabled, id }) => <RoleSelect value={text(value)} onChange={(v) => onChange?.(v)} disabled={disabled} id={id} placeholder="请选择角色" testId="field-roleIds" />,
};
