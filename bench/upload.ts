/**
 * Sliced upload throughput: a 1 GB file of random data uploaded through the product's BFF over
 * loopback with the browser client's own code (lib/upload/sliced-upload.ts: SHA-1 per slice, the
 * shared 3 × 3 / 5 scheduler), compared in the same run with a plain disk copy (fs.copyFile) of the
 * same file — copy_time / upload_time, issue 5's target ≥ 0.5 — and with the same client against a
 * bare server that only hashes and writes each slice (bench/upload-floor-server.ts): the floor this
 * machine allows for the protocol. Temp files are deleted.
 *
 *   npm run build && npx tsx bench/upload.ts        (BENCH_UPLOAD_MB to change the size)
 *   BENCH_UPLOAD_TRANSPORT=http …   the client sends through node:http instead of Node's fetch (undici),
 *                                   whose cost per 1 MB body a browser pays in its own network process
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { startProduct } from './product';
import { SliceScheduler } from '../lib/upload/slice-plan';
import { SlicedUploader } from '../lib/upload/sliced-upload';
import { UploadSessions } from '../lib/upload/upload-session';

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB || 1024);
const PORT = 3431;
/** Each timed part starts with no dirty pages left by the one before (write-back would slow it). */
const settle = () => spawnSync('sync');
const FLOOR_PORT = 3432;
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** The little of fetch the uploader uses, over node:http (BENCH_UPLOAD_TRANSPORT=http). */
const nodeHttpFetch: typeof fetch = (input, init = {}) =>
  new Promise((resolve, reject) => {
    const url = new URL(String(input));
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = init.body instanceof ArrayBuffer ? Buffer.from(init.body) : typeof init.body === 'string' ? Buffer.from(init.body) : undefined;
    if (body) headers['content-length'] = String(body.length);
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: init.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const out = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out.set(k, v);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500, headers: out }));
      });
    });
    req.on('error', reject);
    init.signal?.addEventListener('abort', () => req.destroy(init.signal?.reason as Error), { once: true });
    req.end(body);
  });
const transport: typeof fetch = process.env.BENCH_UPLOAD_TRANSPORT === 'http' ? nodeHttpFetch : fetch;

/** Uploads `source` with the product's client code against `base` (`fetchImpl` adds cookies). */
async function timedUpload(base: string, source: string, fetchImpl: typeof fetch): Promise<{ ms: number; path: string }> {
  const jar = { value: '', read() { return this.value; }, write(v: string) { this.value = v.split(';')[0]; } };
  const uploader = new SlicedUploader({ base: `${base}/jeecg-boot`, fetch: fetchImpl, scheduler: new SliceScheduler(), sessions: new UploadSessions(jar) });
  const blob = await fs.openAsBlob(source);
  // A File over the disk file: slices are read lazily, as a browser does.
  const file = Object.assign(blob, { name: 'bench.mp4', lastModified: Date.now() }) as unknown as File;
  const t0 = performance.now();
  const result = await uploader.upload(file, { biz: 'bench' });
  return { ms: performance.now() - t0, path: result.path };
}

/** The bare protocol server (bench/upload-floor-server.ts) as a child process, like the product. */
async function floorUpload(source: string, dir: string): Promise<number> {
  fs.mkdirSync(dir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/upload-floor-server.ts', String(FLOOR_PORT), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.on('data', (b: Buffer) => b.toString().includes('ready in') && resolve()));
  try {
    return (await timedUpload(`http://127.0.0.1:${FLOOR_PORT}`, source, transport)).ms;
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function writeRandom(file: string, bytes: number) {
  const out = fs.createWriteStream(file);
  const chunk = 16 * 1024 * 1024;
  for (let left = bytes; left > 0; left -= chunk) {
    if (!out.write(randomBytes(Math.min(chunk, left)))) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

async function sha256(file: string): Promise<string> {
  const h = createHash('sha256');
  for await (const c of fs.createReadStream(file, { highWaterMark: 4 * 1024 * 1024 })) h.update(c as Buffer);
  return h.digest('hex');
}

async function main() {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('Run `npm run build` first.');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jiaowu-bench-upload-'));
  const dataDir = path.join(tmp, 'data');
  const source = path.join(tmp, 'source.mp4');
  const bytes = SIZE_MB * 1024 * 1024;
  const product = await startProduct(PORT, dataDir);
  try {
    await writeRandom(source, bytes);
    // Plain disk copy of the same file (same filesystem as DATA_DIR).
    const copyTarget = path.join(tmp, 'copy.mp4');
    settle();
    const t0 = performance.now();
    await fs.promises.copyFile(source, copyTarget);
    const copyMs = performance.now() - t0;
    await fs.promises.rm(copyTarget);

    const login = await fetch(`${product.base}/jeecg-boot/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: product.base },
      body: JSON.stringify({ username: 'admin', password: 'jiaowu2026' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    if (!cookie) throw new Error('login failed');
    // The browser's cookie and same-origin header, added to every call of the client.
    const browserFetch: typeof fetch = (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('cookie', cookie);
      headers.set('origin', product.base);
      return transport(input, { ...init, headers });
    };
    settle();
    const { ms: uploadMs, path: storedPath } = await timedUpload(product.base, source, browserFetch);
    settle();
    const floorMs = await floorUpload(source, path.join(tmp, 'floor'));

    const stored = path.join(dataDir, 'upload', ...storedPath.split('/'));
    const same = (await sha256(stored)) === (await sha256(source));
    const mbs = (ms: number) => (SIZE_MB / (ms / 1000)).toFixed(1);
    console.log(`\nSliced upload of ${SIZE_MB} MB through the BFF (loopback, ${os.cpus().length} cores, client transport: ${transport === fetch ? 'fetch' : 'node:http'})`);
    console.log(`  disk copy (fs.copyFile)   ${(copyMs / 1000).toFixed(2)} s   ${mbs(copyMs)} MB/s`);
    console.log(`  sliced upload             ${(uploadMs / 1000).toFixed(2)} s   ${mbs(uploadMs)} MB/s`);
    console.log(`  bare protocol server       ${(floorMs / 1000).toFixed(2)} s   ${mbs(floorMs)} MB/s   (same client; SHA-1 + write only)`);
    console.log(`  ratio copy_time / upload_time = ${(copyMs / uploadMs).toFixed(2)} (target ≥ 0.5)`);
    console.log(`  ratio copy_time / bare_time   = ${(copyMs / floorMs).toFixed(2)} (the most this machine allows the protocol)`);
    console.log(`  ratio bare_time / upload_time = ${(floorMs / uploadMs).toFixed(2)} (the product against that floor)`);
    console.log(`  stored file byte-identical: ${same}`);
    if (!same) process.exitCode = 1;
  } finally {
    await product.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
