'use client';

import useSWR from 'swr';
import { useRouter } from 'next/navigation';
import { Space, Spin, Typography } from 'antd';
import { useAuth } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { HOMEWORK_PAGES, HOMEWORK_URL, type CalendarHomework } from '@/lib/learntools/homework-types';
import { PERMS } from '@/lib/permissions/codes';

/** Whether the 作业 line belongs in the session drawer (learn:homework:list). */
export function useSeesHomework(): boolean {
  return useAuth().has(PERMS.homework.list);
}

/**
 * The session drawer's 作业 line: how many homework the session has with a link to the list filtered by it,
 * or 布置作业 with the session prefilled when there is none.
 */
export function SessionHomework({ calendarId, onNavigate }: { calendarId: string; onNavigate?: () => void }) {
  const router = useRouter();
  const { mode } = useAuth();
  const { data, error } = useSWR([HOMEWORK_URL.byCalendar, calendarId], async () => (await http.get<CalendarHomework>(HOMEWORK_URL.byCalendar, { calendarId })).result, { revalidateOnFocus: false });
  if (error) return <>-</>;
  if (!data) return <Spin size="small" />;
  const q = `?calendarId=${encodeURIComponent(calendarId)}`;
  if (data.count > 0) {
    return (
      <Space size={8} data-testid="session-homework">
        <span>{data.count} 份作业</span>
        <Typography.Link onClick={() => {
            onNavigate?.();
            router.push(`${HOMEWORK_PAGES.list}${q}`);
          }}>查看</Typography.Link>
      </Space>
    );
  }
  // Not a class the caller teaches (or no class): nothing to assign from here.
  if (!data.clazzId || mode(PERMS.homework.add) !== 'show') return <span data-testid="session-homework">无</span>;
  return (
    <Typography.Link data-testid="session-homework-assign" onClick={() => {
        onNavigate?.();
        router.push(`${HOMEWORK_PAGES.assign}${q}`);
      }}>
      布置作业
    </Typography.Link>
  );
}
