import { sql } from 'kysely';
import type { Database } from '../db';
import { trafficSnapshot } from './monitor-state';

/** 数据库 (in the place of JeecgBoot's Redis screen): connections, size, the largest tables, slow queries if measured. */

const TABLES_SHOWN = 10;
const SLOW_SHOWN = 10;

export const NO_STAT_STATEMENTS = '数据库未启用 pg_stat_statements 扩展，无法统计慢查询';
export const EMBEDDED_NO_STAT_STATEMENTS = '内置数据库（PGlite）不提供 pg_stat_statements，无法统计慢查询';

/** The database's size in bytes (pg_database_size). */
export async function databaseSize(db: Database): Promise<number> {
  return Number((await sql<{ n: string }>`select pg_database_size(current_database())::text as n`.execute(db)).rows[0]?.n ?? 0);
}

/** Tables (plain and partitioned) in the current schema. */
export async function tableCount(db: Database): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname = current_schema()`.execute(db);
  return r.rows[0]?.n ?? 0;
}

export async function databaseInfo(db: Database, kind: 'pglite' | 'postgres') {
  const version = (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)).rows[0]?.v ?? '';
  const size = await databaseSize(db);
  // pg_total_relation_size: table, indexes and TOAST together. Rows are estimates, no count(*): the planner's
  // reltuples (-1 before the first analyse, which PGlite rarely runs) or the statistics' live tuples, the larger.
  const tables = await sql<{ name: string; bytes: string; rows: string }>`
    select c.relname as name, pg_total_relation_size(c.oid)::text as bytes,
      greatest(c.reltuples::bigint, pg_stat_get_live_tuples(c.oid), 0)::text as rows
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname = current_schema()
    order by pg_total_relation_size(c.oid) desc, c.relname
    limit ${TABLES_SHOWN}`.execute(db);

  let connections: { embedded?: number; pool?: { total: number; idle: number; waiting: number }; server?: number };
  if (kind === 'pglite') connections = { embedded: 1 };
  else {
    const pool = trafficSnapshot().pool;
    // Every client of this database, this instance's pool and the others'.
    const server = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database()`.execute(db);
    connections = { server: server.rows[0]?.n ?? 0, ...(pool ? { pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } } : {}) };
  }

  let slowQueries: { query: string; calls: number; meanMs: number; totalMs: number }[] | null = null;
  let slowQueriesNote: string | null = kind === 'pglite' ? EMBEDDED_NO_STAT_STATEMENTS : NO_STAT_STATEMENTS;
  if (kind === 'postgres') {
    const ext = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_stat_statements'`.execute(db);
    if (ext.rows[0]?.n) {
      try {
        // Constants are already replaced by $n in pg_stat_statements' text; shortened for the screen.
        const rows = await sql<{ query: string; calls: string; mean: number; total: number }>`
          select left(query, 300) as query, calls::text as calls, mean_exec_time as mean, total_exec_time as total
          from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
          order by mean_exec_time desc limit ${SLOW_SHOWN}`.execute(db);
        slowQueries = rows.rows.map((r) => ({ query: r.query, calls: Number(r.calls), meanMs: Math.round(r.mean * 10) / 10, totalMs: Math.round(r.total) }));
        slowQueriesNote = null;
      } catch {
        // Installed in the database but not preloaded (shared_preload_libraries): reading it fails.
        slowQueriesNote = '已安装 pg_stat_statements，但未在 shared_preload_libraries 中加载，无法统计慢查询';
      }
    }
  }

  return {
    kind,
    version,
    sizeBytes: size,
    connections,
    tables: tables.rows.map((t) => ({ name: t.name, bytes: Number(t.bytes), rows: Number(t.rows) })),
    slowQueries,
    slowQueriesNote,
  };
}
