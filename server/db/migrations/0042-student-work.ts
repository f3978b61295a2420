import type { Kysely } from 'kysely';

/* Issue #26: H2 (学员作品). Filled in by its builder. */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  void db;
}
