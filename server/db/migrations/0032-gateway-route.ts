import { sql, type Kysely } from 'kysely';

/*
 * 网关路由 (issue #27 item 5): JeecgBoot's sys_gateway_route (router_id, name, uri, predicates and filters as
 * JSON text, retryable, strip_prefix, persistable, show_api, status 1 有效 / 0 无效, del_flag) plus what the
 * backend-for-frontend matches on: path_prefix (the Path predicate without `/**`) and sort_order. Among live
 * enabled routes a prefix appears once (case-insensitive), so two saves racing past the check meet the index.
 * Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_gateway_route')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('router_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('uri', 'varchar(255)', (c) => c.notNull())
    .addColumn('predicates', 'text')
    .addColumn('filters', 'text')
    .addColumn('retryable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('strip_prefix', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('persistable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_api', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('path_prefix', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'timestamptz')
    .addCheckConstraint('sys_gateway_route_status', sql`status in (0, 1)`)
    .execute();
  await sql`create unique index sys_gateway_route_prefix on sys_gateway_route (lower(path_prefix)) where status = 1 and del_flag = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_gateway_route').ifExists().execute();
}
