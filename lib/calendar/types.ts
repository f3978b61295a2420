/**
 * The 行事历 wire shapes (issue 7), shared by the embedded backend and the browser. Times on the wire are
 * 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai (the JeecgBoot convention, spec 02 §9 datetime format);
 * dates 'YYYY-MM-DD'. Status codes follow ../shared/domain.md §1 and server/db/schema.ts.
 */

/** 0 教学排课 (课次), 1 活动, 2 考试, 3 停课/假期, 4 会议. */
export type CalendarType = 0 | 1 | 2 | 3 | 4;
export const CALENDAR_TYPES: { value: CalendarType; text: string; color: string }[] = [
  { value: 0, text: '教学排课', color: '#1677ff' },
  { value: 1, text: '活动', color: '#13a8a8' },
  { value: 2, text: '考试', color: '#d46b08' },
  { value: 3, text: '停课/假期', color: '#8c8c8c' },
  { value: 4, text: '会议', color: '#722ed1' },
];

/** 0 未开始 1 已点名 2 已取消 3 已调课. */
export type CalendarStatus = 0 | 1 | 2 | 3;
export const CALENDAR_STATUS_TEXT: Record<CalendarStatus, string> = { 0: '未开始', 1: '已点名', 2: '已取消', 3: '已调课' };

/** 1 主讲 2 辅导. */
export type TeacherRole = 1 | 2;
export const TEACHER_ROLE_TEXT: Record<TeacherRole, string> = { 1: '主讲', 2: '辅导' };

/** 0 待签 1 到课 2 迟到 3 请假 4 缺席. */
export type ArrivalStatus = 0 | 1 | 2 | 3 | 4;
export const ARRIVAL_STATUS_TEXT: Record<ArrivalStatus, string> = { 0: '待签', 1: '到课', 2: '迟到', 3: '请假', 4: '缺席' };

/** 0 正式 1 临时 2 试听 3 补课. */
export type MemberType = 0 | 1 | 2 | 3;
export const MEMBER_TYPE_TEXT: Record<MemberType, string> = { 0: '正式', 1: '临时', 2: '试听', 3: '补课' };

/** 0 无需 1 待补课 2 已安排 3 已补. */
export type MakeupStatus = 0 | 1 | 2 | 3;
export const MAKEUP_STATUS_TEXT: Record<MakeupStatus, string> = { 0: '无需', 1: '待补课', 2: '已安排', 3: '已补' };

export interface EntryTeacher {
  teacherId: string;
  role: TeacherRole;
  /** Filled by the server on reads. */
  name?: string;
}

/** One entry as the calendar views draw it (GET /calendar/tblCalendar/range). */
export interface CalendarEntry {
  id: string;
  type: CalendarType;
  title: string;
  clazzId: string | null;
  clazzName: string | null;
  courseId: string | null;
  courseName: string | null;
  seriesId: string | null;
  lessonNo: number | null;
  clazzStartTime: string;
  clazzEndTime: string;
  allDay: boolean;
  locationId: string | null;
  locationName: string | null;
  roomId: string | null;
  roomName: string | null;
  teachers: EntryTeacher[];
  status: CalendarStatus;
  scope: 0 | 1;
  color: string | null;
  hours: number;
  /** Headcount of students on the roll (not 已退班), for the cell. */
  studentCount: number;
  conflictOverride: boolean;
}

/** queryById adds what the detail drawer shows (the roll comes from GET /calendar/lessonStudent/list). */
export interface CalendarEntryDetail extends CalendarEntry {
  content: string | null;
  liveUrl: string | null;
  remark: string | null;
  overrideReason: string | null;
  auditStatus: number;
  log: { action: string; detail: string | null; operator: string | null; createTime: string }[];
}

export interface LessonStudentRow {
  id: string;
  studentId: string;
  studentName: string;
  phone: string;
  memberType: MemberType;
  arrivalStatus: ArrivalStatus;
  deductHours: number | null;
  makeupStatus: MakeupStatus;
  checkTime: string | null;
  /** The student's remaining hours on this course's active packages (null: no package). */
  remainHours: number | null;
}

/** Filters of the range query and the views (all optional, combined with AND). */
export interface CalendarFilter {
  start: string; // date or datetime, inclusive
  end: string; // exclusive; at most 62 days after start
  teacherId?: string;
  locationId?: string;
  roomId?: string;
  clazzId?: string;
  courseId?: string;
  /** comma list of CalendarType */
  type?: string;
  /** 0 对外教学 1 内部班 (the inner-class screens fix 1). */
  scope?: 0 | 1;
}

/** Body of add (one entry) and the base of edit. */
export interface CalendarEntryInput {
  type: CalendarType;
  title?: string;
  clazzId?: string | null;
  clazzStartTime: string;
  clazzEndTime: string;
  allDay?: boolean;
  locationId?: string | null;
  roomId?: string | null;
  teachers?: EntryTeacher[];
  content?: string | null;
  liveUrl?: string | null;
  remark?: string | null;
  hours?: number;
  scope?: 0 | 1;
  /** Save despite a clash: needs calendar:entry:override; the reason is logged. */
  override?: { reason: string };
}

/** this / this and following / all (rule R3). */
export type SeriesScope = 'this' | 'following' | 'all';

/** PUT /calendar/tblCalendar/edit: move, resize, re-assign; `apply` extends the same change along the series. */
export interface CalendarEntryEdit extends Partial<CalendarEntryInput> {
  id: string;
  /** Which entries of the series: default 'this'. */
  apply?: SeriesScope;
}

/** POST /calendar/scheduleSeries/preview | add. */
export interface SeriesInput {
  clazzId: string;
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** either endDate or count */
  endDate?: string | null;
  count?: number | null;
  /** 1 = Monday … 7 = Sunday (ISO). */
  weekdays: number[];
  /** every n weeks, default 1 */
  interval?: number;
  /** 'HH:mm' */
  startTime: string;
  endTime: string;
  locationId?: string | null;
  roomId?: string | null;
  teachers: EntryTeacher[];
  skipHoliday?: boolean;
  /** 'YYYY-MM-DD' dates to leave out (EXDATE). */
  exdates?: string[];
  hours?: number;
  override?: { reason: string };
}

export interface SeriesPreview {
  rrule: string;
  sessions: { lessonNo: number; clazzStartTime: string; clazzEndTime: string; conflicts: Conflict[] }[];
  skippedHolidays: string[];
}

/**
 * A clash (rule R1), named so a person can act on it: who (teacher / room / class), where, when.
 * Returned in `result.conflicts` with code 409 and the first clash in `message`.
 */
export interface Conflict {
  kind: 'teacher' | 'room' | 'clazz';
  /** The contested resource: teacher name, room (venue) name or class name. */
  resourceName: string;
  calendarId: string;
  title: string;
  clazzStartTime: string;
  clazzEndTime: string;
  locationName: string | null;
  roomName: string | null;
  teacherNames: string[];
}

/** How a clash names its kind (the conflict dialog and the series preview). */
export const CONFLICT_KIND_TEXT: Record<Conflict['kind'], string> = { teacher: '教师', room: '教室', clazz: '班级' };

export interface ConflictResult {
  conflicts: Conflict[];
  /** The caller holds calendar:entry:override and may save with a reason. */
  canOverride: boolean;
}

/** POST /calendar/lessonStudent/check (点名). */
export interface CheckInput {
  calendarId: string;
  items: { studentId: string; arrivalStatus: Exclude<ArrivalStatus, 0>; deductHours?: number | null }[];
}

/** Answer of POST /calendar/lessonStudent/check; warnings name low or missing packages (rule R7). */
export interface CheckResult {
  checked: number;
  consumedHours: number;
  warnings: string[];
}

/** POST /calendar/lessonStudent/makeup: 待补课 rows into a later session as 补课 rows. */
export interface MakeupInput {
  fromLessonStudentIds: string[];
  toCalendarId: string;
}

/** One 待补课 row (GET /calendar/lessonStudent/pendingMakeup, paged). */
export interface PendingMakeupRow {
  id: string;
  studentId: string;
  studentName: string;
  phone: string;
  calendarId: string;
  title: string | null;
  clazzId: string | null;
  clazzName: string | null;
  courseId: string | null;
  courseName: string | null;
  clazzStartTime: string;
  clazzEndTime: string;
  arrivalStatus: ArrivalStatus;
}

/** GET /edu/student/courses?studentId=: packages (status 0 正常 1 停课 2 结课) and the last 20 课消 (status 0 正常 1 已撤销). */
export interface StudentCourses {
  packages: {
    id: string;
    courseId: string;
    courseName: string | null;
    unit: number;
    buyQty: number;
    giftQty: number;
    usedQty: number;
    remainQty: number;
    status: number;
    validFrom: string | null;
    validTo: string | null;
  }[];
  consumeLogs: {
    id: string;
    createTime: string;
    calendarId: string;
    title: string | null;
    clazzStartTime: string | null;
    courseName: string | null;
    hours: number;
    hoursBefore: number;
    hoursAfter: number;
    status: number;
  }[];
}

export const CONFLICT_CODE = 409;
/** The widest range one range query may ask for (a month view shows up to 6 weeks). */
export const MAX_RANGE_DAYS = 62;
export const CALENDAR_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const CALENDAR_TZ_OFFSET = '+08:00';
/**
 * The realtime message (`/websocket/{userId}`) telling a user that sessions they teach changed: an open
 * 行事历 reloads its range. It carries no data, so nobody learns of a session they may not read.
 */
export const CALENDAR_CHANGED = { cmd: 'calendar', msgTxt: '行事历已更新' } as const;

/* ---------- 直播课堂 (server/calendar/live.ts) ---------- */

/** A session may be joined from this many minutes before its start until its end. */
export const LIVE_JOIN_LEAD_MINUTES = 15;
/** Presence older than this no longer counts as online (the page beats every 30 s). */
export const LIVE_ONLINE_SECONDS = 60;
/** How far ahead the live list reaches, from today's start (Shanghai). */
export const LIVE_LIST_DAYS = 8;

/** One row of `/calendar/live/list`. */
export interface LiveSession {
  id: string;
  title: string;
  type: CalendarType;
  clazzName: string | null;
  courseName: string | null;
  /** Names, 主讲 first. */
  teachers: string;
  clazzStartTime: string;
  clazzEndTime: string;
  status: CalendarStatus;
  scope: 0 | 1;
  liveUrl: string | null;
  /** LIVE_PROVIDER_URL is set, so 生成直播链接 can fill an empty link. */
  canGenerate: boolean;
  online: number;
}

/** One row of `/calendar/live/presence`. */
export interface LivePresence {
  userId: string;
  realname: string;
  joinedAt: string;
  lastSeen: string;
}
