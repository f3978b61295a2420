import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import type { ResourceDef } from '../../../lib/resources/types';
import type { Database } from '../../db';
import { linkId } from '../../core/ids';
import { addPinyinKey } from '../../db/migrations/0024-pinyin-key';

/** A test-only resource over a test-only table (created by the test, never by a migration). */
export const FIXTURE: ResourceDef = {
  name: 'jwFixture',
  title: '测试资源',
  table: 'jw_fixture',
  api: '/test/fixture',
  perm: 'test:fixture',
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  ownerField: 'ownerId',
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'id', label: 'ID', kind: 'hidden' },
    { name: 'name', label: '名称', kind: 'input', required: true, maxLength: 50, search: 'like', sortable: true, pinyinSort: true },
    { name: 'code', label: '编码', kind: 'input', unique: true, maxLength: 20 },
    { name: 'sex', label: '性别', kind: 'select', dictCode: 'sex' },
    { name: 'tags', label: '标签', kind: 'list_multi', options: [{ value: 'a', text: '甲' }, { value: 'b', text: '乙' }, { value: 'c', text: '丙' }] },
    { name: 'age', label: '年龄', kind: 'inputNumber', type: 'int', sortable: true },
    { name: 'score', label: '分数', kind: 'inputNumber' },
    { name: 'birthday', label: '生日', kind: 'date' },
    { name: 'startTime', label: '开始时间', kind: 'datetime', sortable: true },
    { name: 'phone', label: '手机号', kind: 'input', pattern: 'mobile' },
    { name: 'secret', label: '密码', kind: 'password', writeOnly: true },
    { name: 'ownerId', label: '负责人', kind: 'hidden' },
    { name: 'departNames', label: '部门', kind: 'input', virtual: true },
    { name: 'createBy', label: '创建人', kind: 'input', form: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', form: false },
    { name: 'updateBy', label: '修改人', kind: 'input', form: false },
    { name: 'updateTime', label: '修改时间', kind: 'datetime', form: false },
  ],
};

/** Every column name the fixture may put into SQL text. */
export const FIXTURE_IDENTIFIERS = new Set([
  'jw_fixture', 'id', 'name', 'name_pinyin', 'code', 'sex', 'tags', 'age', 'score', 'birthday', 'start_time', 'phone', 'secret', 'owner_id',
  'del_flag', 'create_by', 'create_time', 'update_by', 'update_time', 'n', 'one',
]);

export async function createFixtureTable(db: Database, table = FIXTURE.table) {
  await sql`create table ${sql.table(table)} (
    id varchar(32) primary key,
    name varchar(50) not null,
    code varchar(20) unique,
    sex varchar(1),
    tags varchar(100),
    age integer,
    score numeric(10,2),
    birthday varchar(10),
    start_time timestamptz,
    phone varchar(20),
    secret varchar(100),
    owner_id varchar(32),
    del_flag integer not null default 0,
    create_by varchar(32),
    create_time timestamptz not null default now(),
    update_by varchar(32),
    update_time timestamptz
  )`.execute(db);
  await sql`create index ${sql.id(`${table}_ct`)} on ${sql.table(table)} (create_time, id)`.execute(db);
  // name_pinyin, as migration 0024 gives a real table's pinyinSort field.
  await addPinyinKey(db as unknown as Kysely<unknown>, table, 'name');
}

/** Button permissions with these codes, granted to a role (the admin role in tests). */
export async function grantCodes(db: Database, roleId: string, codes: string[]) {
  for (const code of codes) {
    const id = linkId('test-perm', code);
    await db
      .insertInto('sys_permission')
      .values({ id, parent_id: null, name: code, url: null, component: null, menu_type: 2, perms: code, perms_type: '1', icon: null })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await db.insertInto('sys_role_permission').values({ id: linkId(roleId, id), role_id: roleId, permission_id: id }).onConflict((oc) => oc.doNothing()).execute();
  }
}

/** A Kysely that only compiles (PostgreSQL syntax), to look at the SQL text and parameters. */
export function compilerOnly<T>(): Kysely<T> {
  return new Kysely<T>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** Every double-quoted identifier in a SQL text. */
export const identifiersIn = (text: string) => [...text.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
