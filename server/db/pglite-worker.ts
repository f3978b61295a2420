/**
 * The embedded database's thread (server/db/pglite-engine.ts starts it): one PGlite instance and its statements, so a
 * long statement never blocks the web process's event loop. Messages in: `{t:'q', id, sql, params}`, `{t:'dump', id}`,
 * `{t:'close', id}`; out: `{id, ok, …}`. A statement is cancelled from outside through `globalThis.__jiaowuCancel`,
 * which the engine calls over the inspector while this thread is inside the WebAssembly backend (the only way to run
 * anything here then): it raises PostgreSQL's own query-cancel flags, so the statement ends with SQLSTATE 57014 at its
 * next interrupt check and the instance keeps serving.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { PGliteSession } from './pglite-session';

export interface WorkerOpen {
  /** Data directory on disk; absent: in memory. */
  dir?: string;
  /** In memory only: a data-directory tarball (dumpDataDir) to start from. */
  snapshot?: ArrayBuffer;
}

export type ToWorker = { t: 'q'; id: number; sql: string; params: unknown[] } | { t: 'dump'; id: number } | { t: 'close'; id: number };

export interface WireError {
  message: string;
  [field: string]: string | number | undefined;
}

export type FromWorker =
  | { t: 'ready'; probe: Date }
  | { t: 'failed'; error: WireError }
  | { t: 'r'; id: number; ok: true; rows?: unknown[]; affectedRows?: number; buffer?: ArrayBuffer }
  | { t: 'r'; id: number; ok: false; error: WireError };

/** PGlite's Emscripten module: the addresses of PostgreSQL's interrupt flags and the heap they live in. */
interface PgMod {
  HEAPU8: Uint8Array;
  _QueryCancelPending: number;
  _InterruptPending: number;
}

/** A database error as plain fields (code, constraint, detail …): what crosses the thread boundary. */
export function toWireError(e: unknown): WireError {
  const out: WireError = { message: e instanceof Error ? e.message : String(e) };
  if (e && typeof e === 'object') {
    for (const [k, v] of Object.entries(e)) {
      if (k !== 'message' && (typeof v === 'string' || typeof v === 'number')) out[k] = v;
    }
  }
  return out;
}

async function main() {
  const port = parentPort!;
  const open = workerData as WorkerOpen;
  const { PGlite, parse, protocol } = await import('@electric-sql/pglite');
  // btree_gist: the exclusion constraints that refuse double bookings (0012-teaching).
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const extensions = { btree_gist };
  let pg: PGlite;
  try {
    if (open.dir) {
      fs.mkdirSync(path.dirname(open.dir), { recursive: true });
      pg = await PGlite.create(open.dir, { extensions });
    } else {
      pg = await PGlite.create({ extensions, ...(open.snapshot ? { loadDataDir: new Blob([open.snapshot]) } : {}) });
    }
  } catch (e) {
    port.postMessage({ t: 'failed', error: toWireError(e) } satisfies FromWorker);
    return;
  }
  const session = new PGliteSession(pg, { parse, protocol });
  // PGlite keeps its Emscripten module private; the flags are exported data symbols (extensions link against them).
  const mod = (pg as unknown as { mod: PgMod }).mod;
  let running = -1;
  (globalThis as { __jiaowuCancel?: (id: number) => boolean }).__jiaowuCancel = (id: number) => {
    // Only the statement it was meant for: a flag left raised would cancel the next one.
    if (id !== running) return false;
    mod.HEAPU8[mod._QueryCancelPending] = 1;
    mod.HEAPU8[mod._InterruptPending] = 1;
    return true;
  };

  // One message at a time, in order: the engine sends the next statement only after this one's answer, but a dump
  // or close may arrive while a statement is still running.
  let chain = Promise.resolve();
  port.on('message', (m: ToWorker) => {
    chain = chain.then(() => handle(m));
  });

  async function handle(m: ToWorker) {
    try {
      if (m.t === 'q') {
        running = m.id;
        try {
          const res = await session.execute(m.sql, m.params);
          port.postMessage({ t: 'r', id: m.id, ok: true, rows: res.rows, affectedRows: res.affectedRows } satisfies FromWorker);
        } finally {
          running = -1;
          // A cancel that landed after the statement's last interrupt check must not hit the next statement.
          if (mod.HEAPU8[mod._QueryCancelPending]) mod.HEAPU8[mod._QueryCancelPending] = 0;
        }
      } else if (m.t === 'dump') {
        const blob = await pg.dumpDataDir('none');
        const buffer = await blob.arrayBuffer();
        port.postMessage({ t: 'r', id: m.id, ok: true, buffer } satisfies FromWorker, [buffer]);
      } else {
        if (!pg.closed) await pg.close();
        port.postMessage({ t: 'r', id: m.id, ok: true } satisfies FromWorker);
        port.close();
      }
    } catch (e) {
      port.postMessage({ t: 'r', id: m.id, ok: false, error: toWireError(e) } satisfies FromWorker);
    }
  }
  port.postMessage({ t: 'ready', probe: new Date(0) } satisfies FromWorker);
}

void main();
