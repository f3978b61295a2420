'use client';

import { ListPage } from '@/components/data/list/list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { scheduleResource } from './schedule-resource';

/** 课表 (calendar/TblCalendarList): the teaching sessions as a read-only list, earliest first. */
export default function ScheduleListScreen() {
  return (
    <PageWrapper description="所有教学课次，按上课时间排列。调整、取消与点名请在行事历中进行。">
      <ListPage def={scheduleResource} />
    </PageWrapper>
  );
}
