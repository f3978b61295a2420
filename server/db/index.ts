import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DB } from './schema';
import { PGliteDialect } from './pglite-dialect';
import { PGliteEngine } from './pglite-engine';
import { InlineEngine } from './pglite-inline';
import * as m0001 from './migrations/0001-foundation';
import * as m0002 from './migrations/0002-third-login';
import * as m0003 from './migrations/0003-log-index';
import * as m0004 from './migrations/0004-resources';
import * as m0005 from './migrations/0005-category';
import * as m0006 from './migrations/0006-announcements';
import * as m0007 from './migrations/0007-saved-query';
import * as m0008 from './migrations/0008-permission-data-rule';
import * as m0009 from './migrations/0009-custom-values';
import * as m0010 from './migrations/0010-depart-fields';
import * as m0011 from './migrations/0011-location';
import * as m0012 from './migrations/0012-teaching';
import * as m0013 from './migrations/0013-live';
import * as m0014 from './migrations/0014-material';
import * as m0015 from './migrations/0015-quartz';
import * as m0016 from './migrations/0016-user-depart-ids';
import * as m0017 from './migrations/0017-tenant-position';
import * as m0018 from './migrations/0018-location-name';
import * as m0019 from './migrations/0019-role-grants';
import * as m0021 from './migrations/0021-lessons-teachers';
import * as m0022 from './migrations/0022-material-file-name';
import * as m0023 from './migrations/0023-course-content';
import * as m0024 from './migrations/0024-pinyin-key';
import * as m0026 from './migrations/0026-calendar-material-source';
import * as m0027 from './migrations/0027-pinyin-content';
import * as m0028 from './migrations/0028-crm';
import * as m0031 from './migrations/0031-quartz-run';
import * as m0032 from './migrations/0032-gateway-route';
import * as m0033 from './migrations/0033-lead-return-job';
import * as m0035 from './migrations/0035-fill-rule';
import * as m0036 from './migrations/0036-data-log';
import * as m0037 from './migrations/0037-oss-file';
import * as m0038 from './migrations/0038-tenant-scope';
import * as m0039 from './migrations/0039-online';
import * as m0040 from './migrations/0040-account-settings';
import * as m0041 from './migrations/0041-two-factor';
import * as m0042 from './migrations/0042-student-work';
import * as m0043 from './migrations/0043-prospectus';
import * as m0044 from './migrations/0044-cache-generation';
import * as m0045 from './migrations/0045-seed-state';
import * as m0046 from './migrations/0046-role-index';
import * as m0048 from './migrations/0048-tenant-update-audit';
import * as m0049 from './migrations/0049-datasource-db-type';
import * as m0051 from './migrations/0051-session-lesson-titles';
import * as m0052 from './migrations/0052-report-param-dict';
import * as m0053 from './migrations/0053-loose-ends';
import { TenantScopePlugin } from './tenant-scope';
import { StatementCounterPlugin } from './statement-counter';
import { registerPool } from './array-rows';

export type Database = Kysely<DB>;

export interface OpenDbOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; undefined = in memory (tests). */
  pgliteDir?: string;
  /** In-memory PGlite only: start from this data-directory snapshot (`dumpDataDir`) instead of an empty initdb. */
  snapshot?: Blob;
  /**
   * PGlite on disk: a new `pgliteDir` starts as a copy of this migrated data directory (server/db/make-template.ts)
   * when it was made by the same PGlite version, instead of an initdb. Migrations newer than it run as usual.
   */
  template?: string;
}

/** What a template directory must have been made with to be copied (PGlite's data files are its version's). */
export function pgliteTemplateStamp(): { pglite: string } {
  // Read at run time: the installed package, whatever the build was made with (its exports do not list package.json).
  const main = require.resolve('@electric-sql/pglite');
  const pkg = JSON.parse(fs.readFileSync(path.join(main.slice(0, main.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json'), 'utf8')) as { version: string };
  return { pglite: pkg.version };
}

/** Copies the template into a new `dir`; false when there is none usable (then PGlite runs initdb). */
export function copyTemplate(template: string | undefined, dir: string): boolean {
  // Only into a new (or empty) directory: anything already there is left to PGlite, as before.
  if (!template || (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)) return false;
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(template, 'jiaowu-template.json'), 'utf8')) as { pglite?: string };
    if (stamp.pglite !== pgliteTemplateStamp().pglite) return false;
  } catch {
    return false;
  }
  const tmp = `${dir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.cpSync(template, tmp, { recursive: true, filter: (src) => path.basename(src) !== 'jiaowu-template.json' });
  if (fs.existsSync(dir)) fs.rmdirSync(dir);
  fs.renameSync(tmp, dir);
  return true;
}

export interface OpenedDb {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as an uncompressed tar, to open copies of it later (`snapshot`). */
  dumpDataDir?(): Promise<Blob>;
  /** PGlite only: its thread (restarts, tests), or the web-thread engine with EMBEDDED_DB_THREAD=off. */
  engine?: PGliteEngine | InlineEngine;
  /** PostgreSQL only: the pool, for its connection counts (metrics). */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
}

/** Static list so migrations bundle and run the same under tsx, Next and jest. */
const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-third-login': m0002,
  '0003-log-index': m0003,
  '0004-resources': m0004,
  '0005-category': m0005,
  '0006-announcements': m0006,
  '0007-saved-query': m0007,
  '0008-permission-data-rule': m0008,
  '0009-custom-values': m0009,
  '0010-depart-fields': m0010,
  '0011-location': m0011,
  '0012-teaching': m0012,
  '0013-live': m0013,
  '0014-material': m0014,
  '0015-quartz': m0015,
  '0016-user-depart-ids': m0016,
  '0017-tenant-position': m0017,
  '0018-location-name': m0018,
  '0019-role-grants': m0019,
  '0021-lessons-teachers': m0021,
  '0022-material-file-name': m0022,
  '0023-course-content': m0023,
  '0024-pinyin-key': m0024,
  '0026-calendar-material-source': m0026,
  '0027-pinyin-content': m0027,
  '0028-crm': m0028,
  '0031-quartz-run': m0031,
  '0032-gateway-route': m0032,
  '0033-lead-return-job': m0033,
  '0035-fill-rule': m0035,
  '0036-data-log': m0036,
  '0037-oss-file': m0037,
  '0038-tenant-scope': m0038,
  '0039-online': m0039,
  '0040-account-settings': m0040,
  '0041-two-factor': m0041,
  '0042-student-work': m0042,
  '0043-prospectus': m0043,
  '0044-cache-generation': m0044,
  '0045-seed-state': m0045,
  '0046-role-index': m0046,
  '0048-tenant-update-audit': m0048,
  '0049-datasource-db-type': m0049,
  '0051-session-lesson-titles': m0051,
  '0052-report-param-dict': m0052,
  '0053-loose-ends': m0053,
};

/** This build's migration names, in order (the seed's fingerprint includes them). */
export const migrationNames = (): string[] => Object.keys(migrations);

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function openDb(opts: OpenDbOptions): Promise<OpenedDb> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    // int8 (count(*)) comes back as a string from pg and as a number from PGlite: normalise.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10) });
    // An idle client dropped by the server (restart, failover, admin kill) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (e) => console.error('[db] idle PostgreSQL connection lost:', e.message));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new TenantScopePlugin(), new StatementCounterPlugin()] });
    registerPool(db, pool);
    return { db, kind: 'postgres', close: () => db.destroy(), pool };
  }
  if (opts.pgliteDir) {
    // PGlite does not create missing parents.
    fs.mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
    copyTemplate(opts.template, opts.pgliteDir);
  }
  // PGlite runs in a thread of its own (server/db/pglite-engine.ts): a long statement never blocks the web thread.
  const engine = embeddedThread() ? await PGliteEngine.open({ dir: opts.pgliteDir, snapshot: opts.snapshot }) : await InlineEngine.open({ dir: opts.pgliteDir, snapshot: opts.snapshot });
  const db = new Kysely<DB>({
    dialect: new PGliteDialect(engine, { statementLimitMs: embeddedStatementLimitMs() }),
    plugins: [new TenantScopePlugin(), new StatementCounterPlugin()],
  });
  return { db, kind: 'pglite', close: () => db.destroy(), dumpDataDir: () => engine.dump(), engine };
}

/** EMBEDDED_DB_THREAD=off runs PGlite on the web thread as before issue #38 (benchmarks; no watchdog then). */
const embeddedThread = (env: NodeJS.ProcessEnv = process.env) => !['off', '0', 'false'].includes((env.EMBEDDED_DB_THREAD ?? '').trim().toLowerCase());

/**
 * The longest any one statement may run on the embedded database (EMBEDDED_STATEMENT_LIMIT_MS, default 60 s; 0 = no
 * limit): one statement holds PGlite's only connection, so every other request waits behind it.
 */
export function embeddedStatementLimitMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.EMBEDDED_STATEMENT_LIMIT_MS?.trim();
  if (!raw) return 60_000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error('EMBEDDED_STATEMENT_LIMIT_MS must be a whole number of milliseconds (0 = no limit)');
  return n;
}

export async function migrate(db: Database): Promise<void> {
  // The usual start: every migration already applied. One select says so; Kysely's Migrator would first introspect
  // the schema, create its tables if missing and take its lock, several statements and ~0.1–0.3 s on PGlite.
  // Exactly this build's set: a database with a migration this build does not know still goes to the Migrator (which refuses it).
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db).catch(() => null);
  const names = Object.keys(migrations);
  if (applied && applied.rows.length === names.length && names.every((n) => applied.rows.some((r) => r.name === n))) return;
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Error') console.error(`[db] migration ${r.migrationName} failed`);
  }
  if (error) throw error;
}

/** Migrations of this build not applied to `db` (readiness: a database behind the code is not ready); throws when it cannot tell. */
export async function pendingMigrations(db: Database): Promise<string[]> {
  // Kysely's Migrator.getMigrations introspects every table first; one select of its own table is enough here.
  const done = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(done.rows.map((r) => r.name));
  return Object.keys(migrations).filter((name) => !applied.has(name));
}
