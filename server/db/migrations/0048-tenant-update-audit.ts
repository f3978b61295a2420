import type { Kysely } from 'kysely';

/*
 * Optimistic concurrency of edits (issue #39): every table edited through the resource engine keeps its update
 * audit, the version its edit forms carry. sys_tenant was the one without it (JeecgBoot's SysTenant has no
 * update_by / update_time either; ours gains them). Kysely<unknown> as in 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_tenant').addColumn('update_by', 'varchar(32)').addColumn('update_time', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_tenant').dropColumn('update_by').dropColumn('update_time').execute();
}
