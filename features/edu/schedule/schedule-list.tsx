'use client';

import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { Card, Checkbox, Segmented, Skeleton, Space, Typography } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import { useAuth } from '@/components/shell/shell-context';
import type { ResourceDef } from '@/lib/resources/types';
import { CAL_API, fetchScopedOptions } from '@/features/calendar/calendar-api';
import { PERMS } from '@/lib/permissions/codes';
import { whoseSessions, type Whose } from '@/features/calendar/calendar-model';

const WHOSE_OPTIONS: { value: Whose; label: string }[] = [
  { value: 'mine', label: '我的' },
  { value: 'all', label: '全部' },
];

/**
 * 课表 and 内部班课表: the sessions from today on (`upcoming=1`; 含以往课次 shows the earlier ones) and, for a
 * teacher, only her own (`mine=1`), with the 行事历's 我的/全部 switch for those allowed to see all. Whether the
 * user is a teacher comes from the 行事历 options (myTeacherIds); the server applies both filters.
 */
export function ScheduleList({ def }: { def: ResourceDef }) {
  const { mode } = useAuth();
  const canSeeAll = mode(PERMS.calendar.all) === 'show';
  // Without calendar:entry:list the options fail: such a user is not treated as a teacher.
  const { data, error } = useSWR([CAL_API.options, 0] as const, fetchScopedOptions, { revalidateOnFocus: false, shouldRetryOnError: false });
  const [chosen, setChosen] = useState<Whose | undefined>();
  const [past, setPast] = useState(false);
  const { whose, switchable } = whoseSessions(chosen, { isTeacher: (data?.myTeacherIds.length ?? 0) > 0, canSeeAll });
  const extraParams = useMemo(() => ({ ...(whose === 'mine' ? { mine: '1' } : {}), ...(past ? {} : { upcoming: '1' }) }), [whose, past]);

  // The first page waits for whose sessions to show, so a teacher never sees the whole school's list first.
  if (data === undefined && error === undefined) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  return (
    <ListPage
      def={def}
      extraParams={extraParams}
      toolbarExtra={() => (
        <Space size={12} data-testid="schedule-scope">
          {switchable ? (
            <Segmented value={whose} options={WHOSE_OPTIONS} onChange={(v) => setChosen(v as Whose)} data-testid="schedule-whose" />
          ) : (
            whose === 'mine' && <Typography.Text type="secondary">我的课次</Typography.Text>
          )}
          <Checkbox checked={past} onChange={(e) => setPast(e.target.checked)} data-testid="schedule-past">
            含以往课次
          </Checkbox>
        </Space>
      )}
    />
  );
}
