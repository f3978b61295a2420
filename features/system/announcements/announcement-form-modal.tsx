'use client';

import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { App, DatePicker, Form, Input, Modal, Radio, type ButtonProps } from 'antd';
import { DictSelect } from '@/components/data/dict/dict-select';
import { RichTextEditor } from '@/components/editor';
import { useApiError } from '@/components/feedback/use-api-error';
import { UserSelect } from '@/components/pickers/user-picker';
import { DATETIME_FORMAT } from '@/lib/format';
import { http } from '@/lib/http';
import { saveOptions } from '@/lib/resources/row-version';
import { isSitePath } from '@/lib/sanitize-html';
import { API, hasContent, MESSAGES, OPEN_PAGE_MAX, OPEN_TYPES, splitIds, TITLE_MAX, toBody, type AnnouncementForm, type AnnouncementRow } from './announcement-def';

export interface AnnouncementFormModalProps {
  open: boolean;
  /** The row to edit; null = 新增. */
  record: AnnouncementRow | null;
  onClose: () => void;
  onSaved: () => void;
}

const parseTime = (s: string | null | undefined) => (s && dayjs(s).isValid() ? dayjs(s) : null);

function initialValues(record: AnnouncementRow | null): AnnouncementForm {
  if (!record) return { msgCategory: '1', priority: 'L', msgType: 'ALL', openType: '', msgContent: '' };
  return {
    titile: record.titile,
    msgCategory: record.msgCategory,
    priority: record.priority,
    msgType: record.msgType === 'USER' ? 'USER' : 'ALL',
    userIds: splitIds(record.userIds).join(','),
    startTime: parseTime(record.startTime),
    endTime: parseTime(record.endTime),
    openType: record.openType ?? '',
    openPage: record.openPage ?? '',
    msgContent: record.msgContent ?? '',
  };
}

/** 新增 / 编辑 of a 系统通告 (SysAnnouncementModal): the server's messages are shown when it refuses. */
export function AnnouncementFormModal(props: AnnouncementFormModalProps) {
  if (!props.open) return null;
  // Mounted per opening, so the form starts from the record it was opened on.
  return <AnnouncementFormDialog {...props} />;
}

function AnnouncementFormDialog({ record, onClose, onSaved }: AnnouncementFormModalProps) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<AnnouncementForm>();
  const [saving, setSaving] = useState(false);
  const msgType = Form.useWatch('msgType', form);
  const openType = Form.useWatch('openType', form);

  const submit = async () => {
    let values: AnnouncementForm;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their messages
    }
    setSaving(true);
    try {
      const body = toBody(values, record);
      // The version the announcement was read at (If-Match, issue #39): refused when it changed since.
      const res = record ? await http.put(`${API}/edit`, body, ...saveOptions(record)) : await http.post(`${API}/add`, body);
      if (res.message) message.success(res.message);
      onSaved();
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
      title={record ? '编辑' : '新增'}
      width={900}
      okText="确定"
      cancelText="关闭"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'annt-form-submit' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'annt-form-cancel' } as ButtonProps}
      mask={{ closable: false }}
      styles={{ body: { maxHeight: '80vh', overflowY: 'auto' } }}
    >
      <Form form={form} name="sysAnnouncement_form" labelCol={{ xs: { span: 24 }, sm: { span: 4 } }} wrapperCol={{ xs: { span: 24 }, sm: { span: 19 } }} initialValues={initialValues(record)} data-testid="annt-form">
        <Form.Item
          name="titile"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: MESSAGES.title },
            { max: TITLE_MAX, message: MESSAGES.titleMax },
          ]}
        >
          <Input placeholder="请输入标题" maxLength={TITLE_MAX} showCount allowClear data-testid="annt-title" />
        </Form.Item>
        <Form.Item name="msgCategory" label="消息类型" rules={[{ required: true, message: MESSAGES.category }]}>
          <DictSelect dictCode="msg_category" placeholder="请选择消息类型" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="priority" label="优先级">
          <DictSelect dictCode="priority" placeholder="请选择优先级" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="msgType" label="通告对象" rules={[{ required: true, message: MESSAGES.msgType }]}>
          <Radio.Group
            options={[
              { value: 'ALL', label: '全体用户' },
              { value: 'USER', label: '指定用户' },
            ]}
            data-testid="annt-msg-type"
          />
        </Form.Item>
        {msgType === 'USER' && (
          <Form.Item name="userIds" label="指定用户" rules={[{ validator: (_r, v?: string) => (splitIds(v).length ? Promise.resolve() : Promise.reject(new Error(MESSAGES.users))) }]}>
            {/* The server takes user ids (announcement-input.ts); the wire's trailing comma is added on save. */}
            <UserSelect valueField="id" placeholder="请选择用户" testId="annt-users" />
          </Form.Item>
        )}
        <Form.Item name="startTime" label="开始时间">
          <DatePicker showTime format={DATETIME_FORMAT} placeholder="请选择开始时间" style={{ width: 220 }} data-testid="annt-start" />
        </Form.Item>
        <Form.Item
          name="endTime"
          label="结束时间"
          dependencies={['startTime']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_r, end?: Dayjs | null) => {
                const start = getFieldValue('startTime') as Dayjs | null | undefined;
                return !end || !start || end.isAfter(start) ? Promise.resolve() : Promise.reject(new Error(MESSAGES.endBeforeStart));
              },
            }),
          ]}
        >
          <DatePicker showTime format={DATETIME_FORMAT} placeholder="请选择结束时间" style={{ width: 220 }} data-testid="annt-end" />
        </Form.Item>
        <Form.Item name="openType" label="打开方式">
          <Radio.Group options={OPEN_TYPES} data-testid="annt-open-type" />
        </Form.Item>
        {openType ? (
          <Form.Item
            name="openPage"
            label={openType === 'url' ? '跳转地址' : '组件'}
            rules={[
              { required: true, whitespace: true, message: MESSAGES.openPage },
              { max: OPEN_PAGE_MAX, message: `跳转地址不能超过${OPEN_PAGE_MAX}个字符` },
              // The bell's 去处理 only follows paths on this site (components/notice/announcement-modal.tsx).
              ...(openType === 'url' ? [{ validator: (_r: unknown, v?: string) => (!v?.trim() || isSitePath(v.trim()) ? Promise.resolve() : Promise.reject(new Error(MESSAGES.openPageSite))) }] : []),
            ]}
          >
            <Input placeholder={openType === 'url' ? '以 / 开头的站内路径，如 /isps/userAnnouncement' : '请输入组件路径'} maxLength={OPEN_PAGE_MAX} allowClear data-testid="annt-open-page" />
          </Form.Item>
        ) : null}
        <Form.Item name="msgContent" label="内容" required rules={[{ validator: (_r, v?: string) => (hasContent(v) ? Promise.resolve() : Promise.reject(new Error(MESSAGES.content))) }]}>
          <RichTextEditor placeholder="请输入内容" data-testid="annt-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
