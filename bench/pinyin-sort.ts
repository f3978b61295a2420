/**
 * 拼音 order on PGlite (issue #21, migration 0024): the cost of sorting a list of Chinese names by the stored
 * 拼音 key (`coalesce(name_pinyin, name) collate "C"`) against the code point order PGlite had before, on the
 * same rows, both as the bare page query and through the real list handler; plus the one-off costs (keys
 * computed in JavaScript, the fill of rows inserted without keys). The per-row SQL key function it replaces
 * (the removed migration 0020) took ~18 s for 2,000 rows (commit 4bb6fff).
 *
 *   npx tsx bench/pinyin-sort.ts          (BENCH_ROWS, BENCH_RUNS to change the size; in-memory PGlite)
 */
import { sql } from 'kysely';
import { createBackend } from '../server/backend';
import { fillPinyinKeys, pinyinSortKey } from '../server/resources/pinyin-key';
import { parseListQuery } from '../server/resources/query';
import { registerResource } from '../server/resources/registry';
import { pageQueries } from '../server/resources/select';
import { createFixtureTable, FIXTURE, grantCodes } from '../server/resources/__tests__/helpers';
import { p50, p95, timePair } from './timing';

const ROWS = Number(process.env.BENCH_ROWS || 2000);
const RUNS = Number(process.env.BENCH_RUNS || 100);
const WARMUP = 10;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬燕彩春菊兰凤洁梅琳素云莲真环雪荣爱妹霞香月莺媛艳瑞凡佳嘉琼勤珍贞莉桂娣叶璧璐娅琦晶妍茜秋珊莎锦黛青倩婷姣婉娴瑾颖露瑶怡婵雁蓓纨仪荷丹蓉眉君琴蕊薇菁梦岚苑婕馨瑗琰韵融园艺咏卿聪澜纯毓悦昭冰爽琬茗羽希宁欣飘育滢馥筠柔竹霭凝晓欢霄枫芸菲寒伊亚宜可姬舒影荔枝思丽';

/** A deterministic list of names: surname + one or two given characters, some with Latin or digits. */
function names(n: number): string[] {
  let seed = 7;
  const rnd = (m: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), (seed >>> 8) % m);
  return Array.from({ length: n }, (_, i) => {
    const s = SURNAMES[rnd(SURNAMES.length)] + GIVEN[rnd(GIVEN.length)] + (rnd(2) ? GIVEN[rnd(GIVEN.length)] : '');
    return i % 50 === 0 ? `${s}${i % 100 === 0 ? 'A' : '2'}` : s;
  });
}

async function main() {
  const be = await createBackend({ memory: true, config: { captcha: false, seedDemo: true, seedTerm: false, databaseUrl: null, trustClientIpHeader: true } });
  await createFixtureTable(be.db);
  registerResource(FIXTURE);
  await grantCodes(be.db, 'role_admin', ['test:fixture:list']);
  const all = names(ROWS);

  let t0 = performance.now();
  const keys = all.map((s) => pinyinSortKey(s));
  const jsKeys = performance.now() - t0;

  // Inserted without keys (as a bypassing write would), then filled as the start-up fill / a sorted read does.
  await sql`insert into jw_fixture (id, name, code, create_time)
    select 'b' || lpad(i::text, 6, '0'), n, 'B' || i, now() from unnest(${all}::text[]) with ordinality as t(n, i)`.execute(be.db);
  await sql`analyze jw_fixture`.execute(be.db);
  t0 = performance.now();
  const filled = await fillPinyinKeys(be.db, { table: 'jw_fixture', id: 'id', column: 'name', key: 'name_pinyin' });
  const fill = performance.now() - t0;
  t0 = performance.now();
  await fillPinyinKeys(be.db, { table: 'jw_fixture', id: 'id', column: 'name', key: 'name_pinyin' });
  const idleFill = performance.now() - t0;
  if (filled !== ROWS || keys.length !== ROWS) throw new Error(`filled ${filled} of ${ROWS}`);

  const login = await be.fetch(new Request('http://b/sys/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'jiaowu2026' }) }));
  const token = ((await login.json()) as { result: { token: string } }).result.token;

  const q = (mode: 'plain' | 'key', pageNo: number) =>
    pageQueries(be.db, FIXTURE, parseListQuery(FIXTURE, { column: 'name', order: 'asc' }), { offset: (pageNo - 1) * 20, limit: 20 }, {}, mode);
  console.log(`${ROWS} rows of Chinese names in jw_fixture on in-memory PGlite; ${RUNS} runs per case, alternated`);
  console.log(`keys in JavaScript: ${jsKeys.toFixed(1)} ms for ${ROWS} names (${((jsKeys / ROWS) * 1000).toFixed(1)} µs a name; readings cached per character)`);
  console.log(`fill of ${filled} rows without keys: ${fill.toFixed(1)} ms; a fill with nothing to do: ${idleFill.toFixed(2)} ms\n`);

  for (const pageNo of [1, Math.ceil(ROWS / 40)]) {
    const [before, after] = await timePair(
      async () => void (await q('plain', pageNo).rows.execute()),
      async () => void (await q('key', pageNo).rows.execute()),
      RUNS,
      WARMUP,
    );
    console.log(`page ${String(pageNo).padStart(3)} query: code point p50 ${p50(before).toFixed(2)} ms (p95 ${p95(before).toFixed(2)})  拼音 key p50 ${p50(after).toFixed(2)} ms (p95 ${p95(after).toFixed(2)})`);
  }
  const [byDate, byName] = await timePair(
    async () => void (await be.fetch(new Request('http://b/test/fixture/list?pageNo=25&pageSize=20&column=createTime&order=desc', { headers: { 'X-Access-Token': token } }))).json(),
    async () => void (await be.fetch(new Request('http://b/test/fixture/list?pageNo=25&pageSize=20&column=name&order=asc', { headers: { 'X-Access-Token': token } }))).json(),
    RUNS,
    WARMUP,
  );
  console.log(`list handler, page 25 (count + page + fill check): by createTime p50 ${p50(byDate).toFixed(2)} ms  by name (拼音 key) p50 ${p50(byName).toFixed(2)} ms`);
  const first = (await q('key', 1).rows.execute()).slice(0, 8).map((r) => r.name);
  console.log(`first names in 拼音 order: ${first.join(' ')}`);
  await be.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
