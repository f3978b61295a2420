'use client';

import { useAuth } from '@/components/shell/shell-context';
import { NoPermission } from '@/features/system/no-permission';
import CalendarPanelScreen from '../calendar-panel-screen';
import { CAL_PERM } from '../calendar-api';

/**
 * 内部班行事历 (calpanel/InnerCalendarPanel, /inner/calendar): the home calendar over the 内部班 (scope 1)
 * sessions and classes. The view state stays in this page's URL, as on the home screen.
 */
export default function InnerCalendarScreen() {
  const { mode } = useAuth();
  if (mode(CAL_PERM.innerList) === 'hide') return <NoPermission code={CAL_PERM.innerList} />;
  return <CalendarPanelScreen scope={1} />;
}
