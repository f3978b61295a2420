import { type Kysely } from 'kysely';

/*
 * A session's material links say where they came from (issue #22, 教学模板): the template lesson that linked
 * it, or null for a link made by hand. Re-applying a template replaces only its own links, so a teacher's
 * added file survives. Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tbl_calendar_material').addColumn('template_item_id', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tbl_calendar_material').dropColumn('template_item_id').execute();
}
