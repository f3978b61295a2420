import { sql, type Kysely } from 'kysely';

/*
 * 租户 and 职务 as JeecgBoot's stock client reads them (issue 20 A.7; their screens come with issue 24).
 * sys_tenant (0001, default tenant seeded by seed.ts) gains the rest of JeecgBoot's SysTenant: create_by,
 * begin_date, end_date. sys_position is JeecgBoot's 职务表 (SysPosition, unique code as its uniq_code
 * index), with the 职级 dictionary `position_rank` its @Dict names; no positions are seeded, they are the
 * school's own. Kysely<unknown> on purpose, as in 0001.
 */

/** JeecgBoot's position_rank items (value, text). */
const POSITION_RANKS = [
  ['1', '员级'],
  ['2', '助级'],
  ['3', '中级'],
  ['4', '副高级'],
  ['5', '正高级'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sys_tenant')
    .addColumn('create_by', 'varchar(32)')
    .addColumn('begin_date', 'timestamptz')
    .addColumn('end_date', 'timestamptz')
    .execute();

  await db.schema
    .createTable('sys_position')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('post_rank', 'varchar(2)')
    .addColumn('company_id', 'varchar(255)')
    .addColumn('sys_org_code', 'varchar(50)')
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'timestamptz')
    .execute();

  // The seed's id scheme for dictionaries (dict_<code>); an administrator's own position_rank wins.
  const created = await sql<{ id: string }>`insert into sys_dict (id, dict_code, dict_name, description)
    values ('dict_position_rank', 'position_rank', '职级', '职务的职级') on conflict do nothing returning id`.execute(db);
  if (!created.rows.length) return;
  let order = 1;
  for (const [value, text] of POSITION_RANKS) {
    await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order)
      values (${`dict_position_rank_${value}`}, 'dict_position_rank', ${value}, ${text}, ${order++})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sys_dict where id = 'dict_position_rank'`.execute(db);
  await db.schema.dropTable('sys_position').ifExists().execute();
  await db.schema.alterTable('sys_tenant').dropColumn('create_by').dropColumn('begin_date').dropColumn('end_date').execute();
}
