'use client';

import { useMemo, useState } from 'react';
import { App, Card, Empty, Form, Input, Modal, Radio, Typography, type ButtonProps } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { UserSelect } from '@/components/pickers/user-picker';
import { http } from '@/lib/http';
import { SEND_URL } from './message-template-resource';
import { prefillValues, renderPreview, templateVars } from '../../../lib/system/template-vars';

/** What the dialog needs of a 消息模板 row (the list's record). */
export interface TemplateRow {
  id: string;
  templateCode: string;
  templateName: string;
  templateTitle: string;
  templateContent: string;
  templateType: string;
  templateTestJson?: string | null;
  [key: string]: unknown;
}

export const PRIORITY_OPTIONS = [
  { value: 'L', label: '一般' },
  { value: 'M', label: '重要' },
  { value: 'H', label: '紧急' },
];

export const SEND_OK = '消息发送成功！';

interface SendForm {
  /** Comma-joined user ids (UserSelect with valueField id), what sendByTemplate's userIds takes. */
  userIds: string;
  priority: string;
  data?: Record<string, string>;
}

export interface SendMessageModalProps {
  /** The template to send from; null = closed. */
  template: TemplateRow | null;
  onClose: () => void;
}

/** 发送消息: receivers, priority and one input per `${var}` of the template, with a live preview. */
export function SendMessageModal({ template, onClose }: SendMessageModalProps) {
  if (!template) return null;
  // Keyed by template: another row starts from its own test data.
  return <SendDialog key={template.id} template={template} onClose={onClose} />;
}

function SendDialog({ template, onClose }: { template: TemplateRow; onClose: () => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<SendForm>();
  const [sending, setSending] = useState(false);
  const vars = useMemo(() => templateVars(template.templateTitle, template.templateContent), [template]);
  const initial = useMemo<SendForm>(() => ({ userIds: '', priority: 'L', data: prefillValues(vars, template.templateTestJson) }), [vars, template]);
  const watched = Form.useWatch('data', form) as Record<string, string> | undefined;
  const preview = useMemo(() => renderPreview(template, watched ?? initial.data ?? {}), [template, watched, initial]);

  const submit = async () => {
    let values: SendForm;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    setSending(true);
    try {
      const data: Record<string, string> = {};
      for (const name of vars) data[name] = values.data?.[name] ?? '';
      const res = await http.post(SEND_URL, { templateCode: template.templateCode, userIds: values.userIds, priority: values.priority, data });
      message.success(res.message || SEND_OK);
      onClose();
    } catch (e) {
      showError(e);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={`发送消息：${template.templateName}`}
      width={800}
      okText="发送"
      cancelText="关闭"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={sending}
      okButtonProps={{ 'data-testid': 'msg-send-submit' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'msg-send-cancel' } as ButtonProps}
      mask={{ closable: false }}
      styles={{ body: { maxHeight: '75vh', overflowY: 'auto' } }}
    >
      <div data-testid="msg-send-modal" data-template={template.templateCode}>
        <Form form={form} name="msg_send_form" layout="horizontal" labelCol={{ sm: { span: 5 } }} wrapperCol={{ sm: { span: 17 } }} initialValues={initial}>
          <Form.Item name="userIds" label="接收人" rules={[{ required: true, message: '请选择接收人' }]}>
            <UserSelect valueField="id" placeholder="请选择接收人" testId="msg-send-users" />
          </Form.Item>
          <Form.Item name="priority" label="优先级" rules={[{ required: true, message: '请选择优先级' }]}>
            <Radio.Group options={PRIORITY_OPTIONS} data-testid="msg-send-priority" />
          </Form.Item>
          {vars.map((name) => (
            <Form.Item key={name} name={['data', name]} label={name} rules={[{ required: true, whitespace: true, message: `请输入${name}的值` }]}>
              <Input placeholder={`\${${name}} 的值`} maxLength={2000} allowClear data-testid={`msg-send-var-${name}`} />
            </Form.Item>
          ))}
          {vars.length === 0 && (
            <Form.Item label="模板变量">
              <Typography.Text type="secondary">该模板没有变量</Typography.Text>
            </Form.Item>
          )}
        </Form>
        <Card size="small" title="消息预览" data-testid="msg-send-preview">
          <Typography.Title level={5} style={{ marginTop: 0 }} data-testid="msg-send-preview-title">
            {preview.title || '（无标题）'}
          </Typography.Title>
          {preview.content ? (
            <div
              data-testid="msg-send-preview-content"
              style={{ wordBreak: 'break-word', maxHeight: 300, overflowY: 'auto' }}
              // renderPreview escapes every value and sanitises rich text with lib/sanitize-html's allow-list.
              dangerouslySetInnerHTML={{ __html: preview.content }}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无内容" />
          )}
        </Card>
      </div>
    </Modal>
  );
}
