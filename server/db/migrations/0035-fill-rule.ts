import { sql, type Kysely } from 'kysely';

/*
 * 填值规则 (issue #24 item 6). sys_fill_rule keeps JeecgBoot's rule_name / rule_code, with a declarative pattern
 * (lib/rules/fill-rule.ts) and a reset period instead of a Java class. sys_fill_rule_seq holds one counter per
 * (rule_code, period): the next value is one `insert … on conflict do update … returning` statement, so parallel
 * calls never share a number. Counters are keyed by code and outlive a deleted rule, so a rule re-created under
 * the same code goes on counting instead of repeating numbers.
 * 学员 and 班级 get a number (student_no, clazz_no), unique among live rows; rows from before this migration keep
 * null (the demo seed numbers its own rows), new ones are filled from the seeded rules when the form leaves it empty.
 * Kysely<unknown> on purpose, as in 0001.
 */

export const SEEDED_FILL_RULES = [
  { id: 'fill_rule_student_no', rule_code: 'student_no', rule_name: '学员编号', rule_pattern: 'XS{yyyy}{seq:5}', reset_period: 'yearly' },
  { id: 'fill_rule_clazz_no', rule_code: 'clazz_no', rule_name: '班级编号', rule_pattern: 'BJ{yyMM}{seq:3}', reset_period: 'monthly' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_fill_rule')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('rule_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('rule_pattern', 'varchar(100)', (c) => c.notNull())
    .addColumn('reset_period', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
    .addColumn('rule_description', 'varchar(200)')
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'timestamptz')
    .addCheckConstraint('sys_fill_rule_reset', sql`reset_period in ('none', 'yearly', 'monthly', 'daily')`)
    .execute();
  await db.schema.createIndex('sys_fill_rule_create').on('sys_fill_rule').columns(['create_time', 'id']).execute();

  await db.schema
    .createTable('sys_fill_rule_seq')
    .addColumn('rule_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('period', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sys_fill_rule_seq_pk', ['rule_code', 'period'])
    .execute();

  await sql`alter table tbl_student add column student_no varchar(64)`.execute(db);
  await sql`create unique index tbl_student_no on tbl_student (student_no) where student_no is not null and del_flag = 0`.execute(db);
  await sql`alter table tbl_clazz add column clazz_no varchar(64)`.execute(db);
  await sql`create unique index tbl_clazz_no on tbl_clazz (clazz_no) where clazz_no is not null and del_flag = 0`.execute(db);

  for (const r of SEEDED_FILL_RULES) {
    await sql`insert into sys_fill_rule (id, rule_code, rule_name, rule_pattern, reset_period)
      values (${r.id}, ${r.rule_code}, ${r.rule_name}, ${r.rule_pattern}, ${r.reset_period})
      on conflict do nothing`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists tbl_clazz_no`.execute(db);
  await sql`alter table tbl_clazz drop column if exists clazz_no`.execute(db);
  await sql`drop index if exists tbl_student_no`.execute(db);
  await sql`alter table tbl_student drop column if exists student_no`.execute(db);
  await db.schema.dropTable('sys_fill_rule_seq').ifExists().execute();
  await db.schema.dropTable('sys_fill_rule').ifExists().execute();
}
