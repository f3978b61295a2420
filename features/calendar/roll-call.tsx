'use client';

import { useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import dayjs from 'dayjs';
import { Alert, App, Button, Empty, Flex, InputNumber, Popconfirm, Radio, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useAuth } from '@/components/shell/shell-context';
import { useApiError } from '@/components/feedback/use-api-error';
import { LoadError } from '@/components/data/list/list-feedback';
import { ARRIVAL_STATUS_TEXT, CALENDAR_TZ_OFFSET, MAKEUP_STATUS_TEXT, MEMBER_TYPE_TEXT, type ArrivalStatus, type MakeupStatus, type CalendarStatus, type CheckInput, type LessonStudentRow } from '@/lib/calendar/types';
import { CHECK_EARLY_MINUTES, checkIsOpen, NOT_STARTED_MESSAGE } from '@/lib/calendar/deduction';
import { CAL_API, checkRoll, fetchRoll, revokeRoll } from './calendar-api';
import { PERMS } from '@/lib/permissions/codes';
import { MakeupModal } from './makeup-modal';

const MAKEUP_COLOR: Record<Exclude<MakeupStatus, 0>, string> = { 1: 'orange', 2: 'processing', 3: 'success' };

/** A wire time ('YYYY-MM-DD HH:mm:ss', Asia/Shanghai) as an instant. */
export const wireInstant = (t: string) => new Date(`${t.replace(' ', 'T')}${CALENDAR_TZ_OFFSET}`);

type Marked = Exclude<ArrivalStatus, 0>;
const MARKS: Marked[] = [1, 2, 3, 4];

interface Draft {
  arrivalStatus: Marked;
  deductHours: number | null;
}

/** The submitted body: every student, 待签 taken as 到课; 扣课时 only where the teacher typed one. */
export function buildCheckInput(calendarId: string, rows: LessonStudentRow[], drafts: Record<string, Partial<Draft>>): CheckInput {
  return {
    calendarId,
    items: rows.map((r) => {
      const d = drafts[r.studentId] ?? {};
      const arrivalStatus: Marked = d.arrivalStatus ?? (r.arrivalStatus === 0 ? 1 : r.arrivalStatus);
      const deduct = d.deductHours !== undefined ? d.deductHours : r.deductHours;
      return deduct == null ? { studentId: r.studentId, arrivalStatus } : { studentId: r.studentId, arrivalStatus, deductHours: deduct };
    }),
  };
}

export interface RollCallProps {
  calendarId: string;
  status: CalendarStatus;
  onChanged: () => void;
  /** The session's start (wire time): 安排补课 only into a session that has not started. */
  startTime?: string;
  /** Per-row actions (e.g. 请假申请), shown in an 操作 column when given. */
  rowActions?: (row: LessonStudentRow) => ReactNode;
  /** Session-level buttons next to 安排补课 (e.g. 调课申请). */
  toolbar?: ReactNode;
}

/** 点名 of one teaching session: mark and submit while 未开始; read-only with 撤销点名 once 已点名; 安排补课 into it while 未开始. */
export function RollCall({ calendarId, status, onChanged, startTime, rowActions, toolbar }: RollCallProps) {
  const { message } = App.useApp();
  const showError = useApiError();
  const { mode } = useAuth();
  const canCheck = mode(PERMS.attendance.check) !== 'hide';
  const canRevoke = mode(PERMS.attendance.revoke) !== 'hide';
  const { data, error, isLoading, mutate } = useSWR([CAL_API.roll, calendarId] as const, fetchRoll);
  const [drafts, setDrafts] = useState<Record<string, Partial<Draft>>>({});
  const [busy, setBusy] = useState(false);
  const [makeupOpen, setMakeupOpen] = useState(false);
  const makeupMode = mode(PERMS.attendance.makeup);
  // Read once per mount (the drawer remounts it on every open); the server re-checks at submit.
  const [openedAt] = useState(() => Date.now());
  const started = !!startTime && wireInstant(startTime).getTime() <= openedAt;
  // Said before the form, not after 提交 (the server refuses a check earlier than CHECK_EARLY_MINUTES before the start).
  const notOpenYet = status === 0 && !!startTime && !checkIsOpen(wireInstant(startTime), new Date(openedAt));
  const checked = status === 1;
  const editable = status === 0 && canCheck && !notOpenYet;
  const rows = useMemo(() => data ?? [], [data]);

  const setDraft = (studentId: string, patch: Partial<Draft>) => setDrafts((d) => ({ ...d, [studentId]: { ...d[studentId], ...patch } }));

  const submit = async () => {
    setBusy(true);
    try {
      const r = await checkRoll(buildCheckInput(calendarId, rows, drafts));
      for (const w of r.result?.warnings ?? []) message.warning(w);
      message.success(r.message || '点名成功');
      setDrafts({});
      await mutate();
      onChanged();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    setBusy(true);
    try {
      const r = await revokeRoll(calendarId);
      message.success(r.message || '已撤销点名');
      await mutate();
      onChanged();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<LessonStudentRow> = [
    {
      title: '学员',
      dataIndex: 'studentName',
      // The radio group beside it is wide: without this a name broke one character per line.
      render: (v: string, r) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid={`roll-name-${r.studentId}`}>
          {v}
          {r.memberType !== 0 && (
            <Tag style={{ marginLeft: 6 }} color={r.memberType === 3 ? 'orange' : 'blue'}>
              {MEMBER_TYPE_TEXT[r.memberType]}
            </Tag>
          )}
          {r.makeupStatus !== 0 && (
            <Tag style={{ marginLeft: 6 }} color={MAKEUP_COLOR[r.makeupStatus]} data-testid={`roll-makeup-${r.studentId}`}>
              {MAKEUP_STATUS_TEXT[r.makeupStatus]}
            </Tag>
          )}
        </span>
      ),
    },
    {
      title: '到课状态',
      key: 'arrival',
      render: (_: unknown, r) => {
        if (!editable) return <span data-testid={`roll-status-${r.studentId}`}>{ARRIVAL_STATUS_TEXT[r.arrivalStatus]}</span>;
        const value = drafts[r.studentId]?.arrivalStatus ?? (r.arrivalStatus === 0 ? 1 : r.arrivalStatus);
        return (
          <Radio.Group size="small" value={value} onChange={(e) => setDraft(r.studentId, { arrivalStatus: e.target.value as Marked })} data-testid={`roll-status-${r.studentId}`}>
            {MARKS.map((m) => (
              <Radio key={m} value={m}>
                {ARRIVAL_STATUS_TEXT[m]}
              </Radio>
            ))}
          </Radio.Group>
        );
      },
    },
    {
      title: '扣课时',
      key: 'deduct',
      width: 110,
      render: (_: unknown, r) => {
        if (!editable) return r.deductHours ?? '-';
        const d = drafts[r.studentId]?.deductHours;
        return (
          <InputNumber
            size="small"
            min={0}
            max={24}
            step={0.5}
            placeholder="默认"
            value={d !== undefined ? d : r.deductHours}
            onChange={(v) => setDraft(r.studentId, { deductHours: typeof v === 'number' ? v : null })}
            style={{ width: 86 }}
            data-testid={`roll-deduct-${r.studentId}`}
          />
        );
      },
    },
    {
      title: '剩余课时',
      dataIndex: 'remainHours',
      width: 90,
      render: (v: number | null) => (v == null ? <Typography.Text type="secondary">无课时包</Typography.Text> : <Typography.Text type={v <= 2 ? 'danger' : undefined}>{v}</Typography.Text>),
    },
    ...(rowActions ? [{ title: '操作', key: 'actions', width: 100, render: (_: unknown, r: LessonStudentRow) => rowActions(r) }] : []),
  ];

  if (error) return <LoadError title="学员名单加载失败" error={error} onRetry={() => void mutate()} testId="roll-error" />;
  return (
    <div data-testid="cal-roll">
      {status === 2 && <Alert type="warning" showIcon title="该日程已取消，不能点名" style={{ marginBottom: 12 }} />}
      {notOpenYet && (
        <Alert
          type="info"
          showIcon
          title={NOT_STARTED_MESSAGE}
          description={`开课前${CHECK_EARLY_MINUTES}分钟（${dayjs(startTime).subtract(CHECK_EARLY_MINUTES, 'minute').format('M月D日 HH:mm')}）起可以点名。`}
          style={{ marginBottom: 12 }}
          data-testid="roll-not-open"
        />
      )}
      {checked && <Alert type="success" showIcon title="已点名" style={{ marginBottom: 12 }} />}
      {((status === 0 && makeupMode !== 'hide') || toolbar) && (
        <Flex justify="flex-end" gap={8} style={{ marginBottom: 12 }}>
          {toolbar}
          {status === 0 && makeupMode !== 'hide' && (
            <Tooltip title={started ? '课次已开始，不能安排补课' : undefined}>
              <Button size="small" onClick={() => setMakeupOpen(true)} disabled={makeupMode === 'disable' || started} data-testid="roll-makeup">
                安排补课
              </Button>
            </Tooltip>
          )}
        </Flex>
      )}
      <Table<LessonStudentRow>
        size="small"
        rowKey="studentId"
        loading={isLoading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无学员" /> }}
      />
      <Flex justify="flex-end" gap={8} style={{ marginTop: 12 }}>
        {editable && (
          <Button type="primary" loading={busy} disabled={rows.length === 0} onClick={submit} data-testid="roll-submit">
            提交点名
          </Button>
        )}
        {checked && canRevoke && (
          <Popconfirm title="确定撤销点名吗？已扣的课时将退回。" onConfirm={revoke}>
            <Button danger loading={busy} data-testid="roll-revoke">
              撤销点名
            </Button>
          </Popconfirm>
        )}
      </Flex>
      {status === 0 && makeupMode !== 'hide' && (
        <MakeupModal
          open={makeupOpen}
          calendarId={calendarId}
          onClose={() => setMakeupOpen(false)}
          onDone={() => {
            setMakeupOpen(false);
            void mutate();
            onChanged();
          }}
        />
      )}
    </div>
  );
}
