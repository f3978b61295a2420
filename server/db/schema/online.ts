import type { ColumnType, Generated } from 'kysely';

/** 0039-online: online forms (cgform), reports (cgreport) and data sources (issue #25). */
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
