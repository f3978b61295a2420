import type { Kysely } from 'kysely';

/* Issue #26: H1 (安全设置: TOTP two-step sign-in and recovery codes). Filled in by its builder. */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  void db;
}
