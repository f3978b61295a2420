import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { sha256 } from '../ids';
import type { RealtimeHub } from './hub';
import { authenticateUpgrade, refuse, type SocketAuth } from './socket-auth';

export const NOTIFY_PATH = /^\/websocket\/([^/?#]+)\/?(?:\?.*)?$/;

export interface SocketAuthDeps extends SocketAuth {
  hub: RealtimeHub;
}

/**
 * `/websocket/{userId}`: identity comes from the session cookie, never from the path; the path id
 * must equal the session's user. Any text from the client gets the heartbeat answer, to it alone.
 */
export function createNotifySocketHandler(deps: SocketAuthDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  return async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<boolean> {
    const match = NOTIFY_PATH.exec(req.url ?? '');
    if (!match) return false;
    try {
      const auth = await authenticateUpgrade(req, match[1], deps);
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
