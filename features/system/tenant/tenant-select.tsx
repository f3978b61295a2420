'use client';

import { DictSelect } from '@/components/data/dict/dict-select';

/** The active tenants (SysTenantController.queryList: status 正常 only), as JeecgBoot's user form reads them. */
export const TENANT_OPTIONS_URL = '/sys/tenant/queryList';

export interface TenantSelectProps {
  /** Comma-joined tenant ids (sys_user.rel_tenant_ids). */
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
  testId?: string;
}

/**
 * 所属租户 of 用户管理: several tenants, stored comma-joined as JeecgBoot stores them. A frozen tenant the user already
 * belongs to is not offered and shows by its number; the server keeps it, and refuses joining a frozen one.
 */
export function TenantSelect({ value, onChange, disabled, id, testId = 'user-tenant-select' }: TenantSelectProps) {
  return (
    <div data-testid={testId}>
      <DictSelect id={id} mode="multiple" url={TENANT_OPTIONS_URL} valueField="id" textField="name" value={value ?? ''} disabled={disabled} allowClear placeholder="请选择所属租户" onChange={(v) => onChange?.(Array.isArray(v) ? v.join(',') : (v ?? ''))} />
    </div>
  );
}
