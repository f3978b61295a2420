import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import { create as tarCreate, extract as tarExtract, Parser, replace as tarAppend } from 'tar';
import { openDb, type Database, type OpenedDb } from '../db';

/**
 * Backup and restore (issue #27 item 8): one tar.gz holding the database and the stored files.
 *
 * Layout (paths inside the archive):
 *   backup-manifest.json   format, version, time, database kind, applied migrations (first, so a reader sees it first)
 *   pglite/…               the embedded database's data directory (PGlite), taken with no server running, or
 *   postgres.dump          `pg_dump --format=custom` of DATABASE_URL (last)
 *   upload/…               uploaded and generated files (DATA_DIR/upload; hidden temporary files left out)
 *   session-secret         the generated session secret, when DATA_DIR has one
 * Unfinished sliced uploads (DATA_DIR/upload-slices) are not kept: clients start those again.
 */

export const MANIFEST = 'backup-manifest.json';
const FORMAT = 'jiaowu-backup';
const VERSION = 1;

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  migrations: string[];
}

export interface BackupOptions {
  dataDir: string;
  /** PostgreSQL to dump (pg_dump); absent: the embedded database in DATA_DIR/pglite. */
  databaseUrl?: string | null;
  /** The archive to write (.tar.gz); written beside as `.part` and renamed when complete. */
  out: string;
  /** pg_dump's path (default: from PATH). */
  pgDump?: string;
}

export interface RestoreOptions {
  archive: string;
  /** Must be empty or missing. */
  dataDir: string;
  /** For a PostgreSQL archive: the EMPTY database to restore into. */
  databaseUrl?: string | null;
  pgRestore?: string;
}

export interface RestoreReport {
  database: 'pglite' | 'postgres';
  users: number;
  files: number;
}

/** A refusal the scripts print as is (no stack). */
export class BackupError extends Error {}

/** `postgres://u:secret@h/db` → a URL without the password, plus PGPASSWORD, so the password is not in `ps`. */
function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { url: url.toString(), env };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('error', (e) => reject(new BackupError(`${cmd} could not be started (${(e as NodeJS.ErrnoException).code ?? e.message}): install the PostgreSQL client (Debian: postgresql-client)`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${cmd} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

async function appliedMigrations(db: Database): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

const exists = (p: string) => fs.existsSync(p);

/** Stored files only: hidden names under upload/ are temporary (`.part-…`, readiness probes). */
const skipHidden = (p: string) => !p.split('/').some((s) => s.startsWith('.') && s !== '.' && s !== '..');

export async function createBackup(opts: BackupOptions): Promise<BackupManifest> {
  const dataDir = path.resolve(opts.dataDir);
  const out = path.resolve(opts.out);
  const work = fs.mkdtempSync(path.join(path.dirname(out), '.jiaowu-backup-'));
  const plainTar = path.join(work, 'backup.tar');
  try {
    let manifest: BackupManifest;
    if (opts.databaseUrl) {
      const opened = await openDb({ databaseUrl: opts.databaseUrl });
      try {
        manifest = { format: FORMAT, version: VERSION, createdAt: new Date().toISOString(), database: 'postgres', migrations: await appliedMigrations(opened.db) };
      } finally {
        await opened.close();
      }
      // One transaction's snapshot; files are copied after it, so every file a dumped row names is there
      // (files are stored before the row that refers to them).
      const { url, env } = pgConnection(opts.databaseUrl);
      await run(opts.pgDump ?? 'pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${path.join(work, 'postgres.dump')}`, `--dbname=${url}`], env);
    } else {
      const pgliteDir = path.join(dataDir, 'pglite');
      if (!exists(path.join(pgliteDir, 'PG_VERSION'))) throw new BackupError(`no embedded database in ${pgliteDir}: set DATA_DIR (or DATABASE_URL for PostgreSQL)`);
      // PGlite is one process's database: a running server holds postmaster.pid and its files change under us.
      if (exists(path.join(pgliteDir, 'postmaster.pid'))) {
        throw new BackupError(
          `the embedded database is in use (${path.join(pgliteDir, 'postmaster.pid')} exists): stop the server first ` +
            '(a server that crashed leaves this file: delete it when no server runs)',
        );
      }
      // Opening and closing once recovers an unclean stop and checkpoints, so the files below are one consistent state.
      const opened = await openDb({ pgliteDir });
      try {
        manifest = { format: FORMAT, version: VERSION, createdAt: new Date().toISOString(), database: 'pglite', migrations: await appliedMigrations(opened.db) };
      } finally {
        await opened.close();
      }
    }
    fs.writeFileSync(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2));
    // tar appends only to an uncompressed archive: build it plain, then compress it into place.
    await tarCreate({ file: plainTar, cwd: work, portable: true }, [MANIFEST]);
    const fromDataDir = [manifest.database === 'pglite' ? 'pglite' : null, 'upload', 'session-secret'].filter((p): p is string => !!p && exists(path.join(dataDir, p)));
    if (fromDataDir.length) {
      await tarAppend({ file: plainTar, cwd: dataDir, portable: true, filter: (p) => !p.startsWith('upload') || skipHidden(p) }, fromDataDir);
    }
    if (manifest.database === 'postgres') await tarAppend({ file: plainTar, cwd: work, portable: true }, ['postgres.dump']);
    const part = `${out}.part`;
    await pipeline(fs.createReadStream(plainTar), createGzip(), fs.createWriteStream(part, { mode: 0o600 }));
    fs.renameSync(part, out);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The manifest, read from the archive's first entry without reading the rest; null when the first entry is another. */
export function readManifest(archive: string): Promise<Partial<BackupManifest> | null> {
  return new Promise((resolve, reject) => {
    const input = fs.createReadStream(archive);
    let settled = false;
    const done = (value: Partial<BackupManifest> | null, error?: unknown) => {
      if (settled) return;
      settled = true;
      input.destroy();
      if (error) reject(error instanceof BackupError ? error : new BackupError(`${archive} cannot be read as a backup archive`));
      else resolve(value);
    };
    const parser = new Parser({
      onReadEntry: (entry) => {
        if (entry.path !== MANIFEST || entry.size > 1_000_000) return done(null);
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => chunks.push(c));
        entry.on('end', () => {
          try {
            done(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<BackupManifest>);
          } catch (e) {
            done(null, e);
          }
        });
      },
    });
    parser.on('error', (e: unknown) => done(null, e));
    parser.on('end', () => done(null));
    input.on('error', (e) => done(null, e));
    input.pipe(parser);
  });
}

function countFiles(dir: string): number {
  if (!exists(dir)) return 0;
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) n++;
  return n;
}

function emptyDir(dir: string) {
  for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
}

/** Restores an archive of createBackup into an empty DATA_DIR (and, for PostgreSQL, an empty database). */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreReport> {
  const dataDir = path.resolve(opts.dataDir);
  const archive = path.resolve(opts.archive);
  if (!exists(archive)) throw new BackupError(`no archive at ${archive}`);
  if (exists(dataDir) && fs.readdirSync(dataDir).length) {
    throw new BackupError(`DATA_DIR ${dataDir} is not empty: restore only into an empty data directory (move its contents away first)`);
  }
  // Checked before anything is written: what the archive holds and where it may go.
  const manifest = await readManifest(archive);
  if (!manifest || manifest.format !== FORMAT) throw new BackupError(`${archive} is not a backup of this product (no ${MANIFEST})`);
  if (manifest.version !== VERSION) throw new BackupError(`${archive} has backup format version ${manifest.version}; this build reads version ${VERSION}`);
  const postgres = manifest.database === 'postgres';
  if (postgres && !opts.databaseUrl) throw new BackupError('this archive holds a PostgreSQL database: set DATABASE_URL to the empty database to restore it into');
  if (!postgres && opts.databaseUrl) throw new BackupError('this archive holds the embedded database: unset DATABASE_URL to restore it into DATA_DIR/pglite');
  let opened: OpenedDb | null = null;
  if (postgres) {
    opened = await openDb({ databaseUrl: opts.databaseUrl! });
    const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(opened.db).catch(async (e) => {
      await opened!.close();
      throw e;
    });
    if (tables.rows[0].n > 0) {
      await opened.close();
      throw new BackupError('the database in DATABASE_URL is not empty: restore only into an empty database (create a new one)');
    }
  }
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // node-tar refuses absolute paths and `..` while extracting; owners are the restoring user's.
    await tarExtract({ file: archive, cwd: dataDir, preserveOwner: false });
    fs.rmSync(path.join(dataDir, MANIFEST), { force: true });
    if (postgres) {
      const dump = path.join(dataDir, 'postgres.dump');
      if (!exists(dump)) throw new BackupError(`${archive} has no postgres.dump`);
      const { url, env } = pgConnection(opts.databaseUrl!);
      // One transaction: a failed restore leaves the database empty.
      await run(opts.pgRestore ?? 'pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${url}`, dump], env);
      fs.rmSync(dump);
    } else {
      if (!exists(path.join(dataDir, 'pglite', 'PG_VERSION'))) throw new BackupError(`${archive} has no embedded database`);
      opened = await openDb({ pgliteDir: path.join(dataDir, 'pglite') });
    }
    // The restored database opens, carries the migrations it was backed up with, and has its users.
    const db = opened!.db;
    const applied = await appliedMigrations(db);
    const missing = (manifest.migrations ?? []).filter((m) => !applied.includes(m));
    if (missing.length) throw new BackupError(`the restored database lacks migrations ${missing.join(', ')}`);
    const users = await db.selectFrom('sys_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { database: postgres ? 'postgres' : 'pglite', users: Number(users.n), files: countFiles(path.join(dataDir, 'upload')) };
  } catch (e) {
    // Leave the data directory as empty as it was found.
    await opened?.close().catch(() => undefined);
    opened = null;
    emptyDir(dataDir);
    throw e;
  } finally {
    await opened?.close();
  }
}
