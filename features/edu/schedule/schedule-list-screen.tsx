'use client';

import { ScheduleList } from './schedule-list';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { scheduleResource } from './schedule-resource';

/** 课表 (calendar/TblCalendarList): the teaching sessions as a read-only list, earliest first. */
export default function ScheduleListScreen() {
  return (
    <PageWrapper description="教学课次，按上课时间排列，从今天开始；教师默认只看自己的课次。“第N次课”是班级按上课时间排的第几次课（已取消的不计）。调整、取消与点名请在行事历中进行。">
      <ScheduleList def={scheduleResource} />
    </PageWrapper>
  );
}
