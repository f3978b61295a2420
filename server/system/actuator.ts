import fs from 'node:fs';
import v8 from 'node:v8';
import { sql } from 'kysely';
import type { Database } from '../db';
import { processInfo, systemInfo } from '../ops/monitor';

/**
 * JeecgBoot's stock monitor pages (SystemInfo, JvmInfo, TomcatInfo) read Spring Boot actuator metrics. We answer
 * them with what 系统监控 measures (monitor.ts): the Node process for the JVM, the login sessions and this HTTP
 * server for Tomcat. A metric with no Node equivalent answers 0 and says so in its description. The mapping table
 * is in docs/features.md ("JeecgBoot's own client").
 */

export interface Measurement {
  statistic: 'VALUE' | 'COUNT' | 'TOTAL_TIME';
  value: number;
}

/** Spring's `GET /actuator/metrics/{name}` body. */
export interface ActuatorMetric {
  name: string;
  description: string;
  baseUnit: string | null;
  measurements: Measurement[];
  availableTags: never[];
}

/** Login sessions as Tomcat's session counters see HTTP sessions. */
export interface SessionCounts {
  active: number;
  created: number;
  expired: number;
  peak: number;
}

/** What the metrics read, each at most once per request. */
export interface MetricSources {
  process: () => ReturnType<typeof processInfo>;
  system: () => ReturnType<typeof systemInfo>;
  sessions: () => Promise<SessionCounts>;
}

interface MetricDef {
  description: string;
  baseUnit: string | null;
  read: (s: MetricSources) => number | Measurement[] | Promise<number>;
}

const NONE = (what: string): MetricDef => ({ description: `Node.js 无对应指标（${what}），恒为 0`, baseUnit: null, read: () => 0 });

const processStartSec = () => Date.now() / 1000 - process.uptime();

/** Threads of this process (Linux /proc; elsewhere null). */
function threadCount(): number | null {
  try {
    const m = /^Threads:\s+(\d+)/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

let threadPeak = 0;
function threads(): number {
  const n = threadCount() ?? 1;
  threadPeak = Math.max(threadPeak, n);
  return n;
}

const oldSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space');

export const METRICS: Record<string, MetricDef> = {
  'system.cpu.count': { description: '机器的 CPU 核数', baseUnit: null, read: (s) => s.system().cpuCount },
  'system.cpu.usage': { description: '机器的 CPU 使用率（自上次读取）', baseUnit: null, read: (s) => (s.system().cpuPercent ?? 0) / 100 },
  'process.start.time': { description: '进程启动时间（Unix 秒）', baseUnit: 'seconds', read: () => processStartSec() },
  'process.uptime': { description: '进程已运行时间', baseUnit: 'seconds', read: (s) => s.process().uptimeSec },
  'process.cpu.usage': {
    description: '本进程的 CPU 使用率（自上次读取，按全部核数折算）',
    baseUnit: null,
    read: (s) => s.process().cpuPercent / 100 / Math.max(1, s.system().cpuCount),
  },
  'jvm.memory.max': { description: 'V8 堆上限', baseUnit: 'bytes', read: (s) => s.process().heap.limit },
  'jvm.memory.committed': { description: 'V8 堆已申请', baseUnit: 'bytes', read: (s) => s.process().memory.heapTotal },
  'jvm.memory.used': { description: 'V8 堆已使用', baseUnit: 'bytes', read: (s) => s.process().memory.heapUsed },
  'jvm.buffer.memory.used': { description: 'ArrayBuffer / Buffer 占用的内存', baseUnit: 'bytes', read: (s) => s.process().memory.arrayBuffers },
  'jvm.buffer.count': NONE('缓冲区个数'),
  'jvm.threads.live': { description: '进程当前线程数（主线程、libuv 线程池、V8 线程）', baseUnit: 'threads', read: () => threads() },
  'jvm.threads.daemon': { description: '进程当前后台线程数（主线程以外）', baseUnit: 'threads', read: () => Math.max(0, threads() - 1) },
  'jvm.threads.peak': {
    description: '本进程读到过的最多线程数',
    baseUnit: 'threads',
    read: () => {
      threads();
      return threadPeak;
    },
  },
  'jvm.classes.loaded': NONE('已加载类'),
  'jvm.classes.unloaded': NONE('已卸载类'),
  'jvm.gc.memory.allocated': NONE('年轻代累计分配'),
  'jvm.gc.memory.promoted': NONE('晋升老年代累计'),
  'jvm.gc.max.data.size': { description: 'V8 老生代空间大小', baseUnit: 'bytes', read: () => oldSpace()?.space_size ?? 0 },
  'jvm.gc.live.data.size': { description: 'V8 老生代已使用', baseUnit: 'bytes', read: () => oldSpace()?.space_used_size ?? 0 },
  'jvm.gc.pause': {
    description: '启动以来的垃圾回收次数与总耗时',
    baseUnit: 'seconds',
    read: (s) => {
      const gc = s.process().gc;
      return [
        { statistic: 'COUNT', value: gc.count },
        { statistic: 'TOTAL_TIME', value: gc.totalMs / 1000 },
      ];
    },
  },
  'tomcat.sessions.active.current': { description: '当前有效的登录会话数', baseUnit: 'sessions', read: async (s) => (await s.sessions()).active },
  'tomcat.sessions.active.max': { description: '本进程读到过的最多有效登录会话数', baseUnit: 'sessions', read: async (s) => (await s.sessions()).peak },
  'tomcat.sessions.created': { description: '本进程启动以来新建的登录会话数', baseUnit: 'sessions', read: async (s) => (await s.sessions()).created },
  'tomcat.sessions.expired': { description: '本进程启动以来到期的登录会话数', baseUnit: 'sessions', read: async (s) => (await s.sessions()).expired },
  'tomcat.sessions.rejected': { description: '因会话数上限被拒绝的会话数（不设上限，恒为 0）', baseUnit: 'sessions', read: () => 0 },
};

export const isMetricName = (name: string): boolean => Object.hasOwn(METRICS, name);

let sessionPeak = 0;

/** Tomcat's session counters over sys_user_session: live now, created and expired since this process started. */
export async function sessionCounts(db: Database): Promise<SessionCounts> {
  const since = new Date(processStartSec() * 1000);
  const r = await sql<{ active: number; created: number; expired: number }>`
    select count(*) filter (where revoked_at is null and expires_at > now())::int as active,
      count(*) filter (where create_time >= ${since})::int as created,
      count(*) filter (where revoked_at is null and expires_at <= now() and expires_at >= ${since})::int as expired
    from sys_user_session`.execute(db);
  const row = r.rows[0] ?? { active: 0, created: 0, expired: 0 };
  sessionPeak = Math.max(sessionPeak, row.active);
  return { ...row, peak: sessionPeak };
}

/** The metric `name` in Spring's shape; undefined for a name we do not answer. */
export async function readMetric(name: string, sources: MetricSources): Promise<ActuatorMetric | undefined> {
  if (!isMetricName(name)) return undefined;
  const def = METRICS[name];
  const v = await def.read(sources);
  const measurements = Array.isArray(v) ? v : [{ statistic: 'VALUE' as const, value: Number.isFinite(v) ? v : 0 }];
  return { name, description: def.description, baseUnit: def.baseUnit, measurements, availableTags: [] };
}

/** Sources that read each figure once, when first asked. */
export function metricSources(db: Database): MetricSources {
  const once = <T>(f: () => T) => {
    let v: { value: T } | null = null;
    return () => (v ??= { value: f() }).value;
  };
  return { process: once(processInfo), system: once(systemInfo), sessions: once(() => sessionCounts(db)) };
}
