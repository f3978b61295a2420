/** @jest-environment node */
import { sql } from 'kysely';
import { encodeSuperQuery } from '../../../lib/super-query';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { ApiFailure } from '../../core/errors';
import { Hono } from 'hono';
import type { AppEnv, Services } from '../../core/context';
import { crudModule, iterateRows } from '../crud';
import { columnOf } from '../../../lib/resources/field-kinds';
import { fillAllPinyinKeys, hasPinyinKey, PINYIN_TARGETS, pinyinColumnOf, pinyinSortKey } from '../pinyin-key';
import { parseListQuery } from '../query';
import { listResources, registerResource, unregisterResource } from '../registry';
import { textSortMode } from '../select';
import { createFixtureTable, FIXTURE, grantCodes } from './helpers';

let be: TestBackend;
let admin: string;
const saved: { id: string; mode: string; departNames: unknown; visible: boolean }[] = [];
const READ_ONLY = { ...FIXTURE, name: 'jwFixtureRo', api: '/test/fixtureRo', actions: {} };

beforeAll(async () => {
  be = await startTestBackend();
  await createFixtureTable(be.db);
  registerResource(FIXTURE, {
    afterLoad: (records) => records.forEach((r) => (r.departNames = `部门-${String(r.name)}`)),
    beforeSave: (row) => {
      if (row.name === '禁止') throw new ApiFailure('该名称不允许使用');
    },
    afterSave: async (row, ctx) => {
      // Runs in the insert's transaction: the new row is visible through ctx.db.
      const found = await sql<{ id: string }>`select id from jw_fixture where id = ${ctx.id}`.execute(ctx.db);
      saved.push({ id: ctx.id, mode: ctx.mode, departNames: row.departNames, visible: found.rows.length === 1 });
    },
  });
  registerResource(READ_ONLY);
  await grantCodes(be.db, 'role_admin', ['list', 'add', 'edit', 'delete', 'deleteBatch'].map((a) => `test:fixture:${a}`));
  admin = await be.login('admin');
}, 120_000);
afterAll(async () => {
  unregisterResource(FIXTURE.name);
  unregisterResource(READ_ONLY.name);
  await be.close();
});

type Page = { records: Record<string, unknown>[]; total: number; current: number; size: number; pages: number };
const get = (path: string, token = admin) => be.call(path, { token });
const list = async (qs: string, token = admin) => {
  const r = await get(`/test/fixture/list?${qs}`, token);
  return { body: r.body, page: r.body.result as Page };
};
const addRow = (json: unknown, token = admin) => be.call('/test/fixture/add', { method: 'POST', token, json });
const names = (p: Page) => p.records.map((r) => r.name);

describe('add with validation', () => {
  it.each([
    [{}, '请输入名称!'],
    [{ name: 'x', phone: '123' }, '请输入正确的手机号码!'],
    [{ name: 'x', age: 'abc' }, '年龄必须是整数'],
    [{ name: 'x', tags: 'a,zz' }, '标签的值不正确'],
    [{ name: 'x'.repeat(51) }, '名称不能超过50个字符'],
  ])('%j → %s', async (json, message) => {
    const r = await addRow(json);
    expect(r.body).toMatchObject({ success: false, code: 500, message });
  });

  it('adds rows with server-filled id, audit columns and owner; never returns write-only fields', async () => {
    const r = await addRow({ id: 'mine', name: '张三', code: 'C001', sex: '1', tags: 'a,b', age: 30, score: '88.5', birthday: '1996-05-01', startTime: '2026-03-01 08:30:00', phone: '13800138000', secret: 'pw', createBy: 'mallory' });
    expect(r.body).toMatchObject({ success: true, code: 200, message: '添加成功！' });
    const rec = r.body.result as Record<string, unknown>;
    expect(rec.id).toMatch(/^[0-9a-f]{32}$/);
    expect(rec).toMatchObject({ name: '张三', code: 'C001', age: 30, score: 88.5, birthday: '1996-05-01', startTime: '2026-03-01 08:30:00', createBy: 'admin', ownerId: 'u_admin', departNames: '部门-张三' });
    expect(rec).not.toHaveProperty('secret');
    const stored = await sql<{ secret: string; start_time: Date }>`select secret, start_time from jw_fixture where id = ${rec.id}`.execute(be.db);
    expect(stored.rows[0].secret).toBe('pw');
    expect(stored.rows[0].start_time.toISOString()).toBe('2026-03-01T00:30:00.000Z');
    for (const [i, name] of ['李四', '王五', '赵六', '50%_off'].entries()) {
      expect((await addRow({ name, code: `C00${i + 2}`, sex: String((i % 2) + 1), tags: i % 2 ? 'c' : 'a', age: 20 + i * 10, startTime: `2026-03-0${i + 2} 10:00:00` })).body.success).toBe(true);
    }
  });

  it('runs the save hooks: beforeSave may refuse, afterSave sees the row and virtual fields', async () => {
    expect((await addRow({ name: '禁止' })).body).toMatchObject({ success: false, message: '该名称不允许使用' });
    const first = saved[0];
    expect(first).toMatchObject({ mode: 'add', departNames: undefined, visible: true });
    const r = await addRow({ name: '钩子', code: 'H001', departNames: '教务处' });
    expect(saved.at(-1)).toEqual({ id: (r.body.result as { id: string }).id, mode: 'add', departNames: '教务处', visible: true });
    await be.call(`/test/fixture/deleteBatch?ids=${(r.body.result as { id: string }).id}`, { method: 'DELETE', token: admin });
    await sql`delete from jw_fixture where code = 'H001'`.execute(be.db);
  });

  it('re-checks unique fields on save', async () => {
    expect((await addRow({ name: '重复', code: 'C001' })).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
  });
});

describe('list', () => {
  it('pages, sorts by default (createTime desc) and adds _dictText', async () => {
    const { page } = await list('pageNo=1&pageSize=2');
    expect(page).toMatchObject({ total: 5, current: 1, size: 2, pages: 3 });
    expect(names(page)).toEqual(['50%_off', '赵六']);
    const first = (await list('name=张三')).page.records[0];
    expect(first).toMatchObject({ sex: '1', sex_dictText: '男', tags: 'a,b', tags_dictText: '甲,乙', departNames: '部门-张三' });
    expect(first).not.toHaveProperty('secret');
  });

  it('filters with the operators of contract §7', async () => {
    expect(names((await list('name=*五*')).page)).toEqual(['王五']);
    expect(names((await list('name=*50%_*')).page)).toEqual(['50%_off']);
    expect(names((await list('name=*0_*')).page)).toEqual([]);
    expect(names((await list('age=>= 40&column=age&order=asc')).page)).toEqual(['赵六', '50%_off']);
    expect(names((await list('age=!30&column=age&order=asc')).page)).toEqual(['李四', '赵六', '50%_off']);
    expect(names((await list('code=C001,C003&column=name&order=asc')).page).sort()).toEqual(['张三', '王五'].sort());
    expect(names((await list('tags=,b,c,')).page).sort()).toEqual(['张三', '王五', '50%_off'].sort());
    expect(names((await list('startTime_begin=2026-03-02&startTime_end=2026-03-03&column=startTime&order=asc')).page)).toEqual(['李四', '王五']);
    expect(names((await list('score=>= 80')).page)).toEqual(['张三']);
    expect(names((await list('age=*3*')).page).sort()).toEqual(['张三', '王五'].sort());
  });

  it('applies the advanced query', async () => {
    const sq = encodeURIComponent(encodeSuperQuery([{ field: 'age', rule: 'ge', val: '50' }, { field: 'name', rule: 'eq', val: '张三' }]));
    expect(names((await list(`superQueryParams=${sq}&superQueryMatchType=or&column=age&order=asc`)).page)).toEqual(['张三', '50%_off']);
    expect(names((await list(`superQueryParams=${sq}&superQueryMatchType=and`)).page)).toEqual([]);
  });

  it('refuses bad values, sorts and advanced queries with a message, not a SQL error', async () => {
    expect((await list('age=abc')).body).toMatchObject({ success: false, message: expect.stringContaining('不是有效的整数') });
    expect((await list('column=id desc, (select 1)&order=asc')).body).toMatchObject({ success: false, message: '请注意，将要排序的列字段不存在：id desc' });
    expect((await list('column=secret')).body.message).toBe('请注意，将要排序的列字段不存在：secret');
    const sq = encodeURIComponent(encodeURI(JSON.stringify([{ field: 'name', rule: 'ext', val: '1=1' }])));
    expect((await list(`superQueryParams=${sq}`)).body).toMatchObject({ success: false, message: expect.stringContaining('不支持的查询规则') });
    expect((await list(`name=${encodeURIComponent("'; drop table jw_fixture; --")}`)).page.total).toBe(0);
    expect((await list('')).page.total).toBe(5);
  });

  it('caps a huge pageSize at 200', async () => {
    expect((await list('pageSize=100000000')).page.size).toBe(200);
    expect((await list('pageNo=999999999&pageSize=200')).page).toMatchObject({ records: [], total: 5, current: 999999999 });
    expect((await list('pageNo=-1&pageSize=abc')).page).toMatchObject({ current: 1, size: 10 });
  });
});

describe('queryById, edit, delete, deleteBatch', () => {
  const idOf = async (name: string) => String((await list(`name=${encodeURIComponent(name)}`)).page.records[0].id);

  it('reads one row', async () => {
    const id = await idOf('李四');
    expect((await get(`/test/fixture/queryById?id=${id}`)).body.result).toMatchObject({ id, name: '李四', departNames: '部门-李四' });
    expect((await get('/test/fixture/queryById?id=nope')).body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('edits (PUT or POST) what was sent, with update audit and the unique check', async () => {
    const id = await idOf('李四');
    const r = await be.call('/test/fixture/edit', { method: 'PUT', token: admin, json: { id, age: 21, createBy: 'mallory' } });
    expect(r.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(r.body.result).toMatchObject({ name: '李四', age: 21, createBy: 'admin', updateBy: 'admin' });
    expect((await be.call('/test/fixture/edit', { method: 'POST', token: admin, json: { id, code: 'C001' } })).body.message).toBe('该值不可用，系统中已存在！');
    expect((await be.call('/test/fixture/edit', { method: 'PUT', token: admin, json: { id, code: 'C002', name: '李四四' } })).body.success).toBe(true);
    expect((await be.call('/test/fixture/edit', { method: 'PUT', token: admin, json: { id: 'nope', name: 'x' } })).body.message).toBe('未找到对应数据');
    expect((await be.call('/test/fixture/edit', { method: 'PUT', token: admin, json: { name: 'x' } })).body.message).toBe('未找到对应数据');
  });

  it('soft-deletes one row and a batch in one go; deleted rows disappear from reads', async () => {
    const id = await idOf('张三');
    expect((await be.call(`/test/fixture/delete?id=${id}`, { method: 'DELETE', token: admin })).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await be.call(`/test/fixture/delete?id=${id}`, { method: 'DELETE', token: admin })).body.message).toBe('未找到对应数据');
    expect((await get(`/test/fixture/queryById?id=${id}`)).body.success).toBe(false);
    const ids = [await idOf('王五'), await idOf('赵六')];
    expect((await be.call(`/test/fixture/deleteBatch?ids=${ids.join(',')},nope`, { method: 'DELETE', token: admin })).body.message).toBe('批量删除成功!');
    expect(names((await list('column=name&order=asc')).page)).toEqual(['50%_off', '李四四']);
    const flags = await sql<{ n: number }>`select count(*)::int as n from jw_fixture where del_flag = 1`.execute(be.db);
    expect(flags.rows[0].n).toBe(3);
    expect((await be.call('/test/fixture/deleteBatch?ids=', { method: 'DELETE', token: admin })).body.message).toBe('请选择一条记录！');
  });
});

describe('guards', () => {
  it('answers 510 to a user without the codes', async () => {
    const teacher = await be.login('teacher');
    for (const r of [
      await get('/test/fixture/list', teacher),
      await get('/test/fixture/queryById?id=x', teacher),
      await addRow({ name: 'x' }, teacher),
      await be.call('/test/fixture/edit', { method: 'PUT', token: teacher, json: { id: 'x' } }),
      await be.call('/test/fixture/delete?id=x', { method: 'DELETE', token: teacher }),
      await be.call('/test/fixture/deleteBatch?ids=x', { method: 'DELETE', token: teacher }),
    ]) {
      expect(r.body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    }
  });

  it('needs a token, refuses wrong methods and answers 404 for actions the definition does not enable', async () => {
    expect((await be.call('/test/fixture/list')).status).toBe(401);
    expect((await be.call('/test/fixture/add', { token: admin })).body.code).toBe(405);
    const r = await be.call('/test/fixtureRo/add', { method: 'POST', token: admin, json: { name: 'x' } });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ success: false, code: 404 });
    expect((await get('/test/fixture/exportXls')).status).toBe(404);
    expect((await get('/test/nothing/list')).status).toBe(404);
  });
});

describe('crudModule', () => {
  it('serves the same routes when mounted explicitly on an app', async () => {
    const services = { db: be.db, sessions: be.sessions, config: be.config } as Services;
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      const user = await be.db.selectFrom('sys_user').selectAll().where('username', '=', c.req.header('x-user') ?? '').executeTakeFirstOrThrow();
      c.set('services', services);
      c.set('auth', { token: 't', tokenHash: 'h', user, tenantId: 0 });
      await next();
    });
    app.route('/', crudModule({ ...FIXTURE, name: 'mounted', api: '/mounted/fixture' }));
    const call = async (path: string, user: string) => (await app.fetch(new Request(`http://x${path}`, { headers: { 'x-user': user } }))).json();
    expect(await call('/mounted/fixture/list?column=name&order=asc', 'admin')).toMatchObject({ success: true, result: { total: 2 } });
    expect(await call('/mounted/fixture/list', 'teacher')).toMatchObject({ success: false, code: 510 });
    expect((await app.fetch(new Request('http://x/mounted/fixture/exportXls', { headers: { 'x-user': 'admin' } }))).status).toBe(404);
  });
});

describe('iterateRows', () => {
  it('walks every filtered row in order, in keyset batches, including NULL sort keys', async () => {
    await sql`insert into jw_fixture (id, name, age, create_time)
      select 'it' || lpad(g::text, 4, '0'), 'it-' || g, case when g % 7 = 0 then null else g % 5 end, now() - (g % 3) * interval '1 second'
      from generate_series(1, 120) g`.execute(be.db);
    for (const [column, order] of [['age', 'asc'], ['age', 'desc'], ['createTime', 'desc'], ['name', 'asc']] as const) {
      const query = parseListQuery(FIXTURE, { name: 'it-*', column, order });
      const seen: string[] = [];
      for await (const r of iterateRows(be.db, FIXTURE, query, 7)) seen.push(String(r.id));
      const col = column === 'createTime' ? 'create_time' : column;
      const all = await sql<{ id: string }>`select id from jw_fixture where name like 'it-%' order by ${sql.raw(`${col} ${order}, id ${order}`)}`.execute(be.db);
      expect(seen).toEqual(all.rows.map((r) => r.id));
    }
  });
});

// Digits, Chinese by 拼音 and tone, then Latin, case-insensitively: PostgreSQL's ICU "zh-x-icu", and on PGlite
// (no Chinese collation) the stored key of migration 0024. The same order on both, the export's cursor included.
describe('拼音 order (issue #21)', () => {
  const expected = ['7号', '阿', '丁', '龙', '路', '吕', '万', '严', '张三', '张A', '赵', 'alice', 'Bob'];
  const sorted = async (order = 'asc') => names((await list(`code=PY*&column=name&order=${order}&pageSize=20`)).page);
  const keyOf = async (code: string) => (await sql<{ k: string | null }>`select name_pinyin as k from jw_fixture where code = ${code}`.execute(be.db)).rows[0]?.k;

  it('keys each character by its most common reading, tone and itself; other text lower-cased after NFKC', () => {
    expect(pinyinSortKey('张A')).toBe('`zhang1张a');
    expect(['吕', '吗', 'Ａ１', '', null].map(pinyinSortKey)).toEqual(['`lv3吕', '`ma5吗', 'a1', '', null]);
  });

  it('sorts free text as people read Chinese; the export walks the same order across batches', async () => {
    for (const [i, name] of expected.entries()) expect((await addRow({ name, code: `PY${i}` })).body.success).toBe(true);
    expect(await keyOf('PY1')).toBe('`a1阿');
    expect(await sorted()).toEqual(expected);
    expect(await sorted('desc')).toEqual([...expected].reverse());
    // Paged: page 2 continues where page 1 stopped.
    expect(names((await list('code=PY*&column=name&order=asc&pageNo=2&pageSize=5')).page)).toEqual(expected.slice(5, 10));
    const seen: unknown[] = [];
    for await (const r of iterateRows(be.db, FIXTURE, parseListQuery(FIXTURE, { code: 'PY*', column: 'name', order: 'asc' }), 3)) seen.push(r.name);
    expect(seen).toEqual(expected);
  });

  it('re-sorts a row renamed by an edit, by a hand-written UPDATE, and lists a row inserted without its key in its place', async () => {
    const id = (await sql<{ id: string }>`select id from jw_fixture where code = 'PY3'`.execute(be.db)).rows[0].id;
    expect((await be.call('/test/fixture/edit', { method: 'PUT', token: admin, json: { id, name: '艾' } })).body.success).toBe(true);
    expect(await keyOf('PY3')).toBe('`ai4艾');
    const renamed = ['7号', '阿', '艾', '丁', '路', '吕', '万', '严', '张三', '张A', '赵', 'alice', 'Bob'];
    expect(await sorted()).toEqual(renamed);
    // Paths that bypass the engine: the guard trigger nulls a key whose text changed without it; an insert has none.
    await sql`update jw_fixture set name = '白' where code = 'PY3'`.execute(be.db);
    expect(await keyOf('PY3')).toBeNull();
    await sql`insert into jw_fixture (id, name, code) values ('py-raw', '周', 'PYraw')`.execute(be.db);
    const after = ['7号', '阿', '白', '丁', '路', '吕', '万', '严', '张三', '张A', '赵', '周', 'alice', 'Bob'];
    expect(await sorted()).toEqual(after);
    const seen: unknown[] = [];
    for await (const r of iterateRows(be.db, FIXTURE, parseListQuery(FIXTURE, { code: 'PY*', column: 'name', order: 'asc' }), 4)) seen.push(r.name);
    expect(seen).toEqual(after);
    // PGlite filled the keys before sorting; PostgreSQL sorts by ICU and leaves them to the start-up fill.
    if ((await textSortMode(be.db)) === 'icu') await fillAllPinyinKeys(be.db, [{ table: 'jw_fixture', id: 'id', column: 'name', key: 'name_pinyin' }]);
    expect([await keyOf('PY3'), await keyOf('PYraw')]).toEqual(['`bai2白', '`zhou1周']);
  });

  it('every pinyinSort field of the registered resources has its key column, which the seed left filled', async () => {
    const keyColumns = await sql<{ c: string }>`select c.relname || '.' || a.attname as c from pg_attribute a join pg_class c on c.oid = a.attrelid
      where a.attname like '%\\_pinyin' and a.attnum > 0 and not a.attisdropped and c.relkind = 'r'`.execute(be.db);
    const have = new Set(keyColumns.rows.map((r) => r.c));
    const wanted = listResources().flatMap(({ def }) => def.fields.filter(hasPinyinKey).map((f) => `${def.table}.${pinyinColumnOf(columnOf(f))}`));
    expect(wanted).toEqual(expect.arrayContaining(['tbl_student.name_pinyin', 'sys_user.realname_pinyin']));
    // Flagged fields have columns; the start-up fill knows every column (the fixture's is the test's own).
    expect(wanted.filter((w) => !have.has(w))).toEqual([]);
    expect([...have].filter((c) => c !== 'jw_fixture.name_pinyin').sort()).toEqual(PINYIN_TARGETS.map((t) => `${t.table}.${t.key}`).sort());
    // The seed inserts without keys (bulk and SQL); its closing fill keys every row.
    const missing = [];
    for (const t of PINYIN_TARGETS) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t.table)} where ${sql.ref(t.key)} is null and ${sql.ref(t.column)} is not null`.execute(be.db);
      if (rows[0].n) missing.push(`${t.table}.${t.key}: ${rows[0].n}`);
    }
    expect(missing).toEqual([]);
    expect((await sql<{ k: string }>`select realname_pinyin as k from sys_user where username = 'admin'`.execute(be.db)).rows[0].k).toBe(pinyinSortKey('管理员'));
  });
});
