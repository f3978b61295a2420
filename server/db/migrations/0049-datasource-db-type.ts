import { sql, type Kysely } from 'kysely';

/*
 * 多数据源 (issue #45): sys_data_source.db_type takes JeecgBoot's database_type codes. Every stored source is
 * PostgreSQL (the only engine the connector supports), stored until now under '4' — JeecgBoot's MYSQL5.7+ — and
 * now under JeecgBoot's PostgreSQL code '6'. Kysely<unknown> on purpose, as in 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update sys_data_source set db_type = '6', db_driver = 'org.postgresql.Driver' where db_type is distinct from '6'`.execute(db);
  await sql`alter table sys_data_source alter column db_type set default '6'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sys_data_source alter column db_type set default '4'`.execute(db);
  await sql`update sys_data_source set db_type = '4' where db_type = '6'`.execute(db);
}
