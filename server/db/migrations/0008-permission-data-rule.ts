import { sql, type Kysely } from 'kysely';

/*
 * Data rules of menus (JeecgBoot's sys_permission_data_rule) and which of them apply to a role
 * (sys_role_permission.data_rule_ids, a comma list of rule ids, as in JeecgBoot). A rule names a
 * resource field (camelCase), an operator and a value or system variable; server/resources/data-rules.ts
 * turns it into bound conditions. Rules go with their menu row (cascade). Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_permission_data_rule')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('sys_permission.id').onDelete('cascade'))
    .addColumn('rule_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('rule_column', 'varchar(64)', (c) => c.notNull())
    .addColumn('rule_conditions', 'varchar(20)', (c) => c.notNull())
    .addColumn('rule_value', 'varchar(300)', (c) => c.notNull())
    .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('sys_permission_data_rule_perm').on('sys_permission_data_rule').column('permission_id').execute();
  await db.schema.alterTable('sys_role_permission').addColumn('data_rule_ids', 'varchar(1000)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_role_permission').dropColumn('data_rule_ids').execute();
  await db.schema.dropTable('sys_permission_data_rule').ifExists().execute();
}
