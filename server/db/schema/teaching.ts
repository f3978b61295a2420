import type { Generated } from 'kysely';
import type { Audit, DateCol } from './columns';

/** 场地 (0011-location): province / city are 6-digit region codes; status and is_double_teacher 1 / 0. */
export interface TblLocationTable {
  id: string;
  longitude: number | null;
  latitude: number | null;
  province: string;
  city: string;
  /** 场地名称 (0018): what pickers and the calendar show. */
  name: string;
  dict: string | null;
  detail_location: string;
  is_double_teacher: Generated<number>;
  max_member: number;
  in_charge: string | null;
  status: Generated<number>;
  priority: number | null;
  remark: string | null;
  hotel_contact: string | null;
  phone: string | null;
  hotel_expenses: string | null;
  own_by: string | null;
  del_flag: Generated<number>; // 0 normal, 1 deleted
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
  name_pinyin: string | null;
}

/** 教师: job_type 1 全职 2 兼职; status 0 未入职 1 在职 2 离职; teach_roles '1,2' (主讲, 辅导). */
export interface TblTeacherTable extends Audit {
  id: string;
  user_id: string | null;
  name: string;
  phone: string | null;
  gender: number | null;
  job_type: Generated<number>;
  status: Generated<number>;
  subjects: string | null;
  certification: string | null;
  teach_roles: Generated<string>;
  venue_id: string | null;
  depart_id: string | null;
  remark: string | null;
  own_by: string | null;
  sys_org_code: string | null;
  name_pinyin: string | null;
}

/** 调动: from/to department (campus) and venue, effective date, and to whom future sessions went. */
export interface TblTeacherTransferTable {
  id: string;
  teacher_id: string;
  from_depart: string | null;
  to_depart: string;
  from_venue: string | null;
  to_venue: string | null;
  effective_date: DateCol;
  reason: string | null;
  reassign_to: string | null;
  reassigned: Generated<number>;
  create_by: string | null;
  create_time: Generated<Date>;
}

/** 教室 of a venue. */
export interface TblRoomTable extends Audit {
  id: string;
  location_id: string;
  name: string;
  capacity: number;
  status: Generated<number>;
  remark: string | null;
  name_pinyin: string | null;
}

/** 课程: mode 1 一对一 2 一对多; unit 1 课时 2 天 3 月; status 0 未开始 1 正常 2 已结束. */
export interface TblCourseTable extends Audit {
  id: string;
  name: string;
  subject: string | null;
  mode: Generated<number>;
  unit: Generated<number>;
  default_hours: Generated<string>;
  price: string | null;
  total_lessons: number | null;
  color: string | null;
  intro: string | null;
  status: Generated<number>;
  own_by: string | null;
  sys_org_code: string | null;
  /** 课程分类 (0023), a tbl_course_type node. */
  type_id: string | null;
  name_pinyin: string | null;
  code: string | null;
}

/** 班级: status 0 未开始 1 正常 2 结班; schedule_status 0 未排课 1 排课中 2 已排课; scope 0 对外 1 内部. */
export interface TblClazzTable extends Audit {
  id: string;
  name: string;
  course_id: string | null;
  head_teacher: string | null;
  location_id: string | null;
  room_id: string | null;
  capacity: number;
  allow_over: Generated<number>;
  leave_charge: Generated<number>;
  absent_charge: Generated<number>;
  hours_per_lesson: Generated<string>;
  status: Generated<number>;
  schedule_status: Generated<number>;
  scope: Generated<number>;
  start_date: DateCol | null;
  end_date: DateCol | null;
  color: string | null;
  remark: string | null;
  own_by: string | null;
  sys_org_code: string | null;
  name_pinyin: string | null;
  clazz_no: string | null;
}

/** 班级成员: status 1 正常 2 已退班. */
export interface TblClazzStudentTable {
  id: string;
  clazz_id: string;
  student_id: string;
  status: Generated<number>;
  join_date: DateCol | null;
  leave_date: DateCol | null;
  create_by: string | null;
  create_time: Generated<Date>;
}

export interface TblClazzGroupTable {
  id: string;
  clazz_id: string;
  name: string;
  sort: Generated<number>;
  create_by: string | null;
  create_time: Generated<Date>;
}

export interface TblClazzGroupMemberTable {
  id: string;
  group_id: string;
  student_id: string;
}

/** 学员: student_type 0 潜在 1 在读 2 历史; status 1 正常 2 冻结; phone unique among live rows. */
export interface TblStudentTable extends Audit {
  id: string;
  name: string;
  phone: string;
  gender: number | null;
  birthday: DateCol | null;
  school: string | null;
  grade: string | null;
  guardian: string | null;
  guardian_phone: string | null;
  source: number | null;
  student_type: Generated<number>;
  status: Generated<number>;
  tags: string | null;
  remark: string | null;
  own_by: string | null;
  sys_org_code: string | null;
  /**
  * 0024-pinyin-key: each `<column>_pinyin` holds the 拼音 sort key of `<column>`
  * (server/resources/pinyin-key.ts); null until filled, never stale (the migration's guard trigger).
  */
  name_pinyin: string | null;
  student_no: string | null;
}

/** 课时包: remain_qty is generated (buy + gift − used); status 0 正常 1 停课 2 结课. */
export interface TblStudentCourseTable extends Audit {
  id: string;
  student_id: string;
  course_id: string;
  unit: Generated<number>;
  buy_qty: Generated<string>;
  gift_qty: Generated<string>;
  used_qty: Generated<string>;
  remain_qty: Generated<string>;
  amount: string | null;
  valid_from: DateCol | null;
  valid_to: DateCol | null;
  status: Generated<number>;
  remark: string | null;
}

export interface TblHolidayTable extends Audit {
  id: string;
  name: string;
  start_date: DateCol;
  end_date: DateCol;
  remark: string | null;
}

/** 排课规则: an RFC 5545 RRULE with EXDATEs, local wall-clock times 'HH:mm' (Asia/Shanghai). */
export interface TblScheduleSeriesTable extends Audit {
  id: string;
  clazz_id: string;
  rrule: string;
  exdates: Generated<string[]>;
  start_date: DateCol;
  end_date: DateCol | null;
  count: number | null;
  start_time: string;
  end_time: string;
  location_id: string | null;
  room_id: string | null;
  teachers: Generated<{ teacherId: string; role: number }[]>;
  skip_holiday: Generated<number>;
  hours: Generated<string>;
  template_id: string | null;
}

/**
 * 行事历 entry. type 0 教学排课 (课次), 1 活动, 2 考试, 3 停课/假期, 4 会议; status 0 未开始 1 已点名 2 已取消
 * 3 已调课; audit_status 0 待审核 1 已通过 2 已驳回 3 已撤销; scope 0 对外教学 1 内部班.
 */
export interface TblCalendarTable extends Audit {
  id: string;
  type: Generated<number>;
  title: string | null;
  clazz_id: string | null;
  course_id: string | null;
  series_id: string | null;
  lesson_no: number | null;
  start_time: Date;
  end_time: Date;
  all_day: Generated<number>;
  location_id: string | null;
  room_id: string | null;
  hours: Generated<string>;
  content: string | null;
  live_url: string | null;
  status: Generated<number>;
  audit_status: Generated<number>;
  scope: Generated<number>;
  color: string | null;
  remark: string | null;
  conflict_override: Generated<number>;
  override_reason: string | null;
  rescheduled_to: string | null;
  own_by: string | null;
  sys_org_code: string | null;
  /** 教学模板 (0023): the template lesson this session was filled from, and the content as applied. */
  template_item_id: string | null;
  applied_content: string | null;
  /** 0051: the title a template last put there, and the lesson's homework title (issue #39). */
  applied_title: string | null;
  homework_title: string | null;
}

/** An entry's teacher: role 1 主讲 2 辅导. start_time / end_time / live are filled by a trigger. */
export interface TblCalendarTeacherTable {
  id: string;
  calendar_id: string;
  teacher_id: string;
  role: Generated<number>;
  start_time: Generated<Date>;
  end_time: Generated<Date>;
  live: Generated<number>;
}

/**
 * 点名 row: member_type 0 正式 1 临时 2 试听 3 补课; arrival_status 0 待签 1 到课 2 迟到 3 请假 4 缺席;
 * makeup_status 0 无需 1 待补课 2 已安排 3 已补; makeup_for = the absent row this one makes up.
 */
export interface TblLessonStudentTable {
  id: string;
  calendar_id: string;
  student_id: string;
  member_type: Generated<number>;
  arrival_status: Generated<number>;
  deduct_hours: string | null;
  check_time: Date | null;
  check_by: string | null;
  makeup_status: Generated<number>;
  makeup_for: string | null;
  remark: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
}

/** 课消: status 0 正常 1 已撤销. */
export interface TblConsumeLogTable {
  id: string;
  student_course_id: string;
  student_id: string;
  calendar_id: string;
  lesson_student_id: string;
  hours: string;
  hours_before: string;
  hours_after: string;
  status: Generated<number>;
  revoke_by: string | null;
  revoke_time: Date | null;
  create_by: string | null;
  create_time: Generated<Date>;
}

export interface TblCalendarLogTable {
  id: string;
  calendar_id: string;
  action: string;
  detail: string | null;
  operator: string | null;
  create_time: Generated<Date>;
}

/** 请假 (kind 1) / 调课 (kind 2) with audit_status 0 待审核 1 已通过 2 已驳回 3 已撤销. */
export interface TblCalendarApplyTable {
  id: string;
  kind: number;
  calendar_id: string;
  student_id: string | null;
  teacher_id: string | null;
  to_start: Date | null;
  to_end: Date | null;
  to_room_id: string | null;
  reason: string | null;
  audit_status: Generated<number>;
  audit_by: string | null;
  audit_time: Date | null;
  audit_remark: string | null;
  result_calendar_id: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
}

/** 直播课堂 presence (0013-live): refreshed by the heartbeat; online = last_seen within 60 s. */
export interface TblLivePresenceTable {
  id: string;
  calendar_id: string;
  user_id: string;
  realname: string | null;
  joined_at: Generated<Date>;
  last_seen: Generated<Date>;
}
