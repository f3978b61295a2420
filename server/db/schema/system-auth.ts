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
  realname_pinyin: string | null;
  /** Staff facts (0028-crm): campus (a 场地 id), staff_status 1 在职 2 离职, leave_date. */
  campus_id: string | null;
  staff_status: Generated<number>;
  leave_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** JeecgBoot's WeCom user id; a course's 课程编码 (0053-loose-ends). */
  qywx_user_id: string | null;
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
  role_name_pinyin: string | null;
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
  /** 0008: the rule table, and the role link's chosen rules (comma list of rule ids). */
  data_rule_ids: Generated<string | null>; // optional on insert: the seed and role saves write none
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

/** 0040-account-settings: 新消息通知 switches per user (no row = all on). */
export interface SysUserNotifySettingTable {
  user_id: string;
  announcement: Generated<boolean>;
  task: Generated<boolean>;
  homework: Generated<boolean>;
  approval: Generated<boolean>;
  update_time: Generated<Date>;
}

/** 0041-two-factor: TOTP secret (encrypted), recovery-code hashes, pending second steps. */
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

/** One row (id 1): moved by triggers whenever a table behind the request caches changes (0044-cache-generation). */
export interface SysCacheGenTable {
  id: number;
  gen: ColumnType<string, never, never>;
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

export type SysUser = Selectable<SysUserTable>;
export type NewSysUser = Insertable<SysUserTable>;
export type SysDepart = Selectable<SysDepartTable>;
export type SysPermission = Selectable<SysPermissionTable>;
export type SysPermissionDataRule = Selectable<SysPermissionDataRuleTable>;
