import { GRID_PATTERNS } from '../grid/rules';
import { ONLINE_TABLE_PREFIX, type CgformDbType, type CgformField, type CgformSaveBody, type CgformShowType } from './wire';

/**
 * The online form designer's rules (issue #25), pure: the server (server/online/form-design.ts) refuses a
 * definition with these messages, and the designer screen shows the same messages as the user types. What needs
 * the database (a dictionary exists, the main form exists, the table has rows) is checked by the server only.
 */

/** The columns every generated table has (server/online/form-ddl.ts); no field may take their names. */
export const GENERATED_COLUMNS = ['id', 'create_by', 'create_time', 'update_by', 'update_time', 'tenant_id'] as const;

/**
 * PostgreSQL's reserved key words (`pg_get_keywords()` with catcode R and T: reserved, and reserved but usable as a
 * function or type name). server/online/__tests__/online-form-design.test.ts checks this list against the running engine.
 */
export const PG_RESERVED_WORDS: ReadonlySet<string> = new Set([
  'all', 'analyse', 'analyze', 'and', 'any', 'array', 'as', 'asc', 'asymmetric', 'authorization', 'binary', 'both',
  'case', 'cast', 'check', 'collate', 'collation', 'column', 'concurrently', 'constraint', 'create', 'cross',
  'current_catalog', 'current_date', 'current_role', 'current_schema', 'current_time', 'current_timestamp',
  'current_user', 'default', 'deferrable', 'desc', 'distinct', 'do', 'else', 'end', 'except', 'false', 'fetch', 'for',
  'foreign', 'freeze', 'from', 'full', 'grant', 'group', 'having', 'ilike', 'in', 'initially', 'inner', 'intersect',
  'into', 'is', 'isnull', 'join', 'lateral', 'leading', 'left', 'like', 'limit', 'localtime', 'localtimestamp',
  'natural', 'not', 'notnull', 'null', 'offset', 'on', 'only', 'or', 'order', 'outer', 'overlaps', 'placing',
  'primary', 'references', 'returning', 'right', 'select', 'session_user', 'similar', 'some', 'symmetric',
  'system_user', 'table', 'tablesample', 'then', 'to', 'trailing', 'true', 'union', 'unique', 'user', 'using',
  'variadic', 'verbose', 'when', 'where', 'window', 'with',
]);

/**
 * Statement words of SQL that PostgreSQL does not reserve but a reader of a definition would take for SQL
 * (a field called `delete` or `drop`): refused too, so no name reads as a statement.
 */
const SQL_STATEMENT_WORDS = new Set(['alter', 'begin', 'between', 'commit', 'delete', 'drop', 'exec', 'execute', 'exists', 'insert', 'merge', 'rollback', 'truncate', 'update', 'values']);

/** Table name prefixes of the product's own tables (and PostgreSQL's): a form may not look like one. */
const SYSTEM_PREFIXES = ['sys_', 'onl_', 'pg_', 'tbl_', 'qrtz_', 'jeecg_', 'information_schema'];

export const TABLE_NAME_RE = /^[a-z][a-z0-9_]{1,39}$/;
export const FIELD_NAME_RE = /^[a-z][a-z0-9_]{0,31}$/;

export const DB_TYPES: readonly CgformDbType[] = ['string', 'int', 'double', 'BigDecimal', 'Date', 'Datetime', 'Text'];
export const DB_TYPE_LABELS: Record<CgformDbType, string> = {
  string: '文本',
  int: '整数',
  double: '小数',
  BigDecimal: '定点小数',
  Date: '日期',
  Datetime: '日期时间',
  Text: '长文本',
};

export const SHOW_TYPES: readonly CgformShowType[] = ['text', 'textarea', 'password', 'list', 'radio', 'checkbox', 'list_multi', 'date', 'datetime', 'sel_user', 'sel_depart', 'image', 'file', 'umeditor'];
export const SHOW_TYPE_LABELS: Record<CgformShowType, string> = {
  text: '文本框',
  textarea: '多行文本',
  password: '密码',
  list: '下拉框',
  radio: '单选框',
  checkbox: '多选框',
  list_multi: '下拉多选',
  date: '日期',
  datetime: '日期时间',
  sel_user: '用户选择',
  sel_depart: '部门选择',
  image: '图片',
  file: '文件',
  umeditor: '富文本',
};
/** Controls that pick from a dictionary (dictField required). */
export const DICT_SHOW_TYPES: ReadonlySet<CgformShowType> = new Set(['list', 'radio', 'checkbox', 'list_multi']);

/** Controls that store text (several values comma-joined, paths, ids, HTML): only string/Text columns hold them. */
const TEXT_ONLY_SHOW_TYPES: ReadonlySet<CgformShowType> = new Set(['checkbox', 'list_multi', 'sel_user', 'sel_depart', 'image', 'file', 'umeditor', 'password']);

export const STRING_MAX = 4000;
export const NUMERIC_PRECISION_MAX = 38;
export const FIELDS_MAX = 200;
export const DEFAULT_MAX = 200;

/** The table the form's rows live in. */
export const physicalTableOf = (tableName: string) => `${ONLINE_TABLE_PREFIX}${tableName}`;

const isKeyword = (w: string) => PG_RESERVED_WORDS.has(w) || SQL_STATEMENT_WORDS.has(w);

/** A form's table name, or null when it is acceptable. */
export function validateTableName(name: string): string | null {
  const v = typeof name === 'string' ? name : '';
  if (!v.trim()) return '请输入表名';
  if (!TABLE_NAME_RE.test(v)) return '表名只能由小写字母、数字和下划线组成，以字母开头，长度2到40个字符';
  const prefix = SYSTEM_PREFIXES.find((p) => v.startsWith(p));
  if (prefix) return `表名不能以 ${prefix} 开头（系统表保留）`;
  if (isKeyword(v)) return `表名不能使用SQL关键字：${v}`;
  return null;
}

/** A field (column) name, or null when it is acceptable. Uniqueness within the form is validateFormDefinition's. */
export function validateFieldName(name: string): string | null {
  const v = typeof name === 'string' ? name : '';
  if (!v.trim()) return '请输入字段名';
  if (!FIELD_NAME_RE.test(v)) return '字段名只能由小写字母、数字和下划线组成，以字母开头，最长32个字符';
  if (v.includes('__')) return '字段名不能包含连续两个下划线（备份列保留）';
  if ((GENERATED_COLUMNS as readonly string[]).includes(v)) return `字段名 ${v} 是系统生成的列，请换一个名字`;
  if (isKeyword(v)) return `字段名不能使用SQL关键字：${v}`;
  return null;
}

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

function validDate(y: number, m: number, d: number) {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** Whether a default value fits the field's type (null when it does or there is none). */
export function validateDefault(f: Pick<CgformField, 'dbType' | 'dbLength' | 'dbPointLength' | 'dbDefaultVal'>): string | null {
  const v = f.dbDefaultVal;
  if (v === null || v === undefined || v === '') return null;
  if (typeof v !== 'string') return '默认值格式不正确';
  if (v.length > DEFAULT_MAX) return `默认值最长${DEFAULT_MAX}个字符`;
  switch (f.dbType) {
    case 'string':
      return v.length > f.dbLength ? `默认值超过字段长度${f.dbLength}` : null;
    case 'Text':
      return null;
    case 'int': {
      if (!/^-?\d+$/.test(v)) return '默认值必须是整数';
      const n = Number(v);
      return n < INT_MIN || n > INT_MAX ? '默认值超出整数范围' : null;
    }
    case 'double':
    case 'BigDecimal': {
      const m = /^-?(\d+)(?:\.(\d+))?$/.exec(v);
      if (!m) return '默认值必须是数字';
      if ((m[2]?.length ?? 0) > f.dbPointLength) return `默认值的小数位超过${f.dbPointLength}位`;
      if (m[1].replace(/^0+(?=\d)/, '').length > f.dbLength - f.dbPointLength) return `默认值超出长度${f.dbLength}、小数位${f.dbPointLength}的范围`;
      return null;
    }
    case 'Date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      return m && validDate(+m[1], +m[2], +m[3]) ? null : '默认值必须是日期，格式 yyyy-MM-dd';
    }
    case 'Datetime': {
      const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(v);
      return m && validDate(+m[1], +m[2], +m[3]) && +m[4] < 24 && +m[5] < 60 && +m[6] < 60 ? null : '默认值必须是日期时间，格式 yyyy-MM-dd HH:mm:ss';
    }
  }
}

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);
const isFlag = (n: unknown) => n === 0 || n === 1;

/** The one field of a child form that points at its main form (mainTable set), if any. */
export const foreignKeyFields = (fields: readonly CgformField[]) => fields.filter((f) => Boolean(f.mainTable));

/** One field's problems, without the prefix naming it. */
function fieldProblems(f: CgformField, tableType: number): string[] {
  const out: string[] = [];
  const nameError = validateFieldName(f.dbFieldName);
  if (nameError) out.push(nameError);
  if (typeof f.dbFieldTxt !== 'string' || !f.dbFieldTxt.trim()) out.push('请输入字段备注');
  else if (f.dbFieldTxt.length > 100) out.push('字段备注最长100个字符');
  if (!DB_TYPES.includes(f.dbType)) {
    out.push('字段类型不正确');
    return out;
  }
  if (!SHOW_TYPES.includes(f.fieldShowType)) out.push('控件类型不正确');
  if (!isInt(f.dbLength) || !isInt(f.dbPointLength)) out.push('长度和小数位必须是整数');
  else if (f.dbType === 'string' && (f.dbLength < 1 || f.dbLength > STRING_MAX)) out.push(`文本长度须在1到${STRING_MAX}之间`);
  else if (f.dbType === 'double' || f.dbType === 'BigDecimal') {
    if (f.dbLength < 1 || f.dbLength > NUMERIC_PRECISION_MAX) out.push(`数字长度须在1到${NUMERIC_PRECISION_MAX}之间`);
    else if (f.dbPointLength < 0 || f.dbPointLength > f.dbLength) out.push('小数位须在0到长度之间');
  } else if (f.dbLength < 0 || f.dbLength > STRING_MAX) out.push('长度不正确');
  if (DICT_SHOW_TYPES.has(f.fieldShowType)) {
    if (!f.dictField || !String(f.dictField).trim()) out.push(`${SHOW_TYPE_LABELS[f.fieldShowType]}须选择字典`);
    else if (!/^[A-Za-z0-9_-]{1,100}$/.test(f.dictField)) out.push('字典编码不正确');
  }
  if (TEXT_ONLY_SHOW_TYPES.has(f.fieldShowType) && f.dbType !== 'string' && f.dbType !== 'Text') out.push(`${SHOW_TYPE_LABELS[f.fieldShowType]}只能用于文本类型`);
  if (f.fieldShowType === 'date' && f.dbType !== 'Date' && f.dbType !== 'string') out.push('日期控件只能用于日期或文本类型');
  if (f.fieldShowType === 'datetime' && f.dbType !== 'Datetime' && f.dbType !== 'string') out.push('日期时间控件只能用于日期时间或文本类型');
  if (f.fieldValidType && f.fieldValidType !== 'only' && !Object.hasOwn(GRID_PATTERNS, f.fieldValidType)) out.push('校验规则不正确');
  if (f.fieldValidType === 'only' && f.dbType === 'Text') out.push('长文本不能设为唯一');
  for (const k of ['dbIsNull', 'isShowForm', 'isShowList', 'isQuery', 'sortFlag', 'isReadOnly'] as const) {
    if (!isFlag(f[k])) {
      out.push('开关项只能是0或1');
      break;
    }
  }
  if (f.queryMode !== 'single' && f.queryMode !== 'group') out.push('查询方式不正确');
  if (f.fieldLength !== null && f.fieldLength !== undefined && (!isInt(f.fieldLength) || f.fieldLength < 0 || f.fieldLength > 2000)) out.push('列宽须在0到2000之间');
  if (!isInt(f.orderNum)) out.push('排序号必须是整数');
  const defaultError = validateDefault(f);
  if (defaultError) out.push(defaultError);
  if (f.mainTable) {
    if (tableType !== 3) out.push('只有附表的字段可以关联主表');
    else if (f.mainField !== 'id') out.push('外键字段须关联主表的 id');
    else if (f.dbType !== 'string') out.push('外键字段须为文本类型');
  }
  return out;
}

const fieldLabel = (f: CgformField, i: number) => (f && typeof f.dbFieldName === 'string' && f.dbFieldName ? `字段 ${f.dbFieldName}` : `第${i + 1}个字段`);

/**
 * Every problem of a definition, each a Chinese sentence (empty: acceptable as far as the definition itself goes).
 * The server answers the first ones joined; the designer shows them all.
 */
export function validateFormDefinition(body: CgformSaveBody): string[] {
  const errors: string[] = [];
  const head = body?.head;
  if (!head || typeof head !== 'object') return ['请填写表信息'];
  const tableError = validateTableName(head.tableName);
  if (tableError) errors.push(tableError);
  if (typeof head.tableTxt !== 'string' || !head.tableTxt.trim()) errors.push('请输入表描述');
  else if (head.tableTxt.length > 100) errors.push('表描述最长100个字符');
  if (head.tableType !== 1 && head.tableType !== 2 && head.tableType !== 3) errors.push('表类型不正确');
  const fields = Array.isArray(body.fields) ? body.fields : [];
  if (!fields.length) errors.push('请至少添加一个字段');
  if (fields.length > FIELDS_MAX) errors.push(`字段最多${FIELDS_MAX}个`);
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    if (!f || typeof f !== 'object') {
      errors.push(`第${i + 1}个字段：格式不正确`);
      return;
    }
    for (const p of fieldProblems(f, head.tableType)) errors.push(`${fieldLabel(f, i)}：${p}`);
    if (typeof f.dbFieldName === 'string' && f.dbFieldName) {
      if (seen.has(f.dbFieldName)) errors.push(`字段名 ${f.dbFieldName} 重复`);
      seen.add(f.dbFieldName);
    }
  });
  if (head.tableType === 3) {
    const fks = foreignKeyFields(fields);
    if (fks.length !== 1) errors.push('附表须有且只有一个字段关联主表（外键）');
    else if (!fks[0].mainTable || validateTableName(fks[0].mainTable)) errors.push('关联的主表名不正确');
    else if (fks[0].mainTable === head.tableName) errors.push('附表不能关联自身');
  }
  return errors;
}
