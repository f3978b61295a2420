/** @jest-environment node */
import { sql } from 'kysely';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { CUSTOM_FIELD_FIXED, CUSTOM_FIELD_TAKEN, CUSTOM_OPTIONS_REQUIRED, registerTableColumnResources } from '../../system/catalog-table-columns';
import { getResource, registerResource, unregisterResource } from '../registry';
import { createFixtureTable, FIXTURE, grantCodes } from './helpers';

/**
 * The fixture with custom values in `ext`. Its columns are defined under sys_user, the one table the
 * admin form offers (a select's options are enforced like any other), as a resource may borrow another
 * table's columns (`customColumnsTable`).
 */
const CUSTOM = { ...FIXTURE, name: 'jwFixtureCustom', api: '/test/fixtureCustom', customValuesColumn: 'ext', customColumnsTable: 'sys_user' };

let be: TestBackend;
let token: string;

beforeAll(async () => {
  be = await startTestBackend();
  await createFixtureTable(be.db);
  await sql`alter table jw_fixture add column ext jsonb`.execute(be.db);
  registerResource(CUSTOM);
  if (!getResource('sysTableColumn')) registerTableColumnResources();
  await grantCodes(be.db, 'role_admin', ['test:fixture:list', 'test:fixture:add', 'test:fixture:edit', 'system:tableColumn:list', 'system:tableColumn:add', 'system:tableColumn:edit', 'system:tableColumn:delete']);
  token = await be.login('admin');
}, 120_000);
afterAll(async () => {
  unregisterResource(CUSTOM.name);
  await be.close();
});

const call = (path: string, method = 'GET', json?: unknown) => be.call(path, { token, method, json });
const addColumn = (col: Record<string, unknown>) => call('/sys/tableColumn/add', 'POST', { tableName: 'sys_user', showType: 'input', sort: 0, ...col });

describe('自定义列 admin (/sys/tableColumn)', () => {
  it('defines columns for a table that stores custom values, and refuses the rest', async () => {
    expect((await addColumn({ name: '微信号', jdbcField: 'wechat', prompt: '学员家长的微信', sort: 1 })).body).toMatchObject({ success: true });
    expect((await addColumn({ name: '来源', jdbcField: 'channel', showType: 'select', optionItem: 'web:官网,ad:广告', sort: 2 })).body).toMatchObject({ success: true });
    // No options for a select, a name of the resource itself, the same name twice, a table without custom values.
    expect((await addColumn({ name: '等级', jdbcField: 'level', showType: 'select', optionItem: ' , ' })).body).toMatchObject({ success: false, message: CUSTOM_OPTIONS_REQUIRED });
    expect((await addColumn({ name: '名字', jdbcField: 'name' })).body).toMatchObject({ success: false, message: CUSTOM_FIELD_TAKEN });
    expect((await addColumn({ name: '微信2', jdbcField: 'wechat' })).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await addColumn({ name: 'x', jdbcField: 'x1', tableName: 'sys_role' })).body.success).toBe(false);
    expect((await addColumn({ name: 'x', jdbcField: 'x1', tableName: 'sys_log' })).body).toMatchObject({ success: false });
    // Hostile names never get as far as a table: the field pattern refuses them.
    for (const jdbcField of ["a'b", 'a;drop', '1abc', 'a-b', 'x'.repeat(80)]) expect((await addColumn({ name: 'x', jdbcField })).body.success).toBe(false);
    const list = await call('/sys/tableColumn/list?tableName=sys_user&column=sort&order=asc');
    expect((list.body.result as { records: { jdbcField: string }[] }).records.map((r) => r.jdbcField)).toEqual(['wechat', 'channel']);
  });

  it('keeps table and field name once created', async () => {
    const list = await call('/sys/tableColumn/list?tableName=sys_user');
    const wechat = (list.body.result as { records: { id: string; jdbcField: string }[] }).records.find((r) => r.jdbcField === 'wechat')!;
    expect((await call('/sys/tableColumn/edit', 'PUT', { id: wechat.id, tableName: 'sys_user', jdbcField: 'weixin', name: '微信', showType: 'input' })).body).toMatchObject({ success: false, message: CUSTOM_FIELD_FIXED });
    expect((await call('/sys/tableColumn/edit', 'PUT', { id: wechat.id, tableName: 'sys_user', jdbcField: 'wechat', name: '微信号', showType: 'input', prompt: '家长微信' })).body.success).toBe(true);
  });

  it('needs its own permission', async () => {
    const teacher = await be.login('teacher');
    expect((await be.call('/sys/tableColumn/list', { token: teacher })).body.success).toBe(false);
  });
});

describe('custom values through the resource', () => {
  it('validates, stores, merges and lists them with their dictionary texts', async () => {
    const added = await call('/test/fixtureCustom/add', 'POST', { name: '张三', wechat: 'zs_wx', channel: 'ad' });
    expect(added.body).toMatchObject({ success: true, result: { wechat: 'zs_wx', channel: 'ad' } });
    const id = (added.body.result as { id: string }).id;
    // Not one of the options: refused like any select field.
    expect((await call('/test/fixtureCustom/add', 'POST', { name: '李四', channel: 'tv' })).body.success).toBe(false);
    expect((await call('/test/fixtureCustom/add', 'POST', { name: '李四', wechat: 'w'.repeat(501) })).body.success).toBe(false);
    // An edit that leaves one custom field out keeps it.
    expect((await call('/test/fixtureCustom/edit', 'PUT', { id, name: '张三', channel: 'web' })).body).toMatchObject({ success: true, result: { wechat: 'zs_wx', channel: 'web' } });
    const list = await call('/test/fixtureCustom/list?name=*张*');
    expect((list.body.result as { records: unknown[] }).records).toEqual([expect.objectContaining({ id, wechat: 'zs_wx', channel: 'web', channel_dictText: '官网' })]);
    // Stored as JSON keyed by jdbcField, nothing else.
    const row = await sql<{ ext: Record<string, unknown> }>`select ext from jw_fixture where id = ${id}`.execute(be.db);
    expect(row.rows[0].ext).toEqual({ wechat: 'zs_wx', channel: 'web' });
  });

  it('a row without values shows nulls; a resource without customValuesColumn ignores the columns', async () => {
    await sql`insert into jw_fixture (id, name) values ('plain1', '王五')`.execute(be.db);
    const r = await call('/test/fixtureCustom/queryById?id=plain1');
    expect(r.body.result).toMatchObject({ id: 'plain1', wechat: null, channel: null });
    registerResource(FIXTURE);
    try {
      const plain = await call('/test/fixture/queryById?id=plain1');
      expect(plain.body.result).not.toHaveProperty('wechat');
    } finally {
      unregisterResource(FIXTURE.name);
    }
  });

  it('the list pages read the columns through sys/sysTableColumn/list with tableId', async () => {
    const r = await call('/sys/sysTableColumn/list?tableId=sys_user&column=sort&order=asc');
    expect((r.body.result as { records: { name: string; prompt: string }[] }).records).toEqual([
      expect.objectContaining({ name: '微信号', jdbcField: 'wechat', prompt: '家长微信' }),
      expect.objectContaining({ name: '来源', jdbcField: 'channel', showType: 'select' }),
    ]);
  });
});
