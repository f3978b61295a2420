'use client';

import { useEffect, useRef } from 'react';
import { reconnectDelay } from '@/lib/reconnect';

/** Spec 01 §4/§9: heartbeat text after 20 s, reconnect 5 s after an error or close. */
export const HEARTBEAT_MS = 20_000;
export const RECONNECT_MS = 5_000;

export interface SocketMessage {
  cmd: string;
  msgId?: string;
  msgTxt?: string;
}

/**
 * The notification socket `/websocket/{userId}` (the server checks the session cookie; the id only
 * has to match). Unparseable or unknown messages are logged only.
 */
export function useNotifySocket(userId: string | null, onMessage: (m: SocketMessage) => void, onOpen?: (reconnected: boolean) => void, onClose?: () => void) {
  const handler = useRef(onMessage);
  const opened = useRef(onOpen);
  const closed = useRef(onClose);
  useEffect(() => {
    handler.current = onMessage;
    opened.current = onOpen;
    closed.current = onClose;
  }, [onMessage, onOpen, onClose]);

  useEffect(() => {
    if (!userId) return;
    let ws: WebSocket | null = null;
    let heartbeat: number | undefined;
    let reconnect: number | undefined;
    let stopped = false;
    let connections = 0;
    // Retries since the last open: the first waits the spec's 5 s, later ones back off with jitter.
    let failures = 0;
    const connect = () => {
      const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/websocket/${encodeURIComponent(userId)}`;
      ws = new WebSocket(url);
      ws.onopen = () => {
        failures = 0;
        // After a reconnect, messages sent while we were away are lost: the caller catches up.
        opened.current?.(connections++ > 0);
        window.clearInterval(heartbeat);
        heartbeat = window.setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send('HeartBeat'), HEARTBEAT_MS);
      };
      ws.onmessage = (e) => {
        try {
          const m = JSON.parse(String(e.data)) as SocketMessage;
          if (m && typeof m.cmd === 'string') handler.current(m);
          else console.info('[socket] unknown message', e.data);
        } catch {
          console.info('[socket] unparseable message', e.data);
        }
      };
      const retry = () => {
        window.clearInterval(heartbeat);
        if (stopped) return;
        closed.current?.();
        window.clearTimeout(reconnect);
        reconnect = window.setTimeout(connect, reconnectDelay(RECONNECT_MS, failures++));
      };
      ws.onclose = retry;
      ws.onerror = () => ws?.close();
    };
    connect();
    return () => {
      stopped = true;
      window.clearInterval(heartbeat);
      window.clearTimeout(reconnect);
      ws?.close();
    };
  }, [userId]);
}
