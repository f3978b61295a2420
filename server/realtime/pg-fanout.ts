import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db';
import type { Notifier } from '../core/context';
import type { RealtimeHub } from './hub';

/**
 * Realtime fan-out across instances (DESIGN §3/§5). Every push is delivered to this instance's
 * sockets at once and, on PostgreSQL, published with `pg_notify('jiaowu_realtime', json)`; every
 * instance LISTENs on a dedicated connection and delivers what others published to its own sockets.
 * Its own echo is recognised by the instance id and skipped. On PGlite everything stays in process.
 * A push is best effort: what a disconnected listener misses, the client's 6 s poll picks up.
 */

export const REALTIME_CHANNEL = 'jiaowu_realtime';
/** NOTIFY payloads must stay under 8000 bytes. */
export const MAX_PAYLOAD_BYTES = 7900;

export type Delivery =
  | { kind: 'users'; userIds: string[]; message: object }
  | { kind: 'all'; message: object }
  /** Revoked sessions: their sockets close wherever they are. */
  | { kind: 'close'; tokenHashes: string[] };

export interface RealtimeFanout {
  readonly instanceId: string;
  /** Delivers locally and to every other instance. Never throws; failures are logged. */
  publish(d: Delivery): Promise<void>;
  close(): Promise<void>;
}

/** How payloads travel between instances (PostgreSQL LISTEN/NOTIFY, or a fake in tests). */
export interface FanoutTransport {
  publish(payload: string): Promise<void>;
  /** Starts receiving every payload on the channel (this instance's own included). */
  listen(onPayload: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

type Log = (text: string) => void;
const defaultLog: Log = (text) => console.error(`[realtime] ${text}`);

interface Envelope {
  o: string;
  d: Delivery;
}

/** One delivery as one or more payloads that each fit NOTIFY (id lists are split; a single oversize message is dropped). */
export function encodeDelivery(origin: string, d: Delivery, max = MAX_PAYLOAD_BYTES): string[] {
  const text = JSON.stringify({ o: origin, d } satisfies Envelope);
  if (Buffer.byteLength(text) <= max) return [text];
  const list = d.kind === 'users' ? d.userIds : d.kind === 'close' ? d.tokenHashes : [];
  if (list.length < 2) return [];
  const half = Math.ceil(list.length / 2);
  const part = (ids: string[]): Delivery => (d.kind === 'users' ? { ...d, userIds: ids } : { kind: 'close', tokenHashes: ids });
  return [...encodeDelivery(origin, part(list.slice(0, half)), max), ...encodeDelivery(origin, part(list.slice(half)), max)];
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

export function decodeDelivery(payload: string): { origin: string; delivery: Delivery } | null {
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  const env = raw as Partial<Envelope> | null;
  const d = env?.d as Partial<Record<string, unknown>> | undefined;
  if (!env || typeof env.o !== 'string' || !d) return null;
  const message = d.message;
  const isObject = typeof message === 'object' && message !== null;
  if (d.kind === 'users' && isStringArray(d.userIds) && isObject) return { origin: env.o, delivery: { kind: 'users', userIds: d.userIds, message } };
  if (d.kind === 'all' && isObject) return { origin: env.o, delivery: { kind: 'all', message } };
  if (d.kind === 'close' && isStringArray(d.tokenHashes)) return { origin: env.o, delivery: { kind: 'close', tokenHashes: d.tokenHashes } };
  return null;
}

/** Delivery into this instance's hub. */
export function hubDelivery(hub: RealtimeHub): (d: Delivery) => void {
  return (d) => {
    if (d.kind === 'users') for (const id of d.userIds) hub.sendToUser(id, d.message);
    else if (d.kind === 'all') hub.broadcast(d.message);
    else hub.closeSessions(d.tokenHashes);
  };
}

/** A fan-out over `transport` (none = this process only). Starts listening before it resolves. */
export async function createFanout(
  deliver: (d: Delivery) => void,
  transport?: FanoutTransport,
  opts: { instanceId?: string; log?: Log } = {},
): Promise<RealtimeFanout> {
  const instanceId = opts.instanceId ?? randomUUID();
  const log = opts.log ?? defaultLog;
  const safeDeliver = (d: Delivery) => {
    try {
      deliver(d);
    } catch (e) {
      log(`delivery failed: ${(e as Error).message}`);
    }
  };
  await transport?.listen((payload) => {
    const got = decodeDelivery(payload);
    if (!got) return log('ignored an unreadable payload');
    if (got.origin !== instanceId) safeDeliver(got.delivery);
  });
  return {
    instanceId,
    async publish(d) {
      safeDeliver(d);
      if (!transport) return;
      const payloads = encodeDelivery(instanceId, d);
      if (!payloads.length) log(`a ${d.kind} message is too large for other instances; delivered locally only`);
      for (const p of payloads) {
        try {
          await transport.publish(p);
        } catch (e) {
          log(`publish failed: ${(e as Error).message}`);
        }
      }
    },
    close: async () => {
      await transport?.close();
    },
  };
}

export interface PgTransportOptions {
  connectionString: string;
  /** Publishes through the application's pool (NOTIFY needs no dedicated connection). */
  db: Database;
  /** First reconnect delay; doubles up to 30 s. */
  reconnectMs?: number;
  log?: Log;
}

/** LISTEN on one dedicated `pg` client (reconnecting with backoff); NOTIFY through the pool. */
export function pgTransport({ connectionString, db, reconnectMs = 1000, log = defaultLog }: PgTransportOptions): FanoutTransport {
  let client: import('pg').Client | null = null;
  let closed = false;
  let delay = reconnectMs;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (onPayload: (payload: string) => void): Promise<void> => {
    const pg = await import('pg');
    const c = new pg.default.Client({ connectionString });
    const retry = () => {
      if (closed || client !== c) return;
      client = null;
      c.removeAllListeners();
      c.on('error', () => undefined);
      void c.end().catch(() => undefined);
      timer = setTimeout(() => void connect(onPayload), delay);
      timer.unref?.();
      delay = Math.min(delay * 2, 30_000);
    };
    client = c;
    c.on('notification', (n) => {
      if (n.channel === REALTIME_CHANNEL && n.payload) onPayload(n.payload);
    });
    c.on('error', (e) => {
      log(`listener connection error: ${e.message}`);
      retry();
    });
    c.on('end', retry);
    try {
      await c.connect();
      await c.query(`LISTEN ${REALTIME_CHANNEL}`);
      delay = reconnectMs;
    } catch (e) {
      log(`cannot listen on PostgreSQL: ${(e as Error).message}`);
      retry();
    }
  };

  return {
    listen: (onPayload) => connect(onPayload),
    publish: async (payload) => {
      await sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`.execute(db);
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}

/** What connectRealtime needs of the embedded backend (server/backend.ts `Backend`). */
export interface RealtimeBackend {
  dbKind: 'pglite' | 'postgres';
  config: { databaseUrl: string | null };
  db: Database;
  setNotifier(fn: Notifier): void;
  setBroadcaster(fn: (message: object) => void | Promise<void>): void;
  sessions: { onRevoke(fn: (tokenHashes: string[]) => void): () => void };
}

/**
 * Wires a backend's pushes (user pushes, broadcasts, revoked sessions) through a fan-out into `deliver`
 * (usually `hubDelivery(hub)`): across instances on PostgreSQL, in process on PGlite.
 */
export async function connectRealtime(
  backend: RealtimeBackend,
  deliver: (d: Delivery) => void,
  opts: { log?: Log; instanceId?: string; reconnectMs?: number } = {},
): Promise<RealtimeFanout> {
  const transport =
    backend.dbKind === 'postgres' && backend.config.databaseUrl
      ? pgTransport({ connectionString: backend.config.databaseUrl, db: backend.db, log: opts.log, reconnectMs: opts.reconnectMs })
      : undefined;
  const fanout = await createFanout(deliver, transport, opts);
  backend.setNotifier((userIds, message) => fanout.publish({ kind: 'users', userIds, message }));
  backend.setBroadcaster((message) => fanout.publish({ kind: 'all', message }));
  const stopRevoke = backend.sessions.onRevoke((tokenHashes) => void fanout.publish({ kind: 'close', tokenHashes }));
  return {
    instanceId: fanout.instanceId,
    publish: fanout.publish,
    close: async () => {
      stopRevoke();
      await fanout.close();
    },
  };
}
