/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { createOps } from '../../ops/http-ops';
import { createLogger } from '../../ops/logger';
import { createMetrics } from '../../ops/metrics';
import { registerMonitorSources, TRACE_MAX } from '../../ops/monitor-state';
import { noteRequestUser } from '../../ops/request-context';
import { stopMonitorProbes } from '../../ops/monitor';
import { EMBEDDED_NO_STAT_STATEMENTS } from '../../ops/monitor-db';

let be: TestBackend;
let admin: string;
beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
});
afterAll(async () => {
  stopMonitorProbes();
  await be.close();
});

const get = async (name: string, token = admin) => (await be.call(`/sys/monitor/${name}`, { token })).body;
type Rec = Record<string, unknown>;

/** server.ts's wiring in small: the request tracker around a handler that notes the signed-in user. */
async function trackedServer() {
  const logger = createLogger({ level: 'silent', destination: new Writable({ write: (_c, _e, cb) => cb() }) });
  const ops = createOps({ apiPrefix: '/jeecg-boot', logger, metrics: createMetrics(), metricsToken: null, readiness: async () => ({ status: 200, body: { status: 'ok', checks: {} } }) });
  const server = http.createServer((req, res) =>
    ops.track(req, res, () => {
      if (ops.serves(req.url ?? '/')) return ops.serve(req, res);
      noteRequestUser('u_admin');
      res.statusCode = req.url?.includes('missing') ? 404 : 200;
      res.end('{}');
    }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise((r) => server.close(r)) };
}

describe('系统监控 /sys/monitor/*', () => {
  test('only with system:monitor:list: a teacher gets 510 on every endpoint', async () => {
    const teacher = await be.login('teacher');
    for (const name of ['disk', 'httptrace', 'process', 'database', 'system', 'service', 'about']) {
      expect(await get(name, teacher)).toMatchObject({ success: false, code: 510 });
    }
  });

  test('/test/home (about): version, database kind, every migration applied, and the readiness checks run now', async () => {
    const about = (await get('about')).result as Rec & { migrations: { name: string; executedAt: string }[]; checks: Rec };
    expect(about).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), node: process.version, databaseKind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', ready: 'ok' });
    expect(about.checks).toEqual({ database: 'ok', migrations: 'ok', storage: 'ok' });
    expect(about.migrations[0]).toEqual({ name: '0001-foundation', executedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(about.migrations.map((m) => m.name)).toContain('0039-online');
  });

  test('磁盘, 进程, 系统 and 数据库 answer their figures for the administrator', async () => {
    const disk = (await get('disk')).result as Rec & { filesystem: Rec; upload: Rec };
    expect(disk.filesystem).toEqual({ path: expect.any(String), total: expect.any(Number), used: expect.any(Number), free: expect.any(Number), usedPercent: expect.any(Number) });
    expect(disk.filesystem.total as number).toBeGreaterThan(0);
    expect(disk.upload).toMatchObject({ bytes: expect.any(Number), files: expect.any(Number), truncated: false });

    const proc = (await get('process')).result as Rec & { memory: Rec; heap: Rec; gc: Rec; eventLoop: Rec };
    expect(proc.memory.heapUsed as number).toBeGreaterThan(0);
    expect(proc.heap.limit as number).toBeGreaterThan(proc.heap.used as number);
    expect(proc.gc).toMatchObject({ count: expect.any(Number), totalMs: expect.any(Number), byKind: { minor: expect.any(Object), major: expect.any(Object) } });
    expect(proc.eventLoop).toMatchObject({ meanMs: expect.any(Number), p99Ms: expect.any(Number), maxMs: expect.any(Number), utilization: expect.any(Number) });
    expect(proc.nodeVersion).toBe(process.version);

    const sys = (await get('system')).result as Rec & { memory: Rec; loadAverage: number[] };
    expect(sys).toMatchObject({ cpuCount: expect.any(Number), cpuModel: expect.any(String), platform: process.platform, nodeVersion: process.version, uptimeSec: expect.any(Number) });
    expect(sys.loadAverage).toHaveLength(3);
    expect(sys.memory.total as number).toBeGreaterThan(sys.memory.free as number);

    const db = (await get('database')).result as Rec & { tables: { name: string; bytes: number; rows: number }[] };
    const pg = !!process.env.TEST_DATABASE_URL;
    expect(db).toMatchObject({ kind: pg ? 'postgres' : 'pglite', version: expect.any(String), sizeBytes: expect.any(Number) });
    expect(db.connections).toEqual(pg ? expect.objectContaining({ server: expect.any(Number) }) : { embedded: 1 });
    // The largest tables first, at most ten, with their sizes (pg_total_relation_size works on PGlite too).
    expect(db.tables.length).toBeGreaterThan(0);
    expect(db.tables.length).toBeLessThanOrEqual(10);
    expect(db.tables.map((t) => t.bytes)).toEqual([...db.tables.map((t) => t.bytes)].sort((a, b) => b - a));
    expect(db.tables[0]).toEqual({ name: expect.stringMatching(/^[a-z_0-9]+$/), bytes: expect.any(Number), rows: expect.any(Number) });
    // No pg_stat_statements here: the screen says so instead of showing an empty list.
    if (!pg) expect(db).toMatchObject({ slowQueries: null, slowQueriesNote: EMBEDDED_NO_STAT_STATEMENTS });
  });

  test('HTTP 请求追踪 and 服务: the tracker keeps the last 100 requests without query strings or tokens', async () => {
    registerMonitorSources({ websocketClients: () => 2 });
    const s = await trackedServer();
    try {
      const secret = 'tok-SECRET-4242';
      await fetch(`${s.base}/jeecg-boot/sys/user/list?token=${secret}&password=${secret}`, { headers: { 'x-access-token': secret } });
      await fetch(`${s.base}/jeecg-boot/sys/annountCement/show/8d1f3a2b9c4e4f0a8b7c6d5e4f3a2b1c?token=${secret}`);
      await fetch(`${s.base}/jeecg-boot/sys/thirdLogin/getLoginUser/${secret}-${'x'.repeat(40)}`);
      // Probes are counted but kept out of the trace.
      await fetch(`${s.base}/healthz`);
      let trace = (await get('httptrace')).result as { tracking: boolean; total: number; records: Rec[] };
      expect(trace.tracking).toBe(true);
      expect(trace.records.map((r) => r.path)).toEqual([
        '/jeecg-boot/sys/thirdLogin/getLoginUser/***',
        '/jeecg-boot/sys/annountCement/show/8d1f3a2b9c4e4f0a8b7c6d5e4f3a2b1c',
        '/jeecg-boot/sys/user/list',
      ]);
      expect(trace.records[2]).toEqual({ time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), timestamp: expect.any(Number), method: 'GET', path: '/jeecg-boot/sys/user/list', status: 200, timeTaken: expect.any(Number), username: 'admin' });
      expect(JSON.stringify(trace)).not.toMatch(/SECRET|token=|password/);

      for (let i = 0; i < TRACE_MAX + 20; i++) await fetch(`${s.base}/jeecg-boot/sys/missing/${i}?token=${secret}`);
      trace = (await get('httptrace')).result as typeof trace;
      expect(trace.total).toBe(TRACE_MAX);
      expect(trace.records).toHaveLength(TRACE_MAX);
      // Newest first; the oldest ones fell out.
      expect(trace.records[0]).toMatchObject({ path: `/jeecg-boot/sys/missing/${TRACE_MAX + 19}`, status: 404 });
      expect(trace.records[TRACE_MAX - 1]).toMatchObject({ path: '/jeecg-boot/sys/missing/20' });
      expect(JSON.stringify(trace)).not.toContain(secret);

      const service = (await get('service')).result as Rec;
      expect(service).toMatchObject({ tracking: true, note: null, websocketClients: 2, inFlight: 0, requestsPerSecond: expect.any(Number), requestsLastMinute: expect.any(Number) });
      // fetch keeps its connection alive: at least one open connection is still seen.
      expect(service.openConnections as number).toBeGreaterThanOrEqual(1);
    } finally {
      await s.close();
    }
  });
});
