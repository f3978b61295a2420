import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { sha256 } from '../core/ids';
import type { RealtimeHub } from './hub';
import { authenticateTokenUpgrade, authenticateUpgrade, offeredProtocols, refuse, type SocketAuth } from './socket-auth';

export const NOTIFY_PATH = /^\/websocket\/([^/?#]+)\/?(?:\?.*)?$/;

/** `<basePath>/websocket/{userId}` (basePath '' = NOTIFY_PATH). */
export function notifyPath(basePath = ''): RegExp {
  if (!basePath) return NOTIFY_PATH;
  const escaped = basePath.replace(/\/+$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}/websocket/([^/?#]+)/?(?:\\?.*)?$`);
}

export interface SocketAuthDeps extends SocketAuth {
  hub: RealtimeHub;
  /** Path prefix of the socket: '' in the one-process server, '/jeecg-boot' on the backend tier. */
  basePath?: string;
  /**
   * Also admit JeecgBoot's client, which offers its access token as the websocket subprotocol (the backend
   * tier, where clients hold tokens). A request that offers a subprotocol is then judged by that token only.
   */
  tokenProtocol?: boolean;
}

/**
 * `/websocket/{userId}`: identity comes from the session cookie (or, with `tokenProtocol`, from the token
 * offered as subprotocol), never from the path; the path id must equal that identity's user. Any text from
 * the client gets the heartbeat answer, to it alone.
 */
export function createNotifySocketHandler(deps: SocketAuthDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const path = notifyPath(deps.basePath);
  return async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<boolean> {
    const match = path.exec(req.url ?? '');
    if (!match) return false;
    try {
      const byToken = deps.tokenProtocol && offeredProtocols(req).length > 0;
      const auth = byToken ? await authenticateTokenUpgrade(req, match[1], deps) : await authenticateUpgrade(req, match[1], deps);
      if (!auth.ok) return refuse(socket, auth.status, auth.text), true;
      const { userId, token } = auth;
      wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
        const remove = deps.hub.add({
          userId,
          tokenHash: sha256(token),
          send: (text) => ws.readyState === ws.OPEN && ws.send(text),
          close: (code, reason) => ws.close(code, reason),
        });
        ws.on('message', () => {
          ws.send(JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' }));
        });
        ws.on('close', remove);
        ws.on('error', remove);
      });
    } catch (e) {
      console.error('[ws] upgrade failed:', (e as Error).message);
      refuse(socket, 500, 'Internal Server Error');
    }
    return true;
  };
}
