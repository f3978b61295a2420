/**
 * 行事历 week view API: `GET /calendar/tblCalendar/range` for one week holding 300 and 3,000 sessions
 * (each with a teacher, a room and a class, plus the class rolls that give the headcount), through the
 * real handler (session check → permission → range query with names, teachers and headcounts → JSON),
 * against a baseline measured in the same run: one plain SQL select of the same week's rows.
 *
 *   npx tsx bench/calendar.ts          (BENCH_RUNS to change the repetitions; in-memory PGlite)
 */
import { sql } from 'kysely';
import { createBackend } from '../server/backend';
import { clearTeaching, fillWeek, wireTime } from './calendar-fixture';
import { p50, p95, timePair } from './timing';

const RUNS = Number(process.env.BENCH_RUNS || 40);
const WARMUP = 5;
const SIZES = [300, 3000];
const HOUR = 3600_000;

async function main() {
  const be = await createBackend({ memory: true, config: { captcha: false, seedDemo: true, seedTerm: false, databaseUrl: null, trustClientIpHeader: true } });
  const login = await be.fetch(new Request('http://b/sys/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-jiaowu-client-ip': '10.0.0.1' }, body: JSON.stringify({ username: 'admin', password: 'jiaowu2026' }) }));
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const monday = new Date('2026-11-23T00:00:00+08:00');
  const weekEnd = new Date(monday.getTime() + 7 * 24 * HOUR);
  const url = `http://b/calendar/tblCalendar/range?start=${encodeURIComponent(wireTime(monday))}&end=${encodeURIComponent(wireTime(weekEnd))}`;

  console.log(`week view API, ${RUNS} runs per side (alternating), in-memory PGlite`);
  console.log('| sessions in the week | API p50 / p95 | plain SQL p50 / p95 | ratio p50 | answer size |');
  console.log('|---|---|---|---|---|');
  for (const n of SIZES) {
    await clearTeaching(be.db);
    await fillWeek(be.db, n, monday);

    let size = 0;
    const api = async () => {
      const res = await be.fetch(new Request(url, { headers: { 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1' } }));
      const text = await res.text();
      size = text.length;
      const body = JSON.parse(text) as { result: unknown[] };
      if (body.result.length !== n) throw new Error(`expected ${n} entries, got ${body.result.length}`);
    };
    const plain = async () => {
      const rows = await sql`select * from tbl_calendar where start_time < ${weekEnd} and end_time > ${monday} and del_flag = 0 order by start_time, id`.execute(be.db);
      if (rows.rows.length !== n) throw new Error('plain select count');
    };
    const [ta, tb] = await timePair(api, plain, RUNS, WARMUP);
    console.log(`| ${n.toLocaleString('en')} | ${p50(ta).toFixed(1)} / ${p95(ta).toFixed(1)} ms | ${p50(tb).toFixed(1)} / ${p95(tb).toFixed(1)} ms | **${(p50(ta) / p50(tb)).toFixed(2)}** | ${(size / 1024).toFixed(0)} KB |`);
  }
  await be.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
