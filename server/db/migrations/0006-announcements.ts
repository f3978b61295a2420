import { sql, type Kysely } from 'kysely';

/*
 * Announcements and system messages (contract §5): sys_announcement (JeecgBoot's misspelt `titile`
 * kept), sys_announcement_send (per-user read state; unique per announcement and user, so the lazy
 * insert of listByUser is idempotent under concurrent polls) and sys_message_template.
 * No foreign key to sys_user: a send row may name a user who was later removed, like JeecgBoot.
 * Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_announcement')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('titile', 'varchar(100)', (c) => c.notNull())
    .addColumn('msg_content', 'text')
    .addColumn('start_time', 'timestamptz')
    .addColumn('end_time', 'timestamptz')
    .addColumn('sender', 'varchar(100)')
    .addColumn('priority', 'varchar(10)', (c) => c.notNull().defaultTo('L'))
    .addColumn('msg_category', 'varchar(10)', (c) => c.notNull().defaultTo('1'))
    .addColumn('msg_type', 'varchar(10)', (c) => c.notNull().defaultTo('ALL'))
    .addColumn('send_status', 'varchar(10)', (c) => c.notNull().defaultTo('0'))
    .addColumn('send_time', 'timestamptz')
    .addColumn('cancel_time', 'timestamptz')
    .addColumn('del_flag', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('user_ids', 'text')
    .addColumn('bus_type', 'varchar(20)')
    .addColumn('bus_id', 'varchar(50)')
    .addColumn('open_type', 'varchar(20)')
    .addColumn('open_page', 'varchar(255)')
    .addColumn('msg_abstract', 'varchar(500)')
    .addColumn('dt_task_id', 'varchar(100)')
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();
  // The lazy insert scans published, undeleted ALL-type rows; the admin list pages by create_time.
  await db.schema.createIndex('sys_announcement_type_status').on('sys_announcement').columns(['msg_type', 'send_status', 'del_flag']).execute();
  await db.schema.createIndex('sys_announcement_create_time').on('sys_announcement').columns(['create_time', 'id']).execute();

  await db.schema
    .createTable('sys_announcement_send')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('annt_id', 'varchar(32)', (c) => c.notNull().references('sys_announcement.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('read_flag', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('read_time', 'timestamptz')
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .addUniqueConstraint('sys_announcement_send_uniq', ['annt_id', 'user_id'])
    .execute();
  await db.schema.createIndex('sys_announcement_send_user').on('sys_announcement_send').columns(['user_id', 'read_flag']).execute();

  await db.schema
    .createTable('sys_message_template')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('template_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('template_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('template_title', 'varchar(200)', (c) => c.notNull())
    .addColumn('template_content', 'text', (c) => c.notNull())
    .addColumn('template_type', 'varchar(10)', (c) => c.notNull().defaultTo('1'))
    .addColumn('template_test_json', 'text')
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_message_template').ifExists().execute();
  await db.schema.dropTable('sys_announcement_send').ifExists().execute();
  await db.schema.dropTable('sys_announcement').ifExists().execute();
}
