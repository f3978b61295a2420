/**
 * Cold start of the production server (issue #28): `npm start` (`node scripts/ensure-build.mjs --run`: the build
 * check, the server bundle's check, then the server) on a new temp DATA_DIR (initdb, migrations, demo seed with the
 * teaching term) and again on the same, now existing, directory. Needs a build (`NEXT_SKIP_TYPECHECK=1 npx next build`).
 *
 *   npx tsx bench/start.ts
 *   BENCH_RUNS=3 (pairs of new + existing)  BENCH_PORT=3432
 *   BENCH_START_CMD="node_modules/.bin/tsx server.ts"   # another start command (e.g. the one before the bundle)
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   # profile each server start (written when it stops)
 *
 * For each start it reads `教务系统 ready in N ms` (process start → listening, as the server counts it), the wall
 * time from spawning to the first 200 of `/readyz`, and the server's per-phase timestamps (START_TIMING=1, printed as
 * `[start] phase +N ms`). Floors measured in the same run, alternating with the starts so load from elsewhere hits
 * them alike: a bare `node` HTTP server's spawn → first 200, and `tsx` of an empty file (spawn → exit).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const PORT = Number(process.env.BENCH_PORT || 3432);
const RUNS = Number(process.env.BENCH_RUNS || 3);
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const START = (process.env.BENCH_START_CMD || `${process.execPath} scripts/ensure-build.mjs --run`).split(' ');
const extraNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

function get(urlPath: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: PORT, path: urlPath, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.setTimeout(2000, () => req.destroy());
  });
}

async function firstOk(urlPath: string, since: number, child: { exited: boolean }): Promise<number> {
  for (;;) {
    if (child.exited) throw new Error('server exited before answering');
    if ((await get(urlPath)) === 200) return performance.now() - since;
    await new Promise((r) => setTimeout(r, 10));
  }
}

interface StartResult {
  readyMs: number;
  wallMs: number;
  phases: [string, number][];
}

async function startServer(cmd: string, args: string[], env: NodeJS.ProcessEnv, probe: string): Promise<StartResult> {
  const t0 = performance.now();
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const state = { exited: false };
  let out = '';
  child.stdout.on('data', (b) => (out += b));
  child.stderr.on('data', (b) => (out += b));
  const exited = new Promise<void>((r) => child.on('exit', () => ((state.exited = true), r())));
  try {
    const wallMs = await firstOk(probe, t0, state);
    // The ready line is printed in the listen callback, before any request is served; give stdout a moment.
    for (let i = 0; i < 50 && !/ready in \d+ ms/.test(out); i++) await new Promise((r) => setTimeout(r, 10));
    const ready = /ready in (\d+) ms/.exec(out);
    const phases = [...out.matchAll(/\[start\] (.+?) \+(\d+) ms/g)].map((m) => [m[1], Number(m[2])] as [string, number]);
    return { readyMs: ready ? Number(ready[1]) : NaN, wallMs, phases };
  } catch (e) {
    console.error(out);
    throw e;
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (!state.exited) child.kill('SIGKILL');
  }
}

function timeSync(cmd: string, args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
  return performance.now() - t0;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const fmt = (ms: number) => `${Math.round(ms)} ms`;

async function main() {
  if (!fs.existsSync(path.join(ROOT, '.next/BUILD_ID'))) {
    console.error('No production build: run `NEXT_SKIP_TYPECHECK=1 npx next build` first.');
    process.exit(2);
  }
  const emptyTs = path.join(os.tmpdir(), `bench-start-empty-${process.pid}.ts`);
  fs.writeFileSync(emptyTs, 'export {};\n');
  const nodeHttp = `require('http').createServer((q,s)=>s.end('ok')).listen(${PORT},'127.0.0.1')`;
  const rows: { kind: string; r: StartResult; ensureMs: number }[] = [];
  const floors = { node: [] as number[], tsx: [] as number[] };
  console.log(`start command: ${START.join(' ')}`);
  console.log(`load average before: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
  try {
    for (let i = 0; i < RUNS; i++) {
      floors.node.push((await startServer(process.execPath, ['-e', nodeHttp], process.env, '/')).wallMs);
      floors.tsx.push(timeSync(TSX, [emptyTs]));
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production' as const,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        START_TIMING: '1',
        ...(extraNodeArgs.length ? { NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', ...extraNodeArgs].join(' ').trim() } : {}),
      };
      delete env.DATABASE_URL;
      try {
        for (const kind of ['new', 'existing']) {
          // The build check alone (what `npm start` adds before the server's own start).
          const ensureMs = timeSync(process.execPath, ['scripts/ensure-build.mjs']);
          const r = await startServer(START[0], START.slice(1), env, '/readyz');
          rows.push({ kind, r, ensureMs });
          console.log(`run ${i + 1} ${kind.padEnd(8)} ensure-build ${fmt(ensureMs)}, ready in ${fmt(r.readyMs)}, first 200 of /readyz ${fmt(r.wallMs)}`);
          if (r.phases.length) console.log('   ' + r.phases.map(([p, ms]) => `${p} +${ms}`).join(', '));
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    fs.rmSync(emptyTs, { force: true });
  }
  const nodeFloor = median(floors.node);
  console.log(`\nfloors (median of ${RUNS}): bare node http server → first 200 ${fmt(nodeFloor)}; tsx of an empty file ${fmt(median(floors.tsx))}`);
  console.log('| data directory | ensure-build | ready in (median, min–max) | first 200 of /readyz (median) | ÷ node floor |');
  console.log('|---|---|---|---|---|');
  for (const kind of ['new', 'existing']) {
    const rs = rows.filter((x) => x.kind === kind);
    const ready = rs.map((x) => x.r.readyMs);
    const wall = median(rs.map((x) => x.r.wallMs));
    console.log(
      `| ${kind} | ${fmt(median(rs.map((x) => x.ensureMs)))} | ${fmt(median(ready))} (${fmt(Math.min(...ready))}–${fmt(Math.max(...ready))}) | ${fmt(wall)} | ${(wall / nodeFloor).toFixed(1)}× |`,
    );
  }
  console.log(`load average after: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
