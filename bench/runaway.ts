/**
 * What the rest of the product sees while the embedded database is busy (issue #38), on the engine in its own thread
 * and, in the same run, on the web thread as before (EMBEDDED_DB_THREAD=off):
 *
 * 1. a runaway 解析SQL (the recursive CTE: about 12 s of work, stopped at the report limit of 5 s on the
 *    thread; run to its end on the web thread) while three probes loop one request at a time: `GET /healthz`, a
 *    sign-in (`POST /sys/login`, a database write) and 用户管理's list;
 * 2. an Excel import of BENCH_IMPORT_ROWS (20,000) 职务 rows, one transaction, while 用户管理's list loops.
 *
 *   npx tsx bench/runaway.ts           (BENCH_COMPARE=0: the thread only; BENCH_IMPORT_ROWS=20000)
 *
 * Prints p50 / p99 / max per probe and phase, and each probe's p99 beside its idle p99 from the same server.
 * The target: /healthz and a sign-in p99 ≤ 200 ms beside a runaway statement.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { API_PREFIX, signIn, startServer, stopServer } from './bff-server';
import { writeXlsx, type ExcelRow, type SheetSpec } from '../server/excel/write';

const PORT = Number(process.env.BENCH_PORT || 3451);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS || 20_000);
const RUNAWAY = 'with recursive t(n) as (select 1 union all select n + 1 from t where n < 18939394) select count(*) as c from t';

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function request(port: number, method: string, p: string, headers: Record<string, string>, body?: Buffer | string): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path: p, method, headers: { origin: `http://127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (b: Buffer) => chunks.push(b));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: performance.now() - t0 }));
      res.on('error', () => resolve({ status: 0, body: '{}', ms: performance.now() - t0 }));
    });
    // A reset or refused connection is an answer too (the server was stuck or gone): status 0.
    req.on('error', (e) => resolve({ status: 0, body: JSON.stringify({ message: `(${(e as NodeJS.ErrnoException).code ?? e.message})` }), ms: performance.now() - t0 }));
    req.end(body);
  });
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (x: number) => s[Math.min(s.length - 1, Math.floor(x * s.length))] ?? NaN;
  return { n: s.length, p50: q(0.5), p99: q(0.99), max: s[s.length - 1] ?? NaN };
};
const fmt = (x: ReturnType<typeof stats>) => `n ${String(x.n).padStart(4)}   p50 ${x.p50.toFixed(0).padStart(5)} ms   p99 ${x.p99.toFixed(0).padStart(6)} ms   max ${x.max.toFixed(0).padStart(6)} ms`;

/** Loops `probe` one request at a time until `done` settles; the latencies. */
async function loopWhile(done: Promise<unknown>, probe: () => Promise<Answer>): Promise<number[]> {
  let over = false;
  void done.finally(() => (over = true));
  const out: number[] = [];
  while (!over) {
    out.push((await probe()).ms);
    await new Promise((r) => setTimeout(r, 20));
  }
  return out;
}

async function importFile(dir: string): Promise<string> {
  const sheet: SheetSpec = { title: '职务', columns: [{ header: '职务编码', key: 'code' }, { header: '职务名称', key: 'name' }] };
  async function* rows(): AsyncGenerator<ExcelRow> {
    for (let i = 0; i < IMPORT_ROWS; i++) yield { code: `bench_${i}`, name: `压测职务${i}` };
  }
  const file = path.join(dir, 'positions.xlsx');
  const out = fs.createWriteStream(file);
  const closed = once(out, 'close');
  await writeXlsx(out, sheet, rows());
  await closed;
  return file;
}

function multipart(file: string): { body: Buffer; type: string } {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="positions.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, fs.readFileSync(file), tail]), type: `multipart/form-data; boundary=${boundary}` };
}

async function measure(label: string, port: number, xlsx: string) {
  const admin = { cookie: await signIn(port) };
  const json = { 'content-type': 'application/json' };
  const healthz = () => request(port, 'GET', '/healthz', {});
  const login = () => request(port, 'POST', `${API_PREFIX}/sys/login`, json, JSON.stringify({ username: 'teacher', password: 'jiaowu2026' }));
  const list = () => request(port, 'GET', `${API_PREFIX}/sys/user/list?pageNo=1&pageSize=10`, admin);
  // Idle figures of the same probes first.
  const idle = { healthz: [] as number[], login: [] as number[], list: [] as number[] };
  for (let i = 0; i < 30; i++) {
    idle.healthz.push((await healthz()).ms);
    idle.login.push((await login()).ms);
    idle.list.push((await list()).ms);
  }
  const t0 = performance.now();
  const report = request(port, 'POST', `${API_PREFIX}/online/cgreport/head/parseSql`, { ...admin, ...json }, JSON.stringify({ sql: RUNAWAY, params: {} }));
  const reportDone = report.then((a) => ({ ...a, took: performance.now() - t0 }));
  const [h, l, ls, answer] = await Promise.all([loopWhile(report, healthz), loopWhile(report, login), loopWhile(report, list), reportDone]);
  const msg = answer.status ? (JSON.parse(answer.body) as { message?: string }).message : `no answer ${answer.body}`;

  const { body, type } = multipart(xlsx);
  const i0 = performance.now();
  const imported = request(port, 'POST', `${API_PREFIX}/sys/position/importExcel`, { ...admin, 'content-type': type }, body).then((a) => ({ ...a, took: performance.now() - i0 }));
  const [duringImport, imp] = await Promise.all([loopWhile(imported, list), imported]);
  const impMsg = imp.status ? (JSON.parse(imp.body) as { message?: string }).message : `no answer ${imp.body}`;

  console.log(`\n${label}`);
  console.log(`  runaway 解析SQL answered after ${(answer.took / 1000).toFixed(1)} s: ${msg}`);
  for (const [name, during, before] of [
    ['GET /healthz', h, idle.healthz],
    ['sign-in', l, idle.login],
    ['用户管理 list', ls, idle.list],
  ] as const) {
    console.log(`  ${name.padEnd(14)} idle    ${fmt(stats(before))}`);
    console.log(`  ${''.padEnd(14)} runaway ${fmt(stats(during))}`);
  }
  console.log(`  import of ${IMPORT_ROWS} rows answered after ${(imp.took / 1000).toFixed(1)} s: ${impMsg}`);
  console.log(`  用户管理 list  import  ${fmt(stats(duringImport))}`);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jiaowu-runaway-bench-'));
  const variants = [{ label: 'pglite, own thread', env: {} as Record<string, string> }];
  if (process.env.BENCH_COMPARE !== '0') variants.push({ label: 'pglite, web thread (EMBEDDED_DB_THREAD=off, before #38)', env: { EMBEDDED_DB_THREAD: 'off' } });
  const children: ChildProcess[] = [];
  try {
    const xlsx = await importFile(dir);
    console.log(`runaway bench: ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)} at the start`);
    for (const [n, v] of variants.entries()) {
      const data = path.join(dir, `data-${n}`);
      const { child } = await startServer(PORT + n, { DATA_DIR: data, ...v.env });
      children.push(child);
      await measure(v.label, PORT + n, xlsx);
      await stopServer(child);
      children.pop();
    }
  } finally {
    for (const c of children) await stopServer(c);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
