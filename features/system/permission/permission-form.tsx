'use client';

import { useMemo, useState } from 'react';
import { App, Button, Drawer, Flex, Form, Input, InputNumber, Radio, Switch, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useApiError } from '@/components/feedback/use-api-error';
import { DictRadio } from '@/components/data/dict/dict-radio';
import { menuIcon } from '@/components/shell/menu-icon';
import { ApiError, http } from '@/lib/http';
import {
  componentNameProblem,
  componentProblem,
  iconProblem,
  MENU_TYPE,
  MENU_TYPE_TEXT,
  permsProblem,
  redirectProblem,
  ROUTE_VIEW_COMPONENT,
  urlProblem,
  type MenuType,
} from '../../../lib/permissions/permission-rules';
import { parentOptions, type PermissionRow } from './types';

export type PermissionFormMode = 'add' | 'addSub' | 'edit';
const TITLES: Record<PermissionFormMode, string> = { add: '新增菜单', addSub: '添加下级', edit: '编辑' };
export const PERMISSION_FORM_WIDTH = 640;

/** The form's values: the wire fields of a row. */
type Values = Partial<Omit<PermissionRow, 'children'>>;

/** A pure check as an antd rule (the same checks the server makes). */
const check =
  (fn: (v: string) => string | null): Rule =>
  () => ({
    validator: async (_, value: unknown) => {
      const p = fn(typeof value === 'string' ? value : '');
      if (p) throw new Error(p);
    },
  });

const MENU_FIELDS = ['url', 'component', 'componentName', 'redirect', 'icon', 'route', 'hidden', 'keepAlive', 'alwaysShow', 'hideTab', 'internalOrExternal'] as const;
const BUTTON_FIELDS = ['perms', 'permsType', 'status'] as const;

/** What is sent for the chosen type: the fields that type has, plus name, sort, parent and id. */
export function toPayload(values: Values, id?: string): Record<string, unknown> {
  const type = values.menuType as MenuType;
  const out: Record<string, unknown> = { name: values.name, menuType: type, sortNo: values.sortNo ?? 0 };
  if (id) out.id = id;
  if (type !== MENU_TYPE.top) out.parentId = values.parentId ?? null;
  for (const k of type === MENU_TYPE.button ? BUTTON_FIELDS : MENU_FIELDS) out[k] = values[k] ?? null;
  if (type !== MENU_TYPE.top) delete out.redirect;
  return out;
}

function initialValues(mode: PermissionFormMode, record: PermissionRow | null): Values {
  if (mode === 'edit' && record) {
    const { children, ...rest } = record;
    void children;
    return rest;
  }
  const base: Values = { route: true, hidden: false, keepAlive: false, alwaysShow: false, hideTab: false, internalOrExternal: false, permsType: '1', status: '1', sortNo: 1 };
  if (mode === 'addSub' && record) return { ...base, menuType: MENU_TYPE.sub, parentId: record.id };
  return { ...base, menuType: MENU_TYPE.top, component: ROUTE_VIEW_COMPONENT };
}

export interface PermissionFormProps {
  open: boolean;
  mode: PermissionFormMode;
  /** The row being edited, or the parent of 添加下级. */
  record: PermissionRow | null;
  tree: readonly PermissionRow[];
  onClose: () => void;
  onSaved: (saved: PermissionRow) => void;
}

/**
 * 新增 / 编辑 one menu or button (JeecgBoot's PermissionModal). The fields follow the type: 一级菜单 and
 * 子菜单 have path, component, route flags and icon; 按钮权限 has 授权标识, 授权策略 and 状态.
 */
/** The yes/no switches of a menu row (not of a button), in form order. */
const MENU_SWITCHES = [
  ['route', '是否路由菜单'],
  ['hidden', '隐藏路由'],
  ['keepAlive', '是否缓存路由'],
  ['alwaysShow', '聚合路由'],
  ['hideTab', '隐藏Tab'],
] as const;

export function PermissionForm({ open, mode, record, tree, onClose, onSaved }: PermissionFormProps) {
  return (
    <Drawer title={TITLES[mode]} open={open} onClose={onClose} size={PERMISSION_FORM_WIDTH} destroyOnHidden data-testid="perm-form">
      {open && <PermissionFormBody key={`${mode}:${record?.id ?? ''}`} mode={mode} record={record} tree={tree} onClose={onClose} onSaved={onSaved} />}
    </Drawer>
  );
}

function PermissionFormBody({ mode, record, tree, onClose, onSaved }: Omit<PermissionFormProps, 'open'>) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const initial = useMemo(() => initialValues(mode, record), [mode, record]);
  const menuType = (Form.useWatch('menuType', form) ?? initial.menuType) as MenuType;
  const editId = mode === 'edit' ? record?.id : undefined;
  const parents = useMemo(() => parentOptions(tree, editId), [tree, editId]);
  const isButton = menuType === MENU_TYPE.button;
  const icon = Form.useWatch('icon', form);

  /** 访问路径: the shared check, then the server's duplicate check (JeecgBoot's checkPermDuplication). */
  const urlRule: Rule = () => ({
    validator: async (_, value: unknown) => {
      const url = typeof value === 'string' ? value.trim() : '';
      const p = urlProblem(url, form.getFieldValue('component'));
      if (p) throw new Error(p);
      try {
        await http.get('/sys/permission/checkPermDuplication', { url, alwaysShow: String(Boolean(form.getFieldValue('alwaysShow'))), ...(editId ? { id: editId } : {}) });
      } catch (e) {
        throw new Error(e instanceof ApiError ? e.message : '访问路径校验失败');
      }
    },
  });

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = toPayload({ ...initial, ...values }, editId);
      const r = editId ? await http.put<PermissionRow>('/sys/permission/edit', body) : await http.post<PermissionRow>('/sys/permission/add', body);
      message.success(r.message || (editId ? '修改成功！' : '添加成功！'));
      onSaved(r.result as PermissionRow);
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Form form={form} name="permission" layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} initialValues={initial} data-testid="perm-form-body">
        <Form.Item label="菜单类型" name="menuType">
          <Radio.Group
            options={([0, 1, 2] as const).map((t) => ({ value: t, label: <span data-testid={`perm-type-${t}`}>{MENU_TYPE_TEXT[t]}</span> }))}
            onChange={(e) => {
              // A top menu that only groups others defaults to RouteView, as in JeecgBoot.
              if (e.target.value === MENU_TYPE.top && !form.getFieldValue('component')) form.setFieldValue('component', ROUTE_VIEW_COMPONENT);
            }}
          />
        </Form.Item>
        <Form.Item label={isButton ? '按钮/权限' : '菜单名称'} name="name" rules={[{ required: true, whitespace: true, message: '请输入菜单名称' }, { max: 100, message: '菜单名称不能超过100个字符' }]}>
          <Input placeholder="请输入菜单名称" maxLength={100} />
        </Form.Item>
        {menuType !== MENU_TYPE.top && (
          <Form.Item label="上级菜单" name="parentId" rules={[{ required: true, message: '请选择上级菜单' }]}>
            <TreeSelect treeData={parents} placeholder="请选择上级菜单" showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll allowClear />
          </Form.Item>
        )}
        {isButton ? (
          <>
            <Form.Item label="授权标识" name="perms" rules={[check(permsProblem)]} extra="如 system:user:add；多个以逗号分隔">
              <Input placeholder="请输入授权标识，如 system:user:add" maxLength={1000} />
            </Form.Item>
            <Form.Item label="授权策略" name="permsType" extra="显示：无权限时隐藏；禁用：无权限时禁用">
              <DictRadio dictCode="perms_type" />
            </Form.Item>
            <Form.Item label="状态" name="status">
              <Radio.Group options={[{ value: '1', label: '有效' }, { value: '0', label: '无效' }]} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item label="菜单路径" name="url" validateTrigger="onBlur" rules={[urlRule]} extra="如 /isystem/user；外部链接以 http(s):// 开头">
              <Input placeholder="请输入菜单路径" maxLength={255} />
            </Form.Item>
            <Form.Item label="前端组件" name="component" rules={[check(componentProblem)]} extra="如 system/UserList；一级菜单用 layouts/RouteView，内嵌页面用 layouts/IframePageView">
              <Input placeholder="请输入前端组件" maxLength={255} />
            </Form.Item>
            <Form.Item label="组件名称" name="componentName" rules={[check(componentNameProblem)]}>
              <Input placeholder="请输入组件名称（可选）" maxLength={100} />
            </Form.Item>
            {menuType === MENU_TYPE.top && (
              <Form.Item label="默认跳转地址" name="redirect" rules={[check(redirectProblem)]}>
                <Input placeholder="请输入默认跳转地址（可选）" maxLength={255} />
              </Form.Item>
            )}
            <Form.Item label="菜单图标" name="icon" rules={[check(iconProblem)]} extra="图标名称，如 setting、user、book">
              <Input placeholder="请输入图标名称" maxLength={50} prefix={icon ? menuIcon(String(icon)) : undefined} />
            </Form.Item>
          </>
        )}
        <Form.Item label="排序" name="sortNo" rules={[{ required: true, message: '请输入排序' }]}>
          <InputNumber min={-1_000_000} max={1_000_000} style={{ width: 200 }} />
        </Form.Item>
        {!isButton && (
          <>
            {MENU_SWITCHES.map(([name, label]) => (
              <Form.Item key={name} label={label} name={name} valuePropName="checked">
                <Switch checkedChildren="是" unCheckedChildren="否" />
              </Form.Item>
            ))}
            <Form.Item label="打开方式" name="internalOrExternal" valuePropName="checked">
              <Switch checkedChildren="外部" unCheckedChildren="内部" />
            </Form.Item>
          </>
        )}
      </Form>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" loading={saving} onClick={submit} data-testid="perm-form-submit">
          确定
        </Button>
      </Flex>
    </>
  );
}
