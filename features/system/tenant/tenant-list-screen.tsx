'use client';

import { useState, type ReactNode } from 'react';
import { InputNumber } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { EditorProps } from '@/components/fields/field-registry';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { TENANT_ID_MAX, tenantResource } from './tenant-resource';

/**
 * 租户编号: entered when adding (JeecgBoot's form does the same) and never changed. The form opens afresh for every
 * add or edit (destroyOnHidden), so a number present when the editor mounts is a stored tenant's: shown read-only.
 */
function TenantIdEditor({ value, onChange, disabled, id, onBlur }: EditorProps) {
  const [stored] = useState(() => value !== undefined && value !== null && value !== '');
  const n = value === undefined || value === null || value === '' ? null : Number(value);
  return (
    <InputNumber
      id={id}
      style={{ width: '100%' }}
      min={1}
      max={TENANT_ID_MAX}
      precision={0}
      value={n !== null && Number.isFinite(n) ? n : null}
      disabled={disabled || stored}
      placeholder="请输入租户编号（整数）"
      onBlur={onBlur}
      onChange={(v) => onChange?.(v ?? null)}
      data-testid="tenant-id-input"
    />
  );
}

const editors: Record<string, (props: EditorProps) => ReactNode> = { id: (props) => <TenantIdEditor {...props} /> };

/** 租户管理 (system/TenantList): the schools sharing this installation; users choose theirs in 用户管理 (所属租户). */
export default function TenantListScreen() {
  return (
    <PageWrapper description="租户：每个租户的业务数据相互隔离。租户编号新增后不能修改；默认租户不能冻结或删除；还有用户或业务数据的租户不能删除；冻结的租户不能登录和切换。">
      <ListPage def={tenantResource} editors={editors} />
    </PageWrapper>
  );
}
