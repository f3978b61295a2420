/** Rows per multi-row insert of the seed: well under PostgreSQL's 65,535 bind parameters for the widest table. */
export const SEED_CHUNK = 500;

/**
 * Inserts `rows` a chunk at a time: one statement per chunk instead of one per row (a first start seeds thousands of
 * rows; on PGlite each statement is a round into the WebAssembly backend, docs/benchmarks.md "Cold start").
 */
export async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = SEED_CHUNK): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}
