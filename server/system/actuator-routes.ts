import { Hono } from 'hono';
import { PERMS } from '../../lib/permissions/codes';
import type { AppEnv, Ctx } from '../core/context';
import { ApiFailure, ok } from '../core/errors';
import { recentTrace } from '../ops/monitor-state';
import { metricSources, readMetric } from './actuator';
import { diskInfo, traceUsernames } from '../ops/monitor';
import { databaseInfo, databaseSize, tableCount } from '../ops/monitor-db';
import { uploadRoot } from './monitor-routes';
import { requirePerm } from '../core/perm';

/**
 * The paths of JeecgBoot's stock monitor pages (issue #45): Spring Boot actuator (`/actuator/metrics/{name}`,
 * `/actuator/httptrace`) and ActuatorRedisController (`/sys/actuator/redis/*`), answered in their shapes with what
 * 系统监控 (monitor-routes.ts) measures: the Node process for the JVM, the login sessions for Tomcat, the database for
 * Redis. Unlike JeecgBoot (anonymous `/actuator/**`), every path needs a session and 系统监控's permission, and no
 * answer carries configuration, environment or request headers. The BFF still never forwards these paths: they are
 * for the stock client on the backend tier.
 */
export const actuatorRoutes = new Hono<AppEnv>();

const guard = requirePerm(PERMS.monitor.list);

/** Raw JSON (no envelope), as Spring answers actuator calls and as the stock pages read them. */
const raw = (c: Ctx, body: unknown, status: 200 | 404 = 200) => c.json(body as object, status);

actuatorRoutes.get('/actuator/metrics/:name', guard, async (c) => {
  const metric = await readMetric(c.req.param('name'), metricSources(c.var.services.db));
  if (!metric) throw new ApiFailure('未知的监控指标', 404, 404);
  return raw(c, metric);
});

/** Spring's HttpTrace: the requests 系统监控 keeps (path without query, no headers); empty where no tracker runs. */
actuatorRoutes.get('/actuator/httptrace', guard, async (c) => {
  const trace = recentTrace();
  const names = await traceUsernames(c.var.services.db, trace);
  return raw(c, {
    traces: trace.map((t) => ({
      timestamp: new Date(t.time).toISOString(),
      principal: t.userId ? { name: names.get(t.userId) ?? t.userId } : null,
      request: { method: t.method, uri: t.path, headers: {} },
      response: { status: t.status, headers: {} },
      timeTaken: t.ms,
    })),
  });
});

/* ---------- ActuatorRedisController: the database in Redis's place ---------- */

/** Redis INFO's rows `{key, value, description}` from 系统监控's 数据库 figures. */
actuatorRoutes.get('/sys/actuator/redis/info', guard, async (c) => {
  const { db, config } = c.var.services;
  const info = await databaseInfo(db, config.databaseUrl ? 'postgres' : 'pglite');
  const row = (key: string, value: string | number, description: string) => ({ key, value: String(value), description });
  const conn = info.connections;
  const rows = [
    row('database_kind', info.kind, '数据库类型（pglite 为内置数据库）'),
    row('server_version', info.version, '数据库版本'),
    row('used_memory', info.sizeBytes, '数据库占用空间（字节）'),
    row('connected_clients', conn.embedded ?? conn.server ?? 0, conn.embedded ? '连接数（内置数据库，进程内单连接）' : '连接到本数据库的客户端数'),
    ...(conn.pool ? [row('pool_total', conn.pool.total, '本实例连接池的连接数'), row('pool_idle', conn.pool.idle, '本实例连接池的空闲连接数'), row('pool_waiting', conn.pool.waiting, '等待连接的请求数')] : []),
    ...info.tables.map((t) => row(`table:${t.name}`, `${t.bytes} 字节，约 ${t.rows} 行`, '占用空间最大的表之一')),
    ...(info.slowQueriesNote ? [row('slow_queries', '-', info.slowQueriesNote)] : []),
  ];
  return c.json(ok(rows));
});

/** Redis's key count → the database's tables (raw, as JeecgBoot). */
actuatorRoutes.get('/sys/actuator/redis/keysSize', guard, async (c) => raw(c, { dbSize: await tableCount(c.var.services.db), create_time: Date.now() }));

/** Redis's used memory → the database's size in bytes (raw, as JeecgBoot). */
actuatorRoutes.get('/sys/actuator/redis/memoryInfo', guard, async (c) => raw(c, { used_memory: await databaseSize(c.var.services.db), create_time: Date.now() }));

/** 磁盘监控: the file system holding DATA_DIR (JeecgBoot lists every root; we show the one the product writes to). */
const diskAnswer = async (c: Ctx) => {
  const fs = (await diskInfo(c.var.services.config.dataDir, uploadRoot(c.var.services))).filesystem;
  const restPPT = fs.total ? Math.floor((fs.used * 100) / fs.total) : 0;
  return c.json(ok([{ name: fs.path, max: fs.total, rest: fs.free, restPPT }], '查询成功'));
};
actuatorRoutes.get('/sys/actuator/redis/queryDiskInfo', guard, diskAnswer);
// Older stock clients' DiskMonitoring.vue asks without the /sys prefix.
actuatorRoutes.get('/actuator/redis/queryDiskInfo', guard, diskAnswer);
