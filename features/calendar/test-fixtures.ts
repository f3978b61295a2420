import type { CalendarEntry } from '@/lib/calendar/types';

/** A teaching session as the range API answers it, for the calendar's tests (override any field). */
export const calendarEntry = (over: Partial<CalendarEntry> = {}): CalendarEntry => ({
  id: 'c1',
  type: 0,
  title: '初二数学A班 第3次课',
  clazzId: 'z1',
  clazzName: '初二数学A班',
  courseId: 'k1',
  courseName: '初二数学',
  seriesId: null,
  lessonNo: 3,
  clazzStartTime: '2026-11-23 10:00:00',
  clazzEndTime: '2026-11-23 11:30:00',
  allDay: false,
  locationId: 'l1',
  locationName: '中关村校区',
  roomId: 'r1',
  roomName: '201教室',
  teachers: [
    { teacherId: 't1', role: 1, name: '周明' },
    { teacherId: 't2', role: 2, name: '李文静' },
  ],
  status: 0,
  scope: 0,
  color: null,
  hours: 1.5,
  studentCount: 12,
  conflictOverride: false,
  ...over,
});
