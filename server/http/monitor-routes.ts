import path from 'node:path';
import { Hono } from 'hono';
import { PERMS } from '../../lib/permissions/codes';
import { ok } from '../core/errors';
import type { AppEnv } from '../core/context';
import { recentTrace, trafficSnapshot } from '../ops/monitor-state';
import { formatDateTime } from '../services/format';
import { diskInfo, processInfo, serviceInfo, systemInfo } from '../services/monitor';
import { databaseInfo } from '../services/monitor-db';
import { requirePerm } from './perm';

/**
 * 系统监控 `/sys/monitor/*` (issue #27 item 4), the administrator's six screens. Our own paths: JeecgBoot's
 * monitor lives under `/actuator/**`, which the BFF refuses to forward and nobody serves. The figures are those of
 * the process answering, so with several instances each shows its own.
 */
export const monitorRoutes = new Hono<AppEnv>();

const guard = requirePerm(PERMS.monitor.list);

/** Said on the 服务 and HTTP 请求追踪 tabs when no request tracker runs in this process. */
const NOT_TRACKING = '此进程未经过请求追踪（独立后端模式 npm run backend 或测试），请求统计为空';

monitorRoutes.get('/sys/monitor/disk', guard, async (c) => {
  const { config, storage } = c.var.services;
  // The store's own root when it has one (an in-memory backend's is a temporary folder), else DATA_DIR/upload.
  const root = storage && 'root' in storage && typeof storage.root === 'string' ? storage.root : path.join(config.dataDir, 'upload');
  return c.json(ok(await diskInfo(config.dataDir, root)));
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
  const ids = [...new Set(trace.map((t) => t.userId).filter((id): id is string => !!id))];
  const users = ids.length ? await c.var.services.db.selectFrom('sys_user').select(['id', 'username']).where('id', 'in', ids).execute() : [];
  const names = new Map(users.map((u) => [u.id, u.username]));
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
