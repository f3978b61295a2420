import type { Socket } from 'node:net';
import type { PoolStats } from './metrics';

/**
 * What the 系统监控 screens read about this process's HTTP traffic (issue #27 item 4): the last 100 requests,
 * per-second request counts of the last minute, requests in flight and open connections. server.ts's request
 * tracker (http-ops.ts `track`) writes it; the backend's monitor routes read it in the same process (server.ts
 * loads both through one module graph). Without the tracker (`npm run backend` standalone, tests) `tracking`
 * stays false and the figures stay empty.
 */

export interface TraceEntry {
  /** Epoch ms when the request arrived. */
  time: number;
  method: string;
  /** Without query string; long segments masked (route-label.ts `loggablePath`). */
  path: string;
  status: number;
  ms: number;
  userId?: string;
}

export const TRACE_MAX = 100;
const WINDOW_S = 60;

interface MonitorState {
  tracking: boolean;
  trace: TraceEntry[];
  /** Next slot of the ring once it is full. */
  next: number;
  /** Requests that ended in second `stamps[i]` (epoch seconds), one slot per second of the last minute. */
  counts: number[];
  stamps: number[];
  inFlight: number;
  sockets: Set<Socket>;
  websocketClients: (() => number) | null;
  pool: PoolStats | null;
}

const STATE: MonitorState = {
  tracking: false,
  trace: [],
  next: 0,
  counts: new Array<number>(WINDOW_S).fill(0),
  stamps: new Array<number>(WINDOW_S).fill(0),
  inFlight: 0,
  sockets: new Set(),
  websocketClients: null,
  pool: null,
};

const state = () => STATE;

/** server.ts's live sources that the backend cannot see itself: the realtime hub and the pg pool. */
export function registerMonitorSources(sources: { websocketClients?: () => number; pool?: PoolStats | null }): void {
  const s = state();
  if (sources.websocketClients) s.websocketClients = sources.websocketClients;
  if (sources.pool !== undefined) s.pool = sources.pool;
}

/** A request starts (called by the tracker): counts it in flight and remembers its connection until it closes. */
export function monitorRequestStart(socket: Socket | null | undefined): void {
  const s = state();
  s.tracking = true;
  s.inFlight++;
  if (socket && !s.sockets.has(socket)) {
    s.sockets.add(socket);
    socket.once('close', () => s.sockets.delete(socket));
  }
}

/** A request ended: out of flight, counted in its second, and (unless `traced` is false) kept in the ring. */
export function monitorRequestEnd(entry: TraceEntry, traced = true): void {
  const s = state();
  s.inFlight = Math.max(0, s.inFlight - 1);
  const sec = Math.floor(Date.now() / 1000);
  const slot = sec % WINDOW_S;
  if (s.stamps[slot] !== sec) {
    s.stamps[slot] = sec;
    s.counts[slot] = 0;
  }
  s.counts[slot]++;
  if (!traced) return;
  if (s.trace.length < TRACE_MAX) s.trace.push(entry);
  else {
    s.trace[s.next] = entry;
    s.next = (s.next + 1) % TRACE_MAX;
  }
}

/** The kept requests, newest first. */
export function recentTrace(): TraceEntry[] {
  const { trace, next } = state();
  const ordered = trace.length < TRACE_MAX ? trace.slice() : [...trace.slice(next), ...trace.slice(0, next)];
  return ordered.reverse();
}

export interface TrafficSnapshot {
  tracking: boolean;
  /** Requests that ended in the last 60 whole seconds (the current second excluded: it is still filling). */
  requestsLastMinute: number;
  inFlight: number;
  openConnections: number;
  websocketClients: number | null;
  pool: PoolStats | null;
}

export function trafficSnapshot(): TrafficSnapshot {
  const s = state();
  const now = Math.floor(Date.now() / 1000);
  let n = 0;
  for (let i = 0; i < WINDOW_S; i++) if (s.stamps[i] < now && s.stamps[i] >= now - WINDOW_S) n += s.counts[i];
  return {
    tracking: s.tracking,
    requestsLastMinute: n,
    inFlight: s.inFlight,
    openConnections: s.sockets.size,
    websocketClients: s.websocketClients ? s.websocketClients() : null,
    pool: s.pool ? { totalCount: s.pool.totalCount, idleCount: s.pool.idleCount, waitingCount: s.pool.waitingCount } : null,
  };
}
