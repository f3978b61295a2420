/**
 * A server for the API benchmarks (bench/list-throughput.ts, bench/runaway.ts), in a child process, wired as server.ts
 * wires it — `createServerOps().track` (request id, access log, metrics), `/healthz` ahead of the BFF, `createBff` with
 * the gateway, the in-process backend — without Next, whose page handler an API call never reaches (so no build is
 * needed). Each BFF request runs inside `countStatements` (server/db/statement-counter.ts); the child reports the
 * statements per route when asked.
 *
 *   node --import tsx bench/bff-server.ts --serve     (BENCH_PORT, DATA_DIR, DATABASE_URL, EMBEDDED_DB_THREAD …)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';

export const API_PREFIX = '/jeecg-boot';
const PORT = Number(process.env.BENCH_PORT || 3431);


async function serve() {
  const [{ createBackend }, { createServerOps }, { createBff }, { createGateway }, { enabledGatewayTargets }, { readServerEnv }, { RealtimeHub }, { countStatements }, { getRequestListener }] =
    await Promise.all([
      import('../server/backend'),
      import('../server/server-ops'),
      import('../lib/server/bff'),
      import('../lib/server/gateway'),
      import('../server/system/gateway-routes'),
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


export type RouteStats = Record<string, { requests: number; statements: number; example: string[] }>;

/** Starts the server in a child process on `port`; resolves once it listens. */
export function startServer(port: number, env: Record<string, string>): Promise<{ child: ChildProcess; db: string }> {
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', __filename, '--serve'], {
    env: { ...process.env, NODE_ENV: 'production', LOGIN_CAPTCHA: 'off', COOKIE_SECURE: '0', BENCH_PORT: String(port), ...env },
    // stdout: the access log (one JSON line per request, as in production), discarded.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (m: { ready?: boolean; db?: string }) => m.ready && resolve({ child, db: m.db! }));
    child.on('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
}


/** 'stats' answers the statements per route; 'reset' answers them and starts counting again. */
export const ask = (child: ChildProcess, msg: string) =>
  new Promise<RouteStats>((resolve) => {
    child.once('message', (m: { stats: RouteStats }) => resolve(m.stats));
    child.send(msg);
  });


/** Signs in through the BFF; the session cookie. */
export async function signIn(port: number, username = 'admin'): Promise<string> {
  const cookie = await new Promise<string>((resolve, reject) => {
    const body = JSON.stringify({ username, password: 'jiaowu2026' });
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


/** Stops a server started by startServer. */
export async function stopServer(child: ChildProcess): Promise<void> {
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
}

if (process.argv.includes('--serve')) {
  serve().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
