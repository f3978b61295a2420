'use client';

import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { App, Button, DatePicker, Form, Image, Input, Radio, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useApiError } from '@/components/feedback/use-api-error';
import { FileDialog } from '@/components/upload/file-dialog';
import { FOLLOW_METHODS, LEAD_LIMITS, LEAD_MESSAGES } from '@/lib/crm/lead-rules';
import { API_PREFIX } from '@/lib/config';
import { DATETIME_FORMAT, staticFileUrl } from '@/lib/format';
import { http } from '@/lib/http';
import { LEAD_URLS } from './lead-resource';

interface FollowValues {
  method: number;
  content: string;
  nextFollowTime?: Dayjs | null;
}

/**
 * 添加跟进: method, content (≤ 1000), images through the upload dialog (stored paths, checked again by the
 * server), next follow-up. The server updates the lead's times and status in the same transaction.
 */
export function FollowForm({ leadId, onAdded }: { leadId: string; onAdded(): void }) {
  const [form] = Form.useForm<FollowValues>();
  const { message } = App.useApp();
  const showError = useApiError();
  const [images, setImages] = useState<string[]>([]);
  const [upload, setUpload] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let v: FollowValues;
    try {
      v = await form.validateFields();
    } catch {
      return; // the fields show what is missing
    }
    setSaving(true);
    try {
      const r = await http.post(LEAD_URLS.followAdd, {
        leadId,
        method: v.method,
        content: v.content.trim(),
        images: images.join(',') || null,
        nextFollowTime: v.nextFollowTime ? v.nextFollowTime.second(0).format(DATETIME_FORMAT) : null,
      });
      message.success(r.message || '添加成功！');
      form.resetFields();
      setImages([]);
      onAdded();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={{ method: 1 }} data-testid="lead-follow-form">
      <Form.Item name="method" label="跟进方式" rules={[{ required: true, message: LEAD_MESSAGES.followMethod }]}>
        <Radio.Group options={FOLLOW_METHODS.map((m) => ({ value: m.value, label: m.text }))} data-testid="lead-follow-method" />
      </Form.Item>
      <Form.Item
        name="content"
        label="跟进内容"
        rules={[
          { required: true, whitespace: true, message: LEAD_MESSAGES.followContentRequired },
          { max: LEAD_LIMITS.followContentMax, message: LEAD_MESSAGES.followContentTooLong },
        ]}
      >
        <Input.TextArea rows={3} showCount maxLength={LEAD_LIMITS.followContentMax} data-testid="lead-follow-content" />
      </Form.Item>
      <Form.Item label="图片">
        <Space wrap>
          {images.map((p) => (
            <Image key={p} src={staticFileUrl(p, API_PREFIX)} alt="" width={64} height={64} style={{ objectFit: 'cover' }} />
          ))}
          {images.length < LEAD_LIMITS.followImagesMax && (
            <Button icon={<PlusOutlined />} onClick={() => setUpload(true)} data-testid="lead-follow-images">
              上传图片
            </Button>
          )}
          {images.length > 0 && (
            <Button type="link" onClick={() => setImages([])}>
              清除
            </Button>
          )}
        </Space>
      </Form.Item>
      <Form.Item
        name="nextFollowTime"
        label="下次跟进时间"
        rules={[{ validator: (_r, v: Dayjs | null | undefined) => (v && v.isBefore(dayjs(), 'minute') ? Promise.reject(new Error(LEAD_MESSAGES.nextFollowInPast)) : Promise.resolve()) }]}
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} data-testid="lead-follow-next" />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="lead-follow-submit">
        添加跟进
      </Button>
      <FileDialog
        open={upload}
        title="上传图片"
        mode="image"
        multiple
        biz="lead"
        onClose={() => setUpload(false)}
        // Only stored paths: the server accepts images of our storage, not links.
        checkLink={() => '跟进图片请使用本地上传'}
        onSave={(_values, { paths }) => {
          setImages((list) => [...new Set([...list, ...paths])].slice(0, LEAD_LIMITS.followImagesMax));
          setUpload(false);
        }}
        testId="lead-follow-upload"
      />
    </Form>
  );
}
