/**
 * The 操作记录 of an entry (tbl_calendar_log.action) in words (issue #39: the drawer showed `add · 赵立新`).
 * The log stores short codes; this is the one mapping from code to the Chinese word, applied when the log is read
 * (server/calendar/calendar-queries.ts), so rows written before it read right too. An action stored in words
 * already (应用教学模板) or unknown here shows as stored.
 */
export const CALENDAR_LOG_ACTION_TEXT: Readonly<Record<string, string>> = {
  add: '新增',
  edit: '编辑',
  delete: '删除',
  import: '导入',
  cancel: '取消',
  override: '强制保存',
  leave: '请假',
  reschedule: '调课',
  check: '点名',
  revoke: '撤销点名',
  makeup: '安排补课',
  trial: '预约试听',
};

export const calendarLogActionText = (action: string): string =>
  Object.prototype.hasOwnProperty.call(CALENDAR_LOG_ACTION_TEXT, action) ? CALENDAR_LOG_ACTION_TEXT[action] : action;
