import type { Kysely } from 'kysely';

/*
 * Issue #39: a report parameter may name a dictionary (its query-form input becomes a pick list) and a type (Date /
 * Datetime: a date picker). JeecgBoot's onl_cgreport_param has neither; both are nullable, so a definition saved by a
 * JeecgBoot client keeps its text inputs. Kysely<unknown> on purpose, as in 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onl_cgreport_param').addColumn('dict_code', 'varchar(100)').execute();
  await db.schema.alterTable('onl_cgreport_param').addColumn('param_type', 'varchar(16)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onl_cgreport_param').dropColumn('param_type').execute();
  await db.schema.alterTable('onl_cgreport_param').dropColumn('dict_code').execute();
}
