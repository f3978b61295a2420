'use client';

import { useEffect, useState } from 'react';
import { App, Dropdown, type MenuProps } from 'antd';
import { CheckOutlined, ClusterOutlined, DownOutlined } from '@ant-design/icons';
import { ApiError, http } from '@/lib/http';
import { LOGIN_INFO_TTL_MS } from '@/lib/config';
import { TENANT_ID, writeExpiring } from '@/lib/storage-keys';
import styles from './console-header.module.css';

/** The BFF's own endpoints (lib/server/tenant-switch.ts, which components/ may not import). */
export const TENANT_LIST_URL = '/bff/tenant/list';
export const TENANT_SWITCH_URL = '/bff/tenant/switch';
/** The success message survives the reload that follows a switch (sessionStorage, read once). */
export const SWITCHED_FLASH = 'jw_tenant_switched';

export interface TenantOption {
  id: number;
  name: string;
}
interface TenantState {
  current: number;
  tenants: TenantOption[];
}

interface TenantSwitchProps {
  /** After a switch: reload the page so no screen keeps the previous tenant's rows (tests pass a spy). */
  reload?: () => void;
}

/**
 * The header's tenant switch (issue #24 item 3): the current tenant's name and a 切换租户 menu of the user's active
 * tenants. Shown only with two or more; with one tenant the header is unchanged. The list is the login's, kept in
 * the session by the BFF; the switch is checked upstream before the session takes it.
 */
export function TenantSwitch({ reload = () => window.location.reload() }: TenantSwitchProps) {
  const { message } = App.useApp();
  const [state, setState] = useState<TenantState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const flash = window.sessionStorage.getItem(SWITCHED_FLASH);
    if (flash) {
      window.sessionStorage.removeItem(SWITCHED_FLASH);
      message.success(flash);
    }
    let live = true;
    const load = async () => {
      try {
        const res = await http.get<TenantState>(TENANT_LIST_URL);
        if (live && res?.result && Array.isArray(res.result.tenants)) setState(res.result);
      } catch {
        // Without the list the header simply shows no switch; the session itself is checked by every other call.
      }
    };
    void load();
    return () => {
      live = false;
    };
  }, [message]);

  if (!state || state.tenants.length < 2) return null;
  const current = state.tenants.find((t) => t.id === state.current);

  const choose = async (id: number) => {
    if (id === state.current || busy) return;
    setBusy(true);
    try {
      const res = await http.post<{ tenantId: number; name: string }>(TENANT_SWITCH_URL, { tenantId: id });
      writeExpiring(window.localStorage, TENANT_ID, id, LOGIN_INFO_TTL_MS);
      window.sessionStorage.setItem(SWITCHED_FLASH, res.message || `已切换到 ${res.result.name}`);
      reload();
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : '切换租户失败');
      setBusy(false);
    }
  };

  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'tenants',
      label: '切换租户',
      children: state.tenants.map((t) => ({
        key: String(t.id),
        icon: t.id === state.current ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />,
        label: (
          <span data-testid={`tenant-option-${t.id}`} data-current={t.id === state.current ? 'true' : undefined}>
            {t.name}
            {t.id === state.current ? '（当前）' : ''}
          </span>
        ),
      })),
    },
  ];

  return (
    <Dropdown
      menu={{ items, selectable: true, selectedKeys: [String(state.current)], onClick: ({ key }) => void choose(Number(key)) }}
      placement="bottomRight"
      trigger={['click']}
      disabled={busy}
    >
      <button type="button" className={styles.user} data-testid="tenant-switch" aria-label="切换租户" title="切换租户">
        <ClusterOutlined />
        <span data-testid="tenant-current">{current?.name ?? '选择租户'}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
