import { sql, type Kysely } from 'kysely';

/*
 * 操作日志 and 数据日志 (issue #24 items 7, 8). sys_log (0001) gets the rest of JeecgBoot's SysLog columns for
 * log_type 2 (operate_type, method, request_url, request_type, request_param, cost_time, tenant_id) plus the result
 * JeecgBoot does not keep: success 1/0, result_code (the envelope's code, else the HTTP status) and result_message.
 * sys_data_log is JeecgBoot's SysDataLog: one row per saved version of a record, data_version 1, 2, 3… per
 * (data_table, data_id), unique so two saves can never claim the same number. Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sys_log')
    .addColumn('operate_type', 'integer')
    .addColumn('method', 'varchar(300)')
    .addColumn('request_url', 'varchar(500)')
    .addColumn('request_type', 'varchar(10)')
    .addColumn('request_param', 'text')
    .addColumn('cost_time', 'integer')
    .addColumn('success', 'integer')
    .addColumn('result_code', 'integer')
    .addColumn('result_message', 'varchar(500)')
    .addColumn('tenant_id', 'integer')
    .execute();

  await db.schema
    .createTable('sys_data_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('data_table', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_content', 'text', (c) => c.notNull())
    .addColumn('data_version', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(10)', (c) => c.notNull().defaultTo('json'))
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_name', 'varchar(100)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('tenant_id', 'integer')
    .execute();
  await db.schema.createIndex('sys_data_log_version').on('sys_data_log').columns(['data_table', 'data_id', 'data_version']).unique().execute();
  await db.schema.createIndex('sys_data_log_time').on('sys_data_log').column('create_time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_data_log').ifExists().execute();
  await db.schema
    .alterTable('sys_log')
    .dropColumn('operate_type')
    .dropColumn('method')
    .dropColumn('request_url')
    .dropColumn('request_type')
    .dropColumn('request_param')
    .dropColumn('cost_time')
    .dropColumn('success')
    .dropColumn('result_code')
    .dropColumn('result_message')
    .dropColumn('tenant_id')
    .execute();
}
