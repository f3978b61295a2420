/**
 * 行事历 week view API: `GET /calendar/tblCalendar/range` for one week holding 300 and 3,000 sessions
 * (each with a teacher, a room and a class, plus the class rolls that give the headcount), through the
 * real handler (session check → permission → the range read with names, teachers and headcounts → JSON),
 * against a baseline measured in the same run: one plain SQL select of the same week's rows.
 * Before timing, the answer is checked entry for entry against the object path (`queryRange`). The API side
 * includes the client's decoding and JSON.parse of the answer; `API to bytes` is the same calls without that part.
 *
 *   npx tsx bench/calendar.ts                                  in-memory PGlite (BENCH_RUNS, default 40)
 *   BENCH_PG_URL=$(bash scripts/start-test-postgres.sh) npx tsx bench/calendar.ts    PGlite, then PostgreSQL
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createBackend } from '../server/backend';
import { queryRange } from '../server/calendar/calendar';
import { clearTeaching, fillWeek, wireTime } from './calendar-fixture';
import { p50, p95, timePair } from './timing';

const RUNS = Number(process.env.BENCH_RUNS || 40);
const WARMUP = 5;
const SIZES = [300, 3000];
const HOUR = 3600_000;

type Backend = Awaited<ReturnType<typeof createBackend>>;

async function run(label: string, be: Backend) {
  const login = await be.fetch(new Request('http://b/sys/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-jiaowu-client-ip': '10.0.0.1' }, body: JSON.stringify({ username: 'admin', password: 'jiaowu2026' }) }));
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const monday = new Date('2026-11-23T00:00:00+08:00');
  const weekEnd = new Date(monday.getTime() + 7 * 24 * HOUR);
  const url = `http://b/calendar/tblCalendar/range?start=${encodeURIComponent(wireTime(monday))}&end=${encodeURIComponent(wireTime(weekEnd))}`;

  console.log(`\nweek view API on ${label}, ${RUNS} runs per side (alternating)`);
  console.log('| sessions in the week | API p50 / p95 | plain SQL p50 / p95 | ratio p50 | API to bytes p50 | its ratio | answer size |');
  console.log('|---|---|---|---|---|---|---|');
  for (const n of SIZES) {
    await clearTeaching(be.db);
    await fillWeek(be.db, n, monday);

    let size = 0;
    let last: unknown[] = [];
    // The client's own work on the answer (UTF-8 decoding and JSON.parse of up to 1.4 MB), timed apart so the
    // API's time to its last byte can be read off as well (`API to bytes`): same run, same calls.
    const clientSide: number[] = [];
    const decoder = new TextDecoder();
    const api = async () => {
      const res = await be.fetch(new Request(url, { headers: { 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1' } }));
      const bytes = new Uint8Array(await res.arrayBuffer());
      const t0 = performance.now();
      const text = decoder.decode(bytes);
      size = text.length;
      const body = JSON.parse(text) as { result: unknown[] };
      clientSide.push(performance.now() - t0);
      if (body.result.length !== n) throw new Error(`expected ${n} entries, got ${body.result.length}`);
      last = body.result;
    };
    const plain = async () => {
      const rows = await sql`select * from tbl_calendar where start_time < ${weekEnd} and end_time > ${monday} and del_flag = 0 order by start_time, id`.execute(be.db);
      if (rows.rows.length !== n) throw new Error('plain select count');
    };
    await api();
    // The same answer as the object path (same entries, fields and order).
    assert.deepStrictEqual(last, JSON.parse(JSON.stringify(await queryRange(be.db, { start: monday, end: weekEnd }))));
    const [ta, tb] = await timePair(api, plain, RUNS, WARMUP);
    const client = clientSide.slice(-RUNS);
    const bytes = ta.map((t, i) => t - client[i]);
    console.log(
      `| ${n.toLocaleString('en')} | ${p50(ta).toFixed(1)} / ${p95(ta).toFixed(1)} ms | ${p50(tb).toFixed(1)} / ${p95(tb).toFixed(1)} ms | **${(p50(ta) / p50(tb)).toFixed(2)}** | ` +
        `${p50(bytes).toFixed(1)} ms | ${(p50(bytes) / p50(tb)).toFixed(2)} | ${(size / 1024).toFixed(0)} KB |`,
    );
  }
}

/** A throwaway database on the server of `adminUrl` (name from [a-z0-9_] only); dropped by the returned function. */
async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = await import('pg');
  const name = `jw_bench_${process.pid}`;
  const admin = async (q: string) => {
    const client = new pg.default.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(q);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function main() {
  const config = { captcha: false, seedDemo: true, seedTerm: false, trustClientIpHeader: true };
  const lite = await createBackend({ memory: true, config: { ...config, databaseUrl: null } });
  try {
    await run('in-memory PGlite', lite);
  } finally {
    await lite.close();
  }
  const pgUrl = process.env.BENCH_PG_URL;
  if (!pgUrl) return;
  const db = await scratchDatabase(pgUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jw-bench-cal-'));
  try {
    const pgBe = await createBackend({ config: { ...config, databaseUrl: db.url, dataDir } });
    try {
      await run('PostgreSQL (local server)', pgBe);
    } finally {
      await pgBe.close();
    }
  } finally {
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
