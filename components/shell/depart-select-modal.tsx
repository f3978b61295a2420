'use client';

import { useState } from 'react';
import { App, Form, Modal, Radio, Typography, type ButtonProps } from 'antd';
import { ApiError, http } from '@/lib/http';
import type { DepartInfo, LoginUserInfo } from '@/lib/login-state';

interface DepartSelectModalProps {
  open: boolean;
  /** 部门选择 after login, 部门切换 from the header. */
  title: string;
  departs: DepartInfo[];
  currentOrgCode?: string | null;
  /** After login the choice is mandatory: no close button, no cancel. */
  /** The signed-in user (spec 01 §7 sends it; the server trusts only the session). */
  username: string;
  closable?: boolean;
  onSelected: (userInfo: LoginUserInfo) => void;
  onCancel?: () => void;
}

/** Choose the department to work in (spec 01 §2, §4, §7): POST /sys/selectDepart {orgCode, username}, then hand back the new user info. */
export function DepartSelectModal({ open, title, departs, currentOrgCode, username, closable = false, onSelected, onCancel }: DepartSelectModalProps) {
  const [form] = Form.useForm<{ orgCode?: string }>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const current = departs.find((d) => d.orgCode === currentOrgCode);

  const confirm = async () => {
    let orgCode: string | undefined;
    try {
      ({ orgCode } = await form.validateFields());
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await http.post<{ userInfo: LoginUserInfo }>('/sys/selectDepart', { orgCode, username });
      onSelected(res.result.userInfo);
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : '部门选择失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={450}
      okText="确认"
      onOk={confirm}
      confirmLoading={saving}
      onCancel={closable ? onCancel : undefined}
      closable={closable}
      mask={{ closable: false }}
      keyboard={closable}
      cancelButtonProps={closable ? undefined : { style: { display: 'none' } }}
      okButtonProps={{ 'data-testid': 'depart-confirm' } as ButtonProps}
    >
      {current && (
        <Typography.Paragraph type="secondary">
          当前部门 : <span data-testid="current-depart">{current.departName}</span>
        </Typography.Paragraph>
      )}
      <Form form={form} initialValues={{ orgCode: current?.orgCode }} layout="vertical">
        <Form.Item name="orgCode" rules={[{ required: true, message: '请选择部门' }]}>
          <Radio.Group orientation="vertical" options={departs.map((d) => ({ value: d.orgCode, label: d.departName }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
