import { sql } from 'kysely';
import type { Database } from '../db';
import { columnOf } from '../../lib/resources/field-kinds';
import type { ReportTableInfo } from '../../lib/online/wire';
import { listResources } from '../resources/registry';
import { isReportTable, SECRET_COLUMN, SHARED_TABLES } from './report-sql';

/**
 * The report designer's table and column browser (issue #39, point 10): the tables a report on the product's database
 * may read — exactly report-sql.ts's allowlist, never a credential column — with their Chinese names. The schema sets
 * no comments of its own, so a name comes from, in order: a database comment (COMMENT ON, if an administrator set one),
 * the resource definitions (a table's title, a column's field label), the online form designer (表描述, 字段备注), and
 * the columns every table shares.
 */

/** The shared tables' names where no resource names them. */
const SHARED_TABLE_TEXT: Record<string, string> = {
  sys_dict: '数据字典',
  sys_dict_item: '数据字典项',
  sys_category: '分类字典',
  sys_depart: '部门',
  sys_user: '用户',
  sys_user_depart: '用户部门',
  sys_position: '职务',
  sys_role: '角色',
  sys_user_role: '用户角色',
};

/** Columns most tables have (audit, tenant, soft delete). */
const COMMON_COLUMN_TEXT: Record<string, string> = {
  id: '主键',
  create_by: '创建人',
  create_time: '创建时间',
  update_by: '修改人',
  update_time: '修改时间',
  tenant_id: '租户',
  del_flag: '删除标志',
  sys_org_code: '所属部门编码',
};

interface CatalogRow {
  table_name: string;
  table_comment: string | null;
  column_name: string;
  data_type: string;
  column_comment: string | null;
}

/** Names from the resource definitions and the online forms: table → text, `table.column` → text. */
async function labels(db: Database): Promise<{ tables: Map<string, string>; columns: Map<string, string> }> {
  const tables = new Map<string, string>();
  const columns = new Map<string, string>();
  for (const { def } of listResources()) {
    if (!isReportTable(def.table)) continue;
    if (!tables.has(def.table)) tables.set(def.table, def.title);
    for (const f of def.fields) {
      const key = `${def.table}.${columnOf(f)}`;
      if (!columns.has(key) && f.label) columns.set(key, f.label);
    }
  }
  const forms = await db
    .selectFrom('onl_cgform_head as h')
    .leftJoin('onl_cgform_field as f', 'f.cgform_head_id', 'h.id')
    .select(['h.physical_table', 'h.table_txt', 'f.db_field_name', 'f.db_field_txt'])
    .execute();
  for (const r of forms) {
    if (!tables.has(r.physical_table)) tables.set(r.physical_table, r.table_txt);
    if (r.db_field_name && r.db_field_txt) columns.set(`${r.physical_table}.${r.db_field_name}`, r.db_field_txt);
  }
  return { tables, columns };
}

/** Every readable table with its columns, by name. */
export async function reportTables(db: Database): Promise<ReportTableInfo[]> {
  const rows = await sql<CatalogRow>`
    select c.relname as table_name, obj_description(c.oid, 'pg_class') as table_comment, a.attname as column_name,
      format_type(a.atttypid, a.atttypmod) as data_type, col_description(c.oid, a.attnum) as column_comment
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind in ('r', 'p', 'v', 'm') and (c.relname like 'tbl\\_%' or c.relname in (${sql.join([...SHARED_TABLES])}))
    order by c.relname, a.attnum`.execute(db);
  const names = await labels(db);
  const out: ReportTableInfo[] = [];
  for (const r of rows.rows) {
    // The SQL check's own rule decides, not the LIKE above.
    if (!isReportTable(r.table_name) || SECRET_COLUMN.test(r.column_name)) continue;
    let table = out[out.length - 1];
    if (!table || table.tableName !== r.table_name) {
      table = { tableName: r.table_name, tableTxt: r.table_comment || names.tables.get(r.table_name) || SHARED_TABLE_TEXT[r.table_name] || '', columns: [] };
      out.push(table);
    }
    table.columns.push({
      columnName: r.column_name,
      columnTxt: r.column_comment || names.columns.get(`${r.table_name}.${r.column_name}`) || COMMON_COLUMN_TEXT[r.column_name] || '',
      dataType: r.data_type,
    });
  }
  return out;
}

/**
 * The tables matching a keyword (in a table's or a column's name or text, case-insensitive), one page of them. A table
 * matched by a column keeps all its columns (the client marks the matches).
 */
export function searchReportTables(all: readonly ReportTableInfo[], keyword: string): ReportTableInfo[] {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return [...all];
  const hit = (s: string) => s.toLowerCase().includes(kw);
  return all.filter((t) => hit(t.tableName) || hit(t.tableTxt) || t.columns.some((c) => hit(c.columnName) || hit(c.columnTxt)));
}
