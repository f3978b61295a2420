'use client';

import type { ResourceDef } from '@/lib/resources/types';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { LeadList } from './lead-list-screen';
import { FOLLOW_DUE_PARAM, FOLLOW_DUE_TODAY } from './lead-resource';

/** Only leads due by the end of today (the server reads this one value), overdue ones first by time. */
const PARAMS = { [FOLLOW_DUE_PARAM]: FOLLOW_DUE_TODAY };
const TODAY: Partial<ResourceDef> = {
  defaultSort: { column: 'nextFollowTime', order: 'asc' },
  actions: { add: false, importExcel: false, delete: false, deleteBatch: false },
};

/**
 * 今日待跟进 (crm/FollowTodayList): my leads (the 线索 list's visibility) whose next follow-up is before the end of
 * today in Asia/Shanghai, soonest first; overdue ones in red with 已逾期. Following up happens in the same drawer.
 */
export default function FollowTodayScreen() {
  return (
    <PageWrapper description="今日待跟进：下次跟进时间在今天结束之前的线索（含已逾期，红色标出），按下次跟进时间排列。点击姓名或“跟进”记录本次跟进并约定下次时间。">
      <LeadList extraParams={PARAMS} defOverride={TODAY} />
    </PageWrapper>
  );
}
