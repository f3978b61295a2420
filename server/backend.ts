import { createApp } from './app';
import { SessionStore } from './auth/sessions';
import { devSmsSender, type SmsSender } from './auth/sms';
import { readBackendConfig, type BackendConfig } from './config';
import { migrate, openDb, type Database, type OpenedDb } from './db';
import { seed, type SeedReport } from './seed';
import type { Notifier } from './core/context';
import { openBackendStorage } from './storage/backend-storage';
import type { FileStorage } from './storage/storage';
import path from 'node:path';
import { startQuartzScheduler } from './system/quartz-scheduler';
import { closeOperationLog } from './ops/operation-log';
import { startMark } from './start-timing';

export interface Backend {
  /** The whole embedded API as one fetch handler: what the BFF calls in process. */
  fetch(request: Request, env?: unknown): Promise<Response>;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  /** PostgreSQL only: the pool's connection counts (server/ops metrics). */
  dbPool?: OpenedDb['pool'];
  /** PGlite only: the engine's thread (its state for readiness; restarts). */
  dbEngine?: OpenedDb['engine'];
  sessions: SessionStore;
  config: BackendConfig;
  seedReport: SeedReport;
  /** Connects (or replaces) the realtime push the routes use, e.g. the RealtimeHub once it exists. */
  setNotifier(fn: Notifier): void;
  /** Connects (or replaces) the push to every connected user (ALL announcements); until then `notify` gets every active user. */
  setBroadcaster(fn: (message: object) => void | Promise<void>): void;
  close(): Promise<void>;
  /** Uploaded and generated files: DATA_DIR/upload, or a temp dir removed on close in memory mode. */
  storage: FileStorage;
}

export interface CreateBackendOptions {
  config?: Partial<BackendConfig>;
  /** In-memory PGlite (tests) instead of DATA_DIR / DATABASE_URL. */
  memory?: boolean;
  /**
   * Tests: the database was already migrated and seeded with this config's seed options (a copy of a prepared
   * database), so the seed is skipped. `snapshot` is that copy for in-memory PGlite; on PostgreSQL the
   * database named by `databaseUrl` is one.
   */
  prepared?: { snapshot?: Blob };
  sms?: SmsSender;
  fetchExternal?: typeof fetch;
  basePath?: string;
  socketAddress?: Parameters<typeof createApp>[0]['socketAddress'];
  /** Realtime push to users (default: none); can be set later with `setNotifier`. */
  notify?: Notifier;
}

export async function createBackend(opts: CreateBackendOptions = {}): Promise<Backend> {
  const config = { ...readBackendConfig(), ...opts.config };
  const opened = await openDb(
    opts.memory
      ? { snapshot: opts.prepared?.snapshot }
      : // The template `npm run build` leaves beside the build (scripts/ensure-build.mjs --prepare), if any.
        { databaseUrl: config.databaseUrl ?? undefined, pgliteDir: path.join(config.dataDir, 'pglite'), template: path.resolve('.next/pglite-template') },
  );
  startMark('database open');
  const files = openBackendStorage(config.dataDir, opts.memory);
  try {
    await migrate(opened.db);
    startMark('migrated');
    const seedReport: SeedReport = opts.prepared
      ? { created: [], demo: config.seedDemo }
      : await seed(opened.db, { demo: config.seedDemo, term: config.seedDemo && config.seedTerm, storage: files.storage });
    startMark('seeded');
    const sessions = new SessionStore(opened.db);
    let notifier: Notifier = opts.notify ?? (() => undefined);
    // Unset until server.ts connects one; meanwhile routes fall back to `notify` with every active user.
    let broadcaster: ((message: object) => void | Promise<void>) | undefined;
    const app = createApp({
      services: {
        db: opened.db,
        sessions,
        config,
        sms: opts.sms ?? devSmsSender(config.smsOutbox),
        fetchExternal: opts.fetchExternal ?? fetch,
        // Late-bound: server.ts creates the hub after the backend.
        notify: (userIds, message) => notifier(userIds, message),
        get broadcast() {
          return broadcaster;
        },
        storage: files.storage,
      },
      basePath: opts.basePath,
      socketAddress: opts.socketAddress,
    });
    // 定时任务: running sys_quartz_job rows are scheduled in this process until close().
    const quartz = await startQuartzScheduler(opened.db, { uploadRoot: files.storage.root, stagingRoot: files.storage.stagingRoot });
    return {
      // `env` carries the Node request when served standalone (the caller's socket address).
      fetch: async (req, env) => app.fetch(req, env),
      db: opened.db,
      dbKind: opened.kind,
      dbPool: opened.pool,
      dbEngine: opened.engine,
      sessions,
      config,
      seedReport,
      setNotifier: (fn) => {
        notifier = fn;
      },
      setBroadcaster: (fn) => {
        broadcaster = fn;
      },
      close: async () => {
        // Waits for runs in progress to give up, so none writes to a closed database.
        await quartz.stop();
        // Queued 操作日志 rows are written before the database closes.
        await closeOperationLog(opened.db);
        await opened.close();
        await files.close();
      },
      storage: files.storage,
    };
  } catch (e) {
    await opened.close().catch(() => undefined);
    await files.close().catch(() => undefined);
    throw e;
  }
}

const KEY = Symbol.for('jiaowu.embedded-backend');
type Holder = { [KEY]?: Promise<Backend> };

/**
 * The process-wide embedded backend, cached on globalThis: server.ts creates it before listening,
 * and Next's bundled route handlers (a separate module graph) find the same instance.
 */
export function getEmbeddedBackend(): Promise<Backend> {
  const g = globalThis as Holder;
  if (!g[KEY]) {
    g[KEY] = createBackend({ config: { trustClientIpHeader: true } }).catch((e) => {
      delete g[KEY];
      throw e;
    });
  }
  return g[KEY]!;
}

export function peekEmbeddedBackend(): Promise<Backend> | undefined {
  return (globalThis as Holder)[KEY];
}
