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

/** The subprotocols a client offered (`Sec-WebSocket-Protocol`, comma-separated), trimmed, empty ones dropped. */
export function offeredProtocols(req: IncomingMessage): string[] {
  const raw = req.headers['sec-websocket-protocol'];
  const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}

/** The path's user id (still URI-encoded) must be the identity's user; a broken escape is refused. */
function samePathUser(pathUserId: string, userId: string): boolean {
  try {
    return decodeURIComponent(pathUserId) === userId;
  } catch {
    return false;
  }
}

/**
 * JeecgBoot's client (`new WebSocket(url, [token])`): the access token is the one subprotocol offered. It is
 * checked like any other token (`verifyToken`), the path's user id must be its user, and the server then
 * answers with that same subprotocol (ws picks the first offered), as JeecgBoot's WebsocketFilter does. No
 * Origin check here: a token is not an ambient credential a foreign page could ride on, unlike a cookie.
 */
export async function authenticateTokenUpgrade(req: IncomingMessage, pathUserId: string, deps: Pick<SocketAuth, 'verifyToken'>): Promise<UpgradeAuth> {
  const offered = offeredProtocols(req);
  if (offered.length !== 1) return { ok: false, status: 401, text: 'Unauthorized' };
  const token = offered[0];
  const userId = await deps.verifyToken(token);
  if (!userId) return { ok: false, status: 401, text: 'Unauthorized' };
  if (!samePathUser(pathUserId, userId)) return { ok: false, status: 403, text: 'Forbidden' };
  return { ok: true, userId, token };
}

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
  if (!samePathUser(pathUserId, userId)) return { ok: false, status: 403, text: 'Forbidden' };
  return { ok: true, userId, token: session.token };
}
