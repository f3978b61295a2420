'use client';

import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Form, Input, Modal, TreeSelect } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import type { AddMenuBody } from '@/lib/online/wire';
import { ROUTE_VIEW_COMPONENT } from '@/lib/permissions/permission-rules';
import { IFRAME_COMPONENT } from '@/lib/menu-types';
import { fromWire, isButton, type PermissionRow, type PermissionWireRow } from '@/features/system/permission/types';

export interface FolderOption {
  value: string;
  title: string;
  children?: FolderOption[];
}

/**
 * A row that holds other menus: a RouteView/layout row, one without a component, or one that already has sub-menus.
 * A top-level page (行事历, 个人中心) is not one (issue #39: 行事历 was offered, and shown as its id).
 */
const isFolder = (r: PermissionRow) =>
  !isButton(r) && (!r.component || r.component === ROUTE_VIEW_COMPONENT || (r.component.startsWith('layouts/') && r.component !== IFRAME_COMPONENT) || (r.children ?? []).some((c) => !isButton(c)));

/** 菜单管理's tree reduced to its folders (the places a new menu entry can go). */
export function folderOptions(rows: readonly PermissionRow[]): FolderOption[] {
  return rows.filter(isFolder).map((r) => {
    const children = folderOptions(r.children ?? []);
    return { value: r.id, title: r.name || r.url || '未命名菜单', ...(children.length ? { children } : {}) };
  });
}

/** 菜单管理's tree (the same call as features/system/permission's list). */
const MENU_TREE_URL = '/sys/permission/list';

export interface AddMenuTarget {
  id: string;
  /** Default menu title. */
  name: string;
  /** Where the page will live, shown in the dialog (e.g. /online/cgreport/<code>). */
  path?: string;
}

/**
 * 添加到菜单 of the online designers (a form's or a report's): a parent folder (菜单管理's tree) and a title; the
 * server makes the menu row and its buttons. `url` is the designer's addMenu route for a head id.
 */
export function AddMenuModal({ target, url, onClose, onAdded }: { target: AddMenuTarget | null; url: (id: string) => string; onClose: () => void; onAdded?: () => void }) {
  return (
    <Modal open={!!target} title="添加到菜单" footer={null} onCancel={onClose} destroyOnHidden width={520}>
      {target && <AddMenuBodyForm key={target.id} target={target} url={url} onClose={onClose} onAdded={onAdded} />}
    </Modal>
  );
}

interface Values {
  parentId?: string;
  name: string;
}

function AddMenuBodyForm({ target, url, onClose, onAdded }: { target: AddMenuTarget; url: (id: string) => string; onClose: () => void; onAdded?: () => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const { data, error } = useSWR(MENU_TREE_URL, async (u: string) => fromWire((await http.get<PermissionWireRow[]>(u)).result), { revalidateOnFocus: false, shouldRetryOnError: false });
  const folders = useMemo(() => folderOptions(data ?? []), [data]);

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      const body: AddMenuBody = { parentId: v.parentId ?? null, name: v.name.trim() };
      const r = await http.post(url(target.id), body);
      void message.success(r.message || '已添加到菜单');
      onAdded?.();
      onClose();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" initialValues={{ name: target.name }} onFinish={(v) => void submit(v)} data-testid="add-menu-form">
      {error ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="无法读取菜单树（需要菜单管理的查看权限），将添加为一级菜单" /> : null}
      <Form.Item label="上级菜单" name="parentId" extra="不选则添加为一级菜单">
        <TreeSelect treeData={folders} treeNodeLabelProp="title" allowClear treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} placeholder="请选择上级菜单" data-testid="add-menu-parent" />
      </Form.Item>
      <Form.Item label="菜单名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入菜单名称' }, { max: 50, message: '菜单名称最长50个字符' }]}>
        <Input data-testid="add-menu-name" />
      </Form.Item>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={`${target.path ? `页面路径：${target.path}。` : ''}添加后，在 系统管理 → 角色授权 中把新菜单授予需要使用它的角色。`}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose} data-testid="add-menu-cancel">
          取消
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="add-menu-ok">
          确定
        </Button>
      </div>
    </Form>
  );
}
