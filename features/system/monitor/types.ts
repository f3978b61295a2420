/** The answers of GET /sys/monitor/* (server/system/monitor-routes.ts). */

export interface DiskAnswer {
  dataDir: string;
  filesystem: { path: string; total: number; used: number; free: number; usedPercent: number };
  upload: { path: string; bytes: number; files: number; truncated: boolean };
}

export interface TraceRecord {
  time: string;
  timestamp: number;
  method: string;
  path: string;
  status: number;
  timeTaken: number;
  username: string | null;
}

export interface TraceAnswer {
  tracking: boolean;
  note: string | null;
  total: number;
  records: TraceRecord[];
}

export interface ProcessAnswer {
  pid: number;
  uptimeSec: number;
  nodeVersion: string;
  cpuPercent: number;
  memory: { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
  heap: { limit: number; used: number; total: number; available: number };
  gc: { count: number; totalMs: number; byKind: Record<'minor' | 'major' | 'incremental' | 'weakcb', { count: number; ms: number }> };
  eventLoop: { meanMs: number; p50Ms: number; p99Ms: number; maxMs: number; windowSec: number; utilization: number };
  handles: { activeResources: number };
}

export interface DatabaseAnswer {
  kind: 'pglite' | 'postgres';
  version: string;
  sizeBytes: number;
  connections: { embedded?: number; server?: number; pool?: { total: number; idle: number; waiting: number } };
  tables: { name: string; bytes: number; rows: number }[];
  slowQueries: { query: string; calls: number; meanMs: number; totalMs: number }[] | null;
  slowQueriesNote: string | null;
}

export interface SystemAnswer {
  hostname: string;
  platform: string;
  arch: string;
  release: string;
  nodeVersion: string;
  cpuCount: number;
  cpuModel: string;
  cpuPercent: number | null;
  loadAverage: number[];
  memory: { total: number; free: number; used: number; usedPercent: number };
  uptimeSec: number;
  processUptimeSec: number;
}

export interface ServiceAnswer {
  tracking: boolean;
  note: string | null;
  requestsLastMinute: number;
  requestsPerSecond: number;
  inFlight: number;
  openConnections: number;
  websocketClients: number | null;
  uptimeSec: number;
}
