import { SliceError } from './errors';

// Retry with per-attempt timeouts: how one slice or finish request is tried again.

export interface AttemptOptions {
  /** One attempt per entry, each aborted after its timeout. */
  timeouts: readonly number[];
  /** The caller's signal: aborting it stops at once, without further attempts. */
  signal?: AbortSignal;
  /** Whether an error may be retried (default: network errors, timeouts and `SliceError` with action 'retry'). */
  retryable?: (error: unknown) => boolean;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export class AttemptTimeout extends Error {
  constructor(readonly ms: number) {
    super(`attempt timed out after ${ms} ms`);
    this.name = 'AttemptTimeout';
  }
}

const defaultRetryable = (e: unknown) => !(e instanceof SliceError) || e.action === 'retry';

/**
 * Runs `fn` up to `timeouts.length` times; attempt k gets its own AbortSignal that fires after
 * `timeouts[k]` ms (or when the caller's signal aborts). The last error is thrown.
 */
export async function withAttempts<T>(fn: (signal: AbortSignal, attempt: number) => Promise<T>, options: AttemptOptions): Promise<T> {
  const { timeouts, signal } = options;
  const retryable = options.retryable ?? defaultRetryable;
  const setTimer = options.setTimer ?? ((f: () => void, ms: number) => setTimeout(f, ms));
  const clearTimer = options.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let lastError: unknown = new Error('no attempts');
  for (let attempt = 0; attempt < timeouts.length; attempt++) {
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
    const ms = timeouts[attempt];
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer = setTimer(() => {
      timedOut = true;
      controller.abort(new AttemptTimeout(ms));
    }, ms);
    try {
      // Race the work against the abort, so a callee that ignores its signal still times out.
      return await new Promise<T>((resolve, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
        fn(controller.signal, attempt).then(resolve, reject);
      });
    } catch (e) {
      if (signal?.aborted) throw signal.reason ?? e;
      lastError = timedOut ? new AttemptTimeout(ms) : e;
      if (!timedOut && !retryable(e)) throw e;
    } finally {
      clearTimer(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
  throw lastError;
}
