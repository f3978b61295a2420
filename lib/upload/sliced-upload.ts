import { API_PREFIX } from '@/lib/config';
import type { Envelope } from '@/lib/envelope';
import { uploadList, type UploadHandle } from '@/lib/upload/upload-list-store';
import {
  CANCELLED_MESSAGE,
  classifySliceError,
  FINISH_RETRIES,
  FINISH_TIMEOUT_MS,
  MAX_RESTARTS,
  missingSlices,
  receivedBytes,
  sha1Hex,
  SLICE_ATTEMPT_TIMEOUTS_MS,
  sliceRange,
  SliceError,
  SliceScheduler,
  SLICE_MESSAGES,
  throttleProgress,
  withAttempts,
  type FileLane,
  type SlicePlan,
} from './slice-plan';
import { fileKey, UploadSessions } from './upload-session';
import type { MaterialKind } from './rules';

/**
 * Browser client of the sliced, resumable upload (server: server/system/slice-routes.ts). Each slice
 * carries its SHA-1, is tried with 3 s / 5 s / 10 s attempt timeouts, and runs through one scheduler
 * shared by every upload on the page (3 files × 3 slices, 5 requests overall). Which server upload
 * belongs to which local file is kept in the upload-session cookie; the server also resumes by file
 * identity, so picking the same file again sends only the missing slices.
 */

export interface SliceUrls {
  initUpload: string;
  uploadSlice: string;
  queryUpload: string;
  finishUpload: string;
  cancelUpload: string;
}

/** Relative to the API prefix; `{uploadId}` and `{index}` are filled in. */
export const DEFAULT_SLICE_URLS: SliceUrls = {
  initUpload: '/sys/upload/slice/init',
  uploadSlice: '/sys/upload/slice/{uploadId}/{index}',
  queryUpload: '/sys/upload/slice/{uploadId}',
  finishUpload: '/sys/upload/slice/{uploadId}/finish',
  cancelUpload: '/sys/upload/slice/{uploadId}',
};

export interface SlicedUploaderConfig {
  /** Overrides of the url set; a url set to '' or undefined is missing (请设置url.<name>属性!). */
  url?: Partial<Record<keyof SliceUrls, string | undefined>>;
  base?: string;
  fetch?: typeof fetch;
  scheduler?: SliceScheduler;
  sessions?: UploadSessions;
  sha1?: (data: ArrayBuffer) => Promise<string>;
  /** Attempt timeouts of one slice (default 3 s, 5 s, 10 s). */
  sliceTimeouts?: readonly number[];
}

export interface SlicedUploadOptions {
  /** Storage folder (default temp). */
  biz?: string;
  /** Material kind the server checks the content against ('video' for 课程资料 videos). */
  kind?: MaterialKind;
  /** 0–1, at most every 100 ms. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Also show the upload in the shell's upload list (with 重新上传). Off when the caller has its own entry. */
  list?: boolean;
}

export interface SlicedUploadResult {
  path: string;
  size: number;
}


interface InitResult {
  uploadId: string;
  sliceSize: number;
  sliceCount: number;
  received: number[];
}

/** One scheduler for every upload on the page. */
export const sharedSliceScheduler = new SliceScheduler();

const fill = (url: string, vars: Record<string, string | number>) => url.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(vars[k] ?? '')));

export class SlicedUploader {
  private readonly urls: Partial<SliceUrls>;
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;
  private readonly scheduler: SliceScheduler;
  private readonly sessions: UploadSessions;
  private readonly sha1: (data: ArrayBuffer) => Promise<string>;
  private readonly sliceTimeouts: readonly number[];

  constructor(config: SlicedUploaderConfig = {}) {
    this.urls = { ...DEFAULT_SLICE_URLS, ...config.url };
    this.base = config.base ?? API_PREFIX;
    this.fetchImpl = config.fetch ?? ((input, init) => fetch(input, init));
    this.scheduler = config.scheduler ?? sharedSliceScheduler;
    this.sessions = config.sessions ?? new UploadSessions();
    this.sha1 = config.sha1 ?? sha1Hex;
    this.sliceTimeouts = config.sliceTimeouts ?? SLICE_ATTEMPT_TIMEOUTS_MS;
  }

  /** Uploads `file`; rejects with a SliceError (`cancelled` when the signal aborted: 该文件已取消上传). */
  upload(file: File, opts: SlicedUploadOptions = {}): Promise<SlicedUploadResult> {
    if (!opts.list) return this.run(file, opts);
    const handle: UploadHandle = uploadList.start(file.name, { size: file.size, retry: () => void this.drive(file, opts, handle).catch(() => undefined) });
    return this.drive(file, opts, handle);
  }

  private async drive(file: File, opts: SlicedUploadOptions, handle: UploadHandle): Promise<SlicedUploadResult> {
    try {
      const r = await this.run(file, { ...opts, onProgress: (p) => (opts.onProgress?.(p), handle.progress(p)) });
      handle.done();
      return r;
    } catch (e) {
      handle.fail((e as Error).message);
      throw e;
    }
  }

  private url(name: keyof SliceUrls, vars: Record<string, string | number> = {}): string {
    const u = this.urls[name];
    if (!u) throw new SliceError(`请设置url.${name}属性!`, 0, 'fail');
    return this.base + fill(u, vars);
  }

  private async call<T>(method: string, url: string, init: { json?: unknown; body?: ArrayBuffer; signal?: AbortSignal } = {}): Promise<T> {
    const headers: Record<string, string> = {};
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.body) {
      headers['content-type'] = 'application/octet-stream';
      body = init.body;
    }
    const res = await this.fetchImpl(url, { method, headers, body, signal: init.signal, credentials: 'same-origin' });
    let env: Envelope<T> | null = null;
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      env = null;
    }
    if (!env) {
      // Gateway trouble is worth another attempt; anything else is not.
      const retry = res.status >= 500 || res.status === 429;
      throw new SliceError(`请求失败（${res.status}）`, res.status, retry ? 'retry' : 'fail');
    }
    if (!env.success) throw new SliceError(env.message || '未知错误', env.code, classifySliceError(env.code));
    return env.result;
  }

  private async run(file: File, opts: SlicedUploadOptions): Promise<SlicedUploadResult> {
    // Configuration is checked before anything is sent.
    for (const name of ['initUpload', 'uploadSlice', 'queryUpload', 'finishUpload', 'cancelUpload'] as const) this.url(name, { uploadId: 'x', index: 0 });
    const biz = opts.biz ?? 'temp';
    const key = fileKey(file, `${biz}|${opts.kind ?? ''}`);
    const controller = new AbortController();
    const abort = () => controller.abort(opts.signal?.reason);
    if (opts.signal?.aborted) abort();
    opts.signal?.addEventListener('abort', abort, { once: true });
    const signal = controller.signal;
    const progress = throttleProgress((p) => opts.onProgress?.(p));
    let lane: FileLane | undefined;
    let uploadId: string | undefined;
    try {
      lane = await this.scheduler.acquireFile(signal);
      for (let round = 0; ; round++) {
        try {
          const state = await this.begin(file, key, biz, opts.kind, round === 0, signal);
          uploadId = state.uploadId;
          const result = await this.transfer(file, state, lane, signal, progress);
          this.sessions.delete(key);
          progress(1);
          progress.flush();
          return result;
        } catch (e) {
          if (signal.aborted) throw e;
          // 10005 / unknown upload: start again from init, which resumes what the server has.
          if (e instanceof SliceError && e.action === 'restart' && round < MAX_RESTARTS - 1) {
            this.sessions.delete(key);
            continue;
          }
          throw e;
        }
      }
    } catch (e) {
      if (signal.aborted) {
        if (uploadId) await this.call('DELETE', this.url('cancelUpload', { uploadId })).catch(() => undefined);
        this.sessions.delete(key);
        throw new SliceError(CANCELLED_MESSAGE, 0, 'fail', true);
      }
      if (e instanceof SliceError) throw e;
      throw new SliceError((e as Error)?.message || '未知错误', 0, 'fail');
    } finally {
      lane?.release();
      progress.cancel();
      opts.signal?.removeEventListener('abort', abort);
    }
  }

  /** The upload to continue: the cookie's (if the server still has it), else init (which also resumes). */
  private async begin(file: File, key: string, biz: string, kind: string | undefined, useCookie: boolean, signal: AbortSignal): Promise<InitResult> {
    const known = useCookie ? this.sessions.get(key) : undefined;
    if (known) {
      try {
        const s = await this.call<{ received: number[]; sliceCount: number; sliceSize: number; size: number }>('GET', this.url('queryUpload', { uploadId: known }), { signal });
        if (s.size === file.size) return { uploadId: known, sliceSize: s.sliceSize, sliceCount: s.sliceCount, received: s.received };
      } catch (e) {
        if (signal.aborted) throw e;
      }
      this.sessions.delete(key);
    }
    const r = await this.call<InitResult>('POST', this.url('initUpload'), {
      json: { name: file.name, size: file.size, lastModified: file.lastModified, biz, ...(kind ? { kind } : {}) },
      signal,
    });
    this.sessions.set(key, r.uploadId);
    return r;
  }

  private async transfer(file: File, state: InitResult, lane: FileLane, signal: AbortSignal, progress: (p: number) => void): Promise<SlicedUploadResult> {
    const plan: SlicePlan = { size: file.size, sliceSize: state.sliceSize, sliceCount: state.sliceCount };
    let done = receivedBytes(plan, state.received);
    const total = Math.max(1, file.size);
    progress(done / total);
    // The first failing slice stops this round's others.
    const round = new AbortController();
    const stop = () => round.abort(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    const queue = missingSlices(plan, state.received);
    let next = 0;
    const sendOne = async (index: number) => {
      const { start, end } = sliceRange(plan, index);
      const bytes = await file.slice(start, end).arrayBuffer();
      const hash = await this.sha1(bytes);
      await withAttempts(
        (s) => this.call('PUT', `${this.url('uploadSlice', { uploadId: state.uploadId, index })}?sha1=${hash}`, { body: bytes, signal: s }),
        { timeouts: this.sliceTimeouts, signal: round.signal },
      ).catch((e: unknown) => {
        if (e instanceof SliceError || round.signal.aborted) throw e;
        // Timeouts and network errors after the last attempt (spec 02 §8's message).
        throw new SliceError(SLICE_MESSAGES.SLICE_WRITE_ERROR, 0, 'fail');
      });
      done += end - start;
      progress(done / total);
    };
    // A few workers pull from the queue (not one pending promise per slice: a 1 GB file has 1024).
    const worker = async () => {
      while (!round.signal.aborted && next < queue.length) {
        const index = queue[next++];
        await lane.run(() => sendOne(index), round.signal);
      }
      if (round.signal.aborted) throw round.signal.reason;
    };
    try {
      await Promise.all(
        Array.from({ length: Math.min(this.scheduler.limits.perFile, queue.length) }, () =>
          worker().catch((e: unknown) => {
            if (!round.signal.aborted) round.abort(e);
            throw e;
          }),
        ),
      );
    } catch (e) {
      // Report the slice's own failure, not the sibling aborts it caused.
      throw signal.aborted ? e : round.signal.reason ?? e;
    } finally {
      signal.removeEventListener('abort', stop);
    }
    const finishUrl = this.url('finishUpload', { uploadId: state.uploadId });
    const r = await withAttempts((s) => this.call<SlicedUploadResult>('POST', finishUrl, { signal: s }), {
      timeouts: Array.from({ length: FINISH_RETRIES }, () => FINISH_TIMEOUT_MS),
      signal,
    }).catch((e: unknown) => {
      if (e instanceof SliceError || signal.aborted) throw e;
      throw new SliceError(SLICE_MESSAGES.FINISH_ERROR, 0, 'fail');
    });
    return { path: r.path, size: r.size };
  }
}

let defaultUploader: SlicedUploader | null = null;

/** Sliced upload through the BFF with the default url set; `{ path }` is the stored path. */
export function uploadSliced(file: File, opts: SlicedUploadOptions = {}): Promise<{ path: string }> {
  defaultUploader ??= new SlicedUploader();
  return defaultUploader.upload(file, opts);
}
