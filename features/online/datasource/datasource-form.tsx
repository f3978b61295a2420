'use client';

import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Select } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { http } from '@/lib/http';
import type { DataSourceRow } from '@/lib/online/wire';
import { DATA_SOURCE_API, DB_TYPE_OPTIONS, POSTGRES_DRIVER, TEST_CONNECTION_URL } from './datasource-resource';

interface Values {
  code: string;
  name: string;
  dbType: string;
  dbUrl: string;
  dbUsername: string;
  dbPassword?: string;
  remark?: string;
}

/** `postgres://` / `postgresql://` or JDBC's `jdbc:postgresql://host:port/db` (the server checks again). */
export const POSTGRES_URL = /^(jdbc:postgresql|postgres(ql)?):\/\/\S+$/i;
const IDENT = /^[A-Za-z][A-Za-z0-9_]*$/;
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

function initial(record: DataSourceRow | null): Values {
  // The stored password never comes back: the field starts empty, and empty on edit keeps it.
  if (!record) return { code: '', name: '', dbType: DB_TYPE_OPTIONS[0].value, dbUrl: '', dbUsername: '', dbPassword: '', remark: '' };
  return { code: record.code, name: record.name, dbType: DB_TYPE_OPTIONS[0].value, dbUrl: record.dbUrl, dbUsername: record.dbUsername, dbPassword: '', remark: record.remark ?? '' };
}

/**
 * 新增 / 编辑 a data source, with 测试连接. The stored password is reused (for a test or a save) when the field is left
 * empty, but only while host, port, database and user are the stored ones; otherwise the server asks for it again.
 */
export function DataSourceForm({ open, record, onClose, onSaved }: { open: boolean; record: DataSourceRow | null; onClose: () => void; onSaved: () => void }) {
  // A fresh form per opening: nothing typed (a password above all) survives into the next one.
  return open ? <DataSourceFormModal key={record?.id ?? 'new'} record={record} onClose={onClose} onSaved={onSaved} /> : null;
}

function DataSourceFormModal({ record, onClose, onSaved }: { record: DataSourceRow | null; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const test = async () => {
    let v: Values;
    try {
      v = await form.validateFields(['dbUrl', 'dbUsername', 'dbPassword']);
    } catch {
      return;
    }
    const body = { dbUrl: v.dbUrl.trim(), dbUsername: v.dbUsername.trim(), ...(v.dbPassword ? { dbPassword: v.dbPassword } : {}), ...(record ? { id: record.id } : {}) };
    setTesting(true);
    try {
      const r = await http.post(TEST_CONNECTION_URL, body);
      setResult({ ok: true, text: r.message || '连接成功' });
    } catch (e) {
      setResult({ ok: false, text: errorText(e) });
    } finally {
      setTesting(false);
    }
  };

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      ...(record ? { id: record.id } : {}),
      code: v.code.trim(),
      name: v.name.trim(),
      dbType: v.dbType,
      dbDriver: POSTGRES_DRIVER,
      dbUrl: v.dbUrl.trim(),
      dbUsername: v.dbUsername.trim(),
      // Sent only when typed: an edit without it keeps the stored one.
      ...(v.dbPassword ? { dbPassword: v.dbPassword } : {}),
      remark: v.remark?.trim() || null,
    };
    setSaving(true);
    try {
      const r = record ? await http.put(`${DATA_SOURCE_API}/edit`, body) : await http.post(`${DATA_SOURCE_API}/add`, body);
      message.success(r.message || '保存成功！');
      onSaved();
    } catch (e) {
      setResult({ ok: false, text: errorText(e) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={record ? '编辑数据源' : '新增数据源'}
      onCancel={onClose}
      width={720}
      footer={[
        <Button key="test" icon={<ApiOutlined />} loading={testing} onClick={() => void test()} data-testid="datasource-test">
          测试连接
        </Button>,
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void submit()} data-testid="datasource-save">
          保存
        </Button>,
      ]}
    >
      <Form form={form} initialValues={initial(record)} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} autoComplete="off" data-testid="datasource-form">
        <Form.Item name="code" label="数据源编码" rules={[{ required: true, whitespace: true, message: '请输入数据源编码' }, { max: 64, message: '数据源编码最多64个字符' }, { pattern: IDENT, message: '数据源编码只能用字母、数字和下划线，以字母开头' }]}>
          <Input data-testid="datasource-code" />
        </Form.Item>
        <Form.Item name="name" label="数据源名称" rules={[{ required: true, whitespace: true, message: '请输入数据源名称' }, { max: 100, message: '数据源名称最多100个字符' }]}>
          <Input data-testid="datasource-name" />
        </Form.Item>
        <Form.Item name="dbType" label="数据库类型" extra="只支持 PostgreSQL">
          <Select options={DB_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.text }))} data-testid="datasource-type" />
        </Form.Item>
        <Form.Item
          name="dbUrl"
          label="数据源地址"
          extra="如 jdbc:postgresql://127.0.0.1:5432/school 或 postgres://host:5432/db"
          rules={[{ required: true, whitespace: true, message: '请输入数据源地址' }, { max: 500, message: '数据源地址最多500个字符' }, { pattern: POSTGRES_URL, message: '只支持 PostgreSQL 地址（jdbc:postgresql:// 或 postgres://）' }]}
        >
          <Input data-testid="datasource-url" />
        </Form.Item>
        <Form.Item name="dbUsername" label="用户名" rules={[{ required: true, whitespace: true, message: '请输入用户名' }, { max: 100, message: '用户名最多100个字符' }]}>
          <Input data-testid="datasource-username" />
        </Form.Item>
        <Form.Item name="dbPassword" label="密码" extra={record ? '已保存的密码不会显示；留空则保持原密码。修改地址、端口、数据库名或用户名时须重新输入密码' : undefined} rules={record ? [] : [{ required: true, message: '请输入密码' }]}>
          <Input.Password autoComplete="new-password" placeholder={record ? '留空则保持原密码' : ''} data-testid="datasource-password" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注最多200个字符' }]}>
          <Input.TextArea rows={2} data-testid="datasource-remark" />
        </Form.Item>
      </Form>
      {result ? <Alert type={result.ok ? 'success' : 'error'} showIcon title={result.text} data-testid="datasource-test-result" /> : null}
    </Modal>
  );
}
