import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGliteSession, type StatementResult } from './pglite-session';

/**
 * PGlite on the web thread, as before issue #38 (EMBEDDED_DB_THREAD=off): no watchdog, a long statement blocks the
 * process. Kept for the benchmark that compares the two in one run (bench/list-throughput.ts) and as a fallback
 * should a platform refuse worker threads; same interface as PGliteEngine.
 */
export class InlineEngine {
  readonly restarts = 0;
  readonly cancels = 0;
  private constructor(
    private readonly pg: PGlite,
    private readonly session: PGliteSession,
  ) {}

  static async open(opts: { dir?: string; snapshot?: Blob }): Promise<InlineEngine> {
    const { PGlite, parse, protocol } = await import('@electric-sql/pglite');
    const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
    const extensions = { btree_gist };
    let pg: PGlite;
    if (opts.dir) {
      fs.mkdirSync(path.dirname(opts.dir), { recursive: true });
      pg = await PGlite.create(opts.dir, { extensions });
    } else {
      pg = await PGlite.create({ extensions, ...(opts.snapshot ? { loadDataDir: opts.snapshot } : {}) });
    }
    return new InlineEngine(pg, new PGliteSession(pg, { parse, protocol }));
  }

  private tail: Promise<unknown> = Promise.resolve();

  /** One statement at a time, in the order they came (a prepared statement takes two calls into PGlite). */
  query(sql: string, params: unknown[]): Promise<StatementResult> {
    const run = this.tail.then(() => this.session.execute(sql, params));
    this.tail = run.catch(() => undefined);
    return run;
  }

  busyWithinLimit(): boolean {
    return false;
  }

  dump(): Promise<Blob> {
    return this.pg.dumpDataDir('none');
  }

  async close(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}
