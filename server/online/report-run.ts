import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database } from '../db';
import type { DB } from '../db/schema';
import type { CgreportHead, CgreportItem, CgreportParam, CgreportParseResult } from '../../lib/online/wire';
import { paramValueProblem, REPORT_FIELD_RE, REPORT_PARAM_TYPES, REPORT_ROW_LIMIT, REPORT_TIMEOUT_MESSAGE, REPORT_TIMEOUT_SECONDS } from '../../lib/online/report-rules';
import { ApiFailure } from '../core/errors';
import { currentTenant } from '../db/tenant-scope';
import { formatDateTime } from '../core/format';
import type { AnyReportDef, ReportValueType } from './reports/types';
import type { ReportExecutor } from './reports/run';
import { checkReportSql, type CheckedSql } from './report-sql';
import { sourceDb, type DataSourceConfig } from './datasources';

/**
 * Running designer-made reports (issue #25). The SQL passed server/online/report-sql.ts's parser checks; here it runs
 * with its `${param}`s bound as values, wrapped as a subquery (filters, sort and paging outside it, by
 * server/online/reports/run.ts like the code-defined reports), under three more guards:
 * - a READ ONLY transaction with `SET LOCAL statement_timeout` (5 s → REPORT_TIMEOUT_MESSAGE) and a row limit;
 * - on the product's database, `SET LOCAL ROLE jw_report_reader`: a role made at first use that may only SELECT the
 *   tables a report read (sys_user without its credential columns). When the connection may not create or use
 *   roles, the runner logs it once and relies on the parser checks;
 * - on PGlite the statement runs in the database's thread, where the dialect enforces the same timeout by cancelling
 *   it (server/db/pglite-engine.ts); the planner's cost estimate is checked first, so a statement estimated far beyond
 *   the timeout is refused at once with the same message.
 * Tenants: every business table the SQL names is shadowed by a CTE of the same name holding the caller's tenant's
 * rows only (the Kysely tenant plugin does not rewrite raw SQL; docs/architecture.md, "Tenants").
 */

export const READER_ROLE = 'jw_report_reader';
/** The embedded engine's refusal threshold, in planner cost units (about 150,000 per second measured on PGlite). */
const PGLITE_MAX_COST = 1_000_000;
const SECRET_COLUMN = /password|salt/i;

export interface DesignerReport {
  head: CgreportHead;
  items: CgreportItem[];
  params: CgreportParam[];
}

type HeadRow = Selectable<DB['onl_cgreport_head']>;

export const toReportHead = (r: HeadRow): CgreportHead => ({
  id: r.id,
  code: r.code,
  name: r.name,
  cgrSql: r.cgr_sql,
  dbSource: r.db_source,
  content: r.content,
  chartType: (['bar', 'line', 'pie'].includes(r.chart_type) ? r.chart_type : 'none') as CgreportHead['chartType'],
  chartX: r.chart_x,
  chartY: r.chart_y,
  createBy: r.create_by,
  createTime: formatDateTime(r.create_time) ?? '',
});

export async function reportItems(db: Database, headId: string): Promise<CgreportItem[]> {
  const rows = await db.selectFrom('onl_cgreport_item').selectAll().where('cgrhead_id', '=', headId).orderBy('order_num').orderBy('field_name').execute();
  return rows.map((r) => ({
    id: r.id,
    fieldName: r.field_name,
    fieldTxt: r.field_txt,
    fieldWidth: r.field_width,
    fieldType: r.field_type as CgreportItem['fieldType'],
    isShow: r.is_show ? 1 : 0,
    isOrder: r.is_order ? 1 : 0,
    isSearch: r.is_search ? 1 : 0,
    searchMode: r.search_mode === 'group' ? 'group' : r.search_mode === 'single' ? 'single' : null,
    dictCode: r.dict_code,
    orderNum: r.order_num,
  }));
}

export async function reportParams(db: Database, headId: string): Promise<CgreportParam[]> {
  const rows = await db.selectFrom('onl_cgreport_param').selectAll().where('cgrhead_id', '=', headId).orderBy('order_num').orderBy('param_name').execute();
  return rows.map((r) => ({
    id: r.id,
    paramName: r.param_name,
    paramTxt: r.param_txt,
    paramValue: r.param_value,
    orderNum: r.order_num,
    dictCode: r.dict_code,
    paramType: REPORT_PARAM_TYPES.find((t) => t === r.param_type) ?? null,
  }));
}

/** A designer report by code or id, or undefined. */
export async function loadDesignerReport(db: Database, key: { code: string } | { id: string }): Promise<DesignerReport | undefined> {
  const q = db.selectFrom('onl_cgreport_head').selectAll();
  const row = await ('code' in key ? q.where('code', '=', key.code) : q.where('id', '=', key.id)).executeTakeFirst();
  if (!row) return undefined;
  const [items, params] = await Promise.all([reportItems(db, row.id), reportParams(db, row.id)]);
  return { head: toReportHead(row), items, params };
}

/* ---------------- the guards ---------------- */

/** Per database: whether the reader role is usable, and the tables already granted to it. */
const readers = new WeakMap<object, Promise<{ role: boolean; pglite: boolean; granted: Set<string> }>>();
let roleWarned = false;

const pgCode = (e: unknown): string | undefined => (e && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : undefined);

async function readerState(db: Database) {
  let state = readers.get(db);
  if (!state) {
    state = (async () => {
      const version = await sql<{ v: string }>`select version() as v`.execute(db);
      const pglite = /PGlite/i.test(version.rows[0]?.v ?? '');
      try {
        const exists = await sql`select 1 from pg_roles where rolname = ${READER_ROLE}`.execute(db);
        if (!exists.rows.length) {
          try {
            await sql`create role ${sql.id(READER_ROLE)} nologin`.execute(db);
          } catch (e) {
            // Another database of the same server (roles are server-wide) made it at the same moment.
            if (!['42710', '23505'].includes(pgCode(e) ?? '')) throw e;
          }
        }
        const member = await sql<{ ok: boolean }>`select pg_has_role(${READER_ROLE}, 'MEMBER') as ok`.execute(db);
        if (!member.rows[0]?.ok) await sql`grant ${sql.id(READER_ROLE)} to current_user`.execute(db);
        return { role: true, pglite, granted: new Set<string>() };
      } catch (e) {
        if (!roleWarned) console.warn(`[report] reader role ${READER_ROLE} unavailable (${e instanceof Error ? e.message : String(e)}); reports rely on the SQL checks and the read-only transaction`);
        roleWarned = true;
        return { role: false, pglite, granted: new Set<string>() };
      }
    })();
    readers.set(db, state);
  }
  return state;
}

/** GRANT SELECT on each table a report reads (once per table and process); sys_user without its credential columns. */
async function grantReader(db: Database, granted: Set<string>, tables: string[]): Promise<void> {
  for (const t of tables) {
    if (granted.has(t)) continue;
    try {
      if (t === 'sys_user') {
        const cols = await sql<{ c: string }>`select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = 'sys_user'`.execute(db);
        const allowed = cols.rows.map((r) => r.c).filter((c) => !SECRET_COLUMN.test(c));
        await sql`grant select (${sql.join(allowed.map((c) => sql.id(c)))}) on ${sql.id(t)} to ${sql.id(READER_ROLE)}`.execute(db);
      } else {
        await sql`grant select on ${sql.id(t)} to ${sql.id(READER_ROLE)}`.execute(db);
      }
      granted.add(t);
    } catch {
      // A missing table: the report's own statement says so. A concurrent GRANT: the next run grants again.
    }
  }
}

/** The timeout; REPORT_STATEMENT_TIMEOUT_MS may lower it (the test suite does, so its slow report stops sooner). */
const timeoutMs = () => {
  const env = Number(process.env.REPORT_STATEMENT_TIMEOUT_MS);
  return Number.isInteger(env) && env > 0 && env < REPORT_TIMEOUT_SECONDS * 1000 ? env : REPORT_TIMEOUT_SECONDS * 1000;
};

/** A database error as the caller's message; anything else is rethrown. */
export function reportRunError(e: unknown): unknown {
  if (e instanceof ApiFailure) return e;
  const code = pgCode(e);
  if (!code || !/^[0-9A-Z]{5}$/.test(code)) return e;
  if (code === '57014') return new ApiFailure(REPORT_TIMEOUT_MESSAGE);
  if (code === '25006') return new ApiFailure('报表只能查询数据，不能修改');
  if (code === '42501') return new ApiFailure(`报表无权读取这些数据：${(e as Error).message}`);
  return new ApiFailure(`报表SQL执行出错：${(e as Error).message}`);
}

/** Runs `fn` in a read-only transaction with the statement timeout (and, on our database, the reader role). */
async function guarded<T>(target: Kysely<unknown>, own: { tables: string[]; probe: RawBuilder<unknown> } | null, fn: (db: Database) => Promise<T>): Promise<T> {
  const state = own ? await readerState(target as Database) : null;
  if (state?.role && own) await grantReader(target as Database, state.granted, own.tables);
  try {
    return await target.transaction().execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      await sql.raw(`set local statement_timeout = ${timeoutMs()}`).execute(trx);
      if (state?.role) await sql.raw(`set local role ${READER_ROLE}`).execute(trx);
      if (state?.pglite && own) {
        const plan = await sql<{ 'QUERY PLAN': [{ Plan: { 'Total Cost': number } }] }>`explain (format json) select * from ${own.probe} as r`.execute(trx);
        const cost = plan.rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Total Cost'] ?? 0;
        if (cost > PGLITE_MAX_COST) throw new ApiFailure(REPORT_TIMEOUT_MESSAGE);
      }
      // The report's queries see the product's schema types through the executor's argument only.
      return fn(trx as unknown as Database);
    });
  } catch (e) {
    // A table dropped and made again (同步数据库 of a form) lost its grant: grant again on the next run.
    if (pgCode(e) === '42501') state?.granted.clear();
    throw reportRunError(e);
  }
}

/* ---------------- building a designer report ---------------- */

const VALUE_TYPES: Record<CgreportItem['fieldType'], ReportValueType> = { String: 'string', Integer: 'int', Double: 'number', Date: 'date', Datetime: 'datetime' };

/** The SQL with its params bound, the business tables shadowed by their tenant's rows, as one parenthesised expression. */
function boundSql(checked: CheckedSql, values: Record<string, string | null>): RawBuilder<unknown> {
  const body = sql.join(
    checked.parts.map((p) => (typeof p === 'string' ? sql.raw(p) : sql`${values[p.param] ?? null}`)),
    sql.raw(''),
  );
  const tenant = currentTenant();
  if (!checked.tenantTables.length || tenant === undefined) return sql`(\n${body}\n)`;
  const ctes = sql.join(checked.tenantTables.map((t) => sql`${sql.id(t)} as not materialized (select * from ${sql.id(t)} where tenant_id = ${tenant})`));
  return sql`(with ${ctes} select * from (\n${body}\n) as u)`;
}

export interface PreparedReport {
  def: AnyReportDef;
  exec: ReportExecutor;
}

/** Param values: `self_<name>` of the request, else the param's default, else null. */
export function paramValues(params: CgreportParam[], query: Record<string, string | undefined>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const p of params) {
    const sent = query[`self_${p.paramName}`];
    const v = sent !== undefined && sent.trim() !== '' ? sent.trim() : (p.paramValue ?? '').trim() || null;
    if (v && v.length > 200) throw new ApiFailure('查询条件过长');
    const problem = v ? paramValueProblem(p, v) : null;
    if (problem) throw new ApiFailure(problem);
    out[p.paramName] = v;
  }
  return out;
}

/** The executor of a report's statement: on its 数据源, or on our database under the reader role. */
function executorFor(db: Database, config: DataSourceConfig, dbSource: string | null, checked: CheckedSql, base: RawBuilder<unknown>): ReportExecutor {
  // The source's pool opens on the first query, not for a request that only reads the columns.
  if (dbSource) return async (fn) => guarded(await sourceDb(db, config, dbSource), null, fn);
  return (fn) => guarded(db as unknown as Kysely<unknown>, { tables: checked.tables, probe: base }, fn);
}

/** A designer report as the report engine's definition, with its params bound and its executor. */
export async function prepareDesignerReport(db: Database, config: DataSourceConfig, rep: DesignerReport, query: Record<string, string | undefined>): Promise<PreparedReport> {
  const checked = await checkReportSql(rep.head.cgrSql, { external: !!rep.head.dbSource });
  const base = boundSql(checked, paramValues(rep.params, query));
  const items = rep.items.filter((i) => REPORT_FIELD_RE.test(i.fieldName));
  const def: AnyReportDef = {
    code: rep.head.code,
    title: rep.head.name,
    // The row type is the SQL's, known only when it runs: the items name its columns.
    base: () => base as RawBuilder<Record<string, unknown>>,
    columns: items
      .filter((i) => i.isShow)
      .map((i) => ({ field: i.fieldName, title: i.fieldTxt, type: VALUE_TYPES[i.fieldType] ?? 'string', sortable: !!i.isOrder, ...(i.dictCode ? { dictCode: i.dictCode } : {}), ...(i.fieldWidth ? { width: i.fieldWidth } : {}) })),
    queryFields: items
      .filter((i) => i.isSearch)
      .map((i) => ({ field: i.fieldName, label: i.fieldTxt, mode: i.searchMode === 'group' ? 'group' : 'single', type: VALUE_TYPES[i.fieldType] ?? 'string', ...(i.dictCode ? { dictCode: i.dictCode } : {}) })),
  };
  return { def, exec: executorFor(db, config, rep.head.dbSource, checked, base) };
}

/** Keeps a page inside the row limit. */
export function limitPage(page: { offset: number; limit: number }): { offset: number; limit: number } {
  return { offset: Math.min(page.offset, REPORT_ROW_LIMIT), limit: Math.max(0, Math.min(page.limit, REPORT_ROW_LIMIT - page.offset)) };
}

/* ---------------- 解析SQL (designer preview) ---------------- */

const PREVIEW_ROWS = 10;

function guessType(v: unknown): CgreportItem['fieldType'] {
  if (typeof v === 'number') return Number.isInteger(v) ? 'Integer' : 'Double';
  if (typeof v === 'bigint') return 'Integer';
  if (v instanceof Date) return 'Datetime';
  if (typeof v === 'string') {
    if (/^-?\d+\.\d+$/.test(v)) return 'Double';
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'Date';
  }
  return 'String';
}

const previewValue = (v: unknown) => (v instanceof Date ? formatDateTime(v) : typeof v === 'bigint' ? Number(v) : v);

/**
 * POST /online/cgreport/head/parseSql: checks the SQL, runs it for at most 10 rows under the guards, and proposes the
 * items (from the rows' columns, or from the statement when no row came back) and params (its `${…}`s).
 */
export async function parseReportSql(
  db: Database,
  config: DataSourceConfig,
  input: { sql: string; dbSource: string | null; params: Record<string, string | undefined> },
): Promise<CgreportParseResult> {
  const checked = await checkReportSql(input.sql, { external: !!input.dbSource });
  const values: Record<string, string | null> = {};
  for (const p of checked.params) {
    const v = input.params[p];
    values[p] = typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : null;
  }
  const base = boundSql(checked, values);
  const exec = executorFor(db, config, input.dbSource, checked, base);
  const rows = await exec(async (q) => (await sql<Record<string, unknown>>`select * from ${base} as r limit ${PREVIEW_ROWS}`.execute(q)).rows);
  const names = rows.length ? Object.keys(rows[0]) : checked.columns;
  if (names.some((n) => n === null)) throw new ApiFailure('SQL 没有返回数据，无法识别 * 的列：请写出列名，或填写参数使其返回数据后再解析');
  const items: CgreportItem[] = (names as string[]).map((name, i) => {
    if (!REPORT_FIELD_RE.test(name)) throw new ApiFailure(`列名 "${name.slice(0, 40)}" 不合法：请在SQL中用 as 起一个字母、数字和下划线组成的别名`);
    return {
      fieldName: name,
      fieldTxt: name,
      fieldWidth: null,
      fieldType: rows.length ? guessType(rows[0][name]) : 'String',
      isShow: 1,
      isOrder: 0,
      isSearch: 0,
      searchMode: null,
      dictCode: null,
      orderNum: i + 1,
    };
  });
  if (new Set(names).size !== names.length) throw new ApiFailure('SQL 的列名有重复，请用 as 起不同的别名');
  const params: CgreportParam[] = checked.params.map((p, i) => ({ paramName: p, paramTxt: p, paramValue: null, orderNum: i + 1 }));
  return { items, params, preview: rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, previewValue(v)]))) };
}
