import type { Insertable } from 'kysely';
import type { Database } from '../db';
import type { SysLogTable } from '../db/schema';

/**
 * 操作日志 (issue #24 item 7): sys_log rows of log_type 2, one per mutating call (server/system/log-extra-routes.ts
 * `operationLog` builds them after the answer is known): one insert per call, awaited so the row exists when the
 * answer arrives (a list read right after shows it; a crash loses nothing). A queue with batched inserts was
 * considered: it saves about one statement per call (about 0.3 ms on PGlite) but makes the log lag behind. A
 * failed write is reported and dropped, never the request. Old rows are pruned on a timer in bounded batches.
 */

export const OPERATION_LOG_TYPE = 2;
export const DEFAULT_OPERATION_LOG_DAYS = 90;
/** Pruning: ten minutes after the backend's first logged call, then hourly. */
const PRUNE_FIRST_MS = 600_000;
const PRUNE_EVERY_MS = 3_600_000;
const DAY_MS = 86_400_000;

export type OperationLogRow = Insertable<SysLogTable>;

/** OPERATION_LOG_DAYS: whole days, 1–3650; unset = 90. A bad value stops the start (server/config.ts). */
export function readOperationLogDays(env: NodeJS.ProcessEnv): number {
  const raw = env.OPERATION_LOG_DAYS?.trim();
  if (!raw) return DEFAULT_OPERATION_LOG_DAYS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 3650) throw new Error('OPERATION_LOG_DAYS must be a whole number of days from 1 to 3650');
  return n;
}

export interface PruneOptions {
  now: Date;
  days: number;
  /** Rows per delete statement. */
  batchSize?: number;
  /** Statements per run; what is left goes at the next run. */
  maxBatches?: number;
}

/**
 * Deletes operation-log rows older than `days` before `now`, `batchSize` rows per statement so that no statement
 * holds the table (or PGlite's one connection) for long. Login logs (log_type 1) are kept. Returns the count.
 */
export async function pruneOperationLogs(db: Database, { now, days, batchSize = 1000, maxBatches = 100 }: PruneOptions): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let removed = 0;
  for (let i = 0; i < maxBatches; i++) {
    const r = await db
      .deleteFrom('sys_log')
      .where('id', 'in', (eb) =>
        eb.selectFrom('sys_log').select('id').where('log_type', '=', OPERATION_LOG_TYPE).where('create_time', '<', cutoff).orderBy('id').limit(batchSize),
      )
      .executeTakeFirst();
    const n = Number(r.numDeletedRows ?? 0);
    removed += n;
    if (n < batchSize) break;
  }
  return removed;
}

/** Writes one row; a failure is reported and dropped, never the request's (the caller has its answer already). */
export async function writeOperationLog(db: Database, row: OperationLogRow): Promise<void> {
  try {
    await db.insertInto('sys_log').values(row).execute();
  } catch (e) {
    console.error('[op-log] write failed: %s', (e as Error).message);
  }
}

/** Pruning per backend (keyed by its Database object): first a while after start, then every hour. */
const pruners = new WeakMap<Database, ReturnType<typeof setInterval>>();

/** Starts the backend's pruning timer once (the op-log middleware calls it with the configured age). */
export function startOperationLogPruning(db: Database, days: number, now: () => Date = () => new Date()): void {
  if (pruners.has(db)) return;
  const run = () =>
    void pruneOperationLogs(db, { now: now(), days }).catch((e: unknown) => console.error('[op-log] prune failed: %s', (e as Error).message));
  const first = setTimeout(() => {
    run();
    const every = setInterval(run, PRUNE_EVERY_MS);
    every.unref?.();
    pruners.set(db, every);
  }, PRUNE_FIRST_MS);
  // Neither keeps a process (or a test run) alive; close() clears them.
  first.unref?.();
  pruners.set(db, first);
}

/** Stops the backend's pruning timer (server/backend.ts `close`, before the database closes). */
export async function closeOperationLog(db: Database): Promise<void> {
  const t = pruners.get(db);
  if (t) {
    clearTimeout(t);
    clearInterval(t);
  }
  pruners.delete(db);
}
