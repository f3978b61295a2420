'use client';

import { ListPage } from '@/components/data/list/list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { NoPermission } from '@/features/system/no-permission';
import { HOLIDAY_PERM, holidayResource } from './holiday-resource';

const LIST = `${HOLIDAY_PERM}:list`;

/** 节假日 (calendar/TblHolidayList). */
export default function HolidayListScreen() {
  const { mode } = useAuth();
  if (mode(LIST) === 'hide') return <NoPermission code={LIST} />;
  return (
    <PageWrapper description="节假日区间（含首尾两天）：批量排课时默认跳过这些日期。">
      <ListPage def={holidayResource} />
    </PageWrapper>
  );
}
