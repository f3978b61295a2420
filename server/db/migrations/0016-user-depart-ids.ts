import type { Kysely } from 'kysely';

/*
 * 负责部门 (JeecgBoot's SysUser.departIds): the comma-joined ids of the departments a supervisor
 * (user_identity 2) manages. Not membership, which stays in sys_user_depart. 0001 already has avatar,
 * telephone and user_identity. Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_user').addColumn('depart_ids', 'varchar(1000)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_user').dropColumn('depart_ids').execute();
}
