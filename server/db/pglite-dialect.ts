import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { PGliteEngine } from './pglite-engine';

/**
 * Kysely dialect over the embedded engine (server/db/pglite-engine.ts: PGlite in its own thread). PGlite is one
 * connection, so a promise mutex hands it to one query or transaction at a time (transactions must not interleave).
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly engine: PGliteEngine,
    private readonly opts: { statementLimitMs: number },
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.engine, this.opts.statementLimitMs);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;
  constructor(
    private readonly engine: PGliteEngine,
    statementLimitMs: number,
  ) {
    this.connection = new PGliteConnection(engine, statementLimitMs);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.queue;
    this.queue = previous.then(() => next);
    await previous;
    this.connection.release = release;
    return this.connection;
  }
  async beginTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(conn: DatabaseConnection) {
    (conn as PGliteConnection).release?.();
  }
  async destroy() {
    await this.queue;
    await this.engine.close();
  }
}

/** `set [local|session] statement_timeout = N` / `to 'Ns'` / `reset statement_timeout`, as PostgreSQL reads them. */
const SET_TIMEOUT = /^\s*set\s+(local\s+|session\s+)?statement_timeout\s*(?:=|to)\s*'?(\d+)\s*(ms|s|min)?'?\s*;?\s*$/i;
const RESET_TIMEOUT = /^\s*(reset\s+statement_timeout|set\s+(local\s+|session\s+)?statement_timeout\s*(=|to)\s*default)\s*;?\s*$/i;
const TX_END = /^\s*(commit|rollback|end|abort)\b/i;
const TX_BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, min: 60_000 };

/**
 * The one connection. It also keeps PostgreSQL's `statement_timeout` (session and `set local`) itself: inside
 * PGlite the setting is accepted but its timer can never fire, so the engine's watchdog enforces it, together with
 * the engine-wide limit for any statement (EMBEDDED_STATEMENT_LIMIT_MS).
 */
class PGliteConnection implements DatabaseConnection {
  release?: () => void;
  private sessionTimeout = 0;
  private localTimeout: number | null = null;
  private inTransaction = false;
  constructor(
    private readonly engine: PGliteEngine,
    private readonly limitMs: number,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const text = compiled.sql;
    this.track(text);
    const res = await this.engine.query(text, compiled.parameters as unknown[], this.effectiveLimit());
    return { rows: res.rows as R[], numAffectedRows: res.affectedRows !== undefined ? BigInt(res.affectedRows) : undefined };
  }

  private track(text: string) {
    if (TX_BEGIN.test(text)) {
      this.inTransaction = true;
      return;
    }
    if (TX_END.test(text)) {
      this.inTransaction = false;
      this.localTimeout = null;
      return;
    }
    if (RESET_TIMEOUT.test(text)) {
      if (/\blocal\b/i.test(text)) this.localTimeout = this.inTransaction ? 0 : this.localTimeout;
      else this.sessionTimeout = 0;
      return;
    }
    const m = SET_TIMEOUT.exec(text);
    if (!m) return;
    const ms = Number(m[2]) * UNIT_MS[(m[3] ?? 'ms').toLowerCase()];
    // `set local` outside a transaction has no effect in PostgreSQL either.
    if (m[1]?.trim().toLowerCase() === 'local') {
      if (this.inTransaction) this.localTimeout = ms;
    } else this.sessionTimeout = ms;
  }

  /** The smallest of the statement's timeout (local over session; 0 = none) and the engine-wide limit. */
  private effectiveLimit(): number | undefined {
    const own = this.localTimeout ?? this.sessionTimeout;
    const limits = [own, this.limitMs].filter((n) => n > 0);
    return limits.length ? Math.min(...limits) : undefined;
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not stream; page the query instead');
  }
}
