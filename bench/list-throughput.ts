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
 * The server is a child process wired as server.ts wires it — `createServerOps().track` (request id, access log,
 * metrics), `/healthz` ahead of the BFF, `createBff` with the gateway, the in-process backend — without Next, whose
 * page handler an API call never reaches (so no build is needed). Each BFF request runs inside `countStatements`
 * (server/db/statement-counter.ts); the child reports the statements per route at the end.
 *
 * Routes, each measured for BENCH_SECONDS per round, rounds alternating so load from elsewhere hits them alike:
 * - `/healthz`: the process's HTTP floor (no session, no database);
 * - `/jeecg-boot/sys/dict/getDictItems/sex`: the cookie, the BFF and a session check, one dictionary;
 * - `/jeecg-boot/sys/user/list?pageNo=1&pageSize=10`: the list call of the issue.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const API_PREFIX = '/jeecg-boot';
const PORT = Number(process.env.BENCH_PORT || 3431);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const ROUTES = [
  { name: 'trivial: GET /healthz', path: '/healthz' },
  { name: 'dictionary (session + 1 query)', path: `${API_PREFIX}/sys/dict/getDictItems/sex` },
  { name: '用户管理 list, 10 rows', path: `${API_PREFIX}/sys/user/list?pageNo=1&pageSize=10` },
];

// ---------------------------------------------------------------- the server (child process)

async function serve() {
  const [{ createBackend }, { createServerOps }, { createBff }, { createGateway }, { enabledGatewayTargets }, { readServerEnv }, { RealtimeHub }, { countStatements }, { getRequestListener }] =
    await Promise.all([
      import('../server/backend'),
      import('../server/ops'),
      import('../lib/server/bff'),
      import('../lib/server/gateway'),
      import('../server/services/gateway-routes'),
      import('../lib/server/env-read'),
      import('../server/realtime/hub'),
      import('../server/db/statement-counter'),
      import('@hono/node-server'),
    ]);
  const backend = await createBackend({
    config: { trustClientIpHeader: true, captcha: false, seedDemo: true, seedTerm: false, dataDir: process.env.DATA_DIR!, databaseUrl: process.env.DATABASE_URL || null },
  });
  const webEnv = readServerEnv();
  const hub = new RealtimeHub();
  const upstream = Object.assign(
    (p: string, init: RequestInit, raw?: unknown) => backend.fetch(new Request(`http://embedded${p}`, init), raw ? { incoming: raw } : undefined),
    { takesRawBody: true },
  );
  const ops = createServerOps({ apiPrefix: API_PREFIX, backend, legacyApiUrl: null, hub, isDraining: () => false });
  const gateway = createGateway({ routes: () => enabledGatewayTargets(backend.db), verifySession: async (t) => !!(await backend.sessions.verify(t)) });
  const bff = createBff(ops.timedUpstream(upstream), webEnv, { gateway });
  // Statements per route: [requests, statements, one example list].
  const counted = new Map<string, { requests: number; statements: number; example: string[] }>();
  const listener = getRequestListener(async (req, env) => {
    const url = new URL(req.url);
    const segments = url.pathname.slice(API_PREFIX.length).split('/').filter(Boolean).map(decodeURIComponent);
    const { result, statements } = await countStatements(() => bff(req, segments, env.incoming));
    const key = url.pathname;
    const c = counted.get(key) ?? { requests: 0, statements: 0, example: statements };
    c.requests++;
    c.statements += statements.length;
    counted.set(key, c);
    return result;
  });
  const server = http.createServer((req, res) => {
    req.headers['x-jiaowu-client-ip'] = req.socket.remoteAddress || 'unknown';
    const url = req.url ?? '/';
    ops.track(req, res, () => {
      if (ops.serves(url)) ops.serve(req, res);
      else if (url.startsWith(API_PREFIX + '/')) void listener(req, res);
      else {
        res.statusCode = 404;
        res.end();
      }
    });
  });
  process.on('message', (m) => {
    if (m === 'stats' || m === 'reset') process.send!({ stats: Object.fromEntries(counted) });
    if (m === 'reset') counted.clear();
    if (m === 'stop') {
      server.close();
      server.closeAllConnections();
      void backend.close().then(() => process.exit(0));
    }
  });
  server.listen(PORT, '127.0.0.1', () => process.send!({ ready: true, db: backend.dbKind }));
}

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

function startServer(port: number, env: Record<string, string>): Promise<{ child: ChildProcess; db: string }> {
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', process.argv[1], '--serve'], {
    env: { ...process.env, NODE_ENV: 'production', LOGIN_CAPTCHA: 'off', COOKIE_SECURE: '0', BENCH_PORT: String(port), ...env },
    // stdout: the access log (one JSON line per request, as in production), discarded.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (m: { ready?: boolean; db?: string }) => m.ready && resolve({ child, db: m.db! }));
    child.on('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
}

const ask = (child: ChildProcess, msg: string) =>
  new Promise<Record<string, { requests: number; statements: number; example: string[] }>>((resolve) => {
    child.once('message', (m: { stats: Record<string, { requests: number; statements: number; example: string[] }> }) => resolve(m.stats));
    child.send(msg);
  });

async function signIn(port: number): Promise<string> {
  const cookie = await new Promise<string>((resolve, reject) => {
    const body = JSON.stringify({ username: 'admin', password: 'jiaowu2026' });
    const req = http.request(
      { host: '127.0.0.1', port, path: `${API_PREFIX}/sys/login`, method: 'POST', headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` } },
      (res) => {
        res.resume();
        resolve(String(res.headers['set-cookie']?.[0] ?? '').split(';')[0]);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  if (!cookie) throw new Error('sign-in failed');
  return cookie;
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
    for (const sv of servers) {
      sv.child.send('stop');
      await new Promise((r) => sv.child.once('exit', r));
    }
    dropDb?.();
    for (const v of variants) fs.rmSync(v.tmp, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) {
  serve().catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
