import { sql, type Kysely } from 'kysely';

/*
 * 账户设置 → 新消息通知 (issue #26): a user's in-app switches per kind of message. A missing row means every
 * kind is on, so existing users keep today's bell. One row per user; the kinds are columns (four fixed kinds,
 * read together by every bell poll). Kysely<unknown> on purpose, as in 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_user_notify_setting')
    .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey().references('sys_user.id').onDelete('cascade'))
    .addColumn('announcement', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('task', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('homework', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('approval', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_user_notify_setting').ifExists().execute();
}
