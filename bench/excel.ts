/**
 * Excel export/import throughput and memory: 100k rows × 10 columns written through `writeXlsx`
 * (to a file, and through `xlsxResponse`'s web stream), and 10k rows read back through
 * `readXlsxRows`, against plain CSV written and read with fs streams in the same run.
 * Each phase runs in its own child process, so every peak RSS (sampled every 50 ms) is its own.
 *
 *   npx tsx bench/excel.ts            (BENCH_EXPORT_ROWS, BENCH_IMPORT_ROWS to change the sizes)
 *
 * Targets (issue 4): import 10k rows ≤ 5 s, export 100k rows ≤ 5 s, peak RSS ≤ 256 MB.
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readXlsxRows } from '../server/excel/read';
import { writeXlsx, xlsxResponse, type ExcelRow, type SheetSpec } from '../server/excel/write';

const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS || 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS || 10_000);
const TARGET_MS = 5000;
const TARGET_RSS_MB = 256;

const sheet: SheetSpec = {
  title: '学员信息',
  columns: [
    { header: '编号', key: 'id' },
    { header: '姓名', key: 'name' },
    { header: '年龄', key: 'age' },
    { header: '手机号', key: 'phone' },
    { header: '邮箱', key: 'email' },
    { header: '生日', key: 'birthday' },
    { header: '报名时间', key: 'createTime' },
    { header: '学费', key: 'fee' },
    { header: '状态', key: 'status' },
    { header: '备注', key: 'note' },
  ],
};

const SURNAMES = '赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨';
function row(i: number): ExcelRow {
  const p = (x: number) => String(x).padStart(2, '0');
  return {
    id: `${(i * 2654435761 >>> 0).toString(16).padStart(8, '0')}${i.toString(16).padStart(24, '0')}`,
    name: `${SURNAMES[i % SURNAMES.length]}同学${i}`,
    age: 6 + (i % 12),
    phone: `138${String(i).padStart(8, '0')}`,
    email: `student${i}@example.com`,
    birthday: `20${p(10 + (i % 10))}-${p((i % 12) + 1)}-${p((i % 28) + 1)}`,
    createTime: `2024-${p((i % 12) + 1)}-${p((i % 28) + 1)} ${p(i % 24)}:${p(i % 60)}:00`,
    fee: Math.round(((i * 37) % 100000) * 1.5) / 100,
    status: i % 5 === 0 ? '0' : '1',
    note: i % 3 === 0 ? null : `第${i % 40}期 周末班，家长电话已确认`,
  };
}
async function* rows(n: number): AsyncGenerator<ExcelRow> {
  for (let i = 0; i < n; i++) yield row(i);
}

const csvCell = (v: ExcelRow[string]) => (v === null ? '' : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
async function* csvLines(n: number): AsyncGenerator<string> {
  yield sheet.columns.map((c) => c.header).join(',') + '\n';
  for (let i = 0; i < n; i++) {
    const r = row(i);
    yield sheet.columns.map((c) => csvCell(r[c.key])).join(',') + '\n';
  }
}

/** One measured phase, in this (child) process. */
const PHASES: Record<string, (dir: string) => Promise<number>> = {
  'export-csv': async (dir) => {
    await pipeline(csvLines(EXPORT_ROWS), fs.createWriteStream(path.join(dir, 'export.csv')));
    return EXPORT_ROWS;
  },
  'export-xlsx': async (dir) => {
    const out = fs.createWriteStream(path.join(dir, 'export.xlsx'));
    const closed = once(out, 'close');
    await writeXlsx(out, sheet, rows(EXPORT_ROWS));
    await closed;
    return EXPORT_ROWS;
  },
  'export-xlsx-response': async (dir) => {
    const res = await xlsxResponse('学员信息', sheet, rows(EXPORT_ROWS));
    await res.body!.pipeTo(Writable.toWeb(fs.createWriteStream(path.join(dir, 'export-response.xls'))));
    return EXPORT_ROWS;
  },
  'import-csv': async (dir) => {
    let n = -1; // header
    const lines = readline.createInterface({ input: fs.createReadStream(path.join(dir, 'import.csv')), crlfDelay: Infinity });
    for await (const line of lines) if (line.split(',').length > 0) n++;
    return n;
  },
  'import-xlsx': async (dir) => {
    let n = 0;
    for await (const r of readXlsxRows(fs.createReadStream(path.join(dir, 'import.xlsx')))) if (r.values['姓名']) n++;
    return n;
  },
};

async function child(phase: string, dir: string) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const count = await PHASES[phase](dir);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  process.stdout.write(JSON.stringify({ phase, ms, cpuMs: (cpu.user + cpu.system) / 1000, count, peakMb: peak / 1024 / 1024 }) + '\n');
}

interface Result {
  phase: string;
  ms: number;
  /** CPU time of the whole process (all threads: zlib and fs run off the main thread) during the phase. */
  cpuMs: number;
  count: number;
  peakMb: number;
}

function run(phase: string, dir: string): Result {
  const r = spawnSync(process.execPath, ['--import', 'tsx', __filename, '--phase', phase, dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${phase} failed:\n${r.stdout}\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Result;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jiaowu-bench-excel-'));
  try {
    // Inputs for the import phases (not timed).
    await pipeline(csvLines(IMPORT_ROWS), fs.createWriteStream(path.join(dir, 'import.csv')));
    const out = fs.createWriteStream(path.join(dir, 'import.xlsx'));
    const closed = once(out, 'close');
    await writeXlsx(out, sheet, rows(IMPORT_ROWS));
    await closed;

    const r = Object.fromEntries(Object.keys(PHASES).map((p) => [p, run(p, dir)])) as Record<string, Result>;
    const mb = (f: string) => (fs.statSync(path.join(dir, f)).size / 1024 / 1024).toFixed(1);
    const line = (x: Result, base: Result, target: boolean) =>
      `${x.phase.padEnd(22)} ${String(x.count).padStart(7)} rows ${x.ms.toFixed(0).padStart(6)} ms  ×${(x.ms / base.ms).toFixed(1).padStart(5)} time  ` +
      `cpu ${x.cpuMs.toFixed(0).padStart(6)} ms  ×${(x.cpuMs / base.cpuMs).toFixed(1).padStart(5)}  ` +
      `peak RSS ${x.peakMb.toFixed(0).padStart(4)} MB  ×${(x.peakMb / base.peakMb).toFixed(2)} RSS` +
      (target ? `  ${x.ms <= TARGET_MS && x.peakMb <= TARGET_RSS_MB ? 'OK' : 'OVER TARGET'}` : '');
    console.log(`Excel bench (node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg()[0].toFixed(1)}); baseline = CSV through fs streams in the same run`);
    console.log(line(r['export-csv'], r['export-csv'], false) + `  (${mb('export.csv')} MB)`);
    console.log(line(r['export-xlsx'], r['export-csv'], true) + `  (${mb('export.xlsx')} MB)`);
    console.log(line(r['export-xlsx-response'], r['export-csv'], true));
    console.log(line(r['import-csv'], r['import-csv'], false));
    console.log(line(r['import-xlsx'], r['import-csv'], true) + `  (${mb('import.xlsx')} MB)`);
    console.log(`targets: export ${EXPORT_ROWS} rows ≤ ${TARGET_MS} ms, import ${IMPORT_ROWS} rows ≤ ${TARGET_MS} ms, peak RSS ≤ ${TARGET_RSS_MB} MB`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const phaseAt = process.argv.indexOf('--phase');
(phaseAt > 0 ? child(process.argv[phaseAt + 1], process.argv[phaseAt + 2]) : main()).catch((e) => {
  console.error(e);
  process.exit(1);
});
