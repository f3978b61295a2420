/** @jest-environment node */
import { sql } from 'kysely';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { CrudHooks } from '../crud';
import { registerResource, unregisterResource } from '../registry';
import { createFixtureTable, FIXTURE, grantCodes } from './helpers';

/*
 * The engine's per-screen hooks for hand-written controllers moved onto it (issue #40): their wording and limits
 * (replies), the list's parameters (listParams), what a soft delete also sets (removeSet), what follows a delete
 * (afterRemove) and an action guarded by another code (perms).
 */

const DEF = { ...FIXTURE, name: 'jwFixtureReplies', table: 'jw_fixture_replies', api: '/test/fixtureReplies', perm: 'test:replies', ownerField: undefined };
const removed: string[][] = [];
const hooks: CrudHooks = {
  listParams: (params) => ({ ...params, name: params.name ? `*${params.name}*` : undefined, column: undefined }),
  removeSet: { age: -1 },
  afterRemove: (ids) => void removed.push([...ids].sort()),
  perms: { deleteBatch: 'test:replies:delete' },
  replies: {
    add: '创建成功',
    edit: '更新成功',
    delete: '删掉了',
    deleteBatch: '都删掉了',
    notFound: '没有这一条',
    noIds: '参数错误',
    maxBatch: 2,
    tooMany: '一次最多两条',
    batchNeedsRow: true,
    noRecord: true,
    duplicate: '编码重复',
  },
};

let be: TestBackend;
let admin: string;

beforeAll(async () => {
  be = await startTestBackend();
  await createFixtureTable(be.db, DEF.table);
  registerResource(DEF, hooks);
  // No deleteBatch code: the batch is guarded by delete (hooks.perms).
  await grantCodes(be.db, 'role_admin', ['list', 'add', 'edit', 'delete'].map((a) => `test:replies:${a}`));
  admin = await be.login('admin');
}, 120_000);
afterAll(async () => {
  unregisterResource(DEF.name);
  await be.close();
});

const call = (path: string, method = 'GET', json?: unknown) => be.call(`/test/fixtureReplies/${path}`, { method, token: admin, json });
const add = async (name: string) => {
  expect((await call('add', 'POST', { name })).body).toMatchObject({ success: true, message: '创建成功', result: null });
  const row = await sql<{ id: string }>`select id from jw_fixture_replies where name = ${name} and del_flag = 0`.execute(be.db);
  return row.rows[0].id;
};

it('add / edit answer the screen’s messages and no record; a missing row its notFound', async () => {
  const id = await add('甲一');
  expect((await call('edit', 'PUT', { id, name: '甲二' })).body).toMatchObject({ success: true, message: '更新成功', result: null });
  expect((await call('edit', 'PUT', { id: 'nope', name: 'x' })).body).toMatchObject({ success: false, message: '没有这一条' });
  expect((await call('queryById?id=nope')).body).toMatchObject({ success: false, message: '没有这一条' });
});

it('listParams rewrites the query before it is parsed (plain text as contains, the sort dropped)', async () => {
  await add('乙一号');
  const r = await call('list?name=一号&column=nosuchfield');
  expect(r.body.success).toBe(true);
  expect((r.body.result as { records: { name: string }[] }).records.map((x) => x.name)).toEqual(['乙一号']);
});

it('delete and deleteBatch: their messages, limits, removeSet, afterRemove, notFound when nothing was removed, perms', async () => {
  const a = await add('丙一');
  const b = await add('丙二');
  expect((await call('delete', 'DELETE')).body).toMatchObject({ success: false, message: '参数错误' });
  expect((await call('deleteBatch?ids=', 'DELETE')).body).toMatchObject({ success: false, message: '参数错误' });
  expect((await call('deleteBatch?ids=x,y,z', 'DELETE')).body).toMatchObject({ success: false, message: '一次最多两条' });
  removed.length = 0;
  expect((await call(`delete?id=${a}`, 'DELETE')).body).toMatchObject({ success: true, message: '删掉了' });
  expect((await call(`deleteBatch?ids=${a},${b}`, 'DELETE')).body).toMatchObject({ success: true, message: '都删掉了' });
  // Only rows this delete removed are reported: `a` was gone already.
  expect(removed).toEqual([[a], [b]]);
  const rows = await sql<{ age: number; del_flag: number }>`select age, del_flag from jw_fixture_replies where id in (${a}, ${b})`.execute(be.db);
  expect(rows.rows).toEqual([{ age: -1, del_flag: 1 }, { age: -1, del_flag: 1 }]);
  expect((await call(`deleteBatch?ids=${a},${b}`, 'DELETE')).body).toMatchObject({ success: false, message: '没有这一条' });
  expect((await call(`delete?id=${a}`, 'DELETE')).body).toMatchObject({ success: false, message: '没有这一条' });
  expect(removed).toHaveLength(2);
});

it('a write meeting the unique index answers the screen’s duplicate message', async () => {
  // The engine's own re-check only covers `unique` fields: this definition does not mark code unique, the table does.
  const def = { ...DEF, fields: DEF.fields.map((f) => (f.name === 'code' ? { ...f, unique: false } : f)) };
  unregisterResource(DEF.name);
  registerResource(def, hooks);
  expect((await call('add', 'POST', { name: '丁一', code: 'D1' })).body.success).toBe(true);
  expect((await call('add', 'POST', { name: '丁二', code: 'D1' })).body).toMatchObject({ success: false, message: '编码重复' });
});
