import { Kysely, PostgresDialect, sql, type Selectable } from 'kysely';
import type { Pool } from 'pg';
import type { Database } from '../db';
import type { DB } from '../db/schema';
import type { BackendConfig } from '../config';
import type { DataSourceRow } from '../../lib/online/wire';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { formatDateTime } from '../core/format';
import { decryptSecret, encryptSecret, secretKey } from '../core/secret';
import { checkedTarget, CONNECT_FAILED, dataSourceLog, PASSWORD_AGAIN, sameTarget, type PgTarget } from './datasource-connect';
import { POSTGRES_DB_TYPE, POSTGRES_DRIVER } from '../../features/online/datasource/datasource-resource';

/**
 * 多数据源管理 (issue #25, JeecgBoot's sys_data_source): other PostgreSQL databases a report may read. Only PostgreSQL
 * (`postgres://host:port/db` or JeecgBoot's `jdbc:postgresql://host:port/db`), because the report runner's guards
 * (read-only transaction, statement timeout) are PostgreSQL's. The password is stored encrypted (./secret.ts) and
 * never answered; an edit or 测试连接 with an empty password uses the stored one only for the stored host, port,
 * database and user (otherwise PASSWORD_AGAIN: a stored password never goes to a server it was not typed for).
 * Connections go only to addresses ./datasource-connect.ts checked. Each source used by a report gets a small
 * pool of its own, closed when the source is edited or deleted.
 */

/** A database_type other than PostgreSQL (JeecgBoot's codes: 4 is MySQL 5.7+, 6 PostgreSQL). */
export const DB_TYPE_UNSUPPORTED = '只支持 PostgreSQL 数据源（数据库类型 postgresql）';

/** JeecgBoot's database_type code, or empty (the type is then PostgreSQL); anything but PostgreSQL is refused. */
export function checkDbType(raw: unknown): void {
  const v = raw === undefined || raw === null ? '' : String(raw).trim();
  if (v && v !== POSTGRES_DB_TYPE && v.toLowerCase() !== 'postgresql') throw new ApiFailure(DB_TYPE_UNSUPPORTED);
}

/** What connecting to a source needs of the settings. */
export type DataSourceConfig = Pick<BackendConfig, 'dataDir' | 'dataSourceAllowLoopback'>;

export const DS_NOT_FOUND = '数据源不存在或已删除';
const CODE_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const CONNECT_TIMEOUT_MS = 5000;

export interface DataSourceInput {
  id?: string;
  code?: string;
  name?: string;
  remark?: string | null;
  dbType?: string;
  dbUrl?: string;
  dbUsername?: string;
  dbPassword?: string | null;
}

export type { PgTarget };

/** A PostgreSQL URL's host, port and database; anything else is refused with the reason. */
export function parsePgUrl(raw: string | null | undefined): PgTarget {
  const text = String(raw ?? '').trim();
  if (!text) throw new ApiFailure('请填写数据源地址');
  if (text.length > 500) throw new ApiFailure('数据源地址过长');
  const m = /^(?:jdbc:postgresql|postgres|postgresql):\/\//i.exec(text);
  if (!m) throw new ApiFailure('只支持 PostgreSQL 数据源，地址形如 jdbc:postgresql://主机:5432/数据库名 或 postgres://主机:5432/数据库名');
  let url: URL;
  try {
    url = new URL(`postgres://${text.slice(m[0].length)}`);
  } catch {
    throw new ApiFailure('数据源地址格式不正确');
  }
  if (url.username || url.password) throw new ApiFailure('请把用户名和密码填在各自的栏里，不要写在地址中');
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!url.hostname) throw new ApiFailure('数据源地址缺少主机名');
  if (!database || database.includes('/')) throw new ApiFailure('数据源地址缺少数据库名');
  const port = url.port ? Number(url.port) : 5432;
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port, database };
}

type Row = Selectable<DB['sys_data_source']>;

/** The wire row: the password never leaves the server. */
export const toDataSource = (r: Row): DataSourceRow => ({
  id: r.id,
  code: r.code,
  name: r.name,
  remark: r.remark,
  dbType: r.db_type,
  dbDriver: r.db_driver,
  dbUrl: r.db_url,
  dbName: r.db_name,
  dbUsername: r.db_username,
  createTime: formatDateTime(r.create_time) ?? '',
});


/** May the stored password of `row` be used for `target` and `user`? Only for the very same server, database and user. */
function storedPasswordFits(row: Pick<Row, 'db_url' | 'db_username'>, target: PgTarget, user: string): boolean {
  let stored: PgTarget;
  try {
    stored = parsePgUrl(row.db_url);
  } catch {
    return false;
  }
  return sameTarget({ ...stored, user: row.db_username ?? '' }, { ...target, user });
}

/**
 * The stored source (newest edit first) for this very host, port, database and user: JeecgBoot's modal tests an
 * existing source without its id, and with an empty password, since queryById never answers one. Its stored
 * password goes only where it was typed for, as with an id; no source there: the test has no password.
 */
async function storedSourceAt(db: Database, target: PgTarget, user: string): Promise<Row | undefined> {
  const rows = await db.selectFrom('sys_data_source').selectAll().where('db_username', '=', user).orderBy(sql`coalesce(update_time, create_time)`, 'desc').limit(200).execute();
  return rows.find((r) => storedPasswordFits(r, target, user));
}

export async function getDataSource(db: Database, key: { id: string } | { code: string }) {
  const q = db.selectFrom('sys_data_source').selectAll();
  return ('id' in key ? q.where('id', '=', key.id) : q.where('code', '=', key.code)).executeTakeFirst();
}

const text = (v: unknown, max: number, label: string, required = true): string | null => {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) {
    if (required) throw new ApiFailure(`请填写${label}`);
    return null;
  }
  if (s.length > max) throw new ApiFailure(`${label}最长${max}个字符`);
  return s;
};

/** Adds (no id) or edits a source; refuses a duplicate code. Answers the saved row. */
export async function saveDataSource(db: Database, config: Pick<BackendConfig, 'dataDir'>, input: DataSourceInput, username: string): Promise<DataSourceRow> {
  const old = input.id ? await getDataSource(db, { id: input.id }) : undefined;
  if (input.id && !old) throw new ApiFailure(DS_NOT_FOUND);
  // JeecgBoot's modal clears the code on edit (it cannot change): an edit without one keeps the stored code.
  const code = old && (input.code === undefined || input.code === null || input.code === '') ? old.code : text(input.code, 64, '数据源编码')!;
  if (!CODE_RE.test(code)) throw new ApiFailure('数据源编码只能用字母、数字和下划线，以字母开头');
  const name = text(input.name, 100, '数据源名称')!;
  const remark = text(input.remark, 200, '备注', false);
  checkDbType(input.dbType);
  const dbUrl = text(input.dbUrl, 500, '数据源地址')!;
  const target = parsePgUrl(dbUrl);
  const dbUsername = text(input.dbUsername, 100, '用户名')!;
  const password = typeof input.dbPassword === 'string' && input.dbPassword !== '' ? input.dbPassword : null;
  if (password && password.length > 200) throw new ApiFailure('密码最长200个字符');
  const values = { code, name, remark, db_type: POSTGRES_DB_TYPE, db_driver: POSTGRES_DRIVER, db_url: dbUrl, db_name: target.database, db_username: dbUsername };
  const taken = await db.selectFrom('sys_data_source').select('id').where('code', '=', code).executeTakeFirst();
  if (taken && taken.id !== input.id) throw new ApiFailure(`数据源编码 ${code} 已存在`);
  if (!old) {
    if (!password) throw new ApiFailure('请填写密码');
    const id = newId();
    await db
      .insertInto('sys_data_source')
      .values({ id, ...values, db_password: encryptSecret(password, secretKey(config)), create_by: username })
      .execute();
    return toDataSource((await getDataSource(db, { id }))!);
  }
  // Kept only for the server it was typed for: a new host, port, database or user needs the password again.
  if (!password && !storedPasswordFits(old, target, dbUsername)) throw new ApiFailure(PASSWORD_AGAIN);
  // Reports name their source by code: a renamed code would orphan them.
  if (old.code !== code && (await db.selectFrom('onl_cgreport_head').select('id').where('db_source', '=', old.code).executeTakeFirst()))
    throw new ApiFailure(`数据源 ${old.code} 正被报表使用，不能修改编码`);
  await db
    .updateTable('sys_data_source')
    .set({ ...values, ...(password ? { db_password: encryptSecret(password, secretKey(config)) } : {}), update_by: username, update_time: new Date() })
    .where('id', '=', old.id)
    .execute();
  await closeSourcePool(old.code);
  return toDataSource((await getDataSource(db, { id: old.id }))!);
}

/** Deletes a source no report uses (a report on a missing source could not run: nothing is lost silently). */
export async function deleteDataSource(db: Database, id: string): Promise<void> {
  await deleteDataSources(db, [id]);
}

/** JeecgBoot's deleteBatch: every source must exist and be unused, or none is deleted. */
export async function deleteDataSources(db: Database, ids: string[]): Promise<void> {
  const rows = await db.selectFrom('sys_data_source').select(['id', 'code']).where('id', 'in', ids).execute();
  if (rows.length !== ids.length) throw new ApiFailure(DS_NOT_FOUND);
  for (const row of rows) {
    const users = await db.selectFrom('onl_cgreport_head').select('name').where('db_source', '=', row.code).limit(3).execute();
    if (users.length) throw new ApiFailure(`数据源 ${row.code} 正被报表使用（${users.map((u) => u.name).join('、')}），请先修改这些报表`);
  }
  await db.deleteFrom('sys_data_source').where('id', 'in', ids).execute();
  for (const row of rows) await closeSourcePool(row.code);
}

const pgModule = async () => (await import('pg')).default;

/**
 * 测试连接: opens one connection with the given settings and runs `select 1`. `dbPassword` empty with `id` uses the
 * stored password (the screen never has it), and only for the stored host, port, database and user. A refused
 * address or an unknown source throws; a failed connection answers CONNECT_FAILED (the reason goes to the log).
 */
export async function testConnection(db: Database, config: DataSourceConfig, input: DataSourceInput & { id?: string }): Promise<{ ok: boolean; message: string }> {
  checkDbType(input.dbType);
  const target = parsePgUrl(input.dbUrl);
  const user = text(input.dbUsername, 100, '用户名')!;
  let password = typeof input.dbPassword === 'string' && input.dbPassword !== '' ? input.dbPassword : null;
  if (!password) {
    const row = input.id ? await getDataSource(db, { id: input.id }) : await storedSourceAt(db, target, user);
    if (input.id && !row) throw new ApiFailure(DS_NOT_FOUND);
    if (row) {
      if (!storedPasswordFits(row, target, user)) throw new ApiFailure(PASSWORD_AGAIN);
      password = decryptSecret(row.db_password, secretKey(config));
    }
  }
  const checked = await checkedTarget(target, { allowLoopback: config.dataSourceAllowLoopback });
  const pg = await pgModule();
  // host is the checked IP (no second lookup); no TLS here — with TLS, ssl.servername would be checked.hostname.
  const client = new pg.Client({ host: checked.host, port: checked.port, database: checked.database, user, password: password ?? undefined, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, statement_timeout: CONNECT_TIMEOUT_MS });
  // A refused or dropped connection also emits 'error' on the client: without a listener it would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true, message: '连接成功' };
  } catch (e) {
    const err = e instanceof Error ? e.message || e.name : String(e);
    dataSourceLog().warn({ source: input.id ?? null, host: checked.hostname, address: checked.host, port: checked.port, database: checked.database, user, err }, 'data source test connection failed');
    return { ok: false, message: CONNECT_FAILED };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Pools of the sources reports ran on, by code (one process-wide map: sources are installation-wide). */
const pools = new Map<string, { pool: Pool; db: Kysely<unknown> }>();

export async function closeSourcePool(code: string): Promise<void> {
  const entry = pools.get(code);
  if (!entry) return;
  pools.delete(code);
  await entry.db.destroy().catch(() => undefined);
}

/** The database of a report's 数据源 (a small pool, opened on first use). */
export async function sourceDb(db: Database, config: DataSourceConfig, code: string): Promise<Kysely<unknown>> {
  const open = pools.get(code);
  if (open) return open.db;
  const row = await getDataSource(db, { code });
  if (!row) throw new ApiFailure(`报表的数据源 ${code} 不存在或已删除`);
  // Resolved and checked once per pool: its connections all go to that IP (the pool is dropped on edit or delete).
  const checked = await checkedTarget(parsePgUrl(row.db_url), { allowLoopback: config.dataSourceAllowLoopback });
  const pg = await pgModule();
  const pool = new pg.Pool({
    host: checked.host,
    port: checked.port,
    database: checked.database,
    user: row.db_username,
    password: decryptSecret(row.db_password, secretKey(config)) ?? undefined,
    max: 3,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  pool.on('error', (e) => dataSourceLog().warn({ source: code, err: e.message }, 'data source idle connection lost'));
  const kdb = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  // Two first uses at once: keep the first pool, close the second.
  const raced = pools.get(code);
  if (raced) {
    await kdb.destroy();
    return raced.db;
  }
  pools.set(code, { pool, db: kdb });
  return kdb;
}

/** Closes every source pool (backend shutdown, tests). */
export async function closeAllSourcePools(): Promise<void> {
  await Promise.all([...pools.keys()].map((code) => closeSourcePool(code)));
}
