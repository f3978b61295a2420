import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { Hono } from 'hono';
import { PERMS } from '../../lib/permissions/codes';
import { ok } from '../core/errors';
import type { AppEnv } from '../core/context';
import { recentTrace, trafficSnapshot } from '../ops/monitor-state';
import { formatDateTime } from '../core/format';
import { diskInfo, processInfo, serviceInfo, systemInfo, traceUsernames } from '../ops/monitor';
import { databaseInfo } from '../ops/monitor-db';
import { readiness } from '../ops/health';
import { requirePerm } from '../core/perm';

/**
 * 系统监控 `/sys/monitor/*` (issue #27 item 4), the administrator's six screens. Our own paths: JeecgBoot's
 * monitor lives under `/actuator/**`, which the BFF refuses to forward; the stock client's calls there are answered
 * on the backend tier by actuator-routes.ts from the same figures. The figures are those of the process answering,
 * so with several instances each shows its own.
 */
export const monitorRoutes = new Hono<AppEnv>();

const guard = requirePerm(PERMS.monitor.list);

/** Said on the 服务 and HTTP 请求追踪 tabs when no request tracker runs in this process. */
const NOT_TRACKING = '此进程未经过请求追踪（独立后端模式 npm run backend 或测试），请求统计为空';

/** The upload root: the store's own when it has one (an in-memory backend's is a temporary folder), else DATA_DIR/upload. */
export function uploadRoot(services: AppEnv['Variables']['services']): string {
  const { config, storage } = services;
  return storage && 'root' in storage && typeof storage.root === 'string' ? storage.root : path.join(config.dataDir, 'upload');
}

monitorRoutes.get('/sys/monitor/disk', guard, async (c) => {
  return c.json(ok(await diskInfo(c.var.services.config.dataDir, uploadRoot(c.var.services))));
});

/** The product's version, read once from package.json (absent in an odd layout: null, never an error). */
const PRODUCT_VERSION: string | null = (() => {
  try {
    return (JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
})();

/**
 * `/test/home` (spec 01 §2's test home page, issue #26 item 6): what is running here — version, Node, database kind,
 * the migrations applied, and the readiness checks of /readyz (database, migrations, storage) run now.
 */
monitorRoutes.get('/sys/monitor/about', guard, async (c) => {
  const { db, config } = c.var.services;
  const [migrations, ready] = await Promise.all([
    sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name`.execute(db),
    readiness({ db, storageDir: uploadRoot(c.var.services) }),
  ]);
  return c.json(
    ok({
      version: PRODUCT_VERSION,
      node: process.version,
      databaseKind: config.databaseUrl ? 'postgres' : 'pglite',
      migrations: migrations.rows.map((m) => ({ name: m.name, executedAt: formatDateTime(m.timestamp) })),
      ready: ready.body.status,
      checks: ready.body.checks,
    }),
  );
});

monitorRoutes.get('/sys/monitor/process', guard, (c) => c.json(ok(processInfo())));

monitorRoutes.get('/sys/monitor/system', guard, (c) => c.json(ok(systemInfo())));

monitorRoutes.get('/sys/monitor/service', guard, (c) => {
  const s = serviceInfo();
  return c.json(ok({ ...s, note: s.tracking ? null : NOT_TRACKING }));
});

monitorRoutes.get('/sys/monitor/database', guard, async (c) => {
  const { db, config } = c.var.services;
  return c.json(ok(await databaseInfo(db, config.databaseUrl ? 'postgres' : 'pglite')));
});

monitorRoutes.get('/sys/monitor/httptrace', guard, async (c) => {
  const trace = recentTrace();
  const names = await traceUsernames(c.var.services.db, trace);
  const tracking = trafficSnapshot().tracking;
  return c.json(
    ok({
      tracking,
      note: tracking ? null : NOT_TRACKING,
      total: trace.length,
      records: trace.map((t) => ({
        time: formatDateTime(new Date(t.time)),
        timestamp: t.time,
        method: t.method,
        path: t.path,
        status: t.status,
        timeTaken: t.ms,
        username: t.userId ? (names.get(t.userId) ?? t.userId) : null,
      })),
    }),
  );
});
