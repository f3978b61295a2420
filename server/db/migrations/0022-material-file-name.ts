import { type Kysely } from 'kysely';

/*
 * 课程资料's original file names (issue #21): storage names are generated (`<time>_<random>.<ext>`,
 * never derived from user input), so the list showed those instead of what the user uploaded. The
 * name the user's file had is kept beside the path, for display and as the download's name only.
 * Existing rows keep null and show their stored name. Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tbl_course_material').addColumn('file_name', 'varchar(255)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tbl_course_material').dropColumn('file_name').execute();
}
