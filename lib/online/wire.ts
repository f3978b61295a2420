/**
 * Wire shapes of the online low-code forms and reports (issue #25), shared by the embedded backend
 * (server/online/*) and the screens (features/online/*). Data only. Names follow JeecgBoot's
 * onl_cgform_* / onl_cgreport_* entities (camelCase of their columns), so its Vue client reads them.
 * Every answer is in the JeecgBoot envelope `{success, message, code, result, timestamp}`.
 */

/** The form's physical table is always this prefix + tableName (never a system table). */
export const ONLINE_TABLE_PREFIX = 'tbl_onl_';

/** onl_cgform_head. tableType: 1 single, 2 main (has child tables), 3 child. */
export interface CgformHead {
  id: string;
  tableName: string;
  tableTxt: string;
  tableType: 1 | 2 | 3;
  /** Main tables: comma-joined child tableNames (read-only on the wire; derived from the children's fields). */
  subTableStr: string | null;
  /** 'Y' once 同步数据库 made the table and nothing changed since; 'N' when the definition differs from the database. */
  isDbSynch: 'Y' | 'N';
  formVersion: number;
  isCheckbox: 'Y' | 'N';
  isPage: 'Y' | 'N';
  description: string | null;
  createBy: string | null;
  createTime: string;
  updateTime: string | null;
}

/** Column types of a field (onl_cgform_field.db_type). */
export type CgformDbType = 'string' | 'int' | 'double' | 'BigDecimal' | 'Date' | 'Datetime' | 'Text';

/** Form controls (onl_cgform_field.field_show_type). */
export type CgformShowType =
  | 'text'
  | 'textarea'
  | 'password'
  | 'list' // select from dictField
  | 'radio'
  | 'checkbox'
  | 'list_multi'
  | 'date'
  | 'datetime'
  | 'sel_user'
  | 'sel_depart'
  | 'image'
  | 'file'
  | 'umeditor'; // rich text

/** onl_cgform_field. Flags are 0/1 numbers, as JeecgBoot sends them. */
export interface CgformField {
  id?: string;
  dbFieldName: string;
  dbFieldTxt: string;
  dbType: CgformDbType;
  dbLength: number;
  dbPointLength: number;
  dbDefaultVal: string | null;
  /** 1: may be empty; 0: 必填. */
  dbIsNull: 0 | 1;
  fieldShowType: CgformShowType;
  /** List column width in px. */
  fieldLength: number | null;
  /** A dictionary code (plain dictionaries of 数据字典); required for list/radio/checkbox/list_multi. */
  dictField: string | null;
  /** '' | 'only' (unique) | a named pattern of spec 02 §5 ('mobile', 'email', 'url', 'n', 'z' …). */
  fieldValidType: string | null;
  isShowForm: 0 | 1;
  isShowList: 0 | 1;
  isQuery: 0 | 1;
  queryMode: 'single' | 'group';
  sortFlag: 0 | 1;
  isReadOnly: 0 | 1;
  /** Child tables only: the main form's tableName, and 'id' (the foreign key points at the main row's id). */
  mainTable: string | null;
  mainField: string | null;
  orderNum: number;
}

/** POST /online/cgform/api/addAll and PUT /online/cgform/api/editAll. */
export interface CgformSaveBody {
  head: Partial<CgformHead> & Pick<CgformHead, 'tableName' | 'tableTxt' | 'tableType'>;
  fields: CgformField[];
  /** editAll: ids of fields removed in the designer (their columns are kept as backups by the next sync). */
  deleteFieldIds?: string[];
}

/** GET /online/cgform/api/synchPreview/{headId}: what 同步数据库 will do, before doing it. */
export interface CgformSyncPreview {
  /** 'create' (no table yet) | 'alter' | 'none' (database already matches). */
  kind: 'create' | 'alter' | 'none';
  /** The statements as they will run (identifiers quoted; no values spliced). */
  statements: string[];
  /** Rows in the table now (0 for create). */
  rowCount: number;
  /** Plain-language consequences, one per change that touches stored rows (e.g. '字段 x 将从 文本 改为 数字：3 行的值无法转换，同步将被拒绝'). */
  warnings: string[];
  /** Fields removed from the definition whose columns hold data: kept as backup columns until 确认删除. */
  dropped: {
    field: string;
    backupColumn: string;
    nonEmptyRows: number;
    /** true: the backup column exists already (确认删除 drops it); false: this sync will rename the column to it. */
    backedUp?: boolean;
  }[];
  /** true when the sync would be refused (the reasons are among `warnings`); doDbSynch answers them as its message. */
  blocked?: boolean;
}

/** One row of the version list, GET /online/cgform/api/versions/{headId}. */
export interface CgformVersion {
  id: string;
  formVersion: number;
  createBy: string | null;
  createTime: string;
}

/** JS 增强 (enhance) of a form: GET/POST /online/cgform/head/enhanceJs/{headId}?type=list|form. */
export interface CgformEnhanceJs {
  cgJsType: 'list' | 'form';
  cgJs: string;
}

export interface CgformEnhanceJsHistory {
  id: string;
  cgJsType: 'list' | 'form';
  cgJs: string;
  createBy: string | null;
  createTime: string;
}

/** onl_cgreport_head (+ chart). chartType 'none' shows no chart. */
export interface CgreportHead {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  /** sys_data_source.code, or null: the product's own database. */
  dbSource: string | null;
  content: string | null;
  chartType: 'none' | 'bar' | 'line' | 'pie';
  /** The category field (x axis / pie labels). */
  chartX: string | null;
  /** Comma-joined value fields (bars/lines; a pie uses the first). */
  chartY: string | null;
  createBy: string | null;
  createTime: string;
}

/**
 * `chart` of GET /online/cgreport/api/getRpColumns/{code}: the designer's chart (null for none and for built-in reports).
 * x names the category field, y the value fields (a pie uses y[0]).
 */
export interface CgreportChart {
  type: 'bar' | 'line' | 'pie';
  x: string;
  y: string[];
}

/** onl_cgreport_item: one output column of the report's SELECT. */
export interface CgreportItem {
  id?: string;
  fieldName: string;
  fieldTxt: string;
  fieldWidth: number | null;
  fieldType: 'String' | 'Integer' | 'Double' | 'Date' | 'Datetime';
  isShow: 0 | 1;
  isOrder: 0 | 1;
  isSearch: 0 | 1;
  searchMode: 'single' | 'group' | null;
  dictCode: string | null;
  orderNum: number;
}

/** onl_cgreport_param: a `${paramName}` of the SQL, bound as a parameter (never spliced). */
export interface CgreportParam {
  id?: string;
  paramName: string;
  paramTxt: string;
  /** Default value when the caller sends none (self_<paramName>). */
  paramValue: string | null;
  orderNum: number;
}

/** POST /online/cgreport/head/add and PUT /online/cgreport/head/edit. */
export interface CgreportSaveBody {
  head: Partial<CgreportHead> & Pick<CgreportHead, 'code' | 'name' | 'cgrSql'>;
  items: CgreportItem[];
  params: CgreportParam[];
}

/**
 * POST /online/cgreport/head/parseSql {sql, dbSource, params: {name: value}}: the SQL checked (one SELECT, allowed
 * tables and functions only), its output columns guessed as items, its `${…}` names as params, and a preview of
 * at most 10 rows run under the report guards. A refused SQL answers success:false with the reason.
 */
export interface CgreportParseResult {
  items: CgreportItem[];
  params: CgreportParam[];
  preview: Record<string, unknown>[];
}

/** sys_data_source as listed/edited: dbPassword is write-only (never sent back; empty on edit keeps it). */
export interface DataSourceRow {
  id: string;
  code: string;
  name: string;
  remark: string | null;
  dbType: string;
  dbDriver: string;
  dbUrl: string;
  dbName: string | null;
  dbUsername: string;
  createTime: string;
}

/** POST /online/cgform/head/addMenu/{headId} and /online/cgreport/head/addMenu/{headId}: where the menu row goes. */
export interface AddMenuBody {
  /** The parent menu (a folder row of 菜单管理), or null for the top level. */
  parentId: string | null;
  /** Menu title (defaults to the form's tableTxt / report's name). */
  name?: string;
}
