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
import type { InlineEngine } from './pglite-inline';

/** What the dialect needs of the embedded engine: its thread (PGliteEngine) or, for comparison, the web thread. */
export type EmbeddedEngine = Pick<PGliteEngine | InlineEngine, 'query' | 'close'>;

/** Kysely dialect over the embedded engine (server/db/pglite-engine.ts: PGlite in its own thread). */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly engine: EmbeddedEngine,
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

/**
 * PGlite is one backend. Statements outside a transaction are posted as they come and run in that order (the engine's
 * queue); a transaction has the backend to itself from its begin to its end: other statements wait until it ends,
 * and transactions take turns.
 */
class PGliteDriver implements Driver {
  /** Transactions in line: each waits for the one before it. */
  private txTail: Promise<void> = Promise.resolve();
  /** The connection whose transaction holds the backend, and when that ends. */
  txOwner: PGliteConnection | null = null;
  txEnded: Promise<void> | null = null;
  /** `set statement_timeout` outside a transaction: the backend's session setting (0 = none). */
  sessionTimeout = 0;
  constructor(
    readonly engine: EmbeddedEngine,
    readonly limitMs: number,
  ) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this);
  }
  async beginTransaction(conn: DatabaseConnection) {
    let release!: () => void;
    const ended = new Promise<void>((resolve) => (release = resolve));
    const before = this.txTail;
    this.txTail = before.then(() => ended);
    await before;
    const c = conn as PGliteConnection;
    c.endTransaction = release;
    this.txOwner = c;
    this.txEnded = ended;
    try {
      await c.executeQuery(CompiledQuery.raw('begin'));
    } catch (e) {
      this.finish(c);
      throw e;
    }
  }
  async commitTransaction(conn: DatabaseConnection) {
    try {
      await conn.executeQuery(CompiledQuery.raw('commit'));
    } finally {
      this.finish(conn as PGliteConnection);
    }
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    try {
      await conn.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.finish(conn as PGliteConnection);
    }
  }
  private finish(c: PGliteConnection) {
    if (this.txOwner === c) {
      this.txOwner = null;
      this.txEnded = null;
    }
    c.localTimeout = null;
    c.endTransaction?.();
    c.endTransaction = undefined;
  }
  async releaseConnection() {}
  async destroy() {
    await this.txTail;
    await this.engine.close();
  }
}

/** `set [local|session] statement_timeout = N` / `to 'Ns'`, as PostgreSQL reads them. */
const SET_TIMEOUT = /^\s*set\s+(local\s+|session\s+)?statement_timeout\s*(?:=|to)\s*'?(\d+)\s*(ms|s|min)?'?\s*;?\s*$/i;
const RESET_TIMEOUT = /^\s*(reset\s+statement_timeout|set\s+(local\s+|session\s+)?statement_timeout\s*(=|to)\s*default)\s*;?\s*$/i;
const SET_OR_RESET = /^\s*(set|reset)\s/i;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, min: 60_000 };

/**
 * One use of the backend (a statement, or a transaction's statements). It also keeps PostgreSQL's
 * `statement_timeout` (session, and `set local` in a transaction): inside PGlite the setting is accepted but its timer
 * can never fire, so the engine's watchdog enforces it, together with the engine-wide limit for any statement
 * (EMBEDDED_STATEMENT_LIMIT_MS).
 */
class PGliteConnection implements DatabaseConnection {
  endTransaction?: () => void;
  localTimeout: number | null = null;
  constructor(private readonly driver: PGliteDriver) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const d = this.driver;
    // Outside the transaction that holds the backend: wait for it to end (a statement must not run inside it).
    while (d.txOwner && d.txOwner !== this) await d.txEnded;
    const text = compiled.sql;
    this.track(text);
    // No await between the check above and the post inside query(): nothing can slip in between.
    const res = await d.engine.query(text, compiled.parameters as unknown[], this.effectiveLimit());
    return { rows: res.rows as R[], numAffectedRows: res.affectedRows !== undefined ? BigInt(res.affectedRows) : undefined };
  }

  private get inTransaction() {
    return this.driver.txOwner === this;
  }

  private track(text: string) {
    // Every statement passes here: only a SET or RESET can change the timeout.
    if (!SET_OR_RESET.test(text)) return;
    if (RESET_TIMEOUT.test(text)) {
      if (!/\blocal\b/i.test(text)) this.driver.sessionTimeout = 0;
      else if (this.inTransaction) this.localTimeout = 0;
      return;
    }
    const m = SET_TIMEOUT.exec(text);
    if (!m) return;
    const ms = Number(m[2]) * UNIT_MS[(m[3] ?? 'ms').toLowerCase()];
    // `set local` outside a transaction has no effect in PostgreSQL either.
    if (m[1]?.trim().toLowerCase() === 'local') {
      if (this.inTransaction) this.localTimeout = ms;
    } else this.driver.sessionTimeout = ms;
  }

  /** The smaller of the statement's timeout (local over session) and the engine-wide limit; 0 is none. */
  private effectiveLimit(): number | undefined {
    const own = this.localTimeout ?? this.driver.sessionTimeout;
    const limit = this.driver.limitMs;
    const ms = own > 0 && limit > 0 ? Math.min(own, limit) : own || limit;
    return ms > 0 ? ms : undefined;
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not stream; page the query instead');
  }
}
