'use client';

import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Tag, Typography } from 'antd';
import type { ConflictAnswer, Override } from './calendar-api';
import { timeSpan } from './calendar-model';
import { CONFLICT_KIND_TEXT } from '@/lib/calendar/types';

export interface ConflictModalProps {
  answer: ConflictAnswer | null;
  /** Re-send with the reason; resolves when that attempt is over (success or a new answer shown). */
  onOverride: (override: Override) => Promise<void>;
  onClose: () => void;
}

/** 排课冲突: every clash named (who, what, when, where); with the override right, 原因 + 仍然保存. */
export function ConflictModal({ answer, onOverride, onClose }: ConflictModalProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    // A failed validation shows under the field; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const { reason } = v;
    setSaving(true);
    try {
      await onOverride({ reason: reason.trim() });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!answer}
      title="排课冲突"
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={[
        <Button key="close" onClick={onClose} data-testid="cal-conflict-close">
          {answer?.canOverride ? '取消' : '知道了'}
        </Button>,
        answer?.canOverride ? (
          <Button key="override" type="primary" danger loading={saving} onClick={submit} data-testid="cal-conflict-override">
            仍然保存
          </Button>
        ) : null,
      ]}
    >
      <div data-testid="cal-conflict">
        {answer && <Alert type="error" showIcon title={answer.message} style={{ marginBottom: 12 }} />}
        <ul className="cal-conflict-list" style={{ listStyle: 'none', margin: 0, padding: 0, border: '1px solid #f0f0f0', borderRadius: 6 }}>
          {(answer?.conflicts ?? []).map((c, i) => (
            <li key={`${c.kind}:${c.calendarId}:${c.resourceName}:${i}`} data-testid="cal-conflict-item" style={{ padding: '8px 12px', borderTop: i ? '1px solid #f0f0f0' : undefined }}>
              <Tag color="red">{CONFLICT_KIND_TEXT[c.kind] ?? c.kind}</Tag>
              <Typography.Text strong>{c.resourceName}</Typography.Text>
              <span style={{ marginLeft: 8 }}>「{c.title}」</span>
              <div style={{ color: '#8c8c8c', fontSize: 12, marginTop: 4 }}>
                {timeSpan(c.clazzStartTime, c.clazzEndTime)}
                {(c.locationName || c.roomName) && ` · ${[c.locationName, c.roomName].filter(Boolean).join(' ')}`}
                {c.teacherNames.length > 0 && ` · ${c.teacherNames.join('、')}`}
              </div>
            </li>
          ))}
        </ul>
        {answer?.canOverride && (
          <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
            <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: '请输入强制保存的原因' }]}>
              <Input.TextArea rows={2} maxLength={200} placeholder="请输入强制保存的原因" data-testid="cal-conflict-reason" />
            </Form.Item>
          </Form>
        )}
      </div>
    </Modal>
  );
}
