import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants as perfConstants, monitorEventLoopDelay, performance, PerformanceObserver, type EventLoopUtilization } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { Database } from '../db';
import { trafficSnapshot, type TraceEntry } from './monitor-state';

/**
 * 系统监控 (issue #27 item 4): the figures of this process and its machine, read when asked. The JVM, Tomcat
 * and Redis screens of JeecgBoot become 进程, 服务 and 数据库 (monitor-db.ts). Everything here is cheap except the
 * upload folder's size, which is walked at most every 30 s and at most MAX_WALK files deep.
 */

/* ---------- 进程: heap, GC, event loop ---------- */

type GcKind = 'minor' | 'major' | 'incremental' | 'weakcb';
const GC_KINDS: Record<number, GcKind> = {
  [perfConstants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [perfConstants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [perfConstants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

interface ProcessProbes {
  gc: Record<GcKind, { count: number; ms: number }>;
  loop: ReturnType<typeof monitorEventLoopDelay>;
  loopSince: number;
  elu: EventLoopUtilization;
  cpu: { at: number; usage: NodeJS.CpuUsage };
  sysCpu: { idle: number; total: number };
}

let PROBES: (ProcessProbes & { observer: PerformanceObserver }) | null = null;

/**
 * The GC observer and the event-loop histogram (a 20 ms timer), started by server.ts (server/server-ops.ts) so the
 * figures count from the start, else by the first monitor request (standalone backend). Not at import: every
 * backend test file would leave one running.
 */
export function startMonitorProbes(): ProcessProbes {
  if (PROBES) return PROBES;
  const gc: ProcessProbes['gc'] = { minor: { count: 0, ms: 0 }, major: { count: 0, ms: 0 }, incremental: { count: 0, ms: 0 }, weakcb: { count: 0, ms: 0 } };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      // GC entries carry `detail.kind` (Node ≥ 16); the DOM typing of PerformanceEntry does not know it.
      const kind = GC_KINDS[(e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'major';
      gc[kind].count++;
      gc[kind].ms += e.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  PROBES = { gc, loop, observer, loopSince: Date.now(), elu: performance.eventLoopUtilization(), cpu: { at: Date.now(), usage: process.cpuUsage() }, sysCpu: cpuTimes() };
  return PROBES;
}

/** Tests: stops what startMonitorProbes started. */
export function stopMonitorProbes(): void {
  PROBES?.observer.disconnect();
  PROBES?.loop.disable();
  PROBES = null;
}

const probes = startMonitorProbes;

const LOOP_WINDOW_MS = 60_000;
const ms = (ns: number) => Math.round(ns / 1e4) / 100;
const round1 = (n: number) => Math.round(n * 10) / 10;

export function processInfo() {
  const p = probes();
  const mem = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  // Event-loop delay over the current window (about a minute), restarted after it is read once it is older.
  const loop = { meanMs: ms(p.loop.mean || 0), p50Ms: ms(p.loop.percentile(50) || 0), p99Ms: ms(p.loop.percentile(99) || 0), maxMs: ms(p.loop.max || 0), windowSec: Math.round((Date.now() - p.loopSince) / 1000) };
  if (Date.now() - p.loopSince > LOOP_WINDOW_MS) {
    p.loop.reset();
    p.loopSince = Date.now();
  }
  // CPU and utilisation since the previous read (of any viewer): the figure of the last refresh interval.
  const now = Date.now();
  const usage = process.cpuUsage(p.cpu.usage);
  const elapsedMs = Math.max(1, now - p.cpu.at);
  const cpuPercent = round1(((usage.user + usage.system) / 1000 / elapsedMs) * 100);
  p.cpu = { at: now, usage: process.cpuUsage() };
  const elu = performance.eventLoopUtilization(p.elu);
  p.elu = performance.eventLoopUtilization();
  const totalGc = Object.values(p.gc).reduce((a, g) => ({ count: a.count + g.count, ms: a.ms + g.ms }), { count: 0, ms: 0 });
  return {
    pid: process.pid,
    uptimeSec: Math.round(process.uptime()),
    nodeVersion: process.version,
    cpuPercent,
    memory: { rss: mem.rss, heapTotal: mem.heapTotal, heapUsed: mem.heapUsed, external: mem.external, arrayBuffers: mem.arrayBuffers },
    heap: { limit: heap.heap_size_limit, used: heap.used_heap_size, total: heap.total_heap_size, available: heap.total_available_size },
    gc: {
      count: totalGc.count,
      totalMs: round1(totalGc.ms),
      byKind: Object.fromEntries(Object.entries(p.gc).map(([k, g]) => [k, { count: g.count, ms: round1(g.ms) }])),
    },
    eventLoop: { ...loop, utilization: Math.round(elu.utilization * 1000) / 10 },
    handles: { activeResources: process.getActiveResourcesInfo().length },
  };
}

/* ---------- 系统 ---------- */

function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const c of os.cpus()) {
    idle += c.times.idle;
    total += c.times.user + c.times.nice + c.times.sys + c.times.idle + c.times.irq;
  }
  return { idle, total };
}

export function systemInfo() {
  const p = probes();
  const cpus = os.cpus();
  const times = cpuTimes();
  const dTotal = times.total - p.sysCpu.total;
  const cpuPercent = dTotal > 0 ? round1((1 - (times.idle - p.sysCpu.idle) / dTotal) * 100) : null;
  p.sysCpu = times;
  const total = os.totalmem();
  const free = os.freemem();
  return {
    hostname: os.hostname(),
    platform: process.platform,
    arch: process.arch,
    release: os.release(),
    nodeVersion: process.version,
    cpuCount: cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? '',
    cpuPercent,
    // Zeros on Windows: Node reports no load average there.
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    memory: { total, free, used: total - free, usedPercent: round1(((total - free) / total) * 100) },
    uptimeSec: Math.round(os.uptime()),
    processUptimeSec: Math.round(process.uptime()),
  };
}

/* ---------- 磁盘 ---------- */

/** The nearest existing folder at or above `dir` (DATA_DIR may not exist yet with an in-memory database). */
function existingAncestor(dir: string): string {
  let d = path.resolve(dir);
  while (!fs.existsSync(d) && path.dirname(d) !== d) d = path.dirname(d);
  return d;
}

const MAX_WALK = 50_000;
const SIZE_TTL_MS = 30_000;
const sizeCache = new Map<string, { at: number; value: FolderSize }>();

interface FolderSize {
  bytes: number;
  files: number;
  /** True when the walk stopped at MAX_WALK entries: the figures are a lower bound. */
  truncated: boolean;
}

async function walk(dir: string): Promise<FolderSize> {
  const out: FolderSize = { bytes: 0, files: 0, truncated: false };
  const stack = [dir];
  let seen = 0;
  while (stack.length) {
    const current = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(current, { withFileTypes: true });
    } catch {
      continue; // removed while walking, or unreadable
    }
    for (const e of entries) {
      if (++seen > MAX_WALK) {
        out.truncated = true;
        return out;
      }
      const full = path.join(current, e.name);
      if (e.isDirectory()) stack.push(full);
      else if (e.isFile()) {
        const st = await fs.promises.stat(full).catch(() => null);
        if (st) {
          out.bytes += st.size;
          out.files++;
        }
      }
    }
  }
  return out;
}

async function folderSize(dir: string): Promise<FolderSize> {
  const hit = sizeCache.get(dir);
  if (hit && Date.now() - hit.at < SIZE_TTL_MS) return hit.value;
  const value = fs.existsSync(dir) ? await walk(dir) : { bytes: 0, files: 0, truncated: false };
  sizeCache.set(dir, { at: Date.now(), value });
  return value;
}

export async function diskInfo(dataDir: string, uploadDir: string) {
  const probe = existingAncestor(dataDir);
  const st = await fs.promises.statfs(probe);
  const total = st.blocks * st.bsize;
  // bavail: what an unprivileged process may still write (bfree includes the root reserve).
  const free = st.bavail * st.bsize;
  const used = total - st.bfree * st.bsize;
  const upload = await folderSize(uploadDir);
  return {
    dataDir: path.resolve(dataDir),
    filesystem: { path: probe, total, used, free, usedPercent: total ? round1((used / total) * 100) : 0 },
    upload: { path: uploadDir, ...upload },
  };
}

/* ---------- 服务 ---------- */

export function serviceInfo() {
  const t = trafficSnapshot();
  return {
    tracking: t.tracking,
    requestsLastMinute: t.requestsLastMinute,
    requestsPerSecond: Math.round((t.requestsLastMinute / 60) * 100) / 100,
    inFlight: t.inFlight,
    openConnections: t.openConnections,
    websocketClients: t.websocketClients,
    uptimeSec: Math.round(process.uptime()),
  };
}

/* ---------- HTTP 请求追踪 ---------- */

/** Usernames of the users in `trace`, by id (one query; ids of deleted users stay unnamed). */
export async function traceUsernames(db: Database, trace: readonly TraceEntry[]): Promise<Map<string, string>> {
  const ids = [...new Set(trace.map((t) => t.userId).filter((id): id is string => !!id))];
  const users = ids.length ? await db.selectFrom('sys_user').select(['id', 'username']).where('id', 'in', ids).execute() : [];
  return new Map(users.map((u) => [u.id, u.username]));
}
