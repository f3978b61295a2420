import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { readCookie, SESSION_COOKIE, unsealSession } from '../../lib/server/session-cookie';
import { sha256 } from '../ids';
import type { RealtimeHub } from './hub';

export const NOTIFY_PATH = /^\/websocket\/([^/?#]+)\/?(?:\?.*)?$/;

export interface SocketAuthDeps {
  sessionSecret: string;
  hub: RealtimeHub;
  /** Confirms the sealed token is still a live session and returns its user id (null = refuse). */
  verifyToken(token: string): Promise<string | null>;
  allowedOrigin(origin: string | undefined, host: string | undefined): boolean;
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
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
      if (!deps.allowedOrigin(req.headers.origin, req.headers.host)) return refuse(socket, 403, 'Forbidden'), true;
      const session = await unsealSession(readCookie(req.headers.cookie, SESSION_COOKIE), deps.sessionSecret);
      const userId = session ? await deps.verifyToken(session.token) : null;
      if (!session || !userId) return refuse(socket, 401, 'Unauthorized'), true;
      if (decodeURIComponent(match[1]) !== userId) return refuse(socket, 403, 'Forbidden'), true;
      wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
        const remove = deps.hub.add({
          userId,
          tokenHash: sha256(session.token),
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
