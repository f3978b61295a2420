import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { pendingMigrations, type Database } from '../db';

export type CheckName = 'database' | 'migrations' | 'storage' | 'upstream' | 'shutdown';

export interface ReadinessDeps {
  /** The embedded backend's database (absent with LEGACY_API_URL: no database check). */
  db?: Database | null;
  /**
   * The embedded engine runs a statement under its time limit: it is alive and free again by then, so the probe
   * answers from that instead of waiting behind the statement (server/db/pglite-engine.ts).
   */
  dbBusyWithinLimit?: () => boolean;
  /** Where uploads are written (`DATA_DIR/upload`); absent: no storage check. */
  storageDir?: string | null;
  /** LEGACY_API_URL: reachable means any HTTP answer below 500 within the timeout. */
  upstreamUrl?: string | null;
  /** True once SIGTERM started draining: the load balancer should stop sending here. */
  draining?: () => boolean;
  fetch?: typeof fetch;
  /** Per check (default 2 s): a hanging dependency makes the check fail, not the probe hang. */
  timeoutMs?: number;
  /** Told why a check failed (server-side log only; the answer names the check and nothing else). */
  onFailure?: (check: CheckName, error: unknown) => void;
}

export interface ReadinessAnswer {
  status: 200 | 503;
  body: { status: 'ok' | 'failing'; checks: Partial<Record<CheckName, 'ok' | 'failing'>>; failing?: CheckName[] };
}

class CheckTimeout extends Error {
  constructor() {
    super('timed out');
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Storage is writable: a temporary file written, read back and removed in the upload root. */
export async function checkStorage(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `.readyz-${randomBytes(6).toString('hex')}`);
  try {
    await fs.writeFile(file, 'ok', { flag: 'wx' });
    if ((await fs.readFile(file, 'utf8')) !== 'ok') throw new Error('read back differs');
  } finally {
    await fs.rm(file, { force: true });
  }
}

async function checkUpstream(url: string, fetchFn: typeof fetch, ms: number): Promise<void> {
  const res = await fetchFn(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(ms) });
  await res.body?.cancel().catch(() => undefined);
  if (res.status >= 500) throw new Error(`upstream answered ${res.status}`);
}

/** Runs every configured check in parallel; 200 when all pass, else 503 naming the failing ones. */
export async function readiness(deps: ReadinessDeps): Promise<ReadinessAnswer> {
  const ms = deps.timeoutMs ?? 2000;
  const checks: [CheckName, () => Promise<void>][] = [];
  if (deps.draining) {
    const draining = deps.draining;
    checks.push(['shutdown', async () => {
      if (draining()) throw new Error('draining');
    }]);
  }
  const db = deps.db;
  if (db && deps.dbBusyWithinLimit?.()) {
    checks.push(['database', async () => undefined], ['migrations', async () => undefined]);
  } else if (db) {
    checks.push(['database', async () => void (await sql`select 1`.execute(db))]);
    checks.push(['migrations', async () => {
      const pending = await pendingMigrations(db);
      if (pending.length) throw new Error(`${pending.length} migration(s) pending`);
    }]);
  }
  if (deps.storageDir) {
    const dir = deps.storageDir;
    checks.push(['storage', () => checkStorage(dir)]);
  }
  if (deps.upstreamUrl) {
    const url = deps.upstreamUrl;
    checks.push(['upstream', () => checkUpstream(url, deps.fetch ?? fetch, ms)]);
  }
  const results = await Promise.all(
    checks.map(async ([name, run]) => {
      try {
        await withTimeout(run(), ms);
        return [name, 'ok'] as const;
      } catch (e) {
        deps.onFailure?.(name, e);
        return [name, 'failing'] as const;
      }
    }),
  );
  const failing = results.filter(([, v]) => v === 'failing').map(([n]) => n);
  const body: ReadinessAnswer['body'] = { status: failing.length ? 'failing' : 'ok', checks: Object.fromEntries(results) };
  if (failing.length) body.failing = failing;
  return { status: failing.length ? 503 : 200, body };
}

/**
 * Probes come every few seconds from each load balancer: concurrent ones share one run of the checks
 * instead of piling work onto a struggling database.
 */
export function sharedReadiness(deps: ReadinessDeps): () => Promise<ReadinessAnswer> {
  let running: Promise<ReadinessAnswer> | null = null;
  return () => {
    running ??= readiness(deps).finally(() => {
      running = null;
    });
    return running;
  };
}
