import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the pg pool exposes (PGlite has no pool: one backend in its own thread, counted below). */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface MetricsSources {
  /** Open websocket clients (the realtime hub's notification sockets, the grids' sockets). */
  websocketClients?: () => number;
  /** The PostgreSQL pool, when the embedded backend runs on DATABASE_URL. */
  pool?: PoolStats | null;
  /** The embedded database's watchdog (server/db/pglite-engine.ts), when the backend runs on PGlite. */
  embedded?: { readonly cancels: number; readonly restarts: number } | null;
}

/** Request latency buckets (seconds): list pages answer in tens of ms, exports and uploads take seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  observeUpstream(status: number | 'error', seconds: number): void;
}

/** Methods as labels: the usual ones, everything else one value (a client cannot invent series). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const methodLabel = (m: string) => (METHODS.has(m) ? m : 'OTHER');

/**
 * The process's Prometheus registry: HTTP requests by route template and status, their latency, the BFF's
 * upstream latency, the database pool, websocket clients and prom-client's default process metrics
 * (heap, GC, event-loop lag, CPU, handles).
 */
export function createMetrics(sources: MetricsSources = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency until the answer was sent, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const upstream = new Histogram({
    name: 'bff_upstream_duration_seconds',
    help: 'Backend-for-frontend calls to the upstream (embedded backend or LEGACY_API_URL) until its headers, by status class',
    labelNames: ['status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  if (sources.websocketClients) {
    const count = sources.websocketClients;
    new Gauge({
      name: 'websocket_clients',
      help: 'Open websocket connections on this instance',
      registers: [registry],
      collect() {
        this.set(count());
      },
    });
  }
  const pool = sources.pool;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle) and requests waiting for one (waiting)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  const embedded = sources.embedded;
  if (embedded) {
    new Gauge({
      name: 'embedded_db_watchdog_events',
      help: 'Embedded database: statements cancelled past their limit (cancelled), and times its thread was ended and the data directory opened again (restarted), since the start',
      labelNames: ['event'],
      registers: [registry],
      collect() {
        this.set({ event: 'cancelled' }, embedded.cancels);
        this.set({ event: 'restarted' }, embedded.restarts);
      },
    });
  }
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const m = methodLabel(method);
      requests.inc({ method: m, route, status: String(status) });
      duration.observe({ method: m, route }, seconds);
    },
    observeUpstream(status, seconds) {
      upstream.observe({ status: status === 'error' ? 'error' : `${Math.floor(status / 100)}xx` }, seconds);
    },
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * `Authorization: Bearer <METRICS_TOKEN>` checked in constant time (both sides hashed to one length first).
 * 404 when no token is configured (the endpoint is off), 401 when the header is missing or wrong.
 */
export function metricsAccess(authorization: string | undefined, token: string | null): 200 | 401 | 404 {
  if (!token) return 404;
  const m = /^Bearer (.+)$/.exec(authorization ?? '');
  if (!m) return 401;
  return timingSafeEqual(digest(m[1].trim()), digest(token)) ? 200 : 401;
}

/** METRICS_TOKEN: unset = /metrics off; a set one must be long enough not to be guessed. */
export function readMetricsToken(env: NodeJS.ProcessEnv = process.env): string | null {
  const token = env.METRICS_TOKEN?.trim() || null;
  if (token && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return token;
}
