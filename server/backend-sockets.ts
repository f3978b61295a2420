import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Backend } from './backend';
import { RealtimeHub } from './realtime/hub';
import { createNotifySocketHandler } from './realtime/notify-socket';
import { connectRealtime, hubDelivery } from './realtime/pg-fanout';
import { refuse } from './realtime/socket-auth';

export interface BackendSocketOptions {
  /** The backend's path prefix ('/jeecg-boot' when standalone). */
  basePath: string;
  /** Seals the web tier's session cookie: with it, a browser of the same site may use its cookie here too. */
  sessionSecret: string;
  /** Origins allowed besides the request's own host, for the cookie (ALLOWED_ORIGINS). */
  allowedOrigins?: string[];
}

/**
 * The notification websocket on the backend tier (`npm run backend`): `<basePath>/websocket/{userId}` as
 * JeecgBoot serves it, the access token offered as subprotocol (JeecgBoot's client) or the session cookie,
 * with this backend's pushes and revocations wired through the realtime fan-out (LISTEN/NOTIFY on
 * PostgreSQL, so pushes made by other instances arrive too). Other upgrades are refused with 404.
 */
export async function attachBackendSockets(server: Server, backend: Backend, opts: BackendSocketOptions) {
  const hub = new RealtimeHub();
  const fanout = await connectRealtime(backend, hubDelivery(hub));
  const upgrade = createNotifySocketHandler({
    hub,
    basePath: opts.basePath,
    tokenProtocol: true,
    sessionSecret: opts.sessionSecret,
    verifyToken: async (token) => (await backend.sessions.verify(token))?.user.id ?? null,
    allowedOrigin: (origin, host) => {
      if (!origin) return true; // not a browser; the cookie still has to be valid
      try {
        return new URL(origin).host === host || (opts.allowedOrigins ?? []).includes(origin);
      } catch {
        return false;
      }
    },
  });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void upgrade(req, socket, head).then((ours) => {
      if (!ours) refuse(socket, 404, 'Not Found');
    });
  };
  server.on('upgrade', onUpgrade);
  return {
    hub,
    async close() {
      server.off('upgrade', onUpgrade);
      hub.closeAll();
      await fanout.close();
    },
  };
}
