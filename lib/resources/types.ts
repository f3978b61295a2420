/**
 * Resource definitions (DESIGN.md §3): one data-only description per business entity. Imported by the
 * embedded backend (CRUD routes, query translation, export/import) and by the browser (list page,
 * search bar, form modal), so it must stay serialisable: no functions, no React, no server imports.
 */

/** Field kinds mirror the editable grid's column types (spec 02 §3) plus form-only kinds. */
export type FieldKind =
  | 'input'
  | 'textarea'
  | 'password'
  | 'inputNumber'
  | 'switch' // stored 'Y' / 'N', shown 是 / 否
  | 'select' // single value, options from dictCode or options
  | 'radio'
  | 'checkbox' // customValue pair, default ['Y','N']
  | 'list_multi' // comma-joined values
  | 'date' // 'YYYY-MM-DD'
  | 'datetime' // 'YYYY-MM-DD HH:mm:ss'
  | 'sel_user' // user ids (username list), comma-joined
  | 'sel_depart' // department ids, comma-joined
  | 'image'
  | 'file'
  | 'richText'
  | 'hidden';

/** How the search bar and the plain-field query parameters treat a field (contract §7). */
export type SearchMode =
  | 'eq' // exact value (select / dict fields)
  | 'like' // the client sends *x*; the server turns it into LIKE
  | 'range' // <field>_begin / <field>_end
  | 'in'; // comma list / <field>_MultiString

/** SQL-level type, drives casting of query values and export/import conversion. */
export type ValueType = 'string' | 'int' | 'number' | 'boolean' | 'date' | 'datetime';

export interface FieldOption {
  value: string;
  text: string;
}

export interface FieldDef {
  /** camelCase wire name (JeecgBoot entity property), e.g. `realname`, `createTime`. */
  name: string;
  /** snake_case column; defaults to the snake-case form of `name`. */
  column?: string;
  /** Chinese label used by the table header, form, search bar, export header and query builder. */
  label: string;
  kind: FieldKind;
  /** Defaults from `kind` ('inputNumber' → number, 'date' → date, 'datetime' → datetime, else string). */
  type?: ValueType;
  /** Plain dictionary code, or a table-dictionary code registered on the server (`table,text,code`). */
  dictCode?: string;
  /** Fixed options when there is no dictionary. */
  options?: FieldOption[];
  required?: boolean;
  maxLength?: number;
  /** A named pattern from spec 02 §5 (e.g. 'mobile', 'email', 'url', 'n', 'z') or an explicit regex. */
  pattern?: string | { regex: string; message: string };
  /** Checked with /sys/duplicate/check on the form and enforced on save. */
  unique?: boolean;
  /**
   * A 编码校验规则's code (sys_check_rule.rule_code, contract §7): the form validates a non-empty value through
   * /sys/checkRule/checkByCode (JeecgBoot's validateCheckRule) and the server runs the same rule on save.
   */
  checkRule?: string;
  /** Search bar mode; absent = not searchable from the bar (the query builder can still use it). */
  search?: SearchMode;
  /** Table column sortable (the server only sorts by fields marked sortable or listed in defaultSort). */
  sortable?: boolean;
  /**
   * Free text sorted in 拼音 order from a stored key: the table has `<column>_pinyin` (migration 0024's
   * `addPinyinKey`), which the engine writes with the text. Used where the database has no Chinese collation
   * (PGlite); server/resources/pinyin-key.ts.
   */
  pinyinSort?: boolean;
  /** Shown as a table column (default true unless kind is 'password' | 'hidden' | 'richText'). */
  list?: boolean;
  /** Column width in px. */
  width?: number;
  /** Ellipsis length for the cell (spec 02 §9: default 25). */
  ellipsis?: number;
  /** In the add/edit form: true (default), false, or 'readonly' (shown, never written by the client). */
  form?: boolean | 'readonly';
  /** Never returned by list/queryById (e.g. password, salt). */
  writeOnly?: boolean;
  /** Included in export / accepted by import (default true for list columns). */
  excel?: boolean;
  /** Offered in the advanced query builder (default true unless writeOnly). */
  query?: boolean;
  defaultValue?: string | number | boolean | null;
  /** A hint shown next to the form label (a custom column's prompt). */
  help?: string;
  /**
   * Not a table column (e.g. a user's `departIds`): the embedded engine never selects, filters, sorts or
   * writes it; a screen's server hooks (afterLoad / beforeSave) fill or consume it.
   */
  virtual?: boolean;
}

/** Toolbar actions of spec 02 §7 that a resource may enable (the leads screen will). */
export interface ResourceActions {
  add?: boolean;
  edit?: boolean;
  delete?: boolean;
  deleteBatch?: boolean;
  exportXls?: boolean;
  importExcel?: boolean;
  toPool?: boolean;
  toPoolBatch?: boolean;
  topping?: boolean;
  updateTags?: boolean;
  addBatchTask?: boolean;
}

export interface ResourceDef {
  /** Registry key, e.g. 'sysUser'. */
  name: string;
  /** Chinese entity name, e.g. '用户' (export file name, modal titles). */
  title: string;
  /** Database table (from the server registry only; never from the client). */
  table: string;
  /** API base, e.g. '/sys/user' → /sys/user/list, /sys/user/add … */
  api: string;
  /**
   * Permission prefix, e.g. 'system:user'. Routes check `${perm}:add|edit|delete|deleteBatch|exportXls|importExcel`;
   * list and queryById check `${perm}:list`.
   */
  perm: string;
  /** Row key (always a string id on the wire). */
  rowKey: string;
  /**
   * `before`: keys ahead of it while the list is in its default order (the leads' pinned rows first); a sort the
   * user chooses replaces the whole order.
   */
  defaultSort: { column: string; order: 'asc' | 'desc'; before?: { column: string; order: 'asc' | 'desc' }[] };
  /** Rows are soft-deleted through this column (1 = deleted) instead of removed. */
  softDeleteColumn?: string;
  /** Owner field for spec 01 §6 ownership (e.g. 'ownBy' or 'createBy'). */
  ownerField?: string;
  /** Custom columns (`sys/sysTableColumn/list`) are looked up under this table name. */
  customColumnsTable?: string;
  /**
   * A JSON column of `table` holding the values of the administrator's custom columns (keyed by their
   * jdbcField). Without it the resource has no custom columns. See lib/resources/custom-columns.ts.
   */
  customValuesColumn?: string;
  /**
   * 数据日志: every add / edit through the engine stores the saved record as a new version in sys_data_log (in the
   * write's transaction; password-like and audit fields left out). Business records only, never accounts.
   */
  dataLog?: boolean;
  actions: ResourceActions;
  fields: FieldDef[];
}

/**
 * The users dictionary by username (registered in server/resources/dicts.ts): a `createBy` / 布置人 / 批改人 field that
 * holds a username shows the person's name through it (`<field>_dictText`), as JeecgBoot's @Dict on 创建人 does.
 */
export const USER_NAME_DICT = 'sys_user,realname,username';
