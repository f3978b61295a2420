import type { Generated, Insertable, Selectable } from 'kysely';

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
