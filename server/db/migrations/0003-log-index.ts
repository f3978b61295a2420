import type { Kysely } from 'kysely';

/* The login log is paged newest first, filtered by type and time (GET /sys/log/list). Kysely<unknown> on purpose, as in 0001. */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sys_log_type_time').on('sys_log').columns(['log_type', 'create_time']).execute();
  await db.schema.createIndex('sys_log_time').on('sys_log').column('create_time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sys_log_time').ifExists().execute();
  await db.schema.dropIndex('sys_log_type_time').ifExists().execute();
}
