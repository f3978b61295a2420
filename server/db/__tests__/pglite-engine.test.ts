/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDb, type OpenedDb } from '../index';
import { preparedPglite } from '../../testing/prepared-db';

// Issue #38: the embedded database runs in its own thread (server/db/pglite-engine.ts). A runaway statement must
// neither block the web thread nor outlive its limit, and ending the thread must not lose a committed row.
// The runaway is sized to a few seconds: without the watchdog it would finish (and the test fail) rather than hang.
const RUNAWAY = 'select count(*)::int as n from generate_series(1, 12000000)';

/** Ticks of a 10 ms interval while `work` runs: the web thread's responsiveness (none fire while it is blocked). */
async function countTicks<T>(work: Promise<T>): Promise<{ ticks: number; result: PromiseSettledResult<T> }> {
  let ticks = 0;
  const tick = setInterval(() => ticks++, 10);
  const [result] = await Promise.allSettled([work]);
  clearInterval(tick);
  return { ticks, result };
}

describe('in memory', () => {
  let opened: OpenedDb;
  beforeAll(async () => {
    // A copy of the run's prepared database: no initdb.
    opened = await openDb({ snapshot: (await preparedPglite())?.snapshot });
  });
  afterAll(() => opened.close());

  test('set local statement_timeout is enforced: the statement fails with 57014, the web thread keeps ticking, the engine serves on', async () => {
    const started = Date.now();
    const run = opened.db.transaction().execute(async (tx) => {
      await sql`set local statement_timeout = 300`.execute(tx);
      return sql`${sql.raw(RUNAWAY)}`.execute(tx);
    });
    const { ticks, result } = await countTicks(run);
    expect(result.status).toBe('rejected');
    expect((result as PromiseRejectedResult).reason).toMatchObject({ code: '57014' });
    // Stopped near its limit, not at its end (several seconds of work).
    expect(Date.now() - started).toBeLessThan(4000);
    // Timer ticks kept coming while the statement ran (on the web thread none would fire until it ended).
    expect(ticks).toBeGreaterThanOrEqual(5);
    expect(opened.engine!.restarts).toBe(0);
    expect(opened.engine!.cancels).toBe(1);
    expect((await sql<{ one: number }>`select 1 as one`.execute(opened.db)).rows).toEqual([{ one: 1 }]);
    // The local timeout ended with its transaction.
    expect((await sql<{ n: number }>`select count(*)::int as n from generate_series(1, 1000)`.execute(opened.db)).rows[0].n).toBe(1000);
  });

  test('a session statement_timeout holds until reset', async () => {
    await sql`set statement_timeout = '250ms'`.execute(opened.db);
    await expect(sql`${sql.raw(RUNAWAY)}`.execute(opened.db)).rejects.toMatchObject({ code: '57014' });
    await sql`reset statement_timeout`.execute(opened.db);
    expect((await sql<{ n: number }>`select count(*)::int as n from generate_series(1, 100000)`.execute(opened.db)).rows[0].n).toBe(100000);
  });

  test('a cancel meant for a finished statement does not touch the next one', async () => {
    // Many short statements under a limit just above their length: any stray cancel flag would fail a later one.
    await sql`set statement_timeout = 1000`.execute(opened.db);
    for (let i = 0; i < 50; i++) await sql`select ${i}::int as i`.execute(opened.db);
    await sql`reset statement_timeout`.execute(opened.db);
  });
});

describe('on disk, when a cancel does not take', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jw-engine-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('the thread is ended and the directory opened again with every committed row, and without the interrupted transaction', async () => {
    const pgliteDir = path.join(dir, 'pglite');
    let opened = await openDb({ pgliteDir });
    try {
      // Soft cancel off: the watchdog's last resort, ending the thread, is what runs.
      (opened.engine as unknown as { opts: { softCancel: boolean } }).opts.softCancel = false;
      await sql`create table t (id int primary key, note text)`.execute(opened.db);
      for (let i = 1; i <= 20; i++) await sql`insert into t values (${i}, ${`row ${i}`})`.execute(opened.db);
      await opened.db.transaction().execute(async (tx) => {
        await sql`insert into t select g, 'batch' from generate_series(21, 5000) g`.execute(tx);
      });
      const run = opened.db.transaction().execute(async (tx) => {
        await sql`insert into t values (9999, 'never committed')`.execute(tx);
        await sql`set local statement_timeout = 300`.execute(tx);
        return sql`${sql.raw(RUNAWAY)}`.execute(tx);
      });
      await expect(run).rejects.toMatchObject({ code: '57014' });
      expect(opened.engine!.restarts).toBe(1);
      const after = await sql<{ n: number; max: number }>`select count(*)::int as n, max(id)::int as max from t`.execute(opened.db);
      expect(after.rows[0]).toEqual({ n: 5000, max: 5000 });
      await sql`insert into t values (5001, 'after')`.execute(opened.db);
    } finally {
      await opened.close();
    }
    // A clean reopen of the same directory sees the row written after the restart too.
    opened = await openDb({ pgliteDir });
    try {
      expect((await sql<{ n: number }>`select count(*)::int as n from t`.execute(opened.db)).rows[0].n).toBe(5001);
    } finally {
      await opened.close();
    }
  });
});
