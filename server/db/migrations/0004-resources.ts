import { sql, type Kysely } from 'kysely';

/*
 * The generic resource engine's own tables: coding rules for /sys/checkRule/checkByCode and custom columns
 * for /sys/sysTableColumn/list. Resource tables bring their own migrations, each with an index on its
 * default sort column plus the row key (e.g. `(create_time, id)`), which the list's ORDER BY … LIMIT uses.
 * Kysely<unknown> on purpose, as in 0001.
 */

export const SEEDED_CHECK_RULES = [
  {
    id: 'check_rule_common',
    rule_code: 'common',
    rule_name: '通用编码规则',
    rule_description: '字母开头，只能包含字母、数字和下划线，3到20位',
    rule_json: JSON.stringify([
      { digits: '1', pattern: '^[a-zA-Z]$', message: '第一位只能是字母' },
      { digits: '*', pattern: '^[0-9a-zA-Z_]*$', message: '只能填写数字、大小写字母、下划线' },
      { digits: '*', pattern: '^.{3,20}$', message: '长度必须在3到20位之间' },
    ]),
  },
  {
    id: 'check_rule_location_code',
    rule_code: 'location_code',
    rule_name: '场地编码规则',
    rule_description: '两位大写字母加四位数字，如 BJ0001',
    rule_json: JSON.stringify([
      { digits: '2', pattern: '^[A-Z]{2}$', message: '前两位必须是大写字母' },
      { digits: '4', pattern: '^\\d{4}$', message: '第三到六位必须是数字' },
      { digits: '*', pattern: '^.{6}$', message: '编码必须是6位' },
    ]),
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_check_rule')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('rule_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('rule_json', 'text', (c) => c.notNull())
    .addColumn('rule_description', 'varchar(200)')
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'timestamptz')
    .execute();

  await db.schema
    .createTable('sys_table_column')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('jdbc_field', 'varchar(64)', (c) => c.notNull())
    .addColumn('show_type', 'varchar(32)', (c) => c.notNull().defaultTo('input'))
    .addColumn('option_item', 'varchar(1000)')
    .addColumn('prompt', 'varchar(255)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'timestamptz')
    .addUniqueConstraint('sys_table_column_field_uniq', ['table_name', 'jdbc_field'])
    .execute();
  await db.schema.createIndex('sys_table_column_table_sort').on('sys_table_column').columns(['table_name', 'sort']).execute();

  for (const r of SEEDED_CHECK_RULES) {
    await sql`insert into sys_check_rule (id, rule_code, rule_name, rule_description, rule_json)
      values (${r.id}, ${r.rule_code}, ${r.rule_name}, ${r.rule_description}, ${r.rule_json})
      on conflict do nothing`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_table_column').ifExists().execute();
  await db.schema.dropTable('sys_check_rule').ifExists().execute();
}
