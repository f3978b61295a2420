/**
 * 请假 / 调课 applications and their 审核 (issue 7 item 7, ../shared/domain.md §1): the wire types of
 * `/calendar/tblCalendarApply/*`, shared by the server, the 审核 screen and the apply modal.
 * Times use the calendar's wire format ('YYYY-MM-DD HH:mm:ss', Asia/Shanghai).
 */

/** 1 请假 (a student misses a session), 2 调课 (the session moves to another time/room). */
export type ApplyKind = 1 | 2;
export const APPLY_KIND_TEXT: Record<ApplyKind, string> = { 1: '请假', 2: '调课' };

export type ApplyAuditStatus = 0 | 1 | 2 | 3;
export const APPLY_STATUS_TEXT: Record<ApplyAuditStatus, string> = { 0: '待审核', 1: '已通过', 2: '已驳回', 3: '已撤销' };

export const APPLY_API = {
  list: '/calendar/tblCalendarApply/list',
  add: '/calendar/tblCalendarApply/add',
  audit: '/calendar/tblCalendarApply/audit',
  withdraw: '/calendar/tblCalendarApply/withdraw',
} as const;

/** One row of the 审核 list: the application plus what a reviewer needs to judge it. */
export interface ApplyRow {
  id: string;
  kind: ApplyKind;
  calendarId: string;
  /** The session as it was applied for. */
  title: string;
  clazzId: string | null;
  clazzName: string | null;
  courseName: string | null;
  clazzStartTime: string;
  clazzEndTime: string;
  locationName: string | null;
  roomName: string | null;
  calendarStatus: number;
  studentId: string | null;
  studentName: string | null;
  teacherId: string | null;
  teacherName: string | null;
  toStartTime: string | null;
  toEndTime: string | null;
  toRoomId: string | null;
  toRoomName: string | null;
  reason: string | null;
  auditStatus: ApplyAuditStatus;
  auditBy: string | null;
  auditByName: string | null;
  auditTime: string | null;
  auditRemark: string | null;
  resultCalendarId: string | null;
  createBy: string | null;
  createByName: string | null;
  createTime: string;
  /** The caller made this application (may withdraw it while 待审核). */
  mine: boolean;
}

/** GET list params (all optional). */
export interface ApplyListQuery {
  pageNo?: number;
  pageSize?: number;
  kind?: ApplyKind;
  auditStatus?: ApplyAuditStatus;
  clazzId?: string;
  /** Session date range, 'YYYY-MM-DD' (Shanghai days, inclusive). */
  dateBegin?: string;
  dateEnd?: string;
}

export interface LeaveApplyInput {
  kind: 1;
  calendarId: string;
  studentId: string;
  reason: string;
}

export interface RescheduleApplyInput {
  kind: 2;
  calendarId: string;
  toStartTime: string;
  toEndTime: string;
  /** Empty: the session keeps its room. */
  toRoomId?: string | null;
  reason: string;
}

export type ApplyInput = LeaveApplyInput | RescheduleApplyInput;

export interface ApplyAuditInput {
  id: string;
  pass: boolean;
  /** 审核意见; required to reject. */
  remark?: string;
  /** Approve a reschedule despite a clash (needs calendar:entry:override), as in the calendar. */
  override?: { reason: string } | null;
}

export const APPLY_MESSAGES = {
  notFound: '申请不存在',
  sessionNotFound: '课次不存在或已删除',
  notLesson: '只有教学排课可以请假或调课',
  notPending: '该申请已处理',
  sessionClosed: '只有未开始的课次可以请假或调课',
  sessionStarted: '课次已开始，不能请假',
  notOnRoll: '学员不在本课次名单中',
  duplicateLeave: '该学员本课次已有待审核的请假申请',
  duplicateReschedule: '该课次已有待审核的调课申请',
  studentRequired: '请选择请假学员',
  reasonRequired: '请填写申请原因',
  reasonTooLong: '申请原因最多200个字',
  remarkRequired: '驳回时请填写审核意见',
  remarkTooLong: '审核意见最多200个字',
  timeRequired: '请选择调课后的时间',
  endBeforeStart: '结束时间必须晚于开始时间',
  startInPast: '调课后的开始时间必须晚于当前时间',
  sameSlot: '调课后的时间和教室与原课次相同',
  roomNotFound: '教室不存在',
  withdrawOthers: '只能撤销自己提交的申请',
  sessionChanged: '原课次已不是未开始状态，不能通过该申请',
  targetPast: '调课后的开始时间已过，请驳回后重新申请',
} as const;
