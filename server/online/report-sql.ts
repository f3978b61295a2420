import { ApiFailure } from '../core/errors';
import { isTenantTable } from '../db/tenant-scope';
import { ReportSqlError, splitReportSql, type SqlPart } from '../../lib/online/report-rules';

/**
 * libpg-query compiles a 1.7 MB WebAssembly module as soon as it is imported: loaded on the first check instead, so
 * a process (or a test file) that never checks a report's SQL does not pay for it.
 */
let parser: Promise<typeof import('libpg-query')> | undefined;
const parse = async (query: string) => (await (parser ??= import('libpg-query'))).parse(query);

/**
 * The report designer's SQL gate (issue #25), with the real PostgreSQL parser (libpg-query): a report is exactly one
 * SELECT (no INTO, no FOR UPDATE/SHARE, no data-modifying CTE), over allowed tables, calling allowed functions only,
 * built from a known set of syntax nodes (anything else is refused rather than guessed about). `${param}`s become
 * `$n` before parsing and are bound when the report runs (server/online/report-run.ts), never spliced.
 * This is the first of three guards; the runner adds a read-only transaction with a statement timeout and, where the
 * connection may, a reader role (docs/features.md, "Online forms and reports").
 */

export interface CheckedSql {
  /** The statement cut at its placeholders, comments dropped (what the runner binds and wraps). */
  parts: SqlPart[];
  /** Distinct `${name}`s in order of first use. */
  params: string[];
  /** Tables the statement reads (not CTE names). */
  tables: string[];
  /** Of those, the tenant-scoped business tables (the runner shadows each with its tenant's rows). */
  tenantTables: string[];
  /** Output column names as far as the statement alone tells them (null where only the data can: `*`). */
  columns: (string | null)[];
}

/** Shared (not per tenant) tables a report on the product's database may read besides every business table (tbl_*). */
export const SHARED_TABLES: ReadonlySet<string> = new Set(['sys_dict', 'sys_dict_item', 'sys_category', 'sys_depart', 'sys_user', 'sys_user_depart', 'sys_position', 'sys_role', 'sys_user_role']);
/** The users table: read by named columns only, never its credentials. */
const USER_TABLE = 'sys_user';
/** Columns no report may name, in any table (credentials). */
export const SECRET_COLUMN = /password|salt/i;
/** The table allowlist of a report on the product's database (the designer's table browser lists exactly these). */
export const isReportTable = (name: string): boolean => name.startsWith('tbl_') || SHARED_TABLES.has(name);

/** Functions a report may call (aggregates, window functions, text, number and date helpers). Everything else is refused. */
const FUNCTIONS = new Set(
  (
    'count sum avg min max string_agg array_agg bool_and bool_or every stddev variance percentile_cont percentile_disc mode ' +
    'row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value ' +
    'coalesce nullif greatest least abs ceil ceiling floor round trunc mod power sqrt sign div ' +
    'lower upper length char_length octet_length concat concat_ws substring substr left right trim btrim ltrim rtrim replace ' +
    'lpad rpad split_part position strpos reverse initcap repeat translate starts_with format ' +
    'now current_date date_trunc date_part extract age make_date make_time make_interval to_char to_date to_timestamp to_number timezone ' +
    'array_length array_to_string string_to_array cardinality unnest generate_series jsonb_build_object json_build_object'
  ).split(/\s+/),
);

/** Types a value may be cast to. */
const CAST_TYPES = new Set(
  'int2 int4 int8 smallint integer int bigint numeric decimal float4 float8 real double text varchar bpchar char date time timetz timestamp timestamptz interval bool boolean'.split(' '),
);

/** Syntax nodes a report's SELECT may contain. */
const NODES = new Set([
  'SelectStmt', 'ResTarget', 'ColumnRef', 'String', 'A_Star', 'A_Const', 'Integer', 'Float', 'Boolean', 'BitString', 'FuncCall', 'A_Expr',
  'BoolExpr', 'NullTest', 'BooleanTest', 'SubLink', 'CaseExpr', 'CaseWhen', 'CoalesceExpr', 'MinMaxExpr', 'TypeCast', 'TypeName', 'RangeVar',
  'RangeSubselect', 'RangeFunction', 'JoinExpr', 'Alias', 'SortBy', 'WindowDef', 'WithClause', 'CommonTableExpr', 'ParamRef', 'A_Indirection',
  'A_Indices', 'A_ArrayExpr', 'RowExpr', 'GroupingSet', 'SQLValueFunction', 'List', 'CollateClause',
]);

const WRITE_STMTS = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt', 'CopyStmt', 'TruncateStmt']);
const TIME_VALUE_FUNCTIONS = /^SVFOP_(CURRENT_DATE|CURRENT_TIME|CURRENT_TIMESTAMP|LOCALTIME|LOCALTIMESTAMP)/;

const refuse = (message: string): never => {
  throw new ApiFailure(message);
};

function statementMessage(tag: string): string {
  if (WRITE_STMTS.has(tag)) return '报表只能查询数据，不允许 INSERT/UPDATE/DELETE 等修改数据的语句';
  if (/^(Create|Alter|Drop|Rename|Grant|Comment|Index|View|Refresh)/.test(tag) || (tag.endsWith('Stmt') && /Create|Alter|Drop/.test(tag)))
    return '报表只能查询数据，不允许 CREATE/ALTER/DROP 等 DDL 语句';
  return `报表只能是一条 SELECT 查询（不支持 ${tag.replace(/Stmt$/, '')} 语句）`;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
/** A parser node is `{Tag: {...}}` with a capitalised tag. */
const nodeOf = (v: unknown): [string, Json] | null => {
  if (!isObj(v)) return null;
  const keys = Object.keys(v);
  if (keys.length !== 1 || !/^[A-Z]/.test(keys[0])) return null;
  const inner = v[keys[0]];
  return isObj(inner) ? [keys[0], inner] : null;
};
const strings = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((x) => nodeOf(x)).flatMap((n) => (n && n[0] === 'String' ? [String(n[1].sval ?? '')] : [])) : [];

interface Scope {
  ctes: Set<string>;
}

class Checker {
  tables = new Set<string>();
  /** Names sys_user goes by in the statement (its own name and aliases): their whole-row references are refused. */
  userRefs = new Set<string>();
  constructor(private readonly external: boolean) {}

  /** Walks any value; `scope` holds the CTE names visible here. */
  walk(v: unknown, scope: Scope): void {
    if (Array.isArray(v)) {
      for (const x of v) this.walk(x, scope);
      return;
    }
    if (!isObj(v)) return;
    const node = nodeOf(v);
    if (!node) {
      for (const x of Object.values(v)) this.walk(x, scope);
      return;
    }
    const [tag, body] = node;
    if (tag.endsWith('Stmt') && tag !== 'SelectStmt') refuse(statementMessage(tag));
    if (!NODES.has(tag)) refuse(`报表SQL中不支持这种写法（${tag}）`);
    switch (tag) {
      case 'SelectStmt':
        return this.select(body, scope);
      case 'RangeVar':
        return this.relation(body, scope);
      case 'FuncCall':
        this.func(strings(body.funcname));
        break;
      case 'ColumnRef':
        this.columnRef(body);
        break;
      case 'A_Indirection':
        for (const s of strings(body.indirection)) if (SECRET_COLUMN.test(s)) refuse('不允许读取密码字段（password/salt）');
        break;
      case 'TypeCast':
        this.castType(body.typeName);
        break;
      case 'JoinExpr':
        // A natural join or USING compares columns it never names in a ColumnRef (a credential among them).
        if (body.isNatural) refuse('报表不支持 NATURAL JOIN，请用 ON 写明连接条件');
        for (const s of strings(body.usingClause)) if (SECRET_COLUMN.test(s)) refuse('不允许读取密码字段（password/salt）');
        break;
      case 'SQLValueFunction':
        if (!TIME_VALUE_FUNCTIONS.test(String(body.op ?? ''))) refuse('报表SQL中只能使用日期时间类的系统值（current_date、now() 等）');
        break;
    }
    for (const x of Object.values(body)) this.walk(x, scope);
  }

  private select(s: Json, outer: Scope): void {
    if (s.intoClause) refuse('报表不允许 SELECT INTO（会建表）');
    if (Array.isArray(s.lockingClause) && s.lockingClause.length) refuse('报表不允许 FOR UPDATE / FOR SHARE 加锁');
    const scope: Scope = { ctes: new Set(outer.ctes) };
    const withClause = isObj(s.withClause) ? s.withClause : null;
    if (withClause) {
      const ctes = Array.isArray(withClause.ctes) ? withClause.ctes : [];
      const names = ctes.map((c) => String(nodeOf(c)?.[1].ctename ?? ''));
      // A recursive WITH sees all its names; a plain one sees each earlier sibling only.
      if (withClause.recursive) for (const n of names) scope.ctes.add(n);
      for (const [i, c] of ctes.entries()) {
        const cte = nodeOf(c);
        if (!cte || cte[0] !== 'CommonTableExpr') refuse('报表SQL中不支持这种写法（WITH）');
        const query = nodeOf(cte![1].ctequery);
        if (!query || query[0] !== 'SelectStmt') refuse(statementMessage(query?.[0] ?? 'Unknown'));
        this.walk(cte![1].ctequery, { ctes: new Set(scope.ctes) });
        scope.ctes.add(names[i]);
      }
    }
    this.starOverUsers(s, scope);
    for (const [k, x] of Object.entries(s)) if (k !== 'withClause') this.walk(x, scope);
  }

  private relation(r: Json, scope: Scope): void {
    const name = String(r.relname ?? '');
    const schema = r.schemaname ? String(r.schemaname) : null;
    if (r.catalogname) refuse(`报表不允许跨数据库引用：${String(r.catalogname)}.${schema ?? ''}.${name}`);
    if (this.external) {
      if (schema && /^(pg_catalog|information_schema|pg_toast)$/i.test(schema)) refuse(`报表不允许读取系统目录：${schema}.${name}`);
      if (!schema && scope.ctes.has(name)) return;
      this.tables.add(schema ? `${schema}.${name}` : name);
      return;
    }
    if (schema) refuse(`报表不允许指定模式（如 pg_catalog、information_schema）：${schema}.${name}`);
    if (scope.ctes.has(name)) return;
    if (!isReportTable(name)) refuse(`报表不允许读取表 ${name}（只能读取业务表、在线表单表、字典、部门和用户）`);
    this.tables.add(name);
  }

  /** Before the walk (a SELECT's target list comes before its FROM): every name sys_user goes by. */
  collectUserRefs(v: unknown): void {
    if (Array.isArray(v)) return v.forEach((x) => this.collectUserRefs(x));
    if (!isObj(v)) return;
    const n = nodeOf(v);
    if (n && n[0] === 'RangeVar' && !n[1].schemaname && String(n[1].relname) === USER_TABLE) {
      this.userRefs.add(USER_TABLE);
      if (isObj(n[1].alias)) this.userRefs.add(String(n[1].alias.aliasname ?? ''));
    }
    for (const x of Object.values(n ? n[1] : v)) this.collectUserRefs(x);
  }

  private func(names: string[]): void {
    const lower = names.map((n) => n.toLowerCase());
    const name = lower[lower.length - 1] ?? '';
    const qualified = lower.length > 2 || (lower.length === 2 && lower[0] !== 'pg_catalog');
    if (qualified || !FUNCTIONS.has(name)) refuse(`报表不允许调用函数 ${names.join('.')}（只能使用统计、文本、数字和日期函数）`);
  }

  private columnRef(c: Json): void {
    const fields = strings(c.fields);
    for (const f of fields) if (SECRET_COLUMN.test(f)) refuse('不允许读取密码字段（password/salt）');
    // `u` alone or `u.*` where u is sys_user (or its alias): the whole row, credentials included.
    if (fields.length === 1 && this.userRefs.has(fields[0])) refuse('不允许读取用户表（sys_user）的整行，请列出需要的字段');
  }

  private castType(t: unknown): void {
    const names = isObj(t) ? strings(t.names).map((s) => s.toLowerCase()) : [];
    const name = names[names.length - 1] ?? '';
    if (!CAST_TYPES.has(name) || (names.length === 2 && names[0] !== 'pg_catalog') || names.length > 2) refuse(`报表不允许转换为类型 ${names.join('.') || '?'}`);
  }

  /** `select *` straight over sys_user (or a join holding it): every column, credentials included. */
  private starOverUsers(s: Json, scope: Scope): void {
    const direct = new Set<string>();
    const collect = (v: unknown) => {
      const n = nodeOf(v);
      if (!n) return;
      if (n[0] === 'RangeVar' && !n[1].schemaname && String(n[1].relname) === USER_TABLE && !scope.ctes.has(USER_TABLE)) {
        direct.add(USER_TABLE);
        if (isObj(n[1].alias)) direct.add(String(n[1].alias.aliasname));
      }
      if (n[0] === 'JoinExpr') {
        collect(n[1].larg);
        collect(n[1].rarg);
      }
    };
    for (const f of Array.isArray(s.fromClause) ? s.fromClause : []) collect(f);
    if (!direct.size || this.external) return;
    for (const t of Array.isArray(s.targetList) ? s.targetList : []) {
      const val = nodeOf(t)?.[1].val;
      const ref = nodeOf(val);
      if (!ref || ref[0] !== 'ColumnRef' || !Array.isArray(ref[1].fields)) continue;
      const fields = ref[1].fields;
      const star = nodeOf(fields[fields.length - 1])?.[0] === 'A_Star';
      if (!star) continue;
      const qual = strings(fields.slice(0, -1));
      if (!qual.length || direct.has(qual[qual.length - 1])) refuse('不允许 select * 读取用户表（sys_user），请列出需要的字段');
    }
  }
}

/** Output names PostgreSQL gives the columns (its FigureColname for the common cases); null for `*`. */
function outputColumns(select: Json): (string | null)[] {
  if (select.op && select.op !== 'SETOP_NONE') return outputColumns(nodeOf(select.larg)?.[1] ?? {});
  const nameOf = (v: unknown): string => {
    const n = nodeOf(v);
    if (!n) return '?column?';
    const [tag, b] = n;
    if (tag === 'ColumnRef') return strings(b.fields).pop() ?? '?column?';
    if (tag === 'FuncCall') return strings(b.funcname).pop() ?? '?column?';
    if (tag === 'TypeCast') {
      const inner = nameOf(b.arg);
      return inner !== '?column?' ? inner : (isObj(b.typeName) ? (strings(b.typeName.names).pop() ?? '?column?') : '?column?');
    }
    if (tag === 'CaseExpr') return 'case';
    if (tag === 'CoalesceExpr') return 'coalesce';
    if (tag === 'A_Indirection') return strings(b.indirection).pop() ?? nameOf(b.arg);
    if (tag === 'SQLValueFunction') return String(b.op ?? '').replace(/^SVFOP_/, '').replace(/_N$/, '').toLowerCase();
    return '?column?';
  };
  return (Array.isArray(select.targetList) ? select.targetList : []).map((t) => {
    const rt = nodeOf(t)?.[1];
    if (!rt) return null;
    if (rt.name) return String(rt.name);
    const ref = nodeOf(rt.val);
    if (ref?.[0] === 'ColumnRef' && Array.isArray(ref[1].fields) && nodeOf(ref[1].fields[ref[1].fields.length - 1])?.[0] === 'A_Star') return null;
    return nameOf(rt.val);
  });
}

/**
 * Checks report SQL; throws ApiFailure with a Chinese message naming what is refused. `external`: the SQL runs on a
 * configured 数据源 (another database): its tables are that database's, so the table allowlist does not apply, but the
 * statement, function and system-catalogue rules do.
 */
export async function checkReportSql(text: string, opts: { external?: boolean } = {}): Promise<CheckedSql> {
  let parts: SqlPart[];
  try {
    parts = splitReportSql(text ?? '');
  } catch (e) {
    if (e instanceof ReportSqlError) throw new ApiFailure(e.message);
    throw e;
  }
  if (!parts.length) refuse('请填写报表SQL');
  const params: string[] = [];
  const numbered = parts
    .map((p) => {
      if (typeof p === 'string') return p;
      if (!params.includes(p.param)) params.push(p.param);
      return `$${params.indexOf(p.param) + 1}`;
    })
    .join('');
  let tree: { stmts?: { stmt?: unknown }[] };
  try {
    tree = await parse(numbered);
  } catch (e) {
    return refuse(`SQL 语法错误：${e instanceof Error ? e.message : String(e)}`);
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length !== 1) refuse(stmts.length ? '报表只能包含一条 SELECT 语句（不能用分号写多条语句）' : '请填写报表SQL');
  const top = nodeOf(stmts[0].stmt);
  if (!top) return refuse('无法解析报表SQL');
  if (top[0] !== 'SelectStmt') refuse(statementMessage(top[0]));
  const checker = new Checker(!!opts.external);
  if (!opts.external) checker.collectUserRefs(stmts[0].stmt);
  checker.walk(stmts[0].stmt, { ctes: new Set() });
  const tables = [...checker.tables];
  return { parts, params, tables, tenantTables: opts.external ? [] : tables.filter(isTenantTable), columns: outputColumns(top[1]) };
}
