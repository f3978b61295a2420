import { sql, type Kysely } from 'kysely';

/*
 * 安全设置 → 两步验证 (issue #26). Kysely<unknown> on purpose, as in 0001.
 * - sys_user_totp: one row per user who started or finished the set-up; `secret` is AES-GCM ciphertext
 *   (server/core/secret.ts), `enabled` turns true once a code from the app was confirmed, `last_step` is the
 *   last accepted 30 s step (a code is never accepted twice).
 * - sys_user_recovery_code: the hashes of the ten single-use codes (never the codes).
 * - sys_login_challenge: the password step passed, the second step pending; only the SHA-256 of the challenge is
 *   kept, it lives 5 minutes, allows 5 wrong codes and is spent by its first success. Its rows also count a
 *   user's wrong codes across addresses (the per-user throttle).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_user_totp')
    .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey().references('sys_user.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(255)', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_step', 'integer')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('enable_time', 'timestamptz')
    .execute();
  await db.schema
    .createTable('sys_user_recovery_code')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_time', 'timestamptz')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sys_user_recovery_code_uq', ['user_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('sys_login_challenge')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('login_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('with_dicts', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('client_ip', 'varchar(64)')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('sys_login_challenge_user').on('sys_login_challenge').columns(['user_id', 'create_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_login_challenge').ifExists().execute();
  await db.schema.dropTable('sys_user_recovery_code').ifExists().execute();
  await db.schema.dropTable('sys_user_totp').ifExists().execute();
}
