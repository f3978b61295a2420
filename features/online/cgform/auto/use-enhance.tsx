'use client';

import { useCallback, useEffect, useMemo, useState, type ReactNode, type SyntheticEvent } from 'react';
import { createEnhanceClient, createSandboxOutbox, ENHANCE_CHANNEL, isFromSandbox, SANDBOX_PATH, toButtons, type EnhanceButton, type EnhanceHook } from '../enhance-runtime';

export interface Enhance {
  /** The hidden sandbox iframe (render it once; nothing when there is no script). */
  frame: ReactNode;
  /** List buttons the script declared. */
  buttons: EnhanceButton[];
  /** The script failed to start (the screen works without it). */
  error: string | null;
  /** Calls a hook; resolves undefined without a script; rejects on a script error or after 2 s. */
  call: (hook: EnhanceHook, args: unknown[]) => Promise<unknown>;
}

/**
 * Runs one enhance script (features/online/cgform/enhance-runtime.ts) in a Worker of the sandbox document
 * (SANDBOX_PATH, ../enhance-sandbox.ts), framed as `<iframe sandbox="allow-scripts">` without allow-same-origin: an
 * opaque origin, so it reaches neither our cookies nor our DOM, and only messages from that iframe's window are read.
 * The iframe goes with the screen, and its Worker with it.
 */
export function useEnhance(script: string, testId: string): Enhance {
  const active = script.trim() !== '';
  const [frameEl, setFrameEl] = useState<HTMLIFrameElement | null>(null);
  const [buttons, setButtons] = useState<EnhanceButton[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Calls made before the sandbox document has loaded (a form opened at once) wait for it.
  const outbox = useMemo(() => createSandboxOutbox(), []);
  const client = useMemo(() => createEnhanceClient(outbox.post), [outbox]);

  useEffect(() => {
    if (!active || !frameEl) return;
    const onMessage = (ev: MessageEvent) => {
      if (!frameEl.contentWindow || ev.source !== frameEl.contentWindow || !isFromSandbox(ev.data)) return;
      const d = ev.data;
      if (d.type === 'ready') setButtons(toButtons(d.buttons));
      else if (d.type === 'error') setError(String(d.message).slice(0, 200));
      else client.receive(d);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [active, frameEl, client]);
  useEffect(() => () => client.close(), [client]);

  const call = useCallback((hook: EnhanceHook, args: unknown[]) => (active && !error ? client.call(hook, args) : Promise.resolve(undefined)), [active, error, client]);
  const onLoad = (e: SyntheticEvent<HTMLIFrameElement>) => {
    const win = e.currentTarget.contentWindow;
    if (win) outbox.open(win, { channel: ENHANCE_CHANNEL, type: 'init', script });
  };
  const frame = active ? <iframe ref={setFrameEl} title="增强脚本" sandbox="allow-scripts" src={SANDBOX_PATH} onLoad={onLoad} style={{ display: 'none' }} data-testid={testId} /> : null;
  return { frame, buttons, error, call };
}
