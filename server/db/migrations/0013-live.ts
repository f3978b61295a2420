import { sql, type Kysely } from 'kysely';

/*
 * 直播课堂 presence (issue 7 item 8; server/calendar/live.ts): one row per (session, user), refreshed by
 * the page's heartbeat; "online" = last_seen within the last minute. No foreign keys, like 0012: a
 * removed session or user leaves harmless rows. Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tbl_live_presence')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('calendar_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('realname', 'varchar(100)')
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tbl_live_presence_session_user', ['calendar_id', 'user_id'])
    .execute();
  // The list counts, per session, who was seen recently.
  await db.schema.createIndex('tbl_live_presence_seen').on('tbl_live_presence').columns(['calendar_id', 'last_seen']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tbl_live_presence').ifExists().execute();
}
