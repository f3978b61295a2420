import fs from 'node:fs';
import path from 'node:path';
import { migrate, openDb, type OpenedDb } from '../db';
import { seed } from '../seed';

/**
 * One migrated and seeded database per Jest run, copied for each backend suite: building it (initdb, 15
 * migrations, the demo seed) cost every suite 5–10 s. The first suite that needs it builds it and the other
 * workers wait; the global setup (scripts/jest/global-setup.js) gives the run its folder, the teardown
 * removes it. Outside such a run every backend starts from an empty database, as before.
 */

/** The seed options the prepared database holds; a backend asking for other ones gets a fresh database. */
export const PREPARED_SEED = { seedDemo: true, seedTerm: false } as const;

const runDir = () => process.env.JIAOWU_TEST_RUN_DIR;

/** The suite that creates `<name>.lock` builds; the others wait for `<name>.done` (or `<name>.failed`). */
async function buildOnce(name: string, build: () => Promise<void>): Promise<void> {
  const dir = runDir()!;
  const done = path.join(dir, `${name}.done`);
  const failed = path.join(dir, `${name}.failed`);
  let mine = false;
  try {
    fs.closeSync(fs.openSync(path.join(dir, `${name}.lock`), 'wx'));
    mine = true;
  } catch {
    // Another suite is building it.
  }
  if (mine) {
    try {
      await build();
      fs.writeFileSync(done, '');
    } catch (e) {
      fs.writeFileSync(failed, String(e));
      throw e;
    }
    return;
  }
  const deadline = Date.now() + 180_000;
  while (!fs.existsSync(done)) {
    if (fs.existsSync(failed)) throw new Error(`prepared test database ${name} failed: ${fs.readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`prepared test database ${name}: timed out waiting for another suite to build it`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Migrates and seeds `opened` as every prepared database is, then runs `then` and closes it. */
async function prepare(opened: OpenedDb, then?: () => Promise<void>): Promise<void> {
  try {
    await migrate(opened.db);
    await seed(opened.db, { demo: PREPARED_SEED.seedDemo, term: PREPARED_SEED.seedTerm });
    await then?.();
  } finally {
    await opened.close();
  }
}

/**
 * `createBackend`'s `prepared` option for an in-memory PGlite: a copy of the run's prepared data directory,
 * or undefined outside a Jest run with the global setup.
 */
export async function preparedPglite(): Promise<{ snapshot: Blob } | undefined> {
  if (!runDir()) return undefined;
  const file = path.join(runDir()!, 'pglite.tar');
  await buildOnce('pglite', async () => {
    const opened = await openDb({});
    await prepare(opened, async () => {
      fs.writeFileSync(`${file}.tmp`, Buffer.from(await (await opened.dumpDataDir!()).arrayBuffer()));
      fs.renameSync(`${file}.tmp`, file);
    });
  });
  return { snapshot: new Blob([fs.readFileSync(file)]) };
}

/**
 * The name of a prepared PostgreSQL database on the server of `adminUrl`, to create scratch databases
 * from (`create database … template …`), or undefined outside a Jest run with the global setup.
 */
export async function preparedPgTemplate(adminUrl: string): Promise<string | undefined> {
  if (!runDir()) return undefined;
  const name = `jw_tpl_${path.basename(runDir()!).replace(/[^a-z0-9]/gi, '').toLowerCase()}`;
  await buildOnce('pg', async () => {
    const pg = await import('pg');
    const admin = new pg.default.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    // The teardown drops it.
    fs.writeFileSync(path.join(runDir()!, 'pg-template'), name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await prepare(await openDb({ databaseUrl: url.toString() }));
  });
  return name;
}
