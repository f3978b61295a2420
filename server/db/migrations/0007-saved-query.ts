import { sql, type Kysely } from 'kysely';

/*
 * Saved advanced queries per user (spec 02 §3 keeps them in the browser; here they also follow the user
 * across browsers). `code` is the page's save code or route path; `rules` is the JSON array of
 * conditions as lib/super-query.ts parses them. One title per (user, page). No foreign key to sys_user,
 * like sys_announcement_send: rows of a removed user are harmless and only ever read by that user id.
 * Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_saved_query')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('code', 'varchar(200)', (c) => c.notNull())
    .addColumn('title', 'varchar(50)', (c) => c.notNull())
    .addColumn('match_type', 'varchar(3)', (c) => c.notNull().defaultTo('and'))
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_time', 'timestamptz')
    // Also the index of the per-user, per-page list.
    .addUniqueConstraint('sys_saved_query_uniq', ['user_id', 'code', 'title'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_saved_query').ifExists().execute();
}
