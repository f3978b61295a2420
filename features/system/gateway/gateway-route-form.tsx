'use client';

import { useEffect, useState } from 'react';
import { App, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { prefixFromPredicates, stripFromFilters, toFilters, toPredicates } from '@/lib/gateway/route-rules';
import { GATEWAY_API } from './gateway-resource';

/** A route as the list answers it: ours carries pathPrefix/stripPrefix; a JeecgBoot server only predicates/filters. */
export interface GatewayRow extends Record<string, unknown> {
  id: string;
  routerId?: string;
  name?: string;
  uri?: string;
  status?: number | string;
  predicates?: unknown;
  filters?: unknown;
  pathPrefix?: string;
  stripPrefix?: number | string;
  sortOrder?: number;
  hostAllowed?: boolean;
}

interface FormValues {
  name: string;
  routerId?: string;
  pathPrefix: string;
  uri: string;
  stripPrefix: boolean;
  enabled: boolean;
  sortOrder?: number | null;
}

/** Our columns of a row, derived from JeecgBoot's JSON where the server did not send them. */
export function rowPrefix(r: GatewayRow): string {
  if (r.pathPrefix) return r.pathPrefix;
  const p = prefixFromPredicates(r.predicates);
  return p.ok ? (p.value ?? '') : '';
}
export function rowStrip(r: GatewayRow): boolean {
  if (r.stripPrefix !== undefined && r.stripPrefix !== null) return Number(r.stripPrefix) === 1;
  const s = stripFromFilters(r.filters);
  return s.ok && s.value;
}

function initial(record: GatewayRow | null): FormValues {
  if (!record) return { name: '', routerId: '', pathPrefix: '', uri: '', stripPrefix: true, enabled: true, sortOrder: 0 };
  return {
    name: record.name ?? '',
    routerId: record.routerId ?? '',
    pathPrefix: rowPrefix(record),
    uri: record.uri ?? '',
    stripPrefix: rowStrip(record),
    enabled: Number(record.status ?? 1) === 1,
    sortOrder: record.sortOrder ?? 0,
  };
}

/**
 * 新增 / 编辑 a gateway route. Saved through `updateAll` with JeecgBoot's body (`router`, predicates and filters as
 * JSON text) plus our columns, which a JeecgBoot server ignores. The server checks everything again.
 */
export function GatewayRouteForm({ open, record, onClose, onSaved }: { open: boolean; record: GatewayRow | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const showError = useApiError();

  useEffect(() => {
    if (open) form.setFieldsValue(initial(record));
  }, [open, record, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const prefix = v.pathPrefix.trim().replace(/\/+$/, '');
    const router = {
      id: record?.id ?? '',
      routerId: v.routerId?.trim() ?? '',
      name: v.name.trim(),
      uri: v.uri.trim(),
      status: v.enabled ? 1 : 0,
      predicates: JSON.stringify(toPredicates(prefix)),
      filters: JSON.stringify(toFilters(prefix, v.stripPrefix)),
      pathPrefix: prefix,
      stripPrefix: v.stripPrefix ? 1 : 0,
      sortOrder: v.sortOrder ?? 0,
    };
    setSaving(true);
    try {
      const res = await http.post(`${GATEWAY_API}/updateAll`, { router });
      message.success(res.message || '操作成功！');
      onSaved();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={record ? '编辑路由' : '新增路由'} onCancel={onClose} onOk={() => void submit().catch(() => undefined)} confirmLoading={saving} width={640} destroyOnHidden forceRender>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} data-testid="gateway-form">
        <Form.Item name="name" label="路由名称" rules={[{ required: true, whitespace: true, message: '请输入路由名称' }, { max: 100, message: '路由名称最多100个字符' }]}>
          <Input placeholder="如 ERP 接口" />
        </Form.Item>
        <Form.Item name="routerId" label="路由ID" extra="可留空，默认取路径前缀">
          <Input placeholder="如 erp" maxLength={100} />
        </Form.Item>
        <Form.Item name="pathPrefix" label="路径前缀" rules={[{ required: true, whitespace: true, message: '请输入路径前缀' }]} extra="接口前缀之后的路径，如 /erp；不能是本系统自己的接口（/sys、/edu、/crm 等）">
          <Input placeholder="/erp" />
        </Form.Item>
        <Form.Item name="uri" label="服务地址" rules={[{ required: true, whitespace: true, message: '请输入服务地址' }]} extra="只支持 http:// 或 https://，主机必须在允许列表中">
          <Input placeholder="http://erp.example.com:8080" />
        </Form.Item>
        <Form.Item name="stripPrefix" label="去掉前缀" valuePropName="checked" extra="开启时 /erp/orders 转发为 服务地址/orders">
          <Switch />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="sortOrder" label="排序" extra="数字小的先匹配">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
