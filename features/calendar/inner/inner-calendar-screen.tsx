'use client';

import CalendarPanelScreen from '../calendar-panel-screen';

/**
 * 内部班行事历 (calpanel/InnerCalendarPanel, /inner/calendar): the home calendar over the 内部班 (scope 1)
 * sessions and classes. The view state stays in this page's URL, as on the home screen.
 */
export default function InnerCalendarScreen() {
  return <CalendarPanelScreen scope={1} />;
}
