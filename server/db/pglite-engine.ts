import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { StatementResult } from './pglite-session';
import type { FromWorker, ToWorker, WireError, WorkerOpen } from './pglite-worker';
import { interruptThread, prepareInterrupts } from './thread-interrupt';

/**
 * The embedded database (PGlite) in a worker thread of its own, watched (docs/architecture.md, "The embedded
 * database's thread"). PGlite is PostgreSQL compiled to WebAssembly: a statement runs synchronously to its end, so on
 * the web thread one long statement stopped every request, the health checks and the websockets, and PostgreSQL's
 * statement_timeout could never fire (its timer is a JavaScript timer). Here:
 * - statements run on the worker, one at a time, in order; the web thread only posts them and waits;
 * - a statement given a time limit (`query(…, limitMs)`) is cancelled when it passes it: the engine raises
 *   PostgreSQL's cancel flags inside the busy thread (./thread-interrupt.ts), the statement fails with SQLSTATE 57014
 *   at its next interrupt check and the instance goes on serving;
 * - when a cancel does not end it within `cancelGraceMs` (or the inspector is missing), the thread is ended and the
 *   data directory opened again: PostgreSQL's crash recovery replays its write-ahead log, so every committed row is
 *   there and the interrupted transaction is gone. An in-memory database (tests) starts again from its snapshot.
 * - a thread that dies on its own (a WebAssembly trap) is opened again the same way at the next statement.
 */

declare const __JIAOWU_PGLITE_WORKER__: string | undefined;

export interface EngineOptions {
  /** Data directory; absent: in memory. */
  dir?: string;
  /** In memory: the data-directory tarball to start (and restart) from. */
  snapshot?: Blob;
  /** After a cancel, how long the statement may take to stop before its thread is ended (default 2 s). */
  cancelGraceMs?: number;
  /** Tests: false skips the cancel, so a statement past its limit ends its thread at once. */
  softCancel?: boolean;
}

/** The SQLSTATE of a cancelled statement (query_canceled), as PostgreSQL's own statement_timeout answers. */
export const CANCELED = '57014';

/** The error a statement ends with; `code` and the other PostgreSQL fields are those the worker sent. */
export class EngineError extends Error {
  code?: string;
  constructor(wire: WireError) {
    super(wire.message);
    Object.assign(this, wire);
    this.name = 'DatabaseError';
  }
}

/** The worker's entry: the bundle's own file when the server runs as a bundle, else the TypeScript source. */
function workerFile(): { file: string; tsx: string | null } {
  if (typeof __JIAOWU_PGLITE_WORKER__ === 'string') return { file: path.join(__dirname, __JIAOWU_PGLITE_WORKER__), tsx: null };
  return { file: path.join(__dirname, 'pglite-worker.ts'), tsx: require.resolve('tsx/cjs/api') };
}

// Evaluated, so the same few lines start the worker under tsx, Jest and the esbuild bundle alike.
const BOOT = `const { workerData } = require('node:worker_threads');
if (workerData.tsx) require(workerData.tsx).register();
require(workerData.file);`;

const isA = (v: object, tag: string) => Object.prototype.toString.call(v) === `[object ${tag}]`;

/** A value of another realm as one of this realm (what PGlite's parsers make: Date, Uint8Array, arrays, JSON). */
function localValue(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return Array.from(v, localValue);
  if (v instanceof Date || v instanceof Uint8Array) return v;
  if (isA(v, 'Date')) return new Date((v as Date).getTime());
  if (isA(v, 'Uint8Array')) return new Uint8Array(v as Uint8Array);
  if (isA(v, 'Object')) return localRow(v);
  return v;
}

function localRow(row: unknown): unknown {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row as Record<string, unknown>)) out[k] = localValue(v);
  return out;
}

interface Pending {
  id: number;
  resolve: (m: Extract<FromWorker, { t: 'r' }>) => void;
  reject: (e: Error) => void;
  /** The statement's time limit; its clock starts when it reaches the head of the queue (the worker runs it then). */
  limitMs?: number;
  timer?: NodeJS.Timeout;
  deadline?: number;
}

export class PGliteEngine {
  private worker: Worker | null = null;
  private opening: Promise<void> | null = null;
  /**
   * Calls posted and not yet answered, in the order the worker runs them. Statements of different requests are posted
   * without waiting for each other's answers, so the worker always has the next one at hand (the web thread's work
   * for one request overlaps the database's for another).
   */
  private queue: Pending[] = [];
  private next = 1;
  private closed = false;
  private snapshot: ArrayBuffer | null = null;
  /** Times the thread was ended and opened again (tests, metrics). */
  restarts = 0;
  /** Statements cancelled past their limit (metrics). */
  cancels = 0;
  /**
   * Messages arrive as objects of Node's main realm. Code running in another (Jest gives each test file a vm context
   * of its own) would see a Date that is not `instanceof Date`: then rows are remade in this realm.
   */
  private foreignRealm = false;

  private constructor(private readonly opts: EngineOptions) {}

  static async open(opts: EngineOptions): Promise<PGliteEngine> {
    const engine = new PGliteEngine(opts);
    if (opts.snapshot) engine.snapshot = await opts.snapshot.arrayBuffer();
    await prepareInterrupts();
    await engine.start();
    return engine;
  }

  private start(): Promise<void> {
    this.opening ??= (async () => {
      const { file, tsx } = workerFile();
      const data: WorkerOpen & { file: string; tsx: string | null } = { file, tsx, dir: this.opts.dir };
      const transfer: ArrayBuffer[] = [];
      if (!this.opts.dir && this.snapshot) {
        data.snapshot = this.snapshot.slice(0);
        transfer.push(data.snapshot);
      }
      const worker = new Worker(BOOT, { eval: true, workerData: data, transferList: transfer });
      await new Promise<void>((resolve, reject) => {
        const onFirst = (m: FromWorker) => {
          worker.off('error', onError);
          if (m.t === 'ready') {
            this.foreignRealm = !(m.probe instanceof Date);
            resolve();
          }
          else if (m.t === 'failed') reject(new EngineError(m.error));
        };
        const onError = (e: Error) => reject(e);
        worker.once('message', onFirst);
        worker.once('error', onError);
      }).catch(async (e) => {
        await worker.terminate();
        throw e;
      });
      worker.on('message', (m: FromWorker) => this.receive(m));
      worker.on('error', (e) => this.lost(worker, e));
      worker.on('exit', () => this.lost(worker, new Error('the database thread exited')));
      this.worker = worker;
    })().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  private receive(m: FromWorker) {
    if (m.t !== 'r') return;
    const at = this.queue.findIndex((p) => p.id === m.id);
    if (at === -1) return;
    const [p] = this.queue.splice(at, 1);
    clearTimeout(p.timer);
    if (at === 0) this.arm();
    p.resolve(m);
  }

  /** Starts the clock of the call now at the head of the queue: the one the worker is running. */
  private arm() {
    const head = this.queue[0];
    if (!head?.limitMs || head.timer) return;
    head.deadline = Date.now() + head.limitMs + (this.opts.cancelGraceMs ?? 2000);
    head.timer = setTimeout(() => void this.overrun(head.id), head.limitMs);
  }

  /** The thread ended without being asked: every waiting call fails; the next one opens the database again. */
  private lost(worker: Worker, e: Error) {
    if (this.worker !== worker) return;
    this.worker = null;
    if (!this.closed) console.error(`[db] the embedded database's thread ended: ${e.message}; it is opened again at the next statement`);
    this.failAll(e);
  }

  private failAll(e: Error) {
    const waiting = this.queue;
    this.queue = [];
    for (const p of waiting) {
      clearTimeout(p.timer);
      p.reject(e);
    }
  }

  private async send(build: (id: number) => ToWorker, limitMs?: number, transfer?: ArrayBuffer[]): Promise<Extract<FromWorker, { t: 'r' }>> {
    if (this.closed) throw new Error('the embedded database is closed');
    if (!this.worker) await this.start();
    const worker = this.worker!;
    const id = this.next++;
    const answer = new Promise<Extract<FromWorker, { t: 'r' }>>((resolve, reject) => {
      this.queue.push({ id, resolve, reject, limitMs });
    });
    worker.postMessage(build(id), transfer ?? []);
    if (this.queue.length === 1) this.arm();
    return answer;
  }

  /**
   * Runs one statement. With `limitMs`, a statement still running then is cancelled (SQLSTATE 57014) and, when
   * the cancel does not take, its thread is ended and the database opened again. Posted at once: the worker runs
   * statements in the order they were posted (the dialect keeps a transaction's statements together).
   */
  async query(sql: string, params: unknown[], limitMs?: number): Promise<StatementResult> {
    const m = await this.send((id) => ({ t: 'q', id, sql, params }), limitMs && limitMs > 0 ? limitMs : undefined);
    if (!m.ok) throw new EngineError(m.error);
    return { rows: this.foreignRealm && m.rows ? m.rows.map(localRow) : (m.rows ?? []), affectedRows: m.affectedRows };
  }

  /** A statement past its limit: cancel it; end its thread if it is still running after the grace period. */
  private async overrun(id: number) {
    const worker = this.worker;
    if (!worker || this.queue[0]?.id !== id) return;
    this.cancels++;
    const cancelled = this.opts.softCancel !== false && (await interruptThread(worker.threadId, `globalThis.__jiaowuCancel?.(${id})`));
    const grace = cancelled ? (this.opts.cancelGraceMs ?? 2000) : 0;
    setTimeout(() => {
      if (this.queue[0]?.id !== id || this.worker !== worker) return;
      // A directory that does not open again leaves the engine without a thread: the next statement tries once more.
      this.restart(`a statement did not stop ${grace} ms after its cancel`).catch((e) => console.error(`[db] the embedded database did not open again: ${e instanceof Error ? e.message : String(e)}`));
    }, grace);
  }

  /** Ends the thread (its running statement fails with 57014) and opens the database again. */
  async restart(reason: string): Promise<void> {
    const worker = this.worker;
    if (!worker || this.closed) return;
    console.error(`[db] ending the embedded database's thread: ${reason}`);
    this.worker = null;
    this.restarts++;
    this.failAll(new EngineError({ message: '语句执行超时，已中止', code: CANCELED }));
    if (!this.opts.dir) console.error('[db] the in-memory database starts again from its snapshot: its changes since are gone');
    // Calls arriving meanwhile wait for this: the directory is opened again only once the old thread has let go of it.
    this.opening = worker.terminate().then(() => {
      this.opening = null;
      return this.start();
    });
    await this.opening;
  }

  /**
   * True while a statement with a time limit runs and its deadline has not passed: the database is alive and will be
   * free by then (readiness answers from this instead of queueing a probe behind it).
   */
  busyWithinLimit(): boolean {
    const head = this.queue[0];
    return !!this.worker && !!head?.deadline && Date.now() < head.deadline;
  }

  /** PGlite's data directory as an uncompressed tar (`snapshot`). */
  async dump(): Promise<Blob> {
    const m = await this.send((id) => ({ t: 'dump', id }));
    if (!m.ok) throw new EngineError(m.error);
    return new Blob([m.buffer!]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.opening) await this.opening.catch(() => undefined);
    const worker = this.worker;
    if (worker) {
      await this.send((id) => ({ t: 'close', id })).catch(() => undefined);
    }
    this.closed = true;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
