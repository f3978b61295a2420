'use client';

import { ListPage } from '@/components/data/list/list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { NoPermission } from '@/features/system/no-permission';
import { SCHEDULE_PERM, scheduleResource } from './schedule-resource';

const LIST = `${SCHEDULE_PERM}:list`;

/** 课表 (calendar/TblCalendarList): the teaching sessions as a read-only list, earliest first. */
export default function ScheduleListScreen() {
  const { mode } = useAuth();
  if (mode(LIST) === 'hide') return <NoPermission code={LIST} />;
  return (
    <PageWrapper description="所有教学课次，按上课时间排列。调整、取消与点名请在行事历中进行。">
      <ListPage def={scheduleResource} />
    </PageWrapper>
  );
}
