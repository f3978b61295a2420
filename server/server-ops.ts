import path from 'node:path';
import type { Backend } from './backend';
import type { RealtimeHub } from './realtime/hub';
import { sharedReadiness } from './ops/health';
import { createCspReporter } from './ops/csp-report';
import { createOps } from './ops/http-ops';
import { cspReportEnabled } from '../lib/csp';
import { createLogger, readLogLevel } from './ops/logger';
import { createMetrics, readMetricsToken } from './ops/metrics';
import { registerMonitorSources } from './ops/monitor-state';
import { startMonitorProbes } from './ops/monitor';

export { demoPasswordRefusals, refusalText, settingsRefusals } from './production-checks';

export interface ServerOpsOptions {
  env?: NodeJS.ProcessEnv;
  apiPrefix: string;
  /** The embedded backend; null with LEGACY_API_URL. */
  backend: Backend | null;
  legacyApiUrl: string | null;
  hub: RealtimeHub;
  isDraining: () => boolean;
}

/** server.ts's operations wiring: logger, metrics, health checks and the request tracker, from the environment. */
export function createServerOps(opts: ServerOpsOptions) {
  const env = opts.env ?? process.env;
  const logger = createLogger({ level: readLogLevel(env) });
  const metrics = createMetrics({ websocketClients: () => opts.hub.size, pool: opts.backend?.dbPool ?? null, embedded: opts.backend?.dbEngine ?? null });
  // 系统监控 (服务, 数据库) reads the same two sources through the backend's monitor routes.
  registerMonitorSources({ websocketClients: () => opts.hub.size, pool: opts.backend?.dbPool ?? null });
  startMonitorProbes();
  const readiness = sharedReadiness({
    db: opts.backend?.db ?? null,
    dbBusyWithinLimit: opts.backend?.dbEngine ? () => opts.backend!.dbEngine!.busyWithinLimit() : undefined,
    // Where the backend stores uploads (server/storage/backend-storage.ts).
    storageDir: opts.backend ? path.join(opts.backend.config.dataDir, 'upload') : null,
    upstreamUrl: opts.legacyApiUrl,
    draining: opts.isDraining,
    onFailure: (check, e) => logger.warn({ check, err: (e as Error)?.message ?? String(e) }, 'readiness check failed'),
  });
  const cspReport = createCspReporter({ logger, enabled: cspReportEnabled(env) });
  return createOps({ apiPrefix: opts.apiPrefix, logger, metrics, metricsToken: readMetricsToken(env), readiness, cspReport });
}
