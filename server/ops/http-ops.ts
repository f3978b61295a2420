import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReadinessAnswer } from './health';
import { logAccess, type Logger } from './logger';
import { metricsAccess, type Metrics } from './metrics';
import { monitorRequestEnd, monitorRequestStart } from './monitor-state';
import { runWithRequestContext, type RequestContext } from './request-context';
import { createRouteLabeler, loggablePath } from './route-label';
import { CSP_REPORT_PATH } from '../../lib/csp';

export interface OpsOptions {
  apiPrefix: string;
  logger: Logger;
  metrics: Metrics;
  /** METRICS_TOKEN; null = /metrics answers 404. */
  metricsToken: string | null;
  readiness: () => Promise<ReadinessAnswer>;
  /** `POST /csp-report` (./csp-report.ts); absent = that path goes on to Next like any other. */
  cspReport?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

/** An incoming request id is kept when it is short and plain (a proxy's UUID or trace id); anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics', CSP_REPORT_PATH]);

function send(res: ServerResponse, status: number, body: string, type = 'application/json;charset=UTF-8', extra: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body), ...extra });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/**
 * The operations side of server.ts: `/healthz`, `/readyz`, `/metrics` and `/csp-report` (served ahead of Next and
 * the BFF, so they answer in the legacy mode too, unauthenticated except /metrics), and per request an id, a metrics
 * observation and one JSON access line when it ends. The per-request work is a clock read, a label lookup
 * and, at close, two metric updates and the log line.
 */
export function createOps(opts: OpsOptions) {
  const label = createRouteLabeler(opts.apiPrefix);
  const { logger, metrics } = opts;

  function pathOf(url: string): string {
    const q = url.indexOf('?');
    return q === -1 ? url : url.slice(0, q);
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = pathOf(req.url ?? '/');
    if (path === '/healthz') return send(res, 200, JSON.stringify({ status: 'ok' }));
    if (path === CSP_REPORT_PATH && opts.cspReport) return opts.cspReport(req, res);
    if (path === '/readyz') {
      const answer = await opts.readiness();
      return send(res, answer.status, JSON.stringify(answer.body));
    }
    const access = metricsAccess(req.headers.authorization, opts.metricsToken);
    if (access === 404) return send(res, 404, 'Not Found', 'text/plain;charset=UTF-8');
    if (access === 401) return send(res, 401, 'Unauthorized', 'text/plain;charset=UTF-8', { 'www-authenticate': 'Bearer' });
    const text = await metrics.registry.metrics();
    send(res, 200, text, metrics.registry.contentType);
  }

  return {
    /** True for the paths this module answers itself. */
    serves(url: string): boolean {
      const path = pathOf(url);
      return OPS_PATHS.has(path) && (path !== CSP_REPORT_PATH || !!opts.cspReport);
    },

    serve(req: IncomingMessage, res: ServerResponse): void {
      serve(req, res).catch((e) => {
        logger.error({ err: (e as Error)?.message, route: pathOf(req.url ?? '/') }, 'ops endpoint failed');
        if (!res.headersSent) send(res, 500, JSON.stringify({ status: 'failing' }));
        else res.destroy();
      });
    },

    /**
     * Runs `next` (the BFF or Next) inside the request's context (so the backend can note the user id) and records
     * the request when its response closes: status 499 when the client went away first.
     */
    track(req: IncomingMessage, res: ServerResponse, next: () => void): void {
      const start = process.hrtime.bigint();
      const url = req.url ?? '/';
      const incoming = req.headers['x-request-id'];
      const ctx: RequestContext = { reqId: typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID() };
      res.setHeader('x-request-id', ctx.reqId);
      monitorRequestStart(req.socket);
      res.once('close', () => {
        const seconds = Number(process.hrtime.bigint() - start) / 1e9;
        const status = res.writableFinished ? res.statusCode : 499;
        const route = label(url);
        const method = req.method ?? 'GET';
        metrics.observeRequest(method, route, status, seconds);
        const ms = Math.round(seconds * 10_000) / 10;
        const shownPath = loggablePath(url, opts.apiPrefix);
        // 系统监控's trace: API calls and pages, not Next's assets or the probes (they would push everything else out).
        const traced = route !== 'next' && !OPS_PATHS.has(route);
        monitorRequestEnd({ time: Date.now() - Math.round(seconds * 1000), method, path: shownPath, status, ms, userId: ctx.userId }, traced);
        // Probes and scrapes come every few seconds: their successes are counted, not logged (a refused scrape is);
        // a violation report logs its own line.
        if (OPS_PATHS.has(route) && status < 400) return;
        logAccess(logger, {
          reqId: ctx.reqId,
          ...(ctx.userId ? { userId: ctx.userId } : {}),
          method,
          route,
          path: shownPath,
          status,
          ms,
          ip: String(req.headers['x-jiaowu-client-ip'] ?? ''),
          ...(status === 499 ? { aborted: true } : {}),
        });
      });
      runWithRequestContext(ctx, next);
    },

    /** The BFF's upstream, timed until its answer's headers (bff_upstream_duration_seconds). */
    timedUpstream<F extends ((...args: never[]) => Promise<Response>) & { takesRawBody?: boolean }>(fn: F): F {
      const timed = async (...args: Parameters<F>): Promise<Response> => {
        const start = process.hrtime.bigint();
        try {
          const res = await fn(...args);
          metrics.observeUpstream(res.status, Number(process.hrtime.bigint() - start) / 1e9);
          return res;
        } catch (e) {
          metrics.observeUpstream('error', Number(process.hrtime.bigint() - start) / 1e9);
          throw e;
        }
      };
      return Object.assign(timed, { takesRawBody: fn.takesRawBody }) as unknown as F;
    },
  };
}

export type Ops = ReturnType<typeof createOps>;
