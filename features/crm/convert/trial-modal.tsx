'use client';

import { useMemo, useState, type HTMLAttributes } from 'react';
import { Alert, App, Form, Input, Modal, Space, Tag, type ButtonProps, type TableColumnsType } from 'antd';
import { dialogPagination, ListTable } from '@/components/data/list/list-table';
import { useListPage, type ListSource } from '@/components/data/list/use-list-page';
import { LEAD_MESSAGES } from '@/lib/crm/lead-rules';
import { isBookable, type TrialSessionRow } from '@/lib/crm/trial-session';
import { http } from '@/lib/http';
import { CONVERT_URLS, useDialogFailure, type LeadDialogProps } from './convert-modal';


/** 8 a page, in the server's order (the lead's 意向课程 first). */
const SESSIONS_SOURCE: ListSource = { rowKey: 'id', defaultSort: null, pageSize: 8 };
const SESSIONS_URLS = { list: CONVERT_URLS.trialSessions };

const SESSION_COLUMNS: TableColumnsType<TrialSessionRow> = [
  { title: '上课时间', key: 'time', width: 170, render: (_: unknown, r) => `${r.startTime.slice(0, 16)}-${r.endTime.slice(11, 16)}` },
  {
    title: '课程',
    dataIndex: 'courseName',
    render: (v: string | null, r) => (
      <Space size={4}>
        {v ?? r.title ?? ''}
        {r.intended ? <Tag color="blue">意向课程</Tag> : null}
      </Space>
    ),
  },
  { title: '班级', dataIndex: 'clazzName' },
  { title: '教室', dataIndex: 'roomName', width: 100 },
  {
    title: '人数',
    key: 'count',
    width: 110,
    render: (_: unknown, r) => (
      <Space size={4}>
        {r.capacity ? `${r.headcount}/${r.capacity}` : String(r.headcount)}
        {r.full ? (
          <Tag color={r.allowOver ? 'orange' : 'red'} data-testid={`lead-trial-full-${r.id}`}>
            已满
          </Tag>
        ) : null}
      </Space>
    ),
  },
];

/**
 * 预约试听 (issue #23 §4, #39): the child's 学员姓名 (prefilled from the lead's 孩子姓名; the lead becomes the student's
 * 监护人), and one of the coming 14 days' sessions, the lead's 意向课程 first, paged on the server; a full class is
 * marked 已满 and cannot be chosen unless it may exceed its capacity.
 */
export function LeadTrialModal({ lead, onClose, onDone }: LeadDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ studentName: string }>();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { failure, setFailure, report } = useDialogFailure();
  const extraParams = useMemo(() => ({ leadId: lead?.id ?? '', keyword, days: 14 }), [lead, keyword]);
  // A load failure is shown in the dialog (below), not as a toast.
  const list = useListPage<TrialSessionRow>({ source: SESSIONS_SOURCE, urls: SESSIONS_URLS, extraParams, enabled: lead !== null, notifyErrors: false });
  const { error } = list;

  const reset = () => {
    setChosen(null);
    setFailure(null);
    list.goToPage(1);
    setKeyword('');
  };
  const choose = (r: TrialSessionRow) => {
    if (isBookable(r)) setChosen(r.id);
  };
  const submit = async () => {
    if (!lead || !chosen) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    setFailure(null);
    try {
      const r = await http.post(CONVERT_URLS.trial, { leadId: lead.id, calendarId: chosen, studentName: v.studentName.trim() });
      message.success(r.message || '预约试听成功');
      reset();
      onDone();
    } catch (e) {
      report(e);
      void list.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={lead !== null}
      title={`预约试听：${lead?.name ?? ''}`}
      width={860}
      okText="预约"
      onOk={() => void submit()}
      onCancel={() => {
        reset();
        onClose();
      }}
      confirmLoading={busy}
      okButtonProps={{ disabled: !chosen, 'data-testid': 'lead-trial-ok' } as ButtonProps}
      destroyOnHidden
    >
      <div data-testid="lead-trial-modal">
        <Form form={form} layout="inline" preserve={false} initialValues={{ studentName: lead?.childName ?? '' }} style={{ marginBottom: 12 }}>
          <Form.Item
            name="studentName"
            label="学员姓名"
            tooltip={`试听的孩子；${lead?.name ?? '线索'}将作为学员的监护人`}
            rules={[
              { required: true, whitespace: true, message: LEAD_MESSAGES.trialStudentNameRequired },
              { max: 50, message: LEAD_MESSAGES.trialStudentNameTooLong },
            ]}
          >
            <Input allowClear placeholder="孩子的姓名" style={{ width: 200 }} data-testid="lead-trial-student-name" />
          </Form.Item>
        </Form>
        <Input.Search
          placeholder="按课程、班级或标题搜索"
          allowClear
          enterButton="查询"
          style={{ marginBottom: 12, maxWidth: 360 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            list.goToPage(1);
          }}
          data-testid="lead-trial-search"
        />
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-testid="lead-trial-error" />}
        {error ? <Alert type="error" showIcon title={error instanceof Error ? error.message : '加载失败'} style={{ marginBottom: 12 }} /> : null}
        <ListTable<TrialSessionRow>
          page={list}
          size="small"
          compact={false}
          scroll={undefined}
          columns={SESSION_COLUMNS}
          emptyText="未来14天没有可预约的课次"
          selectable={false}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: chosen ? [chosen] : [],
            getCheckboxProps: (r) => ({ disabled: !isBookable(r) }),
            onChange: (keys) => setChosen(keys.length ? String(keys[0]) : null),
          }}
          onRow={(r) => ({ onClick: () => choose(r), 'data-testid': `lead-trial-session-${r.id}`, 'data-intended': r.intended ? '1' : undefined }) as HTMLAttributes<HTMLElement>}
          pagination={dialogPagination(list)}
        />
      </div>
    </Modal>
  );
}
