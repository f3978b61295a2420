import { sql, type Kysely } from 'kysely';

/*
 * 场地名称 (issue #21): a venue was known only by its street address, so every picker and the calendar
 * showed a bare address. The name is required; venues that exist already take their address (cut to the
 * column) so the column can be NOT NULL at once and nothing shows empty; an administrator renames them.
 * Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tbl_location').addColumn('name', 'varchar(100)').execute();
  await sql`update tbl_location set name = left(detail_location, 100) where name is null`.execute(db);
  await db.schema.alterTable('tbl_location').alterColumn('name', (c) => c.setNotNull()).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tbl_location').dropColumn('name').execute();
}
