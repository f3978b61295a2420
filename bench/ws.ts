/**
 * Notification socket fan-out: N concurrent `/websocket/{userId}` sockets on one process (one user
 * each, authenticated by the sealed session cookie exactly as in production), then time from
 * `RealtimeHub.broadcast` (what publishing an announcement to 全体用户 calls) until 95% / 100% of
 * the sockets have the message. Baseline in the same run: a bare `ws` server with the same number of
 * sockets sending the same text in a plain loop, so the ratio is the cost of our hub and handler.
 *
 * The clients run in a worker thread (own event loop) so their parsing does not queue behind the
 * server's sends; arrival times use the shared clock performance.timeOrigin + performance.now().
 *
 *   npx tsx bench/ws.ts            (BENCH_WS_N=5000 sockets, BENCH_WS_ROUNDS=10 measured rounds)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { WebSocketServer } from 'ws';
import { SESSION_COOKIE, sealSession } from '../lib/server/session-cookie';
import { RealtimeHub } from '../server/realtime/hub';
import { createNotifySocketHandler } from '../server/realtime/notify-socket';

const N = Number(process.env.BENCH_WS_N || 5000);
const ROUNDS = Number(process.env.BENCH_WS_ROUNDS || 10);
const WARMUP = 5;
const SECRET = 'bench-only-session-secret-0123456789abcdef';

const now = () => performance.timeOrigin + performance.now();

type ToWorker = { type: 'connect'; target: { base: string; withUserPath: boolean }; cookies?: string[]; cookieName?: string } | { type: 'expect'; seq: number } | { type: 'close' };
type FromWorker = { type: 'connected'; ms: number } | { type: 'arrivals'; seq: number; times: number[] } | { type: 'closed' };

/* ---------------------------------------------------------------- worker: the N clients */
// Plain JavaScript evaluated in a worker thread (a .ts worker would need tsx's loader in the thread).
const CLIENT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { WebSocket } = require(workerData.wsPath);
const N = workerData.n;
const now = () => performance.timeOrigin + performance.now();
let sockets = [];
let arrivals = [];
let expected = -1;
let got = 0;
parentPort.on('message', async (m) => {
  if (m.type === 'connect') {
    const t0 = now();
    sockets = [];
    const open = (i) => new Promise((resolve, reject) => {
      const url = m.target.withUserPath ? m.target.base + '/websocket/bu' + i : m.target.base;
      const ws = new WebSocket(url, { headers: m.cookies ? { cookie: m.cookieName + '=' + m.cookies[i] } : {} });
      ws.on('open', () => resolve());
      ws.on('error', reject);
      ws.on('message', (data) => {
        const seq = Number(JSON.parse(data.toString()).msgId);
        if (seq !== expected) return;
        arrivals.push(now());
        if (++got === N) parentPort.postMessage({ type: 'arrivals', seq, times: arrivals });
      });
      sockets[i] = ws;
    });
    // Open in batches so the accept queue never overflows.
    for (let i = 0; i < N; i += 250) await Promise.all(Array.from({ length: Math.min(250, N - i) }, (_, k) => open(i + k)));
    parentPort.postMessage({ type: 'connected', ms: now() - t0 });
  } else if (m.type === 'expect') {
    expected = m.seq;
    got = 0;
    arrivals = [];
  } else if (m.type === 'close') {
    await Promise.all(sockets.map((ws) => new Promise((r) => (ws.readyState === ws.CLOSED ? r() : (ws.once('close', () => r()), ws.close())))));
    parentPort.postMessage({ type: 'closed' });
  }
});
`;

/* ---------------------------------------------------------------- main: servers and timing */
function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function next<T extends FromWorker['type']>(worker: Worker, type: T, timeoutMs = 120_000): Promise<Extract<FromWorker, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker: no ${type} within ${timeoutMs} ms`)), timeoutMs);
    const on = (m: FromWorker) => {
      if (m.type !== type) return;
      clearTimeout(timer);
      worker.off('message', on);
      resolve(m as Extract<FromWorker, { type: T }>);
    };
    worker.on('message', on);
  });
}

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(worker: Worker, label: string, send: (text: string) => void, connect: ToWorker) {
  worker.postMessage(connect);
  const { ms } = await next(worker, 'connected');
  const p95: number[] = [];
  const all: number[] = [];
  for (let r = 0; r < WARMUP + ROUNDS; r++) {
    const seq = 1000 + r;
    worker.postMessage({ type: 'expect', seq } satisfies ToWorker);
    await new Promise((res) => setTimeout(res, 50));
    const done = next(worker, 'arrivals', 30_000);
    const t0 = now();
    send(JSON.stringify({ cmd: 'topic', msgId: String(seq), msgTxt: '关于期末考试安排的通知' }));
    const { times } = await done;
    const lat = times.map((t) => t - t0).sort((a, b) => a - b);
    if (r >= WARMUP) {
      p95.push(quantile(lat, 0.95));
      all.push(lat[lat.length - 1]);
    }
  }
  worker.postMessage({ type: 'close' } satisfies ToWorker);
  await next(worker, 'closed');
  const result = { label, connectMs: ms, p95: median(p95), p100: median(all), worstP95: Math.max(...p95) };
  console.log(`${label.padEnd(22)} connect ${N} in ${(ms / 1000).toFixed(1)} s · 95% received ${result.p95.toFixed(1)} ms (worst round ${result.worstP95.toFixed(1)}) · all ${result.p100.toFixed(1)} ms`);
  return result;
}

async function main() {
  console.log(`bench/ws: ${N} sockets, ${ROUNDS} rounds (+${WARMUP} warm-up), node ${process.version}`);
  const worker = new Worker(CLIENT_WORKER, { eval: true, workerData: { n: N, wsPath: createRequire(import.meta.url).resolve('ws') } });

  // Baseline: a bare ws server, the same text sent in a loop.
  const bare = http.createServer();
  const bareWss = new WebSocketServer({ server: bare });
  const barePort = await listen(bare);
  const baseline = await measure(worker, 'baseline (bare ws)', (text) => {
    for (const c of bareWss.clients) c.send(text);
  }, { type: 'connect', target: { base: `ws://127.0.0.1:${barePort}`, withUserPath: false } });
  bareWss.close();
  bare.close();

  // The product's path: cookie-authenticated upgrade handler + RealtimeHub, one user per socket.
  const hub = new RealtimeHub();
  const tokens = new Map<string, string>();
  const cookies: string[] = [];
  for (let i = 0; i < N; i++) {
    const token = `tok-${i}-${Math.random().toString(36).slice(2)}`;
    tokens.set(token, `bu${i}`);
    cookies.push(await sealSession({ token, userId: `bu${i}`, username: `bench${i}`, tenantId: 0, loginAt: Date.now() }, SECRET));
  }
  const handle = createNotifySocketHandler({ sessionSecret: SECRET, hub, verifyToken: async (t) => tokens.get(t) ?? null, allowedOrigin: () => true });
  const server = http.createServer();
  server.on('upgrade', (req, socket, head) => void handle(req, socket, head));
  const port = await listen(server);
  const ours = await measure(worker, 'hub (product path)', (text) => hub.broadcast(JSON.parse(text)), {
    type: 'connect',
    target: { base: `ws://127.0.0.1:${port}`, withUserPath: true },
    cookies,
    cookieName: SESSION_COOKIE,
  });
  if (hub.size !== 0) console.warn(`hub still holds ${hub.size} sockets after close`);
  server.close();
  await worker.terminate();

  console.log(`ratio hub/baseline (95% received): ${(ours.p95 / baseline.p95).toFixed(2)} · target ≤ 500 ms at 5,000: ${ours.p95 <= 500 ? 'met' : 'NOT met'}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
