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
 * value is turned back into text: the same strings for text, integers, bigint counts and numeric, and for a
 * timestamptz a text pg's timestamptz parser reads as the same instant (the types a caller may use here).
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
  return res.rows.map((r) => Object.values(r as Record<string, unknown>).map(asPgText));
}

/** A decoded value back to PostgreSQL's text output (a Date as timestamptz text in UTC). */
function asPgText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return `${v.toISOString().slice(0, 23).replace('T', ' ')}+00`;
  return String(v);
}
