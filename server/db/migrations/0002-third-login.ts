import { sql, type Kysely } from 'kysely';

/*
 * Third-party (OAuth2) login: which provider account belongs to which user, and the one-time
 * tickets that turn a completed authorization into a session. Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_third_account')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('sys_user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('third_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('third_user_uuid', 'varchar(255)', (c) => c.notNull())
    .addColumn('realname', 'varchar(100)')
    .addColumn('avatar', 'varchar(255)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sys_third_account_uniq', ['third_type', 'third_user_uuid'])
    .execute();
  await db.schema.createIndex('sys_third_account_user').on('sys_third_account').column('sys_user_id').execute();

  // Only the SHA-256 of a ticket is stored; a ticket lives 60 s and is deleted by its first use.
  await db.schema
    .createTable('sys_third_login_ticket')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('sys_user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('third_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_third_login_ticket').ifExists().execute();
  await db.schema.dropTable('sys_third_account').ifExists().execute();
}
