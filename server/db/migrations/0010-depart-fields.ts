import type { Kysely } from 'kysely';

/*
 * 部门管理's extra fields: 传真 (contract §4 SysDepartTreeModel.fax), 负责人 (directorUserIds, comma-joined
 * user ids) and 所在地区 (a 6-digit region code of the area linkage, e.g. a campus's district).
 * Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sys_depart')
    .addColumn('fax', 'varchar(32)')
    .addColumn('director_user_ids', 'varchar(1000)')
    .addColumn('area_code', 'varchar(12)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_depart').dropColumn('area_code').dropColumn('director_user_ids').dropColumn('fax').execute();
}
