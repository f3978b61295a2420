'use client';

import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Form, InputNumber, Modal, Select, Spin, Switch } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { fromWire, isButton, type PermissionRow, type PermissionWireRow } from '@/features/system/permission/types';

/** A role as 首页配置 needs it. */
export interface RoleIndexRef {
  roleCode: string;
  roleName: string;
}

/** One row of /sys/sysRoleIndex (JeecgBoot 3.x SysRoleIndex). */
interface RoleIndexRow {
  id: string;
  roleCode: string;
  url: string;
  component: string | null;
  route: boolean;
  priority: number;
  status: string;
}

interface Values {
  url: string;
  priority: number;
  enabled: boolean;
}

/** The menu's pages (rows with a screen, not folders or buttons), as 首页 choices: name and path. */
export function homeChoices(rows: readonly PermissionRow[]): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  const walk = (list: readonly PermissionRow[]) => {
    for (const r of list) {
      if (!isButton(r) && r.url && r.url.startsWith('/') && r.component && !r.component.startsWith('layouts/RouteView') && !out.some((o) => o.value === r.url)) {
        out.push({ value: r.url, label: `${r.name}（${r.url}）` });
      }
      walk(r.children ?? []);
    }
  };
  walk(rows);
  return out;
}

/**
 * 首页配置 of 角色管理 (JeecgBoot 3.x's per-role action): where the role's users land after sign-in. Without a row they
 * land on the 行事历; a home the user cannot open is skipped for the 行事历, then their first page (lib/role-home.ts).
 */
export function RoleIndexModal({ role, onClose }: { role: RoleIndexRef | null; onClose: () => void }) {
  return (
    <Modal open={!!role} title={role ? `首页配置 - ${role.roleName}` : '首页配置'} footer={null} onCancel={onClose} destroyOnHidden width={560}>
      {role && <RoleIndexForm key={role.roleCode} role={role} onClose={onClose} />}
    </Modal>
  );
}

function RoleIndexForm({ role, onClose }: { role: RoleIndexRef; onClose: () => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [saving, setSaving] = useState(false);
  const current = useSWR(['/sys/sysRoleIndex/queryByCode', role.roleCode], async ([u, code]) => (await http.get<RoleIndexRow | null>(u, { roleCode: code })).result ?? null, { revalidateOnFocus: false });
  const menu = useSWR('/sys/permission/list', async (u: string) => fromWire((await http.get<PermissionWireRow[]>(u)).result), { revalidateOnFocus: false, shouldRetryOnError: false });
  const choices = useMemo(() => homeChoices(menu.data ?? []), [menu.data]);

  if (current.isLoading) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  const row = current.data ?? null;

  const run = async (action: () => Promise<{ message?: string }>) => {
    setSaving(true);
    try {
      const r = await action();
      void message.success(r.message || '保存成功');
      onClose();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };
  const save = (v: Values) =>
    run(() => {
      const body = { id: row?.id, roleCode: role.roleCode, url: v.url, route: true, priority: v.priority ?? 0, status: v.enabled ? '1' : '0' };
      return row ? http.put('/sys/sysRoleIndex/edit', body) : http.post('/sys/sysRoleIndex/add', body);
    });
  const clear = () => run(() => http.del('/sys/sysRoleIndex/delete', { id: row!.id }));

  return (
    <Form<Values> layout="vertical" initialValues={{ url: row?.url, priority: row?.priority ?? 0, enabled: row ? row.status === '1' : true }} onFinish={(v) => void save(v)} data-testid="role-index-form">
      {menu.error ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="无法读取菜单（需要菜单管理的查看权限）" /> : null}
      <Form.Item label="首页" name="url" rules={[{ required: true, message: '请选择首页' }]} extra="该角色的用户登录后进入的页面；未配置时进入行事历，没有权限打开的首页会被跳过">
        <Select options={choices} showSearch={{ optionFilterProp: 'label' }} placeholder="请选择首页" loading={menu.isLoading} data-testid="role-index-url" />
      </Form.Item>
      <Form.Item label="优先级" name="priority" extra="用户有多个角色时，取优先级最高的首页">
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="启用" name="enabled" valuePropName="checked">
        <Switch />
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        {row && (
          <Button danger onClick={() => void clear()} loading={saving} data-testid="role-index-clear">
            清除配置
          </Button>
        )}
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="role-index-ok">
          保存
        </Button>
      </div>
    </Form>
  );
}
