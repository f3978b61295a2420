import { FILE_CONCURRENCY, MAX_THREADS, SLICE_CONCURRENCY } from './plan';

// Scheduler: 3 files × 3 slices, 5 requests overall, shared by every upload on the page.

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
