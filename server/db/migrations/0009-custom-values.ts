import type { Kysely } from 'kysely';

/*
 * Custom columns' values (lib/resources/custom-columns.ts): one jsonb column per table that takes them,
 * keyed by the column's jdbcField. Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_user').addColumn('ext_fields', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_user').dropColumn('ext_fields').execute();
}
