/**
 * Two instances on one PostgreSQL behind nginx (issue #27 items 6–7), on loopback:
 *
 *  1. a fresh database (seeded with the demo data, the demo passwords then changed, as production requires),
 *     instances A and B (`server.ts`, NODE_ENV=production, the same DATABASE_URL, SESSION_SECRET and
 *     DATA_DIR, TRUST_PROXY=1) and nginx running deploy/nginx.conf with only the addresses replaced;
 *  2. the cluster facts, PASS/FAIL per line: a session made on A works on B, logout on B ends it on A, a
 *     socket on A hears an announcement released on B, a sliced upload alternating A/B completes, login
 *     throttling counts failures on both;
 *  3. load: BENCH_USERS virtual users for BENCH_SECONDS, each signing in once and then looping over
 *     用户管理 list, 行事历 week, bell poll and a save (a 节假日 with a unique name), against A alone and
 *     against nginx → A + B;
 *  4. fail-over: the same through nginx, B killed (SIGKILL) halfway; failed requests counted, and every save
 *     the clients saw succeed looked up in the database afterwards (none lost, none twice).
 *
 *   npm run build && npx tsx bench/cluster.ts     (BENCH_USERS=16 BENCH_SECONDS=60 BENCH_PG_URL=postgres://…)
 *
 * Needs nginx (Debian: nginx-light) and PostgreSQL (scripts/start-test-postgres.sh is run when BENCH_PG_URL
 * is unset). Not part of `npm test`.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { percentile } from './timing';
import { call, exited, PASSWORD, PORT_A, PORT_B, PORT_NGINX, postgresUrl, signIn, startInstance, startNginx, type Answer, type Instance } from './cluster-infra';

const USERS = Number(process.env.BENCH_USERS || 16);
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const WARMUP_SECONDS = 5;
const RUN = randomBytes(3).toString('hex');

const results: { name: string; ok: boolean }[] = [];
function check(name: string, ok: boolean, detail = '') {
  results.push({ name, ok });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  (${detail})` : ''}`);
}

/* ------------------------------------------------------------------ processes */


/* ------------------------------------------------------------------ cluster facts */

async function checkFacts(a: string, b: string, lb: string) {
  console.log('\nCluster facts (A, B direct; LB = nginx):');
  // A session made on A is honoured by B and through nginx.
  const s = await signIn(a);
  const onB = await call(b, 'GET', '/sys/user/list?pageNo=1&pageSize=1', { cookie: s.cookie });
  const onLb = await call(lb, 'GET', '/sys/user/list?pageNo=1&pageSize=1', { cookie: s.cookie });
  check('sign-in on A is honoured on B and through LB', s.answer.ok && onB.ok && onLb.ok, `B ${onB.status}, LB ${onLb.status}`);

  // Logout on B ends the session on A.
  const out = await call(b, 'POST', '/sys/logout', { cookie: s.cookie });
  const afterA = await call(a, 'GET', '/sys/user/list?pageNo=1&pageSize=1', { cookie: s.cookie });
  const afterLb = await call(lb, 'GET', '/sys/user/list?pageNo=1&pageSize=1', { cookie: s.cookie });
  check('logout on B: A and LB answer 401', out.ok && afterA.status === 401 && afterLb.status === 401, `A ${afterA.status}, LB ${afterLb.status}`);

  // A socket on A (and one through nginx) hears an announcement released on B.
  const t = await signIn(a);
  const open = (base: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/websocket/${t.userId}`, { headers: { cookie: t.cookie } });
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
  const sockets = await Promise.all([open(a), open(lb)]).catch(() => [] as WebSocket[]);
  const heard = (ws: WebSocket, id: () => string) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 5000);
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as { cmd?: string; msgId?: string };
        if (m.cmd === 'topic' && m.msgId && m.msgId === id()) {
          clearTimeout(timer);
          resolve(true);
        }
      });
    });
  let annId = '';
  const waits = sockets.map((ws) => heard(ws, () => annId));
  const added = await call(b, 'POST', '/sys/annountCement/add', { cookie: t.cookie, json: { titile: `集群测试 ${RUN}`, msgContent: '<p>集群测试</p>', msgType: 'ALL', priority: 'L', msgCategory: '1' } });
  annId = String((added.body?.result as { id?: string } | undefined)?.id ?? '');
  const released = await call(b, 'GET', `/sys/annountCement/doReleaseData?id=${annId}`, { cookie: t.cookie });
  const got = await Promise.all(waits);
  for (const ws of sockets) ws.close();
  check('socket on A and socket through LB hear an announcement released on B', sockets.length === 2 && released.ok && got.every(Boolean), `direct A ${got[0]}, LB ${got[1]}`);

  // A sliced upload whose slices alternate between A and B completes.
  const size = 2 * 1024 * 1024 + 12345;
  const data = randomBytes(size);
  const init = await call(a, 'POST', '/sys/upload/slice/init', { cookie: t.cookie, json: { name: `cluster-${RUN}.mp4`, size, lastModified: Date.now(), biz: 'bench' } });
  const plan = init.body?.result as { uploadId: string; sliceSize: number; sliceCount: number } | undefined;
  let slicesOk = !!plan;
  for (let i = 0; plan && i < plan.sliceCount; i++) {
    const part = data.subarray(i * plan.sliceSize, Math.min(size, (i + 1) * plan.sliceSize));
    const sha1 = createHash('sha1').update(part).digest('hex');
    const put = await call(i % 2 ? b : a, 'PUT', `/sys/upload/slice/${plan.uploadId}/${i}?sha1=${sha1}`, { cookie: t.cookie, raw: part });
    slicesOk &&= put.ok;
  }
  const status = plan ? await call(b, 'GET', `/sys/upload/slice/${plan.uploadId}`, { cookie: t.cookie }) : null;
  const finish = plan ? await call(a, 'POST', `/sys/upload/slice/${plan.uploadId}/finish`, { cookie: t.cookie }) : null;
  const stored = (finish?.body?.result as { path?: string } | undefined)?.path ?? '';
  const download = stored ? await fetch(`${lb}/jeecg-boot/sys/common/static/${stored}`, { headers: { cookie: t.cookie } }).catch(() => null) : null;
  const same = !!download?.ok && createHash('sha1').update(Buffer.from(await download.arrayBuffer())).digest('hex') === createHash('sha1').update(data).digest('hex');
  const received = ((status?.body?.result as { received?: number[] } | undefined)?.received ?? []).length;
  check('sliced upload, slices alternating A/B, finished on A, same bytes through LB', slicesOk && received === plan?.sliceCount && !!finish?.ok && same, `${plan?.sliceCount ?? 0} slices, B saw ${received}`);

  // Login throttling counts failures made on either instance (same user, same client address).
  const wrong = [a, a, a, b, b];
  for (const base of wrong) await call(base, 'POST', '/sys/login', { json: { username: 'teacher', password: 'wrong-password' } });
  const locked = await call(a, 'POST', '/sys/login', { json: { username: 'teacher', password: PASSWORD } });
  // nginx overwrites X-Forwarded-For: a client naming another address is still the same client.
  const spoofed = await call(lb, 'POST', '/sys/login', { json: { username: 'teacher', password: PASSWORD }, headers: { 'x-forwarded-for': '10.9.8.7' } });
  check('3 failures on A + 2 on B lock the account on A, and through LB even with a forged X-Forwarded-For', !locked.ok && locked.body?.code === 429 && !spoofed.ok && spoofed.body?.code === 429, `A: ${locked.body?.message}; LB: ${spoofed.body?.message}`);
}

/* ------------------------------------------------------------------ load */

const ENTRIES = ['sign-in', 'list', 'calendar', 'bell', 'save'] as const;
type Entry = (typeof ENTRIES)[number];

interface RunResult {
  label: string;
  wallS: number;
  lat: Record<Entry, number[]>;
  errors: Record<Entry, number>;
  /** Saves the client saw succeed: name → id; and names whose save failed. */
  saved: Map<string, string>;
  failedSaves: string[];
  /** Per 5 s: [ok, failed]. */
  timeline: [number, number][];
  /** When `during` ran (ms into the run), and the requests started after it: [ok, failed]. */
  duringAtMs?: number;
  after: [number, number];
}

/** Monday 00:00 to next Monday 00:00 of the current week, as the 行事历 asks for it. */
function weekRange(): string {
  const d = new Date();
  const monday = new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7));
  const next = new Date(monday.getTime() + 7 * 86_400_000);
  const fmt = (x: Date) => `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')} 00:00:00`;
  return `start=${encodeURIComponent(fmt(monday))}&end=${encodeURIComponent(fmt(next))}`;
}

async function runLoad(label: string, tag: string, base: string, seconds: number, during?: { atS: number; run: () => void }): Promise<RunResult> {
  const r: RunResult = {
    label,
    wallS: 0,
    lat: Object.fromEntries(ENTRIES.map((e) => [e, []])) as unknown as Record<Entry, number[]>,
    errors: Object.fromEntries(ENTRIES.map((e) => [e, 0])) as Record<Entry, number>,
    saved: new Map(),
    failedSaves: [],
    timeline: [],
    after: [0, 0],
  };
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  const timer = during
    ? setTimeout(() => {
        r.duringAtMs = performance.now() - t0;
        during.run();
      }, during.atS * 1000)
    : null;
  const week = weekRange();
  const timed = async (entry: Entry, fn: () => Promise<Answer>): Promise<Answer> => {
    const start = performance.now();
    const answer = await fn();
    const end = performance.now();
    r.lat[entry].push(end - start);
    if (!answer.ok) r.errors[entry]++;
    const bucket = Math.floor((end - t0) / 5000);
    while (r.timeline.length <= bucket) r.timeline.push([0, 0]);
    r.timeline[bucket][answer.ok ? 0 : 1]++;
    if (r.duringAtMs !== undefined && start - t0 >= r.duringAtMs) r.after[answer.ok ? 0 : 1]++;
    return answer;
  };
  const user = async (vu: number) => {
    let cookie = '';
    while (!cookie && performance.now() < deadline) {
      const s = await timed('sign-in', () => signIn(base).then((x) => x.answer));
      cookie = s.ok ? (s.setCookie ?? '').split(';')[0] : '';
      if (!cookie) await new Promise((res) => setTimeout(res, 500));
    }
    for (let i = 0; performance.now() < deadline; i++) {
      await timed('list', () => call(base, 'GET', '/sys/user/list?pageNo=1&pageSize=10&column=createTime&order=desc', { cookie }));
      if (performance.now() >= deadline) break;
      await timed('calendar', () => call(base, 'GET', `/calendar/tblCalendar/range?${week}`, { cookie }));
      if (performance.now() >= deadline) break;
      await timed('bell', () => call(base, 'GET', '/sys/annountCement/listByUser?pageSize=5', { cookie }));
      if (performance.now() >= deadline) break;
      const name = `bench-${RUN}-${tag}-${vu}-${i}`;
      const saved = await timed('save', () => call(base, 'POST', '/calendar/tblHoliday/add', { cookie, json: { name, startDate: '2031-01-01', endDate: '2031-01-02', remark: 'bench/cluster.ts' } }));
      const id = (saved.body?.result as { id?: string } | undefined)?.id;
      if (saved.ok && id) r.saved.set(name, id);
      else r.failedSaves.push(name);
    }
  };
  await Promise.all(Array.from({ length: USERS }, (_, vu) => user(vu)));
  if (timer) clearTimeout(timer);
  r.wallS = (performance.now() - t0) / 1000;
  return r;
}

function report(r: RunResult) {
  const row = (name: string, lat: number[], errors: number) =>
    `  ${name.padEnd(9)} ${String(lat.length).padStart(6)} ${(lat.length / r.wallS).toFixed(1).padStart(7)} ${percentile(lat, 0.5).toFixed(0).padStart(6)} ${percentile(lat, 0.95).toFixed(0).padStart(6)} ${percentile(lat, 0.99).toFixed(0).padStart(6)} ${String(errors).padStart(6)}`;
  console.log(`\n${r.label}: ${USERS} users, ${r.wallS.toFixed(1)} s`);
  console.log(`  ${'entry'.padEnd(9)} ${'n'.padStart(6)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)} ${'errors'.padStart(6)}   (ms)`);
  for (const e of ENTRIES) if (r.lat[e].length) console.log(row(e, r.lat[e], r.errors[e]));
  const all = ENTRIES.flatMap((e) => r.lat[e]);
  console.log(row('total', all, ENTRIES.reduce((s, e) => s + r.errors[e], 0)));
  return all.length / r.wallS;
}

/** Which instance answered (nginx's access log, $upstream_addr's last entry) before and after `cut` (epoch ms). */
function upstreamSplit(logFile: string, fromMs: number, cut: number): string {
  const count = (xs: string[]) => Object.entries(xs.reduce<Record<string, number>>((m, x) => ((m[x] = (m[x] ?? 0) + 1), m), {})).map(([k, v]) => `${k} ${v}`).join(', ');
  const before: string[] = [];
  const after: string[] = [];
  const retried: string[] = [];
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    const m = /^(\d+\.\d+) (\S+) (\d+) "([^"]*)"/.exec(line);
    if (!m || Number(m[1]) * 1000 < fromMs) continue;
    const tried = m[4].split(', ');
    if (tried.length > 1) retried.push(m[2]);
    const last = tried[tried.length - 1].replace(`127.0.0.1:${PORT_A}`, 'A').replace(`127.0.0.1:${PORT_B}`, 'B');
    (Number(m[1]) * 1000 < cut ? before : after).push(`${last}${m[3] === '200' ? '' : `→${m[3]}`}`);
  }
  return `before the kill: ${count(before) || 'none'}; after: ${count(after) || 'none'}; retried on the other instance: ${retried.length} (${count(retried) || '-'})`;
}

/* ------------------------------------------------------------------ main */

async function main() {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('Run `npm run build` first.');
  if (spawnSync('nginx', ['-v']).status !== 0) throw new Error('nginx is not installed (Debian: apt-get install nginx-light).');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jiaowu-cluster-'));
  fs.chmodSync(tmp, 0o755);
  const dataDir = path.join(tmp, 'data');
  const adminUrl = await postgresUrl();
  const dbName = `bench_cluster_${RUN}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();
  const instances: Instance[] = [];
  let nginx: ChildProcess | null = null;
  console.log(`bench/cluster: ${USERS} users × ${SECONDS} s, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}, node ${process.version}`);
  try {
    // Demo data for realistic lists, then new passwords: a production process refuses demo passwords.
    const t0 = performance.now();
    const { createBackend } = await import('../server/backend');
    const { hashPassword } = await import('../server/auth/password');
    const seeding = await createBackend({ config: { databaseUrl, dataDir, seedDemo: true, seedTerm: true } });
    await seeding.db.updateTable('sys_user').set({ password_hash: await hashPassword(PASSWORD) }).execute();
    await seeding.close();
    console.log(`database ${dbName}: migrated and seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const env = { DATABASE_URL: databaseUrl, SESSION_SECRET: randomBytes(48).toString('base64'), DATA_DIR: dataDir, TRUST_PROXY: '1', SEED_DEMO: 'false' };
    const t1 = performance.now();
    // One after the other, as docs/deploy.md says (on an empty database two first starts would both create the administrator).
    instances.push(await startInstance('A', PORT_A, env, path.join(tmp, 'a.log')));
    instances.push(await startInstance('B', PORT_B, env, path.join(tmp, 'b.log')));
    nginx = await startNginx(path.join(tmp, 'nginx'));
    console.log(`A, B and nginx up in ${((performance.now() - t1) / 1000).toFixed(1)} s (logs in ${tmp})`);
    const [a, b] = instances;
    const lb = `http://127.0.0.1:${PORT_NGINX}`;

    await checkFacts(a.base, b.base, lb);

    await runLoad('warm-up', 'w', lb, WARMUP_SECONDS);
    const one = report(await runLoad('One instance (A direct)', 'one', a.base, SECONDS));
    const two = report(await runLoad('Two instances (nginx → A + B)', 'two', lb, SECONDS));
    console.log(`\nthroughput two ÷ one: ${(two / one).toFixed(2)}  (both instances share this machine's ${os.cpus().length} cores with the client and nginx)`);

    // Fail-over: B killed halfway through a run via nginx.
    let killedAt = 0;
    const startedAt = Date.now();
    const fo = await runLoad('Fail-over (nginx → A + B, B killed with SIGKILL at the middle)', 'fo', lb, SECONDS, {
      atS: SECONDS / 2,
      run: () => {
        killedAt = Date.now();
        b.child.kill('SIGKILL');
      },
    });
    report(fo);
    const failed = ENTRIES.reduce((s, e) => s + fo.errors[e], 0);
    const killBucket = Math.floor((fo.duringAtMs ?? 0) / 5000);
    console.log(`  per 5 s (ok/failed): ${fo.timeline.map(([ok, bad], i) => `${i === killBucket ? '[kill] ' : ''}${ok}/${bad}`).join(' ')}`);
    console.log(`  nginx: ${upstreamSplit(path.join(tmp, 'nginx', 'access.log'), startedAt, killedAt)}`);
    check(
      'requests went on through A after B was killed',
      fo.after[0] > 0 && b.child.signalCode === 'SIGKILL',
      `${failed} failed in the run; of those started after the kill ${fo.after[0]} answered, ${fo.after[1]} failed`,
    );

    // Every save the clients saw succeed is in the database, once.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const found = (await db.query<{ id: string; name: string }>(`select id, name from tbl_holiday where name like $1`, [`bench-${RUN}-fo-%`])).rows;
    await db.end();
    const ids = new Set(found.map((x) => x.id));
    const names = found.map((x) => x.name);
    const lost = [...fo.saved.values()].filter((id) => !ids.has(id)).length;
    const twice = names.length - new Set(names).size;
    const unseen = fo.failedSaves.filter((n) => names.includes(n)).length;
    check(
      'every save the clients saw succeed is in the database, none twice',
      lost === 0 && twice === 0,
      `${fo.saved.size} seen saved, ${found.length} rows, ${lost} lost, ${twice} duplicated; ${fo.failedSaves.length} saves failed, of which ${unseen} committed anyway`,
    );
  } finally {
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGTERM');
    nginx?.kill('SIGQUIT');
    await Promise.all([...instances.map((i) => exited(i.child)), nginx ? exited(nginx) : Promise.resolve()]);
    await admin.query(`drop database if exists ${dbName} with (force)`).catch((e) => console.warn(`drop database: ${(e as Error).message}`));
    await admin.end();
    if (!process.env.BENCH_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  }
  const failedChecks = results.filter((r) => !r.ok);
  console.log(`\n${results.length - failedChecks.length}/${results.length} PASS${failedChecks.length ? `; FAIL: ${failedChecks.map((r) => r.name).join('; ')}` : ''}`);
  process.exit(failedChecks.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
