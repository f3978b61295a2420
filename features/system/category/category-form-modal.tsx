'use client';

import { useState } from 'react';
import { App, Form, Input, Modal, type ButtonProps } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { HAS_CHILD, type CategoryRow } from './use-category-tree';

export const ROOT_PID = '0';
/** The server's code rule (category-routes.ts): letters, digits, '_' and '-'. */
export const CODE_RE = /^[A-Za-z0-9_-]{1,100}$/;
export const CODE_FORMAT = '类型编码只能包含字母、数字、下划线和中划线';
export const NAME_REQUIRED = '请输入类型名称!';
export const CODE_LOCKED = '该分类下有子节点，不能修改编码';

/** What the modal edits: a new root, a new child of `parent`, or an existing node. */
export type CategoryFormTarget = { mode: 'add'; parent: CategoryRow | null } | { mode: 'edit'; record: CategoryRow; parentName?: string };

interface Values {
  name: string;
  code?: string;
}

/**
 * `checkCode?pid&code` (contract §6): a child's code must start with its parent's code. An empty code
 * is fine here: the server then generates the next one (A01, A01A01 …).
 */
export async function checkCodeRule(pid: string, code: string | undefined): Promise<void> {
  const value = (code ?? '').trim();
  if (!value) return;
  if (!CODE_RE.test(value)) throw new Error(CODE_FORMAT);
  try {
    await http.get('/sys/category/checkCode', { pid, code: value });
  } catch (e) {
    throw new Error(e instanceof Error ? e.message : String(e));
  }
}

interface ModalProps {
  target: CategoryFormTarget | null;
  onClose: () => void;
  onSaved: (parentId: string) => void;
}

/** 新增 / 添加下级 / 编辑 of one category (`/sys/category/add|edit`); `onSaved(parentId)` after a save. */
export function CategoryFormModal({ target, ...props }: ModalProps) {
  if (!target) return null;
  // A fresh form per target: no values carried over from the last node.
  const key = target.mode === 'edit' ? `edit:${target.record.id}` : `add:${target.parent?.id ?? ROOT_PID}`;
  return <CategoryForm key={key} target={target} {...props} />;
}

function CategoryForm({ target, onClose, onSaved }: ModalProps & { target: CategoryFormTarget }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const editing = target.mode === 'edit' ? target.record : null;
  const parent = target.mode === 'add' ? target.parent : null;
  const pid = editing ? editing.pid || ROOT_PID : (parent?.id ?? ROOT_PID);
  const parentName = editing ? target.mode === 'edit' && target.parentName : parent?.name;
  // The server refuses a new code for a node with children (their codes start with it).
  const codeLocked = editing?.hasChild === HAS_CHILD;
  const title = editing ? '编辑' : parent ? '添加下级' : '新增';

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows the field errors
    }
    const body = { name: values.name.trim(), code: values.code?.trim() || undefined };
    setSaving(true);
    try {
      const res = editing ? await http.put('/sys/category/edit', { id: editing.id, ...body }) : await http.post('/sys/category/add', { pid, ...body });
      if (res.message) message.success(res.message);
      onSaved(pid);
      onClose();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      width={600}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确定"
      cancelText="关闭"
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'category-form-submit' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'category-form-cancel' } as ButtonProps}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <div data-testid="category-form" data-mode={title}>
        <Form form={form} name="sysCategory_form" labelCol={{ xs: { span: 24 }, sm: { span: 5 } }} wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }} initialValues={editing ? { name: editing.name, code: editing.code } : {}}>
          {pid !== ROOT_PID && (
            <Form.Item label="父级节点">
              <Input value={parentName || pid} disabled data-testid="category-form-parent" />
            </Form.Item>
          )}
          <Form.Item name="name" label="类型名称" rules={[{ required: true, whitespace: true, message: NAME_REQUIRED }, { max: 100, message: '类型名称最多100个字符' }]}>
            <Input placeholder="请输入类型名称" allowClear />
          </Form.Item>
          <Form.Item
            name="code"
            label="类型编码"
            validateTrigger="onBlur"
            extra={codeLocked ? CODE_LOCKED : parent ? `须以"${parent.code}"开头，不填则自动生成` : '不填则自动生成'}
            rules={codeLocked ? [] : [{ validator: (_r, v: string | undefined) => checkCodeRule(pid, v) }]}
          >
            <Input placeholder="请输入类型编码" allowClear disabled={codeLocked} />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
