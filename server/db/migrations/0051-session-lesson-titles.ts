import { sql, type Kysely } from 'kysely';

/*
 * 应用到班级 carries a template lesson's title and its homework title to the session (issue #39), as it carries
 * its 教学内容 (0023: content / applied_content):
 * - tbl_calendar.applied_title: the title a template last put on the session; a title that differs from it was
 *   typed by a teacher (the apply then asks before overwriting, as for content).
 * - tbl_calendar.homework_title: the lesson's homework, named on the session; 布置作业 opened from the session
 *   proposes it as the homework's title. Kysely<unknown> as in 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tbl_calendar add column applied_title varchar(100), add column homework_title varchar(100)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tbl_calendar drop column if exists applied_title, drop column if exists homework_title`.execute(db);
}
