import { PROGRESS_INTERVAL_MS } from './plan';

// Progress throttle: how often an upload reports progress.

export interface Throttled {
  (value: number): void;
  /** Emits the pending value now (on completion), then stays quiet. */
  flush(): void;
  cancel(): void;
}

/** Calls `emit` at most once per `intervalMs`, always delivering the latest value (trailing edge). */
export function throttleProgress(emit: (value: number) => void, intervalMs = PROGRESS_INTERVAL_MS, now: () => number = Date.now): Throttled {
  let last = -Infinity;
  let pending: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    if (pending === null) return;
    last = now();
    const v = pending;
    pending = null;
    emit(v);
  };
  const fn = ((value: number) => {
    pending = value;
    const wait = last + intervalMs - now();
    if (wait <= 0 && !timer) fire();
    else if (!timer) timer = setTimeout(fire, Math.max(0, wait));
  }) as Throttled;
  fn.flush = () => {
    if (timer) clearTimeout(timer);
    fire();
  };
  fn.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return fn;
}
