/** @jest-environment node */
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { acrossTenants, runInTenant, TenantScopePlugin } from '../tenant-scope';

// The SQL the plugin makes of typical queries, compiled without a database. Deliberately untyped tables: the plugin
// works on the query tree, whatever the schema types say.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a schema-less Kysely for compiling arbitrary tables
const db = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new TenantScopePlugin()],
});

const inTenant = <T>(fn: () => T) => runInTenant(2, fn);

test('outside a request nothing is added', () => {
  expect(db.selectFrom('tbl_student').selectAll().where('id', '=', 'x').compile().sql).toBe('select * from "tbl_student" where "id" = $1');
});

test('SELECT: FROM tables by alias, a LEFT JOIN keeps its meaning, system tables are left alone', () => {
  const q = inTenant(() =>
    db
      .selectFrom('tbl_calendar as c')
      .leftJoin('tbl_clazz as z', 'z.id', 'c.clazz_id')
      .innerJoin('sys_user as u', 'u.id', 'c.create_by')
      .select(['c.id'])
      .where('c.del_flag', '=', 0)
      .compile(),
  );
  expect(q.sql).toBe(
    'select "c"."id" from "tbl_calendar" as "c" left join "tbl_clazz" as "z" on "z"."id" = "c"."clazz_id" and "z"."tenant_id" = $1 inner join "sys_user" as "u" on "u"."id" = "c"."create_by" where "c"."del_flag" = $2 and "c"."tenant_id" = $3',
  );
  expect(q.parameters).toEqual([2, 0, 2]);
});

test('subqueries and CTEs are scoped too; an OR in the caller\'s WHERE cannot widen the scope', () => {
  const q = inTenant(() =>
    db
      .with('recent', (w) => w.selectFrom('tbl_lead').select('id'))
      .selectFrom('recent')
      .select((eb) => ['recent.id', eb.selectFrom('tbl_lead_follow as f').select(sql<number>`count(*)`.as('n')).whereRef('f.lead_id', '=', 'recent.id').as('n')])
      .where((eb) => eb.or([eb('recent.id', '=', 'a'), eb('recent.id', '=', 'b')]))
      .compile(),
  );
  expect(q.sql).toContain('with "recent" as (select "id" from "tbl_lead" where "tbl_lead"."tenant_id" = $1)');
  expect(q.sql).toContain('where "f"."lead_id" = "recent"."id" and "f"."tenant_id" = $2');
  const s = inTenant(() => db.selectFrom('tbl_student').selectAll().where((eb) => eb.or([eb('id', '=', 'a'), eb('phone', '=', 'b')])).compile());
  expect(s.sql).toBe('select * from "tbl_student" where ("id" = $1 or "phone" = $2) and "tbl_student"."tenant_id" = $3');
});

test('UPDATE and DELETE reach only the tenant\'s rows; tenant_id itself cannot be updated', () => {
  const u = inTenant(() => db.updateTable('tbl_student').set({ name: 'x', tenant_id: 1 }).where('id', '=', 'a').compile());
  expect(u.sql).toBe('update "tbl_student" set "name" = $1 where "id" = $2 and "tbl_student"."tenant_id" = $3');
  const d = inTenant(() => db.deleteFrom('tbl_task as t').where('t.id', 'in', ['a', 'b']).compile());
  expect(d.sql).toBe('delete from "tbl_task" as "t" where "t"."id" in ($1, $2) and "t"."tenant_id" = $3');
});

test('INSERT sets the tenant, replacing a value the caller sent, for every row', () => {
  const one = inTenant(() => db.insertInto('tbl_goods').values({ id: 'g', name: '书包' }).compile());
  expect(one.sql).toBe('insert into "tbl_goods" ("id", "name", "tenant_id") values ($1, $2, $3)');
  expect(one.parameters).toEqual(['g', '书包', 2]);
  const forged = inTenant(() => db.insertInto('tbl_goods').values([{ id: 'a', tenant_id: 1 }, { id: 'b', tenant_id: 1 }]).compile());
  expect(forged.parameters).toEqual(['a', 2, 'b', 2]);
  expect(inTenant(() => db.insertInto('sys_log').values({ id: 'l' }).compile()).sql).toBe('insert into "sys_log" ("id") values ($1)');
});

test('acrossTenants leaves a query unscoped inside a request', () => {
  expect(inTenant(() => acrossTenants(() => db.selectFrom('tbl_student').select('id').compile().sql))).toBe('select "id" from "tbl_student"');
});
