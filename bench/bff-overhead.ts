/**
 * BFF overhead: the same authenticated GET (/sys/dict/getDictItems/sex) through the product's
 * backend-for-frontend (Next route → session cookie → in-process backend) versus straight to the
 * embedded backend on its own port (`npm run backend`), at fixed concurrency.
 *
 *   npm run build && npm run bench          (BENCH_REQUESTS, BENCH_CONCURRENCY to change the load)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REQUESTS = Number(process.env.BENCH_REQUESTS || 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const WARMUP = 300;
const APP_PORT = 3411;
const BACKEND_PORT = 3412;

function start(cmd: string[], env: Record<string, string>, readyText: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd[0], cmd.slice(1), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes(readyText)) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${cmd.join(' ')} exited ${code}\n${out}`)));
    setTimeout(() => reject(new Error(`timeout starting ${cmd.join(' ')}\n${out}`)), 120_000);
  });
}

async function load(url: string, headers: Record<string, string>, count: number) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const body = (await res.json()) as { success?: boolean };
      latencies.push(performance.now() - t0);
      if (!res.ok || !body.success) failures++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const wall = performance.now() - t0;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return { p50: q(0.5), p99: q(0.99), rps: (count / wall) * 1000, failures };
}

async function main() {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('Run `npm run build` first.');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jiaowu-bench-'));
  const common = { LOGIN_CAPTCHA: 'off', NODE_ENV: 'production' };
  const backend = await start([process.execPath, '--import', 'tsx', 'server/standalone.ts'], { ...common, BACKEND_PORT: String(BACKEND_PORT), DATA_DIR: path.join(tmp, 'b') }, 'Embedded backend:');
  const app = await start([process.execPath, '--import', 'tsx', 'server.ts'], { ...common, PORT: String(APP_PORT), HOST: '127.0.0.1', DATA_DIR: path.join(tmp, 'a'), COOKIE_SECURE: '0' }, 'ready in');
  try {
    const creds = JSON.stringify({ username: 'admin', password: 'jiaowu2026' });
    const direct = await fetch(`http://127.0.0.1:${BACKEND_PORT}/jeecg-boot/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: creds });
    const token = ((await direct.json()) as { result: { token: string } }).result.token;
    const viaBff = await fetch(`http://127.0.0.1:${APP_PORT}/jeecg-boot/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${APP_PORT}` },
      body: creds,
    });
    const cookie = (viaBff.headers.get('set-cookie') ?? '').split(';')[0];
    const directUrl = `http://127.0.0.1:${BACKEND_PORT}/jeecg-boot/sys/dict/getDictItems/sex`;
    const bffUrl = `http://127.0.0.1:${APP_PORT}/jeecg-boot/sys/dict/getDictItems/sex`;
    await load(directUrl, { 'X-Access-Token': token }, WARMUP);
    await load(bffUrl, { cookie }, WARMUP);
    // Alternate two rounds so drift on the machine hits both sides alike.
    const rounds: { direct: Awaited<ReturnType<typeof load>>; bff: Awaited<ReturnType<typeof load>> }[] = [];
    for (let i = 0; i < 2; i++) {
      rounds.push({ direct: await load(directUrl, { 'X-Access-Token': token }, REQUESTS / 2), bff: await load(bffUrl, { cookie }, REQUESTS / 2) });
    }
    const avg = (side: 'direct' | 'bff', k: 'p50' | 'p99' | 'rps') => rounds.reduce((s, r) => s + r[side][k], 0) / rounds.length;
    const fails = rounds.reduce((s, r) => s + r.direct.failures + r.bff.failures, 0);
    const row = (name: string, side: 'direct' | 'bff') => `${name.padEnd(26)} p50 ${avg(side, 'p50').toFixed(2)} ms   p99 ${avg(side, 'p99').toFixed(2)} ms   ${avg(side, 'rps').toFixed(0)} req/s`;
    console.log(`\nGET /sys/dict/getDictItems/sex, ${REQUESTS} requests per side, concurrency ${CONCURRENCY}, ${os.cpus().length} cores`);
    console.log(row('direct (backend port)', 'direct'));
    console.log(row('through the BFF', 'bff'));
    console.log(`ratio BFF/direct: p50 ${(avg('bff', 'p50') / avg('direct', 'p50')).toFixed(2)}   p99 ${(avg('bff', 'p99') / avg('direct', 'p99')).toFixed(2)}   throughput ${(avg('direct', 'rps') / avg('bff', 'rps')).toFixed(2)} (target ≤ 1.25)`);
    if (fails) console.log(`failures: ${fails}`);
  } finally {
    backend.kill('SIGTERM');
    app.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
