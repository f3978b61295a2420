'use client';

import { ListPage } from '@/components/data/list/list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { holidayResource } from './holiday-resource';

/** 节假日 (calendar/TblHolidayList). */
export default function HolidayListScreen() {
  return (
    <PageWrapper description="节假日区间（含首尾两天）：批量排课时默认跳过这些日期。">
      <ListPage def={holidayResource} />
    </PageWrapper>
  );
}
