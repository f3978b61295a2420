/**
 * Generic list overhead: a filtered, sorted page of a 100k-row resource through the real handler
 * (auth middleware → permission check → query translation → count + page → _dictText → JSON) versus
 * the same two SQL statements (count + page, built by the engine) straight on the database.
 *
 *   npx tsx bench/list.ts          (BENCH_ROWS, BENCH_RUNS to change the size; in-memory PGlite)
 */
import { createBackend } from '../server/backend';
import { parseListQuery } from '../server/resources/query';
import { registerResource } from '../server/resources/registry';
import { pageQueries } from '../server/resources/select';
import { createFixtureTable, FIXTURE, grantCodes } from '../server/resources/__tests__/helpers';
import { sql } from 'kysely';
import { p50, timePair } from './timing';
import type { Envelope } from '../lib/envelope';

const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 200);
const WARMUP = 20;

const CASES: { name: string; qs: string }[] = [
  { name: 'default page (createTime desc), page 50', qs: 'pageNo=50&pageSize=10&column=createTime&order=desc' },
  { name: 'filter sex=1 + age>=30, sort age asc', qs: 'pageNo=3&pageSize=10&sex=1&age=%3E%3D%2030&column=age&order=asc' },
  { name: 'like name=*99*, sort createTime desc', qs: 'pageNo=1&pageSize=20&name=*99*&column=createTime&order=desc' },
];

/** Runs both sides alternately, so load from anything else on the machine hits them alike. */

async function main() {
  const t0 = performance.now();
  const be = await createBackend({ memory: true, config: { captcha: false, seedDemo: true, databaseUrl: null, trustClientIpHeader: true } });
  await createFixtureTable(be.db);
  await sql`create index jw_fixture_age on jw_fixture (age, id)`.execute(be.db);
  await sql`insert into jw_fixture (id, name, code, sex, tags, age, score, birthday, start_time, phone, del_flag, create_by, create_time)
    select md5(g::text), '学员' || g, 'C' || g, (1 + g % 2)::text, case g % 3 when 0 then 'a' when 1 then 'a,b' else 'c' end,
           18 + g % 50, (g % 1000) / 10.0, '2000-01-01', now() - g * interval '1 minute', '138' || lpad(g::text, 8, '0'),
           case when g % 20 = 0 then 1 else 0 end, 'admin', now() - g * interval '1 minute'
    from generate_series(1, ${ROWS}) g`.execute(be.db);
  await sql`analyze jw_fixture`.execute(be.db);
  registerResource(FIXTURE);
  await grantCodes(be.db, 'role_admin', ['test:fixture:list']);
  const login = await be.fetch(new Request('http://b/sys/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'jiaowu2026' }) }));
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  console.log(`setup: ${ROWS} rows on in-memory PGlite in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${RUNS} sequential runs per case, SQL and handler interleaved\n`);

  const ratios: number[] = [];
  for (const c of CASES) {
    const params = Object.fromEntries(new URLSearchParams(c.qs));
    const page = { offset: (Number(params.pageNo) - 1) * Number(params.pageSize), limit: Number(params.pageSize) };
    const q = pageQueries(be.db, FIXTURE, parseListQuery(FIXTURE, params), page);
    const total = Number((await q.count.executeTakeFirstOrThrow()).n);
    const [direct, handler] = await timePair(
      async () => {
        await Promise.all([q.count.executeTakeFirstOrThrow(), q.rows.execute()]);
      },
      async () => {
        const res = await be.fetch(new Request(`http://b/test/fixture/list?${c.qs}`, { headers: { 'X-Access-Token': token } }));
        const body = (await res.json()) as Envelope<{ total: number }>;
        if (!body.success || body.result.total !== total) throw new Error(`${c.name}: ${body.message || body.result.total}`);
      },
      RUNS,
      WARMUP,
    );
    const ratio = p50(handler) / p50(direct);
    ratios.push(ratio);
    console.log(`${c.name.padEnd(42)} total ${String(total).padStart(6)}  SQL p50 ${p50(direct).toFixed(2).padStart(7)} ms  handler p50 ${p50(handler).toFixed(2).padStart(7)} ms  ratio ${ratio.toFixed(2)}`);
  }
  console.log(`\nworst ratio ${Math.max(...ratios).toFixed(2)} (target ≤ 1.5)`);
  await be.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
