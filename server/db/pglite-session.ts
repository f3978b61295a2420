import type { PGlite, parse as pgliteParse, protocol as pgliteProtocol } from '@electric-sql/pglite';

/** PGlite's protocol helpers, from the same module instance as the PGlite class. */
export interface PGliteProtocol {
  parse: typeof pgliteParse;
  protocol: typeof pgliteProtocol;
}

/** One statement's answer, as the Kysely driver hands it on. */
export interface StatementResult {
  rows: unknown[];
  affectedRows?: number;
}

/** A statement prepared on PGlite's one backend: its name and the parameter types its values are serialised by. */
interface Prepared {
  name: string;
  paramTypes: number[];
}

/** SQL seen this many times is prepared (one-off statements, e.g. the seed's, are not). */
const PREPARE_AFTER = 2;
/** Prepared statements kept (least recently used are closed beyond this). */
const PREPARED_LIMIT = 300;
const SEEN_LIMIT = 2000;
/** Statements that change the schema: cached plans of the rest are dropped after one (online forms' tables). */
const DDL = /^\s*(create|alter|drop|truncate|comment|do|grant|revoke)\b/i;
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * The statements of one PGlite instance, run where the instance lives (the engine's worker thread,
 * server/db/pglite-worker.ts). PGlite's `query()` parses and plans every statement, in six calls into the
 * WebAssembly backend. A statement that repeats (the session check, a list page) is prepared once under a name and
 * then runs as Bind/Describe/Execute/Sync in one call: the session statement costs ~0.6 ms instead of ~1.7
 * (docs/benchmarks.md, "用户管理's list").
 */
export class PGliteSession {
  private readonly prepared = new Map<string, Prepared>();
  private readonly seen = new Map<string, number>();
  private toClose: string[] = [];
  private next = 0;
  private readonly serialize: PGliteProtocol['protocol']['serialize'];
  constructor(
    private readonly pg: PGlite,
    private readonly wire: PGliteProtocol,
  ) {
    this.serialize = wire.protocol.serialize;
  }

  async execute(text: string, params: unknown[]): Promise<StatementResult> {
    if (DDL.test(text)) {
      this.forgetAll();
      return this.plain(text, params);
    }
    let stmt = this.prepared.get(text);
    if (!stmt) {
      const n = (this.seen.get(text) ?? 0) + 1;
      if (n < PREPARE_AFTER) {
        if (this.seen.size >= SEEN_LIMIT) this.seen.clear();
        this.seen.set(text, n);
        return this.plain(text, params);
      }
      this.seen.delete(text);
      stmt = await this.prepare(text);
    } else {
      // Most recently used last: the first entry is the one to close when over the limit.
      this.prepared.delete(text);
      this.prepared.set(text, stmt);
    }
    return this.runPrepared(stmt, params);
  }

  private async plain(text: string, params: unknown[]): Promise<StatementResult> {
    const res = await this.pg.query(text, params);
    return { rows: res.rows, affectedRows: res.affectedRows };
  }

  private async prepare(text: string): Promise<Prepared> {
    const name = `k${this.next++}`;
    const messages = await this.pg.execProtocol(
      concat([...this.closing(), this.serialize.parse({ name, text }), this.serialize.describe({ type: 'S', name }), this.serialize.sync()]),
      { syncToFs: false },
    );
    const desc = messages.messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const stmt = { name, paramTypes: desc?.dataTypeIDs ?? [] };
    this.prepared.set(text, stmt);
    if (this.prepared.size > PREPARED_LIMIT) {
      const [oldest, old] = this.prepared.entries().next().value!;
      this.prepared.delete(oldest);
      this.toClose.push(old.name);
    }
    return stmt;
  }

  private async runPrepared(stmt: Prepared, params: unknown[]): Promise<StatementResult> {
    const serializers = this.pg.serializers;
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const ser = serializers[stmt.paramTypes[i]];
      return ser ? ser(v) : String(v);
    });
    const { messages } = await this.pg.execProtocol(
      concat([...this.closing(), this.serialize.bind({ statement: stmt.name, values }), this.serialize.describe({ type: 'P' }), this.serialize.execute({}), this.serialize.sync()]),
      { syncToFs: false },
    );
    if (!this.pg.isInTransaction()) await this.pg.syncToFs();
    const res = this.wire.parse.parseResults(messages, this.pg.parsers)[0] as unknown as { rows: unknown[]; affectedRows?: number } | undefined;
    return { rows: res?.rows ?? [], affectedRows: res?.affectedRows };
  }

  /** Close messages for the statements dropped since the last call, sent ahead of the next one. */
  private closing(): Uint8Array[] {
    if (!this.toClose.length) return [];
    const out = this.toClose.map((name) => this.serialize.close({ type: 'S', name }));
    this.toClose = [];
    return out;
  }

  private forgetAll() {
    for (const s of this.prepared.values()) this.toClose.push(s.name);
    this.prepared.clear();
    this.seen.clear();
  }
}
