import type { ColumnType, Generated, Selectable } from 'kysely';

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
  dict_name_pinyin: string | null;
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
  /** JeecgBoot's SysTenant columns added by 0017-tenant-position. */
  create_by: string | null;
  begin_date: Date | null;
  end_date: Date | null;
  /** 0048-tenant-update-audit (issue #39): the version of the tenant's edit form. */
  update_by: string | null;
  update_time: Date | null;
}

export interface SysLogTable {
  id: Generated<number>;
  log_type: number; // 1 login, 2 operation
  log_content: string;
  userid: string | null;
  username: string | null;
  ip: string | null;
  create_time: Generated<Date>;
  /** 操作日志 (0036-data-log): JeecgBoot's SysLog columns of log_type 2, plus the result (success 1/0, code, message). */
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
  template_name_pinyin: string | null;
}

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
  name_pinyin: string | null;
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

/** 0035-fill-rule: 填值规则, their per-period counters, and the 学员 / 班级 numbers. */
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

export type SysCategory = Selectable<SysCategoryTable>;
export type SysAnnouncement = Selectable<SysAnnouncementTable>;
export type SysMessageTemplate = Selectable<SysMessageTemplateTable>;
export type SysSavedQuery = Selectable<SysSavedQueryTable>;
