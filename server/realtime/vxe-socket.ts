import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { VxeSocketFrame, VxeUpdateData } from '../../lib/grid/vxe-socket-types';
import { sha256 } from '../core/ids';
import type { RealtimeHub } from './hub';
import { authenticateUpgrade, refuse, type SocketAuth } from './socket-auth';

/** Anything under /vxeSocket is ours (a malformed one is refused here, never handed to Next). */
const VXE_PREFIX = /^\/vxeSocket(?:[/?#]|$)/;
export const VXE_PATH = /^\/vxeSocket\/([^/?#]+)\/([A-Za-z0-9_-]{1,100})\/?(?:\?.*)?$/;
/** Frames above this size close the socket (ws answers 1009). */
export const VXE_MAX_FRAME_BYTES = 64 * 1024;
/** Per socket: at most this many frames per window; the rest are dropped (a grid sends a few per edit). */
export const VXE_RATE = { frames: 30, windowMs: 1000 } as const;
const MAX_SOCKET_KEY = 100;

/** A grid frame on its way to the sockets of one page (possibly through another instance). */
export interface VxeRelay {
  pageId: string;
  /** The serialised frame as the receivers get it. */
  text: string;
  /** The sending socket, which must not get its own frame back. */
  fromSocket: string;
}

export interface VxeSocketDeps extends SocketAuth {
  /** Registers each socket (with a no-op send) so revoked sessions and shutdown close it too. */
  hub?: RealtimeHub;
  /** Carries a relay to every instance; default: this process only. Must call `deliver` locally. */
  publish?(relay: VxeRelay): void;
  log?(text: string): void;
  now?(): number;
  /**
   * Whether the authenticated user may join the page (its permission code, lib/grid/vxe-pages.ts).
   * Without it every signed-in user may join, as in JeecgBoot (the legacy-upstream mode).
   */
  canJoin?(userId: string, pageId: string): Promise<boolean>;
}

interface PageSocket {
  id: string;
  send(text: string): void;
}

/**
 * Parses one client frame. `heart_beat` needs no data; the two relayed types need
 * `data.socketKey` (1–100 chars) and `data.args` (an array). The sender's user id is set by the
 * server, so a client cannot speak for someone else.
 */
export function parseVxeFrame(raw: string): { type: 'heart_beat' } | { type: 'update_vxe_table' | 'common_send_date'; data: VxeUpdateData } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { error: 'unparseable frame' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: 'frame is not an object' };
  const frame = value as Partial<VxeSocketFrame>;
  if (frame.type === 'heart_beat') return { type: 'heart_beat' };
  if (frame.type !== 'update_vxe_table' && frame.type !== 'common_send_date') return { error: `unknown frame type ${JSON.stringify(frame.type)?.slice(0, 40)}` };
  const data = frame.data as Partial<VxeUpdateData> | null | undefined;
  if (!data || typeof data !== 'object' || typeof data.socketKey !== 'string' || !data.socketKey || data.socketKey.length > MAX_SOCKET_KEY || !Array.isArray(data.args)) {
    return { error: `malformed ${frame.type} data` };
  }
  return { type: frame.type, data: { socketKey: data.socketKey, args: data.args } };
}

/**
 * `/vxeSocket/{userId}/{pageId}` (spec 02 §7): authenticated like `/websocket` (cookie session, the
 * path's user must be the session's, Origin checked). A grid change is relayed to every other
 * socket on the same pageId; heartbeats are answered; anything else is logged and dropped.
 */
export function createVxeSocketHandler(deps: VxeSocketDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: VXE_MAX_FRAME_BYTES });
  const pages = new Map<string, Map<string, PageSocket>>();
  const log = deps.log ?? ((text: string) => console.warn(`[vxeSocket] ${text}`));
  const now = deps.now ?? Date.now;

  function deliver(relay: VxeRelay) {
    for (const [id, s] of pages.get(relay.pageId) ?? []) if (id !== relay.fromSocket) s.send(relay.text);
  }
  const publish = deps.publish ?? deliver;

  function join(pageId: string, s: PageSocket) {
    let set = pages.get(pageId);
    if (!set) pages.set(pageId, (set = new Map()));
    set.set(s.id, s);
    return () => {
      set!.delete(s.id);
      if (!set!.size && pages.get(pageId) === set) pages.delete(pageId);
    };
  }

  function attach(ws: WebSocket, userId: string, token: string, pageId: string) {
    const id = randomUUID();
    const leave = join(pageId, { id, send: (text) => ws.readyState === ws.OPEN && ws.send(text) });
    const unhub = deps.hub?.add({ userId, tokenHash: sha256(token), send: () => undefined, close: (code, reason) => ws.close(code, reason) });
    let windowStart = now();
    let inWindow = 0;
    ws.on('message', (raw: RawData, isBinary: boolean) => {
      const t = now();
      if (t - windowStart >= VXE_RATE.windowMs) {
        windowStart = t;
        inWindow = 0;
      }
      if (++inWindow > VXE_RATE.frames) {
        if (inWindow === VXE_RATE.frames + 1) log(`rate limit: frames dropped for user ${userId} on ${pageId}`);
        return;
      }
      if (isBinary) return log('binary frame dropped');
      const frame = parseVxeFrame(raw.toString());
      if ('error' in frame) return log(`${frame.error}; dropped`);
      if (frame.type === 'heart_beat') return void ws.send(JSON.stringify({ type: 'heart_beat' }));
      const text = JSON.stringify({ type: frame.type, data: { ...frame.data, userId } });
      publish({ pageId, text, fromSocket: id });
    });
    const done = () => {
      leave();
      unhub?.();
    };
    ws.on('close', done);
    ws.on('error', done);
  }

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<boolean> {
    const url = req.url ?? '';
    if (!VXE_PREFIX.test(url)) return false;
    const match = VXE_PATH.exec(url);
    if (!match) return refuse(socket, 400, 'Bad Request'), true;
    try {
      const auth = await authenticateUpgrade(req, match[1], deps);
      if (!auth.ok) return refuse(socket, auth.status, auth.text), true;
      if (deps.canJoin && !(await deps.canJoin(auth.userId, match[2]))) return refuse(socket, 403, 'Forbidden'), true;
      wss.handleUpgrade(req, socket, head, (ws) => attach(ws, auth.userId, auth.token, match[2]));
    } catch (e) {
      console.error('[vxeSocket] upgrade failed:', (e as Error).message);
      refuse(socket, 500, 'Internal Server Error');
    }
    return true;
  }

  return {
    handleUpgrade,
    /** Hands a relay (from this or another instance) to this instance's sockets on its page. */
    deliver,
    /** Open sockets on this instance (for tests and diagnostics). */
    get size() {
      let n = 0;
      for (const set of pages.values()) n += set.size;
      return n;
    },
  };
}

/** Wraps a relay in a fan-out `all` message, and recognises one coming back (see server.ts). */
export const VXE_FANOUT_KEY = 'vxeRelay';

export function isVxeRelay(v: unknown): v is VxeRelay {
  const r = v as Partial<VxeRelay> | null;
  return !!r && typeof r === 'object' && typeof r.pageId === 'string' && typeof r.text === 'string' && typeof r.fromSocket === 'string';
}
