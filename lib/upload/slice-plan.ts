/**
 * Sliced, resumable upload: the pure parts shared by the browser client, the server and the bench
 * (spec 02 §9): how a file is cut, how many requests run at once, how a request is retried, how
 * often progress is reported, and what a server error code means.
 */

const KB = 1024;
const MB = 1024 * KB;

/** Files over 20 MB go through the slice protocol; smaller ones use the plain upload. */
export const SLICE_THRESHOLD = 20 * MB;
/** 512 KB slices for files up to 512 KB, 1 MB otherwise. */
export const SMALL_SLICE_SIZE = 512 * KB;
export const SLICE_SIZE = 1 * MB;
/** The spec also defines a 3 MB default chunk; the planner uses the two sizes above. */
export const DEFAULT_CHUNK_SIZE = 3 * MB;
/** The largest file a sliced upload accepts (materials video: 1 GB). */
export const MAX_SLICED_SIZE = 1024 * MB;

/** Files uploading at once, slices per file at once, requests overall. */
export const FILE_CONCURRENCY = 3;
export const SLICE_CONCURRENCY = 3;
export const MAX_THREADS = 5;

/** One attempt per timeout: 3 s, 5 s, then 10 s; the slice fails after the third. */
export const SLICE_ATTEMPT_TIMEOUTS_MS: readonly number[] = [3000, 5000, 10000];
export const FINISH_RETRIES = 3;
/** Finishing may move a 1 GB file: a generous limit per attempt. */
export const FINISH_TIMEOUT_MS = 120_000;
/** Unfinished uploads (and their slice checksums) are kept this long. */
export const SLICE_SESSION_TTL_S = 259_200;
export const PROGRESS_INTERVAL_MS = 100;
/** Restarts from init after code 10005 before giving up. */
export const MAX_RESTARTS = 3;

export interface SlicePlan {
  size: number;
  sliceSize: number;
  sliceCount: number;
}

/** The server and the client plan with this one function, so they always agree. */
export function planSlices(size: number): SlicePlan {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError('invalid file size');
  const sliceSize = size <= SMALL_SLICE_SIZE ? SMALL_SLICE_SIZE : SLICE_SIZE;
  // An empty file still has one (empty) slice, so finishing has something to check.
  const sliceCount = Math.max(1, Math.ceil(size / sliceSize));
  return { size, sliceSize, sliceCount };
}

/** Bytes of slice `index` (the last one may be short). */
export function sliceLength(plan: SlicePlan, index: number): number {
  if (!Number.isInteger(index) || index < 0 || index >= plan.sliceCount) throw new RangeError('invalid slice index');
  return Math.min(plan.sliceSize, plan.size - index * plan.sliceSize);
}

export function sliceRange(plan: SlicePlan, index: number): { start: number; end: number } {
  const start = index * plan.sliceSize;
  return { start, end: start + sliceLength(plan, index) };
}

export const shouldSlice = (size: number): boolean => size > SLICE_THRESHOLD;

/** The slices still to send, in order. */
export function missingSlices(plan: SlicePlan, received: readonly number[]): number[] {
  const have = new Set(received);
  const out: number[] = [];
  for (let i = 0; i < plan.sliceCount; i++) if (!have.has(i)) out.push(i);
  return out;
}

export function receivedBytes(plan: SlicePlan, received: readonly number[]): number {
  let n = 0;
  for (const i of new Set(received)) if (i >= 0 && i < plan.sliceCount) n += sliceLength(plan, i);
  return n;
}

// ---------------------------------------------------------------------------------------------
// Error codes (spec 02 §8)

export const SLICE_CODES = {
  /** Sizes disagree / slices missing: start again from init (which resumes what the server has). */
  FILESIZE_NOT_MATCH: 10005,
  /** The upload is unknown, expired or someone else's: start again from init. */
  UPLOAD_NOT_FOUND: 10006,
  SHA1_ERROR: 20001,
  SLICE_LENGTH_ERROR: 20002,
  SLICE_WRITE_ERROR: 20003,
  FINISH_ERROR: 20004,
} as const;

export const SLICE_MESSAGES = {
  FILESIZE_NOT_MATCH: 'filesize not match',
  FINISH_ERROR: 'slice finish error',
  SLICE_LENGTH_ERROR: 'slice upload file error',
  SHA1_ERROR: 'get slice sha1 error',
  SLICE_WRITE_ERROR: 'upload slice file error',
} as const;

export const CANCELLED_MESSAGE = '该文件已取消上传';
export const MISSING_FINISH_URL_MESSAGE = '请设置url.finishUpload属性!';
export const SERVICE_NOT_READY_MESSAGE = '正在配置服务，请稍后重试';

export type ErrorAction = 'restart' | 'retry' | 'fail';

/** 10005 (and an unknown upload) restart from init; 20000–29999 are retried while retries remain. */
export function classifySliceError(code: number): ErrorAction {
  if (code === SLICE_CODES.FILESIZE_NOT_MATCH || code === SLICE_CODES.UPLOAD_NOT_FOUND) return 'restart';
  if (code >= 20000 && code <= 29999) return 'retry';
  return 'fail';
}

/** A failure that carries the server's code and whether another attempt may help. */
export class SliceError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly action: ErrorAction,
    readonly cancelled = false,
  ) {
    super(message);
    this.name = 'SliceError';
  }
}

// ---------------------------------------------------------------------------------------------
// Retry with per-attempt timeouts

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

// ---------------------------------------------------------------------------------------------
// Scheduler: 3 files × 3 slices, 5 requests overall, shared by every upload on the page

class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly limit: number) {}
  get inUse() {
    return this.active;
  }
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        this.active++;
        resolve();
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(grant);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(grant);
    });
  }
  release() {
    this.active--;
    const next = this.waiting.shift();
    if (next) next();
  }
}

export interface FileLane {
  /** Runs one request of this file once a per-file and a global slot are free. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Frees the file slot (call once, when the file is finished, failed or cancelled). */
  release(): void;
}

export interface SchedulerLimits {
  files: number;
  perFile: number;
  total: number;
}

export class SliceScheduler {
  private readonly files: Semaphore;
  private readonly total: Semaphore;
  constructor(readonly limits: SchedulerLimits = { files: FILE_CONCURRENCY, perFile: SLICE_CONCURRENCY, total: MAX_THREADS }) {
    this.files = new Semaphore(limits.files);
    this.total = new Semaphore(limits.total);
  }

  get activeFiles() {
    return this.files.inUse;
  }
  get activeRequests() {
    return this.total.inUse;
  }

  /** Waits for a file slot (at most `files` uploads at once; the others queue in order). */
  async acquireFile(signal?: AbortSignal): Promise<FileLane> {
    await this.files.acquire(signal);
    const perFile = new Semaphore(this.limits.perFile);
    let released = false;
    return {
      run: async <T>(task: () => Promise<T>, s?: AbortSignal) => {
        await perFile.acquire(s);
        try {
          await this.total.acquire(s);
        } catch (e) {
          perFile.release();
          throw e;
        }
        try {
          return await task();
        } finally {
          this.total.release();
          perFile.release();
        }
      },
      release: () => {
        if (released) return;
        released = true;
        this.files.release();
      },
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Progress throttle

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

// ---------------------------------------------------------------------------------------------
// SHA-1 of a slice

/**
 * Hex SHA-1. WebCrypto where the page has it; a plain implementation otherwise, because
 * `crypto.subtle` exists only in secure contexts and a school may open the app over plain http.
 */
export async function sha1Hex(data: ArrayBuffer | Uint8Array): Promise<string> {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const subtle = typeof globalThis.crypto === 'object' ? globalThis.crypto.subtle : undefined;
  if (subtle) return toHex(new Uint8Array(await subtle.digest('SHA-1', bytes as Uint8Array<ArrayBuffer>)));
  return sha1Fallback(bytes);
}

const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** FIPS 180-4 SHA-1 over a byte array (used only without WebCrypto). */
export function sha1Fallback(bytes: Uint8Array): string {
  const bitLen = bytes.length * 8;
  const padded = new Uint8Array(((bytes.length + 9 + 63) >> 6) << 6);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLen / 0x100000000));
  view.setUint32(padded.length - 4, bitLen >>> 0);
  let h0 = 0x67452301, h1 = 0xefcdab89, h2 = 0x98badcfe, h3 = 0x10325476, h4 = 0xc3d2e1f0;
  const w = new Uint32Array(80);
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 80; i++) {
      const x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16];
      w[i] = (x << 1) | (x >>> 31);
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4;
    for (let i = 0; i < 80; i++) {
      const f = i < 20 ? (b & c) | (~b & d) : i < 40 ? b ^ c ^ d : i < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d;
      const k = i < 20 ? 0x5a827999 : i < 40 ? 0x6ed9eba1 : i < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const t = (((a << 5) | (a >>> 27)) + f + e + k + w[i]) >>> 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = t;
    }
    h0 = (h0 + a) >>> 0;
    h1 = (h1 + b) >>> 0;
    h2 = (h2 + c) >>> 0;
    h3 = (h3 + d) >>> 0;
    h4 = (h4 + e) >>> 0;
  }
  return [h0, h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('');
}

/**
 * The path of one slice's PUT (`/sys/upload/slice/{uploadId}/{index}`, server/http/slice-routes.ts).
 * The BFF and the backend's auth treat these requests, a thousand per gigabyte, specially.
 */
export const SLICE_PUT_PATH = /^\/sys\/upload\/slice\/[0-9a-f]{32}\/\d{1,7}$/;
