'use client';

import { useEffect, useState } from 'react';
import useSWR from 'swr';
import dayjs, { type Dayjs } from 'dayjs';
import { App, DatePicker, Form, Input, Modal, Table, Typography } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { DepartSelect } from '@/components/pickers/depart-picker';
import { http } from '@/lib/http';
import { REFS, RefSelect } from '../course/ref-select';
import { TEACHER_TRANSFER_LIST_URL, TEACHER_TRANSFER_URL, type TeacherTransferInput, type TeacherTransferRow } from './teacher-resource';

export interface TeacherRef {
  id: string;
  name: string;
}

interface TransferForm {
  toDepartId?: string;
  toVenueId?: string;
  effectiveDate?: Dayjs;
  reason?: string;
  reassignTo?: string;
}

/** 调动: to another campus (and venue) from a date; future sessions go to a 接替教师 when there are any. */
export function TeacherTransferModal({ teacher, onClose, onDone }: { teacher: TeacherRef | null; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const onError = useApiError();
  const [form] = Form.useForm<TransferForm>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (teacher) form.setFieldsValue({ toDepartId: undefined, toVenueId: undefined, effectiveDate: dayjs(), reason: undefined, reassignTo: undefined });
  }, [teacher, form]);

  const submit = async () => {
    if (!teacher) return;
    const v = await form.validateFields();
    const body: TeacherTransferInput = {
      teacherId: teacher.id,
      toDepartId: v.toDepartId ?? '',
      toVenueId: v.toVenueId || null,
      effectiveDate: (v.effectiveDate ?? dayjs()).format('YYYY-MM-DD'),
      reason: v.reason || null,
      reassignTo: v.reassignTo || null,
    };
    setSaving(true);
    try {
      const r = await http.post<{ reassigned: number }>(TEACHER_TRANSFER_URL, body);
      const moved = r.result?.reassigned ?? 0;
      message.success(moved ? `调动成功，${moved}个课次已交给接替教师` : '调动成功');
      onDone();
      onClose();
    } catch (e) {
      onError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={teacher !== null} title={`教师调动 - ${teacher?.name ?? ''}`} okText="确定调动" confirmLoading={saving} onOk={() => void submit()} onCancel={onClose} destroyOnHidden forceRender>
      <Form form={form} layout="vertical" data-testid="teacher-transfer-form">
        <Form.Item name="toDepartId" label="调入校区" rules={[{ required: true, message: '请选择调入校区' }]}>
          <DepartSelect testId="transfer-depart" />
        </Form.Item>
        <Form.Item name="toVenueId" label="调入场地">
          <RefSelect config={REFS.venue} placeholder="不变则不选" />
        </Form.Item>
        <Form.Item name="effectiveDate" label="生效日期" rules={[{ required: true, message: '请选择生效日期' }]}>
          <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" />
        </Form.Item>
        <Form.Item name="reassignTo" label="接替教师" extra="生效日期之后还有未上的课次时必须指定，这些课次会转给接替教师">
          <RefSelect config={REFS.activeTeacher} placeholder="搜索在职教师" />
        </Form.Item>
        <Form.Item name="reason" label="调动原因" rules={[{ max: 500, message: '调动原因不能超过500个字符' }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 调动记录 of one teacher, newest first. */
export function TeacherTransferHistory({ teacher, onClose }: { teacher: TeacherRef | null; onClose: () => void }) {
  const onError = useApiError();
  const teacherId = teacher?.id;
  // Keyed by teacher; revalidated on every open, so a transfer just made shows up.
  const history = useSWR(teacherId ? [TEACHER_TRANSFER_LIST_URL, teacherId] : null, async () => (await http.get<TeacherTransferRow[]>(TEACHER_TRANSFER_LIST_URL, { teacherId: teacherId ?? '' })).result ?? [], {
    onError,
    revalidateOnFocus: false,
  });
  const rows = history.data ?? [];
  const loading = history.isLoading;
  return (
    <Modal open={teacher !== null} title={`调动记录 - ${teacher?.name ?? ''}`} width={900} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<TeacherTransferRow>
        rowKey="id"
        size="small"
        bordered
        loading={loading}
        dataSource={rows}
        pagination={false}
        data-testid="teacher-transfer-history"
        columns={[
          { key: 'effectiveDate', dataIndex: 'effectiveDate', title: '生效日期', width: 110 },
          { key: 'depart', title: '校区', render: (_v, r) => `${r.fromDepartName ?? '无'} → ${r.toDepartName ?? ''}` },
          { key: 'venue', title: '场地', render: (_v, r) => (r.toVenue && r.toVenue !== r.fromVenue ? `${r.fromVenueName ?? '无'} → ${r.toVenueName ?? ''}` : (r.toVenueName ?? '')) },
          { key: 'reassign', title: '接替教师', render: (_v, r) => (r.reassignToName ? `${r.reassignToName}（${r.reassigned}个课次）` : '') },
          { key: 'reason', dataIndex: 'reason', title: '原因', render: (v: string | null) => <Typography.Text ellipsis={{ tooltip: v }}>{v ?? ''}</Typography.Text> },
          { key: 'createBy', dataIndex: 'createBy', title: '操作人', width: 90 },
          { key: 'createTime', dataIndex: 'createTime', title: '操作时间', width: 170 },
        ]}
      />
    </Modal>
  );
}
