import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { readCookie, SESSION_COOKIE, unsealSession } from '../../lib/server/session-cookie';

/** What every cookie-authenticated websocket (/websocket, /vxeSocket) needs to admit a client. */
export interface SocketAuth {
  sessionSecret: string;
  /** Confirms the sealed token is still a live session and returns its user id (null = refuse). */
  verifyToken(token: string): Promise<string | null>;
  allowedOrigin(origin: string | undefined, host: string | undefined): boolean;
}

export type UpgradeAuth = { ok: true; userId: string; token: string } | { ok: false; status: 401 | 403; text: string };

/** Answers an upgrade with a plain HTTP status and closes the connection. */
export function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Identity comes from the session cookie, never from the path: the Origin must be allowed, the
 * cookie must unseal to a live session, and the path's user id (still URI-encoded) must be that
 * session's user.
 */
export async function authenticateUpgrade(req: IncomingMessage, pathUserId: string, deps: SocketAuth): Promise<UpgradeAuth> {
  if (!deps.allowedOrigin(req.headers.origin, req.headers.host)) return { ok: false, status: 403, text: 'Forbidden' };
  const session = await unsealSession(readCookie(req.headers.cookie, SESSION_COOKIE), deps.sessionSecret);
  const userId = session ? await deps.verifyToken(session.token) : null;
  if (!session || !userId) return { ok: false, status: 401, text: 'Unauthorized' };
  let claimed: string;
  try {
    claimed = decodeURIComponent(pathUserId);
  } catch {
    return { ok: false, status: 403, text: 'Forbidden' };
  }
  if (claimed !== userId) return { ok: false, status: 403, text: 'Forbidden' };
  return { ok: true, userId, token: session.token };
}
