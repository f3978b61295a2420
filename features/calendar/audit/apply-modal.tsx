'use client';

import { useState } from 'react';
import useSWR from 'swr';
import dayjs, { type Dayjs } from 'dayjs';
import { App, DatePicker, Form, Input, Modal, Select, TimePicker, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { APPLY_KIND_TEXT, APPLY_MESSAGES, type ApplyInput } from '@/lib/calendar/apply-types';
import type { CalendarEntryDetail } from '@/lib/calendar/types';
import { CAL_API, EMPTY_OPTIONS, fetchOptions, fetchRoll } from '../calendar-api';
import { submitApply } from './apply-api';

export interface ApplyModalProps {
  open: boolean;
  /** The session applied for (the detail drawer's entry). */
  entry: CalendarEntryDetail;
  /** 1 请假, 2 调课. */
  kind: 1 | 2;
  /** The student on leave; without it the modal offers the session's roll. */
  student?: { id: string; name: string };
  onClose: () => void;
  /** After the application was filed. */
  onDone: () => void;
}

interface Values {
  studentId?: string;
  date?: Dayjs | null;
  time?: [Dayjs | null, Dayjs | null] | null;
  toRoomId?: string;
  reason?: string;
}


/** 'YYYY-MM-DD' + 'HH:mm' of the pickers → the wire time. */
export const wireOf = (date: Dayjs, time: Dayjs) => `${date.format('YYYY-MM-DD')} ${time.format('HH:mm')}:00`;

/** The form's values → the add body; null when a required part is missing (the form's rules say which). */
export function buildApplyInput(entry: CalendarEntryDetail, kind: 1 | 2, v: Values, student?: { id: string }): ApplyInput | null {
  const reason = (v.reason ?? '').trim();
  if (kind === 1) {
    const studentId = student?.id ?? v.studentId;
    return studentId ? { kind: 1, calendarId: entry.id, studentId, reason } : null;
  }
  const [from, to] = v.time ?? [];
  if (!v.date || !from || !to) return null;
  return { kind: 2, calendarId: entry.id, toStartTime: wireOf(v.date, from), toEndTime: wireOf(v.date, to), toRoomId: v.toRoomId || null, reason };
}

/** 请假 / 调课 application for one session; the 审核 screen approves it. Open it from the calendar's detail drawer. */
export function ApplyModal({ open, entry, kind, student, onClose, onDone }: ApplyModalProps) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const needRoll = open && kind === 1 && !student;
  const { data: roll = [] } = useSWR(needRoll ? ([CAL_API.roll, entry.id] as const) : null, fetchRoll, { revalidateOnFocus: false });
  const { data: options = EMPTY_OPTIONS } = useSWR(open && kind === 2 ? CAL_API.options : null, fetchOptions, { revalidateOnFocus: false });
  const start = dayjs(entry.clazzStartTime);
  const end = dayjs(entry.clazzEndTime);

  const submit = async () => {
    // A failed validation shows under the field; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = buildApplyInput(entry, kind, v, student);
    if (!body) return;
    setSaving(true);
    try {
      const r = await submitApply(body);
      message.success(r.message || '申请已提交');
      onDone();
      onClose();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  const title = `${APPLY_KIND_TEXT[kind]}申请`;
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={submit}
      okText="提交申请"
      cancelText="取消"
      okButtonProps={{ loading: saving, 'data-testid': 'apply-modal-ok' } as ButtonProps}
      destroyOnHidden
    >
      <div data-testid="apply-modal">
        <Typography.Paragraph type="secondary">
          {entry.title}：{entry.clazzStartTime.slice(0, 16)}-{entry.clazzEndTime.slice(11, 16)}
          {entry.roomName ? ` · ${entry.roomName}` : ''}
        </Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={kind === 2 ? { date: start, time: [start, end] } : undefined}
        >
          {kind === 1 &&
            (student ? (
              <Form.Item label="学员">
                <span data-testid="apply-modal-student">{student.name}</span>
              </Form.Item>
            ) : (
              <Form.Item name="studentId" label="学员" rules={[{ required: true, message: APPLY_MESSAGES.studentRequired }]}>
                <Select
                  placeholder="请选择学员"
                  showSearch={{ optionFilterProp: 'label' }}
                  options={roll.map((r) => ({ value: r.studentId, label: r.studentName }))}
                  data-testid="apply-modal-student-select"
                />
              </Form.Item>
            ))}
          {kind === 2 && (
            <>
              <Form.Item name="date" label="调课日期" rules={[{ required: true, message: APPLY_MESSAGES.timeRequired }]}>
                <DatePicker
                  style={{ width: '100%' }}
                  disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                  data-testid="apply-modal-date"
                />
              </Form.Item>
              <Form.Item
                name="time"
                label="上课时间"
                rules={[
                  { required: true, message: APPLY_MESSAGES.timeRequired },
                  {
                    validator: async (_, v: Values['time']) => {
                      if (v?.[0] && v?.[1] && !v[1].isAfter(v[0])) throw new Error(APPLY_MESSAGES.endBeforeStart);
                    },
                  },
                ]}
              >
                <TimePicker.RangePicker format="HH:mm" minuteStep={5} order={false} style={{ width: '100%' }} data-testid="apply-modal-time" />
              </Form.Item>
              <Form.Item name="toRoomId" label="教室">
                <Select
                  allowClear
                  placeholder={entry.roomName ? `不变（${entry.roomName}）` : '不变'}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={options.rooms.map((r) => ({ value: r.id, label: r.name }))}
                  data-testid="apply-modal-room"
                />
              </Form.Item>
            </>
          )}
          <Form.Item
            name="reason"
            label="申请原因"
            rules={[
              { required: true, whitespace: true, message: APPLY_MESSAGES.reasonRequired },
              { max: 200, message: APPLY_MESSAGES.reasonTooLong },
            ]}
          >
            <Input.TextArea rows={3} maxLength={200} placeholder="请输入申请原因" data-testid="apply-modal-reason" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
