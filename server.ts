/**
 * One process: Next.js (pages + BFF), the notification websocket and the embedded backend.
 * `npm start` (production) and `npm run dev` both run this file.
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import next from 'next';
import { getEmbeddedBackend, type Backend } from './server/backend';
import { connectRealtime, hubDelivery, type RealtimeFanout } from './server/realtime/pg-fanout';
import { RealtimeHub } from './server/realtime/hub';
import { createNotifySocketHandler } from './server/realtime/notify-socket';
import { createVxeSocketHandler, isVxeRelay, VXE_FANOUT_KEY, type VxeRelay } from './server/realtime/vxe-socket';
import { vxeJoinCheck } from './server/realtime/vxe-join';
import type { SocketAuth } from './server/realtime/socket-auth';
import { getRequestListener } from '@hono/node-server';
import { readServerEnv } from './lib/server/env-read';
import { createBff } from './lib/server/bff';
import { createGateway } from './lib/server/gateway';
import { enabledGatewayTargets } from './server/system/gateway-routes';
import { httpUpstream, type RawBody, type Upstream } from './lib/server/upstream';
import { DEMO_PASSWORD, DEMO_USERS } from './server/seed/seed-data';
import { demoSignInLine } from './server/demo-banner';
import { createServerOps, demoPasswordRefusals, refusalText, settingsRefusals } from './server/server-ops';
import { quartzSchedulerFor } from './server/system/quartz-scheduler';
import { startMark } from './server/start-timing';

const dev = process.env.NODE_ENV !== 'production';
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || '0.0.0.0';
const trustProxy = process.env.TRUST_PROXY === '1';
const legacyApiUrl = process.env.LEGACY_API_URL?.trim() || null;
/** The BFF's path prefix (spec 01 §7: configurable, default /jeecg-boot). */
const apiPrefix = (process.env.NEXT_PUBLIC_API_PREFIX || '/jeecg-boot').replace(/\/+$/, '');

/** `/jeecg-boot/sys/login?x` → ['sys', 'login']; null for a malformed path. */
function bffSegments(url: string): string[] | null {
  try {
    return new URL(url).pathname.slice(apiPrefix.length).split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

async function main() {
  const startedAt = Date.now();
  startMark('modules loaded');
  // A real deployment (NODE_ENV=production with DATABASE_URL) does not start with development secrets or demo seeding.
  const refused = settingsRefusals(process.env);
  if (refused.length) return refuseStart(refused);
  const webEnv = readServerEnv();
  const sessionSecret = webEnv.sessionSecret;
  const hub = new RealtimeHub();
  (globalThis as { [k: symbol]: unknown })[Symbol.for('jiaowu.realtime-hub')] = hub;

  // Next registers its own upgrade listener on `httpServer`, and it ends any upgrade whose path
  // matches a page — the console's catch-all matches /websocket/*. So Next gets an emitter of its
  // own, and only upgrades that are not ours (dev HMR) are passed on to it.
  const nextUpgrades = new EventEmitter();
  const app = next({ dev, hostname, port, httpServer: nextUpgrades as unknown as http.Server, turbopack: true });
  // Next's preparation (its manifests and handlers) and the database's opening wait on different things: they run
  // together, and the start takes the longer of the two instead of their sum (docs/benchmarks.md, "Cold start").
  const nextPrepared = app.prepare();
  nextPrepared.catch(() => undefined); // awaited below; a refused start must not report it as unhandled

  let backend: Backend | null = null;
  let fanout: RealtimeFanout | null = null;
  // Grid relays travel as fan-out `all` messages marked with VXE_FANOUT_KEY; they go to the grid
  // sockets of their page, never to the notification sockets.
  let deliverVxe: ((r: VxeRelay) => void) | null = null;
  const toHub = hubDelivery(hub);
  if (!legacyApiUrl) {
    backend = await getEmbeddedBackend();
    const demo = await demoPasswordRefusals(process.env, backend.db);
    if (demo.length) {
      await backend.close();
      return refuseStart(demo);
    }
    // Pushes (role changes, announcements) and revoked sessions reach this instance's sockets, and on
    // PostgreSQL every other instance's too (LISTEN/NOTIFY); on PGlite they stay in process.
    fanout = await connectRealtime(backend, (d) => {
      const relay = d.kind === 'all' ? (d.message as Record<string, unknown>)[VXE_FANOUT_KEY] : undefined;
      if (isVxeRelay(relay)) deliverVxe?.(relay);
      else toHub(d);
    });
    await backend.sessions.prune();
    startMark('backend ready');
  }

  // The BFF runs here, in front of Next: it is a plain fetch-shaped handler, and skipping Next's
  // router for API calls keeps its overhead over a direct backend call small (docs/benchmarks.md).
  const upstream: Upstream = backend
    ? Object.assign((path: string, init: RequestInit, raw?: RawBody) => backend!.fetch(new Request(`http://embedded${path}`, init), raw ? { incoming: raw } : undefined), {
        takesRawBody: true,
      })
    : httpUpstream(legacyApiUrl!.replace(/\/+$/, ''), { signSecret: webEnv.legacySignSecret });
  const ops = createServerOps({ apiPrefix, backend, legacyApiUrl, hub, isDraining: () => draining });
  // 网关路由 read in process from the embedded backend; with LEGACY_API_URL that server's own gateway applies instead.
  const gateway = backend
    ? createGateway({ routes: () => enabledGatewayTargets(backend!.db), verifySession: async (token) => !!(await backend!.sessions.verify(token)) })
    : null;
  const bff = createBff(ops.timedUpstream(upstream), webEnv, { gateway });
  const bffListener = getRequestListener((req, env) => {
    const segments = bffSegments(req.url);
    return segments ? bff(req, segments, env.incoming) : new Response(null, { status: 400 });
  });

  let inFlight = 0;
  let draining = false;
  const server = http.createServer((req, res) => {
    if (draining) res.setHeader('Connection', 'close');
    inFlight++;
    res.on('close', () => inFlight--);
    // The client address the backend throttles on: from the socket, or a trusted proxy's header.
    delete req.headers['x-jiaowu-client-ip'];
    const forwarded = trustProxy ? String(req.headers['x-forwarded-for'] ?? '').split(',')[0].trim() : '';
    req.headers['x-jiaowu-client-ip'] = forwarded || req.socket.remoteAddress || 'unknown';
    const url = req.url ?? '/';
    // Request id, access log and metrics around everything; /healthz, /readyz and /metrics ahead of the BFF and Next.
    ops.track(req, res, () => {
      if (ops.serves(url)) ops.serve(req, res);
      else if (url === apiPrefix || url.startsWith(apiPrefix + '/') || url.startsWith(apiPrefix + '?')) void bffListener(req, res);
      else handle(req, res);
    });
  });

  const handle = app.getRequestHandler();
  await nextPrepared;
  startMark('next prepared');

  const socketAuth: SocketAuth = {
    sessionSecret,
    verifyToken: async (token) => {
      if (backend) return (await backend.sessions.verify(token))?.user.id ?? null;
      // Legacy upstream: ask it who the token belongs to.
      const res = await fetch(`${legacyApiUrl}/sys/user/getAccountInfoFromToken`, { headers: { 'X-Access-Token': token } }).catch(() => null);
      const body = res?.ok ? ((await res.json()) as { success?: boolean; result?: { userInfo?: { id?: string } } }) : null;
      return body?.success ? (body.result?.userInfo?.id ?? null) : null;
    },
    allowedOrigin: (origin, host) => {
      if (!origin) return true; // non-browser clients; the cookie still has to be valid
      try {
        return new URL(origin).host === host || (process.env.ALLOWED_ORIGINS ?? '').split(',').includes(origin);
      } catch {
        return false;
      }
    },
  };
  const upgradeNotify = createNotifySocketHandler({ ...socketAuth, hub });
  const vxe = createVxeSocketHandler({
    ...socketAuth,
    hub,
    // The page's permission code, checked against the embedded database (a legacy upstream: none, as in JeecgBoot).
    canJoin: backend ? vxeJoinCheck(backend.db) : undefined,
    // Through the fan-out (which also delivers here) so grids on other instances see the change.
    publish: (r) => (fanout ? void fanout.publish({ kind: 'all', message: { [VXE_FANOUT_KEY]: r } }) : vxe.deliver(r)),
  });
  deliverVxe = vxe.deliver;
  server.on('upgrade', (req, socket, head) => {
    void upgradeNotify(req, socket, head)
      .then((ours) => ours || vxe.handleUpgrade(req, socket, head))
      .then((ours) => {
        if (!ours) nextUpgrades.emit('upgrade', req, socket, head);
      });
  });

  server.listen(port, hostname, () => {
    const shown = hostname === '0.0.0.0' ? 'localhost' : hostname;
    console.log(`\n教务系统 ready in ${Date.now() - startedAt} ms: http://${shown}:${port}`);
    if (backend) {
      console.log(`Database: ${backend.dbKind === 'pglite' ? `embedded PGlite in ${backend.config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`);
      const created = backend.seedReport.created;
      if (created.length && !backend.seedReport.demo) {
        console.log(`Administrator created: admin / ${created[0].password}  (shown once; change it after signing in)`);
      } else if (backend.seedReport.demo) {
        console.log(demoSignInLine(DEMO_USERS, DEMO_PASSWORD));
      }
    } else {
      console.log(`Upstream: ${legacyApiUrl}`);
    }
  });

  const shutdown = async (signal: string) => {
    if (draining) return;
    draining = true;
    console.log(`${signal}: draining ${inFlight} request(s)…`);
    // Sockets closed with 1001 (going away): the shell reconnects after 5 s, through the load balancer to an
    // instance still listening (this one no longer accepts).
    hub.closeAll();
    server.close();
    server.closeIdleConnections();
    const deadline = Date.now() + 10_000;
    // 定时任务: no run starts from now on; one in progress may finish within the same 10 s, then is aborted.
    const jobsStopped = backend ? quartzSchedulerFor(backend.db)?.stop(deadline - Date.now()) : undefined;
    while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    server.closeAllConnections();
    await jobsStopped;
    await fanout?.close().catch(() => undefined);
    await backend?.close().catch((e) => console.error('[db] close failed', e));
    console.log('Stopped cleanly.');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function refuseStart(refusals: string[]): never {
  console.error(refusalText(refusals));
  process.exit(1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
