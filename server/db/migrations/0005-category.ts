import { sql, type Kysely } from 'kysely';

/*
 * Category dictionary (contract §6, JeecgBoot's sys_category): a tree by `pid` ('0' = root), each
 * child's code starting with its parent's code, `has_child` '1'/'0' kept by the service.
 * Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_category')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('pid', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('code', 'varchar(100)', (c) => c.notNull())
    .addColumn('has_child', 'varchar(3)', (c) => c.notNull().defaultTo('0'))
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .addUniqueConstraint('sys_category_code_uniq', ['code'])
    .execute();
  await db.schema.createIndex('sys_category_pid').on('sys_category').column('pid').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_category').ifExists().execute();
}
