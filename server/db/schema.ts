import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Tables follow JeecgBoot's names (contract §3, §4, §6, §11); columns in snake_case. */
export interface SysUserTable {
  id: string;
  username: string;
  realname: string;
  password_hash: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  org_code: string | null;
  status: Generated<number>; // 1 normal, 2 frozen
  del_flag: Generated<number>; // 0 normal, 1 deleted
  work_no: string | null;
  post: string | null;
  telephone: string | null;
  user_identity: number | null;
  rel_tenant_ids: string | null;
  is_admin: Generated<number>;
  is_marketing: Generated<number>;
  account_end_time: Date | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
  /** Custom columns' values by jdbcField (0009). */
  ext_fields: Record<string, unknown> | null;
  /** 负责部门: comma-joined ids of the departments a supervisor (user_identity 2) manages (0016); not membership. */
  depart_ids: string | null;
}

export interface SysDepartTable {
  id: string;
  parent_id: string | null;
  depart_name: string;
  depart_name_en: string | null;
  depart_name_abbr: string | null;
  depart_order: Generated<number>;
  description: string | null;
  org_category: Generated<string>; // 1 company, 2 department, 3 post
  org_type: Generated<string>; // level, '1' = root
  org_code: string;
  mobile: string | null;
  fax: string | null; // 0010
  director_user_ids: string | null; // 0010, comma-joined user ids
  area_code: string | null; // 0010, 6-digit region code
  address: string | null;
  memo: string | null;
  status: Generated<string>;
  del_flag: Generated<string>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

export interface SysUserDepartTable {
  id: string;
  user_id: string;
  dep_id: string;
}

export interface SysRoleTable {
  id: string;
  role_name: string;
  role_code: string;
  description: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

export interface SysUserRoleTable {
  id: string;
  user_id: string;
  role_id: string;
}

export interface SysPermissionTable {
  id: string;
  parent_id: string | null;
  name: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: number; // 0 top menu, 1 sub menu, 2 button
  perms: string | null;
  perms_type: string | null; // '1' visible, '2' disabled
  sort_no: Generated<number>;
  always_show: Generated<boolean>;
  icon: string | null;
  is_route: Generated<boolean>;
  is_leaf: Generated<boolean>;
  keep_alive: Generated<boolean>;
  hidden: Generated<boolean>;
  hide_tab: Generated<boolean>;
  description: string | null;
  status: Generated<string>; // '1' active, '0' inactive
  del_flag: Generated<number>;
  rule_flag: Generated<number>;
  internal_or_external: Generated<boolean>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

export interface SysRolePermissionTable {
  id: string;
  role_id: string;
  permission_id: string;
}

export interface SysDictTable {
  id: string;
  dict_name: string;
  dict_code: string;
  description: string | null;
  del_flag: Generated<number>;
  type: Generated<number>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

export interface SysDictItemTable {
  id: string;
  dict_id: string;
  item_text: string;
  item_value: string;
  description: string | null;
  sort_order: Generated<number>;
  status: Generated<number>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

export interface SysTenantTable {
  id: number;
  name: string;
  status: Generated<number>;
  create_time: Generated<Date>;
}

/** Server-side session record behind every token: the token itself is never stored, only its SHA-256. */
export interface SysUserSessionTable {
  token_hash: string;
  user_id: string;
  client_ip: string | null;
  user_agent: string | null;
  login_type: string;
  create_time: Generated<Date>;
  last_seen: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
}

export interface SysCaptchaTable {
  check_key: string;
  code_hash: string;
  expires_at: Date;
}

export interface SysSmsCodeTable {
  mobile: string;
  mode: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Date;
  create_time: Generated<Date>;
}

export interface SysLoginAttemptTable {
  id: Generated<number>;
  username: string;
  client_ip: string;
  success: boolean;
  create_time: Generated<Date>;
}

export interface SysLogTable {
  id: Generated<number>;
  log_type: number; // 1 login, 2 operation
  log_content: string;
  userid: string | null;
  username: string | null;
  ip: string | null;
  create_time: Generated<Date>;
}

/** Links a third-party (OAuth2) account to a user; one provider account maps to at most one user. */
export interface SysThirdAccountTable {
  id: string;
  sys_user_id: string;
  third_type: string;
  third_user_uuid: string;
  realname: string | null;
  avatar: string | null;
  create_time: Generated<Date>;
}

/** One-time, 60-second ticket between a completed OAuth2 exchange and the session it becomes (hash only). */
export interface SysThirdLoginTicketTable {
  token_hash: string;
  sys_user_id: string;
  third_type: string;
  expires_at: Date;
}

export interface DB {
  sys_user: SysUserTable;
  sys_depart: SysDepartTable;
  sys_user_depart: SysUserDepartTable;
  sys_role: SysRoleTable;
  sys_user_role: SysUserRoleTable;
  sys_permission: SysPermissionTable;
  sys_role_permission: SysRolePermissionTable;
  sys_dict: SysDictTable;
  sys_dict_item: SysDictItemTable;
  sys_tenant: SysTenantTable;
  sys_user_session: SysUserSessionTable;
  sys_captcha: SysCaptchaTable;
  sys_sms_code: SysSmsCodeTable;
  sys_login_attempt: SysLoginAttemptTable;
  sys_log: SysLogTable;
  sys_third_account: SysThirdAccountTable;
  sys_third_login_ticket: SysThirdLoginTicketTable;
}

export type SysUser = Selectable<SysUserTable>;
export type NewSysUser = Insertable<SysUserTable>;
export type SysDepart = Selectable<SysDepartTable>;
export type SysPermission = Selectable<SysPermissionTable>;

/** Category dictionary (contract §6): a tree by pid ('0' = root); children's codes start with the parent's. */
export interface SysCategoryTable {
  id: string;
  pid: Generated<string>;
  name: string;
  code: string;
  has_child: Generated<string>; // '1' has children, '0' leaf
  sys_org_code: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

/** Declaration merging adds the table to DB without touching the list above. */
export interface DB {
  sys_category: SysCategoryTable;
}

export type SysCategory = Selectable<SysCategoryTable>;

/** Coding rules for /sys/checkRule/checkByCode: rule_json is an array of {digits, pattern, message}. */
export interface SysCheckRuleTable {
  id: string;
  rule_name: string;
  rule_code: string;
  rule_json: string;
  rule_description: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

/** Custom list columns of a resource table (/sys/sysTableColumn/list). */
export interface SysTableColumnTable {
  id: string;
  table_name: string;
  name: string;
  jdbc_field: string;
  show_type: Generated<string>;
  option_item: string | null;
  prompt: string | null;
  sort: Generated<number>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

/** Declaration merging, as for sys_category: the resource engine's tables (0004-resources). */
export interface DB {
  sys_check_rule: SysCheckRuleTable;
  sys_table_column: SysTableColumnTable;
}

/** System announcements (contract §5). `titile` is JeecgBoot's spelling; flags are '0'/'1' strings as there. */
export interface SysAnnouncementTable {
  id: string;
  titile: string;
  msg_content: string | null;
  start_time: Date | null;
  end_time: Date | null;
  sender: string | null;
  priority: Generated<string>; // L general, M important, H urgent
  msg_category: Generated<string>; // '1' 通知公告, '2' 系统消息
  msg_type: Generated<string>; // 'ALL' | 'USER'
  send_status: Generated<string>; // '0' draft, '1' published, '2' revoked
  send_time: Date | null;
  cancel_time: Date | null;
  del_flag: Generated<string>;
  user_ids: string | null; // 'id1,id2,' (trailing comma, as JeecgBoot stores it)
  bus_type: string | null;
  bus_id: string | null;
  open_type: string | null; // 'url' | 'component'
  open_page: string | null;
  msg_abstract: string | null;
  dt_task_id: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

/** Who has (or will get) an announcement and whether they read it; one row per (announcement, user). */
export interface SysAnnouncementSendTable {
  id: string;
  annt_id: string;
  user_id: string;
  read_flag: Generated<string>; // '0' unread, '1' read
  read_time: Date | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

/** Message templates: `${name}` placeholders in title and content; type '1' plain text, '2' HTML. */
export interface SysMessageTemplateTable {
  id: string;
  template_code: string;
  template_name: string;
  template_title: string;
  template_content: string;
  template_type: Generated<string>;
  template_test_json: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

/** Declaration merging, as above: announcements and messages (0006-announcements). */
export interface DB {
  sys_announcement: SysAnnouncementTable;
  sys_announcement_send: SysAnnouncementSendTable;
  sys_message_template: SysMessageTemplateTable;
}

export type SysAnnouncement = Selectable<SysAnnouncementTable>;
export type SysMessageTemplate = Selectable<SysMessageTemplateTable>;

/** Saved advanced queries per user and page (0007-saved-query); `rules` is a JSON array of conditions. */
export interface SysSavedQueryTable {
  id: string;
  user_id: string;
  code: string;
  title: string;
  match_type: Generated<string>; // 'and' | 'or'
  rules: string;
  create_time: Generated<Date>;
  update_time: Date | null;
}

/** Declaration merging, as above (0007-saved-query). */
export interface DB {
  sys_saved_query: SysSavedQueryTable;
}

export type SysSavedQuery = Selectable<SysSavedQueryTable>;

/** A menu's data rule (0008): `rule_column` is a resource field name (camelCase), never a raw column. */
export interface SysPermissionDataRuleTable {
  id: string;
  permission_id: string;
  rule_name: string;
  rule_column: string;
  rule_conditions: string; // '=', '!=', '>', '>=', '<', '<=', 'IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE'
  rule_value: string; // a literal or one system variable such as #{sys_user_code}
  status: Generated<string>; // '1' active, '0' inactive
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

/** Declaration merging (0008): the rule table, and the role link's chosen rules (comma list of rule ids). */
export interface SysRolePermissionTable {
  data_rule_ids: Generated<string | null>; // optional on insert: the seed and role saves write none
}

export interface DB {
  sys_permission_data_rule: SysPermissionDataRuleTable;
}

export type SysPermissionDataRule = Selectable<SysPermissionDataRuleTable>;

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
}

/** Declaration merging (0011-location). */
export interface DB {
  tbl_location: TblLocationTable;
}

/* ---- Teaching affairs (0012-teaching). numeric columns arrive as strings from both drivers. ---- */

/** `date` columns: written as 'YYYY-MM-DD', read back as a Date at UTC midnight by both drivers. */
type DateCol = ColumnType<Date, string, string>;

type Audit = {
  del_flag: Generated<number>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
};

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

/** Declaration merging (0012-teaching). */
export interface DB {
  tbl_teacher: TblTeacherTable;
  tbl_teacher_transfer: TblTeacherTransferTable;
  tbl_room: TblRoomTable;
  tbl_course: TblCourseTable;
  tbl_clazz: TblClazzTable;
  tbl_clazz_student: TblClazzStudentTable;
  tbl_clazz_group: TblClazzGroupTable;
  tbl_clazz_group_member: TblClazzGroupMemberTable;
  tbl_student: TblStudentTable;
  tbl_student_course: TblStudentCourseTable;
  tbl_holiday: TblHolidayTable;
  tbl_schedule_series: TblScheduleSeriesTable;
  tbl_calendar: TblCalendarTable;
  tbl_calendar_teacher: TblCalendarTeacherTable;
  tbl_lesson_student: TblLessonStudentTable;
  tbl_consume_log: TblConsumeLogTable;
  tbl_calendar_log: TblCalendarLogTable;
  tbl_calendar_apply: TblCalendarApplyTable;
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

/** Declaration merging (0013-live). */
export interface DB {
  tbl_live_presence: TblLivePresenceTable;
}

/** 课程资料 (0014-material): material_type 1 音频 2 视频 3 图片 4 文档; paths are storage paths. */
export interface TblCourseMaterialTable extends Audit {
  id: string;
  course_id: string;
  name: string;
  material_type: number;
  file_path: string;
  file_size: ColumnType<number | null, number | null | undefined, number | null>;
  /** The uploaded file's own name (0022), for display and download; null on older rows. */
  file_name: string | null;
  cover_path: string | null;
  remark: string | null;
  /** 课件 (0023): the chapter; visibility 0 所有教师 1 本课程教师; downloads counted. */
  chapter_id: string | null;
  visibility: Generated<number>;
  download_count: Generated<number>;
}

/** Declaration merging (0014-material). */
export interface DB {
  tbl_course_material: TblCourseMaterialTable;
}

/** 定时任务 (0015-quartz): status 0 正常 (scheduled) / -1 停止. */
export interface SysQuartzJobTable {
  id: string;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
  del_flag: Generated<number>;
  job_class_name: string;
  cron_expression: string;
  parameter: string | null;
  description: string | null;
  status: Generated<number>;
}

/** Declaration merging (0015-quartz). */
export interface DB {
  sys_quartz_job: SysQuartzJobTable;
}

/** JeecgBoot's SysTenant columns added by 0017-tenant-position (declaration merging). */
export interface SysTenantTable {
  create_by: string | null;
  begin_date: Date | null;
  end_date: Date | null;
  /** 0048-tenant-update-audit (issue #39): the version of the tenant's edit form. */
  update_by: string | null;
  update_time: Date | null;
}

/** 职务 (0017-tenant-position): JeecgBoot's sys_position; post_rank from dict position_rank. */
export interface SysPositionTable {
  id: string;
  code: string;
  name: string;
  post_rank: string | null;
  company_id: string | null;
  sys_org_code: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

/** Declaration merging (0017-tenant-position). */
export interface DB {
  sys_position: SysPositionTable;
}

/** 课程分类 (0023-course-content): a tree. */
export interface TblCourseTypeTable extends Audit {
  id: string;
  parent_id: string | null;
  name: string;
  sort: Generated<number>;
}

/** 章节 of a course (0023): a tree under the course. */
export interface TblCourseChapterTable extends Audit {
  id: string;
  course_id: string;
  parent_id: string | null;
  title: string;
  sort: Generated<number>;
}

/** 教学模板 (0023): status 0 草稿 1 启用 2 停用. */
export interface TblTeachTemplateTable extends Audit {
  id: string;
  course_id: string;
  name: string;
  status: Generated<number>;
  remark: string | null;
}

/** One lesson of a template (0023); material_ids a comma list of tbl_course_material ids. */
export interface TblTeachTemplateItemTable {
  id: string;
  template_id: string;
  lesson_no: number;
  chapter_id: string | null;
  title: string;
  content: string | null;
  material_ids: string | null;
  homework_title: string | null;
  homework_content: string | null;
  workbook_id: string | null;
}

/** A session's materials (0023), linked when a template is applied or by hand. */
export interface TblCalendarMaterialTable {
  id: string;
  calendar_id: string;
  material_id: string;
  create_time: Generated<Date>;
  /** The template lesson that linked it (0026); null: linked by hand. */
  template_item_id: string | null;
}

/** 练习册 (0023): status 0 草稿 1 已发布 2 停用. */
export interface TblWorkbookTable extends Audit {
  id: string;
  name: string;
  course_id: string | null;
  grade: string | null;
  status: Generated<number>;
  remark: string | null;
}

/** A workbook item (0023): type 1 单选 2 多选 3 判断 4 填空 5 主观; options a JSON array of strings. */
export interface TblWorkbookItemTable {
  id: string;
  workbook_id: string;
  type: number;
  stem: string;
  options: string | null;
  answer: string | null;
  analysis: string | null;
  score: ColumnType<string, string | number | undefined, string | number>;
  sort: Generated<number>;
}

/** 作业 (0023): source 0 自定义 1 练习册; assignee_mode 0 全班 1 指定学员; status 0 草稿 1 已发布 2 已截止. */
export interface TblHomeworkTable extends Audit {
  id: string;
  clazz_id: string;
  calendar_id: string | null;
  title: string;
  content: string | null;
  attachments: string | null;
  source: Generated<number>;
  workbook_id: string | null;
  due_time: Date | null;
  max_score: ColumnType<string, string | number | undefined, string | number>;
  assignee_mode: Generated<number>;
  status: Generated<number>;
  total: Generated<number>;
  read_count: Generated<number>;
  finish_count: Generated<number>;
  sys_org_code: string | null;
}

/** A student's submission (0023): status 0 未提交 1 已提交 2 已批改 3 需订正; version guards grading. */
export interface TblHomeworkStudentTable {
  id: string;
  homework_id: string;
  student_id: string;
  status: Generated<number>;
  read_flag: Generated<number>;
  submitted_time: Date | null;
  late: Generated<number>;
  content: string | null;
  answers: string | null;
  attachments: string | null;
  score: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  comment: string | null;
  graded_by: string | null;
  graded_time: Date | null;
  version: Generated<number>;
  create_time: Generated<Date>;
  update_time: Date | null;
}

/** Declaration merging (0023-course-content). */
export interface DB {
  tbl_course_type: TblCourseTypeTable;
  tbl_course_chapter: TblCourseChapterTable;
  tbl_teach_template: TblTeachTemplateTable;
  tbl_teach_template_item: TblTeachTemplateItemTable;
  tbl_calendar_material: TblCalendarMaterialTable;
  tbl_workbook: TblWorkbookTable;
  tbl_workbook_item: TblWorkbookItemTable;
  tbl_homework: TblHomeworkTable;
  tbl_homework_student: TblHomeworkStudentTable;
}

/**
 * 0024-pinyin-key (declaration merging): each `<column>_pinyin` holds the 拼音 sort key of `<column>`
 * (server/resources/pinyin-key.ts); null until filled, never stale (the migration's guard trigger).
 */
export interface TblStudentTable { name_pinyin: string | null }
export interface TblTeacherTable { name_pinyin: string | null }
export interface TblClazzTable { name_pinyin: string | null }
export interface TblCourseTable { name_pinyin: string | null }
export interface TblRoomTable { name_pinyin: string | null }
export interface TblLocationTable { name_pinyin: string | null }
export interface TblCourseMaterialTable { name_pinyin: string | null }
export interface SysUserTable { realname_pinyin: string | null }
export interface SysRoleTable { role_name_pinyin: string | null }
export interface SysPositionTable { name_pinyin: string | null }
export interface SysDictTable { dict_name_pinyin: string | null }
export interface SysMessageTemplateTable { template_name_pinyin: string | null }
/** 0027-pinyin-content (declaration merging), as 0024. */
export interface TblTeachTemplateTable { name_pinyin: string | null }
export interface TblWorkbookTable { name_pinyin: string | null }
export interface TblHomeworkTable { title_pinyin: string | null }

/** 线索 (0028-crm): own_by null = in the pool; see the migration for the codes. */
export interface TblLeadTable extends Audit {
  id: string;
  name: string;
  name_pinyin: string | null;
  phone: string;
  child_name: string | null;
  grade: string | null;
  channel: number | null;
  intention_course_id: string | null;
  intention_level: Generated<number>;
  follow_status: Generated<number>;
  tags: string | null;
  own_by: string | null;
  owner_time: Date | null;
  last_follow_time: Date | null;
  next_follow_time: Date | null;
  topping: Generated<number>;
  top_time: Date | null;
  locked: Generated<number>;
  pool_reason: string | null;
  pool_time: Date | null;
  return_warned_time: Date | null;
  student_id: string | null;
  convert_time: Date | null;
  remark: string | null;
  sys_org_code: string | null;
}

/** 跟进记录 (0028-crm): method 1 电话 2 微信 3 到访. */
export interface TblLeadFollowTable {
  id: string;
  lead_id: string;
  user_id: string;
  follow_time: Generated<Date>;
  method: number;
  content: string;
  next_follow_time: Date | null;
  images: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
}

/** Owner history (0028-crm): action 新建/领取/分配/退回/自动回收/转移/交接. */
export interface TblLeadOwnerHistoryTable {
  id: string;
  lead_id: string;
  from_user: string | null;
  to_user: string | null;
  action: string;
  operator: string | null;
  reason: string | null;
  create_time: Generated<Date>;
}

/** The lead pool's settings (0028-crm): one row, id 'default'. */
export interface TblLeadPoolConfigTable {
  id: string;
  enabled: Generated<number>;
  contact_expire_days: Generated<number>;
  deal_expire_days: Generated<number>;
  notify_enabled: Generated<number>;
  notify_days: Generated<number>;
  max_owned: Generated<number>;
  update_by: string | null;
  update_time: Date | null;
}

/** 协商任务 (0028-crm): status 0 待办 1 进行中 2 已完成 3 已取消; target_type lead / student / clazz. */
export interface TblTaskTable extends Audit {
  id: string;
  title: string;
  content: string | null;
  target_type: string | null;
  target_id: string | null;
  assignee: string;
  due_time: Date | null;
  status: Generated<number>;
  result: string | null;
  finish_time: Date | null;
  sys_org_code: string | null;
}

/** 物品 (0028-crm): stock ≥ 0 by a check constraint; price numeric (a string from the driver). */
export interface TblGoodsTable extends Audit {
  id: string;
  name: string;
  name_pinyin: string | null;
  spec: string | null;
  unit: string | null;
  price: ColumnType<string, string | number | undefined, string | number>;
  stock: Generated<number>;
  warn_stock: Generated<number>;
  status: Generated<number>;
  remark: string | null;
  sys_org_code: string | null;
}

/** Stock movements (0028-crm): type 1 入库 2 销售 3 退货 4 初始化 5 盘点调整 6 订单作废; qty signed. */
export interface TblGoodsStockLogTable {
  id: string;
  goods_id: string;
  type: number;
  qty: number;
  stock_after: number;
  remark: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
}

/** 工作交接 (0028-crm): scopes comma-joined; counts JSON text; status 1 已完成. */
export interface TblWorkHandoverTable {
  id: string;
  from_user: string;
  to_user: string;
  scopes: string;
  counts: string | null;
  status: Generated<number>;
  reason: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
}

/** Staff facts (0028-crm): campus (a 场地 id), staff_status 1 在职 2 离职, leave_date. */
export interface SysUserTable {
  campus_id: string | null;
  staff_status: Generated<number>;
  leave_date: ColumnType<string | null, string | null | undefined, string | null>;
}
/** JeecgBoot's WeCom user id; a course's 课程编码 (0053-loose-ends). */
export interface SysUserTable { qywx_user_id: string | null }
export interface TblCourseTable { code: string | null }

/** Declaration merging (0028-crm). */
export interface DB {
  tbl_lead: TblLeadTable;
  tbl_lead_follow: TblLeadFollowTable;
  tbl_lead_owner_history: TblLeadOwnerHistoryTable;
  tbl_lead_pool_config: TblLeadPoolConfigTable;
  tbl_task: TblTaskTable;
  tbl_goods: TblGoodsTable;
  tbl_goods_stock_log: TblGoodsStockLogTable;
  tbl_work_handover: TblWorkHandoverTable;
}

/** One claim per (job, scheduled time) across instances (0031-quartz-run), then the run's outcome. */
export interface SysQuartzRunTable {
  job_id: string;
  fire_time: Date;
  instance: string;
  start_time: Generated<Date>;
  end_time: Date | null;
  ok: boolean | null;
  message: string | null;
}

/** Declaration merging (0031-quartz-run). */
export interface DB {
  sys_quartz_run: SysQuartzRunTable;
}

/** 网关路由 (0032-gateway-route): JeecgBoot's columns; status 1 有效 / 0 无效; path_prefix and sort_order are ours. */
export interface SysGatewayRouteTable {
  id: string;
  router_id: string;
  name: string;
  uri: string;
  predicates: string | null;
  filters: string | null;
  retryable: Generated<number>;
  strip_prefix: Generated<number>;
  persistable: Generated<number>;
  show_api: Generated<number>;
  status: Generated<number>;
  path_prefix: string;
  sort_order: Generated<number>;
  del_flag: Generated<number>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

/** Declaration merging (0032-gateway-route). */
export interface DB {
  sys_gateway_route: SysGatewayRouteTable;
}

/** 文件管理 (0037-oss-file): the registry of stored uploads; url is the storage path; file_type from the extension. */
export interface OssFileTable {
  id: string;
  file_name: string;
  url: string;
  file_type: Generated<string>;
  content_type: string | null;
  file_size: ColumnType<number, number | undefined, number>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

/** Declaration merging (0037-oss-file). */
export interface DB {
  oss_file: OssFileTable;
}

/** 0035-fill-rule: 填值规则, their per-period counters, and the 学员 / 班级 numbers (declaration merging). */
export interface SysFillRuleTable {
  id: string;
  rule_name: string;
  rule_code: string;
  rule_pattern: string;
  reset_period: Generated<string>;
  rule_description: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}
export interface SysFillRuleSeqTable {
  rule_code: string;
  period: string;
  /** bigint: read as a string. */
  value: string | number;
  update_time: Generated<Date>;
}
export interface TblStudentTable { student_no: string | null }
export interface TblClazzTable { clazz_no: string | null }
export interface DB {
  sys_fill_rule: SysFillRuleTable;
  sys_fill_rule_seq: SysFillRuleSeqTable;
}

/** 操作日志 (0036-data-log): JeecgBoot's SysLog columns of log_type 2, plus the result (success 1/0, code, message). */
export interface SysLogTable {
  operate_type: number | null;
  method: string | null;
  request_url: string | null;
  request_type: string | null;
  request_param: string | null;
  cost_time: number | null;
  success: number | null;
  result_code: number | null;
  result_message: string | null;
  tenant_id: number | null;
}

/** 数据日志 (0036-data-log): JeecgBoot's SysDataLog, one row per saved version of a business record. */
export interface SysDataLogTable {
  id: string;
  data_table: string;
  data_id: string;
  /** The record as JSON, keyed by the resource's field names (secrets and audit fields left out). */
  data_content: string;
  data_version: number;
  type: Generated<string>;
  create_by: string | null;
  create_name: string | null;
  create_time: Generated<Date>;
  tenant_id: number | null;
}

/** Declaration merging (0036-data-log). */
export interface DB {
  sys_data_log: SysDataLogTable;
}

/** 0039-online: online forms (cgform), reports (cgreport) and data sources (issue #25; declaration merging). */
export interface OnlCgformHeadTable {
  id: string;
  table_name: string;
  physical_table: string;
  table_txt: string;
  table_type: Generated<number>;
  sub_table_str: string | null;
  is_db_synch: Generated<string>;
  form_version: Generated<number>;
  is_checkbox: Generated<string>;
  is_page: Generated<string>;
  form_category: Generated<string>;
  description: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

export interface OnlCgformFieldTable {
  id: string;
  cgform_head_id: string;
  db_field_name: string;
  db_field_txt: string;
  db_type: Generated<string>;
  db_length: Generated<number>;
  db_point_length: Generated<number>;
  db_default_val: string | null;
  db_is_null: Generated<number>;
  db_is_key: Generated<number>;
  field_show_type: Generated<string>;
  field_length: number | null;
  dict_field: string | null;
  field_valid_type: string | null;
  is_show_form: Generated<number>;
  is_show_list: Generated<number>;
  is_query: Generated<number>;
  query_mode: Generated<string>;
  sort_flag: Generated<number>;
  is_read_only: Generated<number>;
  main_table: string | null;
  main_field: string | null;
  order_num: Generated<number>;
  synced_name: string | null;
  synced_type: string | null;
  synced_length: number | null;
  synced_point_length: number | null;
  synced_is_null: number | null;
  synced_unique: number | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

export interface OnlCgformBackupColumnTable {
  id: string;
  cgform_head_id: string;
  field_name: string;
  backup_column: string;
  create_time: Generated<Date>;
}

export interface OnlCgformVersionTable {
  id: string;
  cgform_head_id: string;
  form_version: number;
  snapshot: ColumnType<unknown, string, string>;
  create_by: string | null;
  create_time: Generated<Date>;
}

export interface OnlCgformEnhanceJsTable {
  id: string;
  cgform_head_id: string;
  cg_js_type: string;
  cg_js: Generated<string>;
  content: string | null;
  update_by: string | null;
  update_time: Date | null;
}

export interface OnlCgformEnhanceJsHistoryTable {
  id: string;
  cgform_head_id: string;
  cg_js_type: string;
  cg_js: string;
  create_by: string | null;
  create_time: Generated<Date>;
}

export interface SysDataSourceTable {
  id: string;
  code: string;
  name: string;
  remark: string | null;
  db_type: Generated<string>;
  db_driver: Generated<string>;
  db_url: string;
  db_name: string | null;
  db_username: string;
  db_password: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

export interface OnlCgreportHeadTable {
  id: string;
  code: string;
  name: string;
  cgr_sql: string;
  db_source: string | null;
  content: string | null;
  chart_type: Generated<string>;
  chart_x: string | null;
  chart_y: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

export interface OnlCgreportItemTable {
  id: string;
  cgrhead_id: string;
  field_name: string;
  field_txt: string;
  field_width: number | null;
  field_type: Generated<string>;
  is_show: Generated<number>;
  is_order: Generated<number>;
  is_search: Generated<number>;
  search_mode: string | null;
  dict_code: string | null;
  order_num: Generated<number>;
}

export interface OnlCgreportParamTable {
  id: string;
  cgrhead_id: string;
  param_name: string;
  param_txt: string;
  param_value: string | null;
  order_num: Generated<number>;
  /** 0052 (issue #39): the query form's pick list and input type. */
  dict_code: string | null;
  param_type: string | null;
}

export interface DB {
  onl_cgform_head: OnlCgformHeadTable;
  onl_cgform_field: OnlCgformFieldTable;
  onl_cgform_backup_column: OnlCgformBackupColumnTable;
  onl_cgform_version: OnlCgformVersionTable;
  onl_cgform_enhance_js: OnlCgformEnhanceJsTable;
  onl_cgform_enhance_js_history: OnlCgformEnhanceJsHistoryTable;
  sys_data_source: SysDataSourceTable;
  onl_cgreport_head: OnlCgreportHeadTable;
  onl_cgreport_item: OnlCgreportItemTable;
  onl_cgreport_param: OnlCgreportParamTable;
}

/** 0040-account-settings: 新消息通知 switches per user (no row = all on; declaration merging). */
export interface SysUserNotifySettingTable {
  user_id: string;
  announcement: Generated<boolean>;
  task: Generated<boolean>;
  homework: Generated<boolean>;
  approval: Generated<boolean>;
  update_time: Generated<Date>;
}

export interface DB {
  sys_user_notify_setting: SysUserNotifySettingTable;
}

/** 0041-two-factor: TOTP secret (encrypted), recovery-code hashes, pending second steps (declaration merging). */
export interface SysUserTotpTable {
  user_id: string;
  secret: string;
  enabled: Generated<boolean>;
  last_step: number | null;
  create_time: Generated<Date>;
  enable_time: Date | null;
}

export interface SysUserRecoveryCodeTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_time: Date | null;
  create_time: Generated<Date>;
}

export interface SysLoginChallengeTable {
  token_hash: string;
  user_id: string;
  login_type: string;
  with_dicts: Generated<boolean>;
  client_ip: string | null;
  failures: Generated<number>;
  create_time: Generated<Date>;
  expires_at: Date;
  used_time: Date | null;
}

export interface DB {
  sys_user_totp: SysUserTotpTable;
  sys_user_recovery_code: SysUserRecoveryCodeTable;
  sys_login_challenge: SysLoginChallengeTable;
}

/** 0042-student-work: 学员作品 (file_kind image | video | pdf, set by the server from the stored file). */
export interface TblStudentWorkTable extends Audit {
  id: string;
  title: string;
  description: string | null;
  student_id: string;
  clazz_id: string | null;
  course_id: string | null;
  file: string;
  file_kind: string;
  file_name: string | null;
  file_size: ColumnType<number | null, number | null | undefined, number | null>;
  shared: Generated<boolean>;
}

export interface DB {
  tbl_student_work: TblStudentWorkTable;
}

/** 招生简章 (0043-prospectus): status 0 草稿 1 已发布; public_token only while published; blocks typed in lib/work/prospectus-blocks.ts. */
export interface TblProspectusTable {
  id: string;
  title: string;
  template: string;
  subtitle: string | null;
  cover: string | null;
  blocks: ColumnType<unknown, string, string>;
  status: Generated<number>;
  public_token: string | null;
  publish_time: Date | null;
  del_flag: Generated<number>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

/** One accepted public sign-up (0043-prospectus): the rate limits count these. */
export interface TblProspectusSignupTable {
  id: string;
  prospectus_id: string;
  client_ip: string;
  name: string;
  phone: string;
  course_id: string | null;
  remark: string | null;
  lead_id: string | null;
  create_time: Generated<Date>;
}

export interface DB {
  tbl_prospectus: TblProspectusTable;
  tbl_prospectus_signup: TblProspectusSignupTable;
}

/** One row (id 1): moved by triggers whenever a table behind the request caches changes (0044-cache-generation). */
export interface SysCacheGenTable {
  id: number;
  gen: ColumnType<string, never, never>;
}

export interface DB {
  sys_cache_gen: SysCacheGenTable;
}

/** 首页配置 (0046-role-index, JeecgBoot 3.x SysRoleIndex): the route a role's users land on; one row per role code. */
export interface SysRoleIndexTable {
  id: string;
  role_code: string;
  url: string;
  component: string | null;
  is_route: Generated<boolean>;
  priority: Generated<number>;
  /** '1' 启用, '0' 停用. */
  status: Generated<string>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
  sys_org_code: string | null;
}

export interface DB {
  sys_role_index: SysRoleIndexTable;
}
