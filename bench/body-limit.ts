/**
 * Bounded request bodies (issue #38): ten parallel 64 MB chunked bodies to the anonymous routes (/sys/login and
 * a brochure sign-up), over HTTP, and how much the server's memory grows meanwhile. Figures only, no assertion.
 *
 *   npx tsx bench/body-limit.ts                 (BENCH_BODY_PARALLEL=10, BENCH_BODY_MB=64)
 *
 * The server is a child process wired as server.ts wires the API — node:http, @hono/node-server's listener, the
 * BFF (`createBff`) and the embedded backend in process as its upstream (in-memory PGlite) — without Next, which an
 * API call never reaches. It runs twice: with MAX_BODY_BYTES unset (1 MB) and with MAX_BODY_BYTES=64 MB, where
 * every body is read whole as all were before the limit. The client makes its bytes on the fly (one 64 KB buffer
 * written again and again) and stops sending once the answer has come; the child samples its RSS and heap every
 * 5 ms from just before the burst to the last answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';

const API_PREFIX = '/jeecg-boot';
const PORT = Number(process.env.BENCH_PORT || 3433);
const PARALLEL = Number(process.env.BENCH_BODY_PARALLEL || 10);
const BODY_MB = Number(process.env.BENCH_BODY_MB || 64);
const MB = 1024 * 1024;

// ---------------------------------------------------------------- the server (child process)

async function serve() {
  const [{ createBackend }, { createBff }, { readServerEnv }, { getRequestListener }] = await Promise.all([
    import('../server/backend'),
    import('../lib/server/bff'),
    import('../lib/server/env-read'),
    import('@hono/node-server'),
  ]);
  const backend = await createBackend({ memory: true, config: { trustClientIpHeader: true, captcha: false, seedDemo: false, seedTerm: false } });
  const upstream = Object.assign(
    (p: string, init: RequestInit, raw?: unknown) => backend.fetch(new Request(`http://embedded${p}`, init), raw ? { incoming: raw } : undefined),
    { takesRawBody: true },
  );
  const bff = createBff(upstream, readServerEnv());
  const listener = getRequestListener((req, env) => {
    const segments = new URL(req.url).pathname.slice(API_PREFIX.length).split('/').filter(Boolean).map(decodeURIComponent);
    return bff(req, segments, env.incoming);
  });
  const server = http.createServer((req, res) => {
    req.headers['x-jiaowu-client-ip'] = req.socket.remoteAddress || 'unknown';
    void listener(req, res);
  });

  let sampler: NodeJS.Timeout | null = null;
  let base = process.memoryUsage();
  let peak = { rss: 0, heapUsed: 0, external: 0 };
  process.on('message', (m) => {
    if (m === 'start') {
      global.gc?.();
      base = process.memoryUsage();
      peak = { rss: base.rss, heapUsed: base.heapUsed, external: base.external + base.arrayBuffers };
      sampler = setInterval(() => {
        const now = process.memoryUsage();
        peak = { rss: Math.max(peak.rss, now.rss), heapUsed: Math.max(peak.heapUsed, now.heapUsed), external: Math.max(peak.external, now.external + now.arrayBuffers) };
      }, 5);
      process.send!({ started: true });
    }
    if (m === 'stop-sampling') {
      if (sampler) clearInterval(sampler);
      process.send!({ base, peak });
    }
    if (m === 'stop') {
      server.close();
      server.closeAllConnections();
      void backend.close().then(() => process.exit(0));
    }
  });
  server.listen(PORT, '127.0.0.1', () => process.send!({ ready: true }));
}

// ---------------------------------------------------------------- the load (parent process)

interface Sent {
  status: number;
  message: string;
  /** Bytes the client had written when the answer came (the rest was never sent). */
  written: number;
  ms: number;
}

/** One chunked POST of BODY_MB, written until the answer comes (or the server closes the connection). */
function bigPost(path: string): Promise<Sent> {
  const block = Buffer.alloc(64 * 1024, 0x61);
  const total = BODY_MB * MB;
  const t0 = performance.now();
  return new Promise((resolve) => {
    let written = 0;
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port: PORT, path, method: 'POST', headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${PORT}` } }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (b: Buffer) => chunks.push(b));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let message = text.slice(0, 40);
        try {
          message = (JSON.parse(text) as { message?: string }).message ?? message;
        } catch {
          /* not JSON: shown as it is */
        }
        resolve({ status: res.statusCode ?? 0, message, written, ms: performance.now() - t0 });
        req.destroy();
      });
    });
    req.on('error', (e) => {
      if (!answered) resolve({ status: 0, message: e.message, written, ms: performance.now() - t0 });
    });
    const pump = () => {
      while (!answered && written < total) {
        written += block.length;
        if (!req.write(block)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', process.argv[1], '--serve'], {
    env: { ...process.env, NODE_ENV: 'production', COOKIE_SECURE: '0', SEED_DEMO: 'false', BENCH_PORT: String(PORT), ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (m: { ready?: boolean }) => m.ready && resolve(child));
    child.on('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
}

function ask<T>(child: ChildProcess, msg: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m: T) => resolve(m));
    child.send(msg);
  });
}

async function run(label: string, env: Record<string, string>) {
  const child = await startServer({ SESSION_SECRET: 'b'.repeat(48), ...env });
  try {
    const paths = Array.from({ length: PARALLEL }, (_, i) => (i % 2 ? `${API_PREFIX}/edu/prospectus/public/${'t'.repeat(43)}/signup` : `${API_PREFIX}/sys/login`));
    await bigPost(paths[0]); // warm-up: the routes and the stream code compiled once
    await ask(child, 'start');
    const t0 = performance.now();
    const sent = await Promise.all(paths.map(bigPost));
    const wall = performance.now() - t0;
    const { base, peak } = await ask<{ base: NodeJS.MemoryUsage; peak: { rss: number; heapUsed: number; external: number } }>(child, 'stop-sampling');
    const statuses = [...new Set(sent.map((s) => `${s.status} ${s.message}`))].join(', ');
    const writtenMb = sent.reduce((n, s) => n + s.written, 0) / MB;
    console.log(`\n${label}`);
    console.log(`  answers: ${statuses}; all in ${wall.toFixed(0)} ms (slowest ${Math.max(...sent.map((s) => s.ms)).toFixed(0)} ms)`);
    // Accepted by the client's socket: what the server read plus what the kernel's buffers held.
    console.log(`  client wrote ${writtenMb.toFixed(1)} MB of the ${PARALLEL * BODY_MB} MB offered before the answers came`);
    const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
    const growth = `RSS +${mb(peak.rss - base.rss)} (from ${mb(base.rss)}), heap +${mb(peak.heapUsed - base.heapUsed)}, external +${mb(peak.external - base.external - base.arrayBuffers)}`;
    console.log(`  server growth at peak: ${growth}`);
  } finally {
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
  }
}

async function main() {
  console.log(`${PARALLEL} parallel chunked ${BODY_MB} MB bodies, /sys/login and a brochure sign-up, through the BFF; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`);
  await run('MAX_BODY_BYTES unset (1 MB)', {});
  await run('MAX_BODY_BYTES=67108864 (64 MB: every body read whole, as before the limit)', { MAX_BODY_BYTES: String(64 * MB) });
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
