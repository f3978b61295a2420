'use client';

import { useMemo, useState } from 'react';
import { Alert, App, Modal, Tag, Typography, type ButtonProps, type TableColumnsType } from 'antd';
import { dialogPagination, ListTable } from '@/components/data/list/list-table';
import { useListPage, type ListSource } from '@/components/data/list/use-list-page';
import { useApiError } from '@/components/feedback/use-api-error';
import { ApiError } from '@/lib/http';
import { ARRIVAL_STATUS_TEXT, type PendingMakeupRow } from '@/lib/calendar/types';
import { arrangeMakeup, CAL_API } from './calendar-api';

/** 10 a page, in the server's order (it narrows the list to the target's course, minus its own roll and class members). */
const PENDING_SOURCE: ListSource = { rowKey: 'id', defaultSort: null, pageSize: 10 };
const PENDING_URLS = { list: CAL_API.pendingMakeup };

export interface MakeupModalProps {
  open: boolean;
  /** The session the students are added to. */
  calendarId: string;
  onClose: () => void;
  /** Students were added: the roll refreshes. */
  onDone: () => void;
}

/** 安排补课: pick 待补课 absentees of the same course and add them to this session as 补课. */
export function MakeupModal({ open, calendarId, onClose, onDone }: MakeupModalProps) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [selected, setSelected] = useState<PendingMakeupRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const extraParams = useMemo(() => ({ toCalendarId: calendarId }), [calendarId]);
  // A load failure is shown in the dialog (below), not as a toast.
  const list = useListPage<PendingMakeupRow>({ source: PENDING_SOURCE, urls: PENDING_URLS, extraParams, enabled: open, notifyErrors: false });
  const { error } = list;

  const reset = () => {
    setSelected([]);
    list.goToPage(1);
    setFailure(null);
  };

  const submit = async () => {
    if (!selected.length) return;
    setBusy(true);
    setFailure(null);
    try {
      const r = await arrangeMakeup({ fromLessonStudentIds: selected.map((s) => s.id), toCalendarId: calendarId });
      message.success(r.message || '补课安排成功');
      reset();
      onDone();
    } catch (e) {
      // A refusal the user can act on (capacity, status) stays in the dialog with the server's words.
      if (e instanceof ApiError && e.status === 200) {
        setFailure(e.message);
        void list.reload();
      } else showError(e);
    } finally {
      setBusy(false);
    }
  };

  const chosenStudents = new Set(selected.map((s) => s.studentId));
  const columns: TableColumnsType<PendingMakeupRow> = [
    { title: '学员', dataIndex: 'studentName', render: (v: string, r) => <span data-testid={`makeup-row-${r.id}`}>{v}</span> },
    {
      title: '原课次',
      key: 'origin',
      render: (_: unknown, r) => (
        <span>
          {r.clazzStartTime.slice(0, 16)}
          <Typography.Text type="secondary"> {r.clazzName ?? r.title ?? ''}</Typography.Text>
        </span>
      ),
    },
    {
      title: '原因',
      dataIndex: 'arrivalStatus',
      width: 80,
      render: (v: PendingMakeupRow['arrivalStatus']) => <Tag color={v === 3 ? 'gold' : 'red'}>{ARRIVAL_STATUS_TEXT[v]}</Tag>,
    },
  ];

  return (
    <Modal
      open={open}
      title="安排补课"
      width={720}
      okText="确定"
      onOk={submit}
      onCancel={() => {
        reset();
        onClose();
      }}
      confirmLoading={busy}
      okButtonProps={{ disabled: selected.length === 0, 'data-testid': 'makeup-ok' } as ButtonProps}
      destroyOnHidden
    >
      <div data-testid="makeup-modal">
        <Typography.Paragraph type="secondary">同一课程中待补课的学员，选择后加入本课次（补课）。</Typography.Paragraph>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-testid="makeup-error" />}
        {error ? <Alert type="error" showIcon title={error instanceof Error ? error.message : '加载失败'} style={{ marginBottom: 12 }} /> : null}
        <ListTable<PendingMakeupRow>
          page={list}
          size="small"
          compact={false}
          scroll={undefined}
          columns={columns}
          emptyText="暂无待补课学员"
          selectable={false}
          rowSelection={{
            preserveSelectedRowKeys: true,
            selectedRowKeys: selected.map((s) => s.id),
            onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
            // One student can join a session once: a second absence of the same student waits for another session.
            getCheckboxProps: (r) => ({ disabled: chosenStudents.has(r.studentId) && !selected.some((s) => s.id === r.id) }),
          }}
          pagination={dialogPagination(list)}
        />
        {selected.length > 0 && <Typography.Text data-testid="makeup-count">已选 {selected.length} 人</Typography.Text>}
      </div>
    </Modal>
  );
}
