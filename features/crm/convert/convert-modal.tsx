'use client';

import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import { Alert, App, DatePicker, Form, Input, InputNumber, Modal, Typography, type ButtonProps } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { ApiError, http } from '@/lib/http';
import { DATE_FORMAT } from '@/lib/format';
import { LEAD_API } from '../lead/lead-resource';
import { RefSelect, REFS } from '../../edu/course/ref-select';

/** The 转化 dialog (issue #23 §4) and what it shares with 试听's (trial-modal.tsx), opened from the lead list. */
export const CONVERT_URLS = {
  convert: `${LEAD_API}/convert`,
  trial: `${LEAD_API}/trial`,
  trialSessions: `${LEAD_API}/trialSessions`,
} as const;

export interface LeadDialogProps {
  /** childName: the lead's 孩子姓名, the student's name the dialogs offer. */
  lead: { id: string; name: string; childName?: string | null } | null;
  onClose(): void;
  onDone(): void;
}

/** Refusals the user can act on stay in the dialog in the server's words; the rest go the usual way. */
export function useDialogFailure() {
  const showError = useApiError();
  const [failure, setFailure] = useState<string | null>(null);
  const report = (e: unknown) => {
    if (e instanceof ApiError && e.status === 200) setFailure(e.message);
    else showError(e);
  };
  return { failure, setFailure, report };
}

// ---------------------------------------------------------------- 转化

interface ConvertForm {
  studentName?: string;
  grade?: string;
  courseId: string;
  buyQty: number;
  giftQty?: number;
  amount?: number;
  valid?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * 转化为学员: the student (the lead's 试听 student or one with the same phone is reused, the server says which)
 * and its first 课时包, in one transaction.
 */
export function LeadConvertModal({ lead, onClose, onDone }: LeadDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ConvertForm>();
  const [busy, setBusy] = useState(false);
  const { failure, setFailure, report } = useDialogFailure();

  const close = () => {
    setFailure(null);
    onClose();
  };
  const submit = async () => {
    if (!lead) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    setFailure(null);
    try {
      const r = await http.post(CONVERT_URLS.convert, {
        leadId: lead.id,
        studentName: v.studentName?.trim() || undefined,
        grade: v.grade?.trim() || undefined,
        courseId: v.courseId,
        buyQty: v.buyQty,
        giftQty: v.giftQty ?? 0,
        amount: v.amount ?? undefined,
        validFrom: v.valid?.[0]?.format(DATE_FORMAT),
        validTo: v.valid?.[1]?.format(DATE_FORMAT),
      });
      message.success(r.message || '转化成功');
      onDone();
    } catch (e) {
      report(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={lead !== null}
      title={`转化为学员：${lead?.name ?? ''}`}
      width={560}
      okText="转化"
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'lead-convert-ok' } as ButtonProps}
      destroyOnHidden
    >
      <div data-testid="lead-convert-modal">
        <Typography.Paragraph type="secondary">建立学员并添加第一个课时包；已有相同手机号的学员（或试听时建立的学员）会直接关联。</Typography.Paragraph>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-testid="lead-convert-error" />}
        <Form<ConvertForm> form={form} layout="vertical" preserve={false} initialValues={{ giftQty: 0, studentName: lead?.childName ?? undefined }}>
          <Form.Item name="studentName" label="学员姓名" extra="孩子的姓名；试听时建立的学员会改为此姓名。不填则用孩子姓名（或线索姓名）" rules={[{ max: 50, message: '学员姓名不能超过50个字符' }]}>
            <Input allowClear data-testid="lead-convert-student-name" />
          </Form.Item>
          <Form.Item name="grade" label="年级" rules={[{ max: 20, message: '年级不能超过20个字符' }]}>
            <Input allowClear placeholder="不填则用线索的年级" />
          </Form.Item>
          <Form.Item name="courseId" label="课程" rules={[{ required: true, message: '请选择课程' }]}>
            <CourseSelect />
          </Form.Item>
          <Form.Item name="buyQty" label="购买数量" rules={[{ required: true, message: '请输入购买数量' }]}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} data-testid="lead-convert-buy" />
          </Form.Item>
          <Form.Item name="giftQty" label="赠送数量">
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="amount" label="金额">
            <InputNumber min={0} precision={2} style={{ width: '100%' }} data-testid="lead-convert-amount" />
          </Form.Item>
          <Form.Item name="valid" label="有效期">
            <DatePicker.RangePicker format={DATE_FORMAT} allowEmpty={[true, true]} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}

/** The form item's control: the course reference, with a test id on its wrapper. */
function CourseSelect({ value, onChange }: { value?: string; onChange?: (v: string | undefined) => void }) {
  return (
    <div data-testid="lead-convert-course">
      <RefSelect config={REFS.course} value={value} onChange={onChange} placeholder="搜索课程" />
    </div>
  );
}
