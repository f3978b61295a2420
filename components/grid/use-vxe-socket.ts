'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useShell } from '@/components/shell/shell-context';
import { VXE_SOCKET, type VxeSocketFrame, type VxeUpdateData } from '@/lib/grid/vxe-socket-types';
import { reconnectDelay } from '@/lib/reconnect';

export type VxeSocketStatus = 'connecting' | 'open' | 'closed';

export interface UseVxeSocketOptions {
  /** The page's channel: sockets with the same pageId see each other's changes. */
  pageId: string;
  /** The grid on that page: only frames naming it reach onUpdate. */
  socketKey: string;
  enabled?: boolean;
  onUpdate: (args: unknown[], fromUserId?: string) => void;
}

function vxeSocketUrl(userId: string, pageId: string) {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/vxeSocket/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}`;
}

/**
 * The grid's realtime channel `/vxeSocket/{userId}/{pageId}` (spec 02 §7, §9). The server knows
 * the user from the session cookie; the path id only has to match. A heartbeat goes out every 10 s;
 * no answer within 6 s counts as a dead socket, which is closed and, like any closed socket,
 * reopened 5 s later. Unparseable or foreign frames are logged only.
 */
export function useVxeSocket(opts: UseVxeSocketOptions): { send(args: unknown[]): void; status: VxeSocketStatus } {
  const { pageId, socketKey, enabled = true } = opts;
  const userId = useShell().account.userInfo.id;
  const active = enabled && !!userId && !!pageId;
  const [status, setStatus] = useState<VxeSocketStatus>('connecting');
  const onUpdate = useRef(opts.onUpdate);
  const socket = useRef<WebSocket | null>(null);
  useEffect(() => {
    onUpdate.current = opts.onUpdate;
  }, [opts.onUpdate]);

  useEffect(() => {
    if (!active) return;
    let ws: WebSocket | null = null;
    let heartbeat: number | undefined;
    let answerDue: number | undefined;
    let reconnect: number | undefined;
    let stopped = false;
    // Retries since the last open: the first waits the spec's 5 s, later ones back off with jitter.
    let failures = 0;

    const stopTimers = () => {
      window.clearInterval(heartbeat);
      window.clearTimeout(answerDue);
      answerDue = undefined;
    };
    /** Drops this socket and schedules the next one (once, whatever ended it). */
    const retry = (dead: WebSocket) => {
      if (dead !== ws) return;
      stopTimers();
      dead.onopen = dead.onmessage = dead.onclose = dead.onerror = null;
      if (dead.readyState === WebSocket.CONNECTING || dead.readyState === WebSocket.OPEN) dead.close();
      ws = socket.current = null;
      if (stopped) return;
      setStatus('closed');
      window.clearTimeout(reconnect);
      reconnect = window.setTimeout(connect, reconnectDelay(VXE_SOCKET.reconnectMs, failures++));
    };

    function connect() {
      setStatus('connecting');
      const current = new WebSocket(vxeSocketUrl(userId, pageId));
      ws = socket.current = current;
      current.onopen = () => {
        failures = 0;
        setStatus('open');
        stopTimers();
        heartbeat = window.setInterval(() => {
          if (current.readyState !== WebSocket.OPEN) return;
          current.send(JSON.stringify({ type: 'heart_beat' } satisfies VxeSocketFrame));
          if (answerDue === undefined) answerDue = window.setTimeout(() => retry(current), VXE_SOCKET.heartbeatTimeoutMs);
        }, VXE_SOCKET.heartbeatMs);
      };
      current.onmessage = (e: MessageEvent) => {
        let frame: Partial<VxeSocketFrame>;
        try {
          frame = JSON.parse(String(e.data)) as Partial<VxeSocketFrame>;
        } catch {
          return console.warn('[vxeSocket] unparseable frame', e.data);
        }
        if (frame?.type === 'heart_beat') {
          window.clearTimeout(answerDue);
          answerDue = undefined;
          return;
        }
        if (frame?.type === 'update_vxe_table' || frame?.type === 'common_send_date') {
          const data = frame.data as Partial<VxeUpdateData> | undefined;
          if (!data || !Array.isArray(data.args)) return console.warn('[vxeSocket] malformed frame', e.data);
          if (data.socketKey === socketKey) onUpdate.current(data.args, typeof data.userId === 'string' ? data.userId : undefined);
          return;
        }
        console.warn('[vxeSocket] unknown frame type', frame?.type);
      };
      current.onclose = () => retry(current);
      current.onerror = () => retry(current);
    }

    // Deferred a tick so the effect itself sets no state (and a StrictMode double run opens one socket).
    reconnect = window.setTimeout(connect, 0);
    return () => {
      stopped = true;
      window.clearTimeout(reconnect);
      if (ws) retry(ws);
    };
  }, [active, userId, pageId, socketKey]);

  const send = useCallback(
    (args: unknown[]) => {
      const ws = socket.current;
      if (!ws || ws.readyState !== WebSocket.OPEN) return console.warn('[vxeSocket] not connected; change not broadcast');
      ws.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey, args } } satisfies VxeSocketFrame));
    },
    [socketKey],
  );

  return { send, status: active ? status : 'closed' };
}
