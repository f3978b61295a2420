import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

/** Not /calendar/tblCalendar: those routes are the hand-written 行事历 API. */
export const SCHEDULE_API = '/calendar/tblCalendarList';

/**
 * 课表 (spec 02 §9): the teaching sessions (tbl_calendar type 0), read-only, oldest first by 课次时间. The
 * wire names clazzStartTime / clazzEndTime are the columns start_time / end_time. clazzId / roomId get
 * their `_dictText` and `teachers` (主讲, names) from the server, per page.
 */
export const scheduleResource: ResourceDef = {
  name: 'tblCalendarList',
  title: '课表',
  table: 'tbl_calendar',
  api: SCHEDULE_API,
  perm: PERMS.schedule.prefix,
  rowKey: 'id',
  defaultSort: { column: 'clazzStartTime', order: 'asc' },
  softDeleteColumn: 'del_flag',
  actions: { exportXls: true },
  fields: [
    { name: 'id', label: '课次ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'clazzStartTime', column: 'start_time', label: '上课时间', kind: 'datetime', search: 'range', sortable: true, width: 170 },
    { name: 'clazzEndTime', column: 'end_time', label: '下课时间', kind: 'datetime', sortable: true, width: 170 },
    { name: 'clazzId', label: '班级', kind: 'select', width: 160 },
    { name: 'lessonNo', label: '第几次课', kind: 'inputNumber', type: 'int', width: 90 },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: [{ value: '0', text: '未开始' }, { value: '1', text: '已点名' }, { value: '2', text: '已取消' }, { value: '3', text: '已调课' }], search: 'eq', width: 80 },
    { name: 'roomId', label: '教室', kind: 'select', width: 100 },
    { name: 'teachers', label: '主讲', kind: 'input', virtual: true, width: 120 },
    { name: 'hours', label: '课时', kind: 'inputNumber', type: 'number', width: 70 },
  ],
};

export const INNER_SCHEDULE_API = '/calendar/tblCalendarInnerList';

/**
 * 内部班课表 (calendar/InnerCalendarList): the same list over the 内部班 sessions (scope 1). The scope is a
 * server-side filter of each resource (server/edu/catalog-teaching.ts), never a client parameter;
 * no export (no code for it is seeded).
 */
export const innerScheduleResource: ResourceDef = {
  ...scheduleResource,
  name: 'tblCalendarInnerList',
  title: '内部班课表',
  api: INNER_SCHEDULE_API,
  // 内部班课表's code prefix: the engine asks `calendar:inner:list` for its list and queryById.
  perm: PERMS.inner.prefix,
  actions: {},
};
