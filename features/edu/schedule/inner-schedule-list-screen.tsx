'use client';

import { ScheduleList } from './schedule-list';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { innerScheduleResource } from './schedule-resource';

/** 内部班课表 (calendar/InnerCalendarList): the 内部班 sessions; the server fixes the scope, not this screen. */
export default function InnerScheduleListScreen() {
  return (
    <PageWrapper description="内部班的教学课次，按上课时间排列，从今天开始；教师默认只看自己的课次。调整、取消与点名请在内部班行事历中进行。">
      <ScheduleList def={innerScheduleResource} />
    </PageWrapper>
  );
}
