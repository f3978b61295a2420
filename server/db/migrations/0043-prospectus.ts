import type { Kysely } from 'kysely';

/* Issue #26: H3 (招生简章). Filled in by its builder. */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  void db;
}
