import type { Compilable } from 'kysely';
import type { Pool } from 'pg';
import type { Database } from './index';

/**
 * Rows as arrays of PostgreSQL's text (issue #28, the week view on PostgreSQL): for a read whose answer is
 * written straight to JSON, decoding every row into an object and every field through its type parser (a Date
 * per timestamp, a number per integer) is work thrown away. On PostgreSQL the statement runs on the database's
 * pool in array mode with every parser replaced by the identity: each value arrives as PostgreSQL's text output
 * (or null). The statement is compiled by Kysely first, so the tenant scope and the statement counter apply
 * as they do to any other statement. On other databases (PGlite) the statement runs through Kysely and each
 * value is turned into its text with String(): the same strings for the types a caller may use here (text,
 * integers, bigint counts, numeric), which a caller must keep to.
 */

const pools = new WeakMap<object, Pool>();

/** Called by openDb for a PostgreSQL database. */
export function registerPool(db: Database, pool: Pool): void {
  pools.set(db, pool);
}

const asText = (v: string) => v;
const TEXT_TYPES = { getTypeParser: () => asText };

export async function arrayRows(db: Database, query: Compilable): Promise<(string | null)[][]> {
  const compiled = query.compile();
  const pool = db.isTransaction ? undefined : pools.get(db);
  if (pool) {
    // `types` per query: the process-wide parsers (server/db/index.ts) stay as they are for everything else.
    const res = await pool.query<(string | null)[]>({ text: compiled.sql, values: [...compiled.parameters], rowMode: 'array', types: TEXT_TYPES });
    return res.rows;
  }
  const res = await db.executeQuery(compiled);
  return res.rows.map((r) => Object.values(r as Record<string, unknown>).map((v) => (v === null || v === undefined ? null : String(v))));
}
