/**
 * 用户管理's list call through the BFF at fixed concurrency (issue #28), beside trivial routes of the same process,
 * with the database statements each request ran.
 *
 *   npx tsx bench/list-throughput.ts                      # embedded PGlite (a temp DATA_DIR, demo seed): its own thread
 *                                                         # and the web thread (EMBEDDED_DB_THREAD=off) in one run
 *   BENCH_DB=postgres npx tsx bench/list-throughput.ts    # PostgreSQL: BENCH_PG_URL (admin URL) or scripts/start-test-postgres.sh
 *   BENCH_SECONDS=10 BENCH_CONCURRENCY=16 BENCH_ROUNDS=2 (defaults)
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   # profile the server (written when it stops)
 *
 * The server is a child process wired as server.ts wires it (bench/bff-server.ts); it reports the statements per
 * route at the end.
 *
 * Routes, each measured for BENCH_SECONDS per round, rounds alternating so load from elsewhere hits them alike:
 * - `/healthz`: the process's HTTP floor (no session, no database);
 * - `/jeecg-boot/sys/dict/getDictItems/sex`: the cookie, the BFF and a session check, one dictionary;
 * - `/jeecg-boot/sys/user/list?pageNo=1&pageSize=10`: the list call of the issue.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX, ask, signIn, startServer, stopServer } from './bff-server';

const PORT = Number(process.env.BENCH_PORT || 3431);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const ROUTES = [
  { name: 'trivial: GET /healthz', path: '/healthz' },
  { name: 'dictionary (session + 1 query)', path: `${API_PREFIX}/sys/dict/getDictItems/sex` },
  { name: '用户管理 list, 10 rows', path: `${API_PREFIX}/sys/user/list?pageNo=1&pageSize=10` },
];

// ---------------------------------------------------------------- the load (parent process)

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function get(port: number, p: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: p, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (b: Buffer) => chunks.push(b));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function load(port: number, p: string, headers: Record<string, string>, seconds: number) {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await get(port, p, headers);
      latencies.push(performance.now() - t0);
      if (res.status !== 200 || (p.startsWith(API_PREFIX) && !(JSON.parse(res.body) as { success?: boolean }).success)) failures++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const wall = performance.now() - t0;
  latencies.sort((a, b) => a - b);
  const q = (x: number) => latencies[Math.min(latencies.length - 1, Math.floor(x * latencies.length))];
  return { rps: (latencies.length / wall) * 1000, p50: q(0.5), p99: q(0.99), failures };
}

/**
 * One server, or on PGlite two side by side (issue #38: the engine in its own thread, and on the web thread as before
 * with EMBEDDED_DB_THREAD=off), measured in alternating rounds of the same run. BENCH_COMPARE=0 measures the first only.
 */
async function main() {
  const variants: { label: string; env: Record<string, string>; tmp: string }[] = [];
  let dropDb: (() => void) | null = null;
  const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'jiaowu-list-bench-'));
  if (process.env.BENCH_DB === 'postgres') {
    const admin = process.env.BENCH_PG_URL || execFileSync('bash', ['scripts/start-test-postgres.sh']).toString().trim();
    const name = `jw_bench_${process.pid}`;
    const psql = (sqlText: string) => execFileSync('psql', [admin, '-qc', sqlText]);
    psql(`create database ${name}`);
    dropDb = () => psql(`drop database if exists ${name} with (force)`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const tmp = tmpDir();
    variants.push({ label: 'postgres', env: { DATA_DIR: tmp, DATABASE_URL: url.toString() }, tmp });
  } else {
    const tmp = tmpDir();
    variants.push({ label: 'pglite, own thread', env: { DATA_DIR: tmp }, tmp });
    if (process.env.BENCH_COMPARE !== '0') {
      const tmp2 = tmpDir();
      variants.push({ label: 'pglite, web thread (EMBEDDED_DB_THREAD=off, before #38)', env: { DATA_DIR: tmp2, EMBEDDED_DB_THREAD: 'off' }, tmp: tmp2 });
    }
  }
  const servers: { label: string; port: number; child: ChildProcess; headers: Record<string, string>; results: Awaited<ReturnType<typeof load>>[][] }[] = [];
  try {
    for (const [n, v] of variants.entries()) {
      const port = PORT + n;
      const { child } = await startServer(port, v.env);
      servers.push({ label: v.label, port, child, headers: {}, results: ROUTES.map(() => []) });
    }
    for (const sv of servers) {
      sv.headers = { cookie: await signIn(sv.port) };
      for (const r of ROUTES) await load(sv.port, r.path, sv.headers, 2); // warm-up
      await ask(sv.child, 'reset');
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...ROUTES.keys()].reverse() : [...ROUTES.keys()];
      const serverOrder = round % 2 ? [...servers].reverse() : servers;
      for (const i of order) for (const sv of serverOrder) sv.results[i].push(await load(sv.port, ROUTES[i].path, sv.headers, SECONDS));
    }
    console.log(`\nconcurrency ${CONCURRENCY}, ${ROUNDS} × ${SECONDS} s per route and server, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)} at the end`);
    for (const sv of servers) {
      const stats = await ask(sv.child, 'stats');
      const avg = (i: number, k: 'rps' | 'p50' | 'p99') => sv.results[i].reduce((s, x) => s + x[k], 0) / sv.results[i].length;
      console.log(`\n${sv.label}`);
      ROUTES.forEach((r, i) => {
        const st = stats[r.path.split('?')[0]];
        const per = st ? `${(st.statements / st.requests).toFixed(2)} statements/request` : 'no database';
        const fails = sv.results[i].reduce((n, x) => n + x.failures, 0);
        console.log(
          `${r.name.padEnd(34)} ${avg(i, 'rps').toFixed(0).padStart(6)} req/s   p50 ${avg(i, 'p50').toFixed(1)} ms   p99 ${avg(i, 'p99').toFixed(1)} ms   ${per}${fails ? `   FAILURES ${fails}` : ''}`,
        );
      });
      console.log(`list ÷ /healthz throughput: ${(avg(2, 'rps') / avg(0, 'rps')).toFixed(3)}   list ÷ dictionary: ${(avg(2, 'rps') / avg(1, 'rps')).toFixed(3)}`);
      const list = stats[ROUTES[2].path.split('?')[0]];
      if (list) console.log(`statements of one list request: ${list.example.join(', ')}`);
    }
    if (servers.length === 2) {
      const rps = (sv: (typeof servers)[number]) => sv.results[2].reduce((s, x) => s + x.rps, 0) / sv.results[2].length;
      console.log(`\nlist throughput, own thread ÷ web thread: ${(rps(servers[0]) / rps(servers[1])).toFixed(3)}`);
    }
  } finally {
    for (const sv of servers) await stopServer(sv.child);
    dropDb?.();
    for (const v of variants) fs.rmSync(v.tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
