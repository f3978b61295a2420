'use client';

import { ListPage } from '@/components/data/list/list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { NoPermission } from '@/features/system/no-permission';
import { INNER_SCHEDULE_PERM, innerScheduleResource } from './schedule-resource';

const LIST = `${INNER_SCHEDULE_PERM}:list`;

/** 内部班课表 (calendar/InnerCalendarList): the 内部班 sessions; the server fixes the scope, not this screen. */
export default function InnerScheduleListScreen() {
  const { mode } = useAuth();
  if (mode(LIST) === 'hide') return <NoPermission code={LIST} />;
  return (
    <PageWrapper description="内部班的教学课次，按上课时间排列。调整、取消与点名请在内部班行事历中进行。">
      <ListPage def={innerScheduleResource} />
    </PageWrapper>
  );
}
