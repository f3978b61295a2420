'use client';

import { useState, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import dayjs from 'dayjs';
import { Button } from 'antd';
import { useAuth } from '@/components/shell/shell-context';
import type { CalendarEntryDetail, LessonStudentRow } from '@/lib/calendar/types';
import { PERMS } from '@/lib/permissions/codes';

// The form with its date and time pickers loads when an application is first opened, not with the calendar.
const ApplyModal = dynamic(() => import('./audit/apply-modal').then((m) => m.ApplyModal), { ssr: false });

type Opening = { entry: CalendarEntryDetail; kind: 1 | 2; student?: { id: string; name: string } };

/** An application makes sense for a teaching session that has not been called or cancelled. */
const applicable = (e: CalendarEntryDetail) => e.type === 0 && e.status === 0;

/**
 * The detail drawer's 调课申请 (per session) and 请假申请 (per student still 待签, before the session
 * starts) buttons, for holders of calendar:apply:add; the 审核 screen decides on them.
 */
export function useApplyActions(onFiled: () => void): {
  renderActions: (e: CalendarEntryDetail) => ReactNode;
  renderRollActions: (e: CalendarEntryDetail, row: LessonStudentRow) => ReactNode;
  modal: ReactNode;
} {
  const { mode } = useAuth();
  const [open, setOpen] = useState<Opening | null>(null);
  const allowed = mode(PERMS.apply.add) === 'show';

  const renderActions = (e: CalendarEntryDetail) =>
    allowed && applicable(e) ? (
      <Button size="small" onClick={() => setOpen({ entry: e, kind: 2 })} data-testid="cal-apply-reschedule">
        调课申请
      </Button>
    ) : null;

  const renderRollActions = (e: CalendarEntryDetail, row: LessonStudentRow) =>
    allowed && applicable(e) && row.arrivalStatus === 0 && dayjs(e.clazzStartTime).isAfter(dayjs()) ? (
      <Button type="link" size="small" onClick={() => setOpen({ entry: e, kind: 1, student: { id: row.studentId, name: row.studentName } })} data-testid="cal-apply-leave">
        请假申请
      </Button>
    ) : null;

  const modal = open && (
    <ApplyModal
      open
      entry={open.entry}
      kind={open.kind}
      student={open.student}
      onClose={() => setOpen(null)}
      onDone={() => {
        setOpen(null);
        onFiled();
      }}
    />
  );
  return { renderActions, renderRollActions, modal };
}
