/** @jest-environment node */
import { sql } from 'kysely';
import { TENANT_MESSAGES } from '../../../features/system/tenant/tenant-resource';
import { DEMO_FROZEN_TENANT } from '../../seed/tenant-admin';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Envelope } from '../../../lib/envelope';

/**
 * 租户管理 and 用户管理's 所属租户 (issue #24 item 3) through the production handler: JeecgBoot's SysTenantController
 * wire (the administrator's 租户编号, its messages), the refusals (duplicate number, dates out of order, the default
 * tenant, a tenant that still has users or business rows, all or none in a batch), and a user's tenants checked on
 * save. Every test makes tenants and users of its own (numbers 31-39, names 租测…).
 */

let be: TestBackend;
let admin: string;
let jiaowu: string;

type Body = Envelope;
type Rec = Record<string, unknown>;
type Page = { records: Rec[]; total: number; size: number; current: number; pages: number };
type Init = Parameters<TestBackend['call']>[1];

const call = async (path: string, init: Init = {}) => (await be.call(path, { token: admin, ...init })).body as Body;
const get = (path: string, token = admin) => call(path, { token });
const post = (path: string, json: unknown, init: Init = {}) => call(path, { method: 'POST', json, ...init });
const put = (path: string, json: unknown) => call(path, { method: 'PUT', json });
const del = (path: string) => call(path, { method: 'DELETE' });
const page = (b: Body) => b.result as Page;

const addTenant = (id: number, name: string, extra: Rec = {}) => post('/sys/tenant/add', { id, name, status: '1', ...extra });
const addUser = (username: string, extra: Rec = {}, init: Init = {}) => post('/sys/user/add', { username, realname: username, password: 'Tenant2026ok', ...extra }, init);
const userOf = async (username: string) => (await be.db.selectFrom('sys_user').select(['id', 'rel_tenant_ids']).where('username', '=', username).executeTakeFirstOrThrow());

beforeAll(async () => {
  be = await startTestBackend();
  [admin, jiaowu] = await Promise.all([be.login('admin'), be.login('jiaowu')]);
}, 120_000);
afterAll(() => be.close());

describe('租户管理 (/sys/tenant/*)', () => {
  it('adds a tenant under the number the administrator enters; the number is unique and an integer', async () => {
    const added = await addTenant(31, '租测甲校', { beginDate: '2026-01-01 00:00:00', endDate: '2026-12-31 23:59:59' });
    expect(added).toMatchObject({ success: true, message: TENANT_MESSAGES.added, result: { id: '31', name: '租测甲校', status: 1, status_dictText: '正常', beginDate: '2026-01-01 00:00:00', createBy: 'admin' } });
    expect(await addTenant(31, '租测重号')).toMatchObject({ success: false, code: 500, message: TENANT_MESSAGES.idExists });
    expect(await addTenant(1, '租测默认重号')).toMatchObject({ success: false, message: TENANT_MESSAGES.idExists });
    expect(await post('/sys/tenant/add', { id: 'x1', name: '租测坏号' })).toMatchObject({ success: false, message: TENANT_MESSAGES.idInvalid });
    expect(await post('/sys/tenant/add', { id: 0, name: '租测零号' })).toMatchObject({ success: false, message: TENANT_MESSAGES.idInvalid });
    expect(await post('/sys/tenant/add', { name: '租测无号' })).toMatchObject({ success: false, message: '请输入租户编号!' });
    expect(await addTenant(38, '')).toMatchObject({ success: false, message: '请输入租户名称!' });
    expect(await addTenant(38, '长'.repeat(101))).toMatchObject({ success: false, message: '租户名称不能超过100个字符' });
    expect(await addTenant(38, '租测倒序', { beginDate: '2026-05-01 00:00:00', endDate: '2026-04-30 23:59:59' })).toMatchObject({ success: false, message: TENANT_MESSAGES.dateOrder });
    expect(await be.db.selectFrom('sys_tenant').select('id').where('id', '=', 38).executeTakeFirst()).toBeUndefined();
  });

  it('lists in JeecgBoot page shape with name search, status filter and sort; queryById; only for 租户 readers', async () => {
    await addTenant(32, '租测乙校');
    await addTenant(33, '租测丙校', { status: '0' });
    const list = page(await get('/sys/tenant/list?name=*租测*&column=id&order=desc&pageNo=1&pageSize=2'));
    expect(list).toMatchObject({ size: 2, current: 1 });
    expect(list.total).toBeGreaterThanOrEqual(3);
    expect(list.records.map((r) => r.id)).toEqual(['33', '32']);
    expect(list.records[0]).toMatchObject({ name: '租测丙校', status: 0, status_dictText: '冻结' });
    const frozen = page(await get('/sys/tenant/list?status=0&pageSize=50')).records.map((r) => r.id);
    expect(frozen).toEqual(expect.arrayContaining(['33', String(DEMO_FROZEN_TENANT.id)]));
    expect(frozen).not.toContain('32');
    expect(await get('/sys/tenant/queryById?id=32')).toMatchObject({ success: true, result: { id: '32', name: '租测乙校' } });
    expect(await get('/sys/tenant/queryById?id=999999')).toMatchObject({ success: false, message: TENANT_MESSAGES.notFound });
    expect(await get('/sys/tenant/queryById?id=abc')).toMatchObject({ success: false, message: TENANT_MESSAGES.notFound });
    // 教务 manages users of its school, not tenants.
    expect(await get('/sys/tenant/list', jiaowu)).toMatchObject({ success: false, code: 510 });
    expect(await call('/sys/tenant/add', { method: 'POST', json: { id: 38, name: '租测越权' }, token: jiaowu })).toMatchObject({ success: false, code: 510 });
  });

  it('edits a tenant (PUT and POST); the number stays, dates stay in order, unknown numbers are not found', async () => {
    await addTenant(34, '租测丁校', { beginDate: '2026-03-01 08:00:00' });
    expect(await put('/sys/tenant/edit', { id: '34', name: '租测丁校（改）', endDate: '2026-08-31 18:00:00' })).toMatchObject({ success: true, message: TENANT_MESSAGES.edited, result: { id: '34', name: '租测丁校（改）', beginDate: '2026-03-01 08:00:00', endDate: '2026-08-31 18:00:00' } });
    // A partial edit is checked against the stored begin date.
    expect(await put('/sys/tenant/edit', { id: 34, endDate: '2026-02-01 00:00:00' })).toMatchObject({ success: false, message: TENANT_MESSAGES.dateOrder });
    expect(await post('/sys/tenant/edit', { id: 34, status: '0' })).toMatchObject({ success: true, message: TENANT_MESSAGES.edited, result: { status: 0 } });
    expect(await put('/sys/tenant/edit', { id: 999998, name: '租测无此' })).toMatchObject({ success: false, message: TENANT_MESSAGES.notFound });
    // Freezing takes the tenant out of the choices (queryList lists active tenants only).
    const active = (await get('/sys/tenant/queryList')).result as { id: number }[];
    expect(active.map((t) => t.id)).not.toContain(34);
  });

  it('never freezes or deletes the default tenant', async () => {
    expect(await put('/sys/tenant/edit', { id: 1, status: '0' })).toMatchObject({ success: false, message: TENANT_MESSAGES.defaultNotFrozen });
    expect(await put('/sys/tenant/edit', { id: 1, status: 0, name: '星辰教育' })).toMatchObject({ success: false, message: TENANT_MESSAGES.defaultNotFrozen });
    expect(await del('/sys/tenant/delete?id=1')).toMatchObject({ success: false, message: TENANT_MESSAGES.defaultNotDeleted });
    expect(await be.db.selectFrom('sys_tenant').select('status').where('id', '=', 1).executeTakeFirst()).toEqual({ status: 1 });
  });

  it('refuses to delete a tenant that still has users or business rows, and deletes a batch all or none', async () => {
    await addTenant(35, '租测有人');
    expect(await addUser('tenant_member35', { relTenantIds: '1,35' })).toMatchObject({ success: true });
    expect(await del('/sys/tenant/delete?id=35')).toMatchObject({ success: false, message: TENANT_MESSAGES.hasUsers(1) });
    // Users in the recycle bin still belong to it (a restore would bring them back).
    const member = await userOf('tenant_member35');
    await be.db.updateTable('sys_user').set({ del_flag: 1 }).where('id', '=', member.id).execute();
    expect(await del('/sys/tenant/delete?id=35')).toMatchObject({ success: false, message: TENANT_MESSAGES.hasDeletedUsers(1) });

    // Business rows of another tenant than the caller's (the request runs in tenant 1) are counted too.
    await addTenant(36, '租测有数据');
    await sql`insert into tbl_student (id, name, phone, status, student_type, create_by, tenant_id) values ('t36_stu', '租测学员', '13900003601', 1, 1, 'admin', 36)`.execute(be.db);
    await sql`insert into tbl_course (id, name, mode, unit, status, create_by, tenant_id) values ('t36_course', '租测课程', 2, 1, 1, 'admin', 36)`.execute(be.db);
    expect(await del('/sys/tenant/delete?id=36')).toMatchObject({ success: false, message: TENANT_MESSAGES.hasData('学员 1，课程 1') });

    await addTenant(37, '租测空校');
    expect(await del('/sys/tenant/deleteBatch?ids=37,36')).toMatchObject({ success: false, message: TENANT_MESSAGES.inBatch('租测有数据', TENANT_MESSAGES.hasData('学员 1，课程 1')) });
    expect(await be.db.selectFrom('sys_tenant').select('id').where('id', 'in', [36, 37]).execute()).toHaveLength(2);
    expect(await del('/sys/tenant/deleteBatch?ids=37,abc')).toMatchObject({ success: true, message: TENANT_MESSAGES.deleted });
    expect(await call('/sys/tenant/delete?id=33', { method: 'POST' })).toMatchObject({ success: true, message: TENANT_MESSAGES.deleted });
    expect(await be.db.selectFrom('sys_tenant').select('id').where('id', 'in', [33, 37]).execute()).toEqual([]);
    expect(await del('/sys/tenant/delete?id=37')).toMatchObject({ success: false, message: TENANT_MESSAGES.notFound });
  });
});

describe('用户管理: 所属租户 (relTenantIds)', () => {
  it('saves the tenants chosen, answers them by id and by name, and gives a new user without them the creator’s tenant', async () => {
    expect(await addUser('tenant_two', { relTenantIds: '2, 1' })).toMatchObject({ success: true, result: { relTenantIds: '2,1' } });
    const two = await userOf('tenant_two');
    expect(await get(`/sys/user/queryById?id=${two.id}`)).toMatchObject({ result: { relTenantIds: '2,1' } });
    expect(page(await get('/sys/user/list?username=tenant_two')).records[0]).toMatchObject({ relTenantIds_dictText: '星辰教育·南校区,星辰教育' });
    // Signed in to 南校区 (tenant-id 2): the new user joins it.
    expect(await addUser('tenant_default', {}, { headers: { 'tenant-id': '2' } })).toMatchObject({ success: true });
    expect((await userOf('tenant_default')).rel_tenant_ids).toBe('2');
    // JeecgBoot's stock form sends '' when nobody chose: the same.
    expect(await addUser('tenant_empty', { relTenantIds: '' }, { headers: { 'tenant-id': '2' } })).toMatchObject({ success: true });
    expect((await userOf('tenant_empty')).rel_tenant_ids).toBe('2');
  });

  it('refuses unknown, malformed and frozen tenants and an edit leaving none; keeps a frozen tenant the user already has', async () => {
    expect(await addUser('tenant_bad1', { relTenantIds: '1,999997' })).toMatchObject({ success: false, message: TENANT_MESSAGES.unknownTenant(['999997']) });
    expect(await addUser('tenant_bad2', { relTenantIds: '1;2' })).toMatchObject({ success: false, message: TENANT_MESSAGES.unknownTenant(['1;2']) });
    expect(await addUser('tenant_bad3', { relTenantIds: String(DEMO_FROZEN_TENANT.id) })).toMatchObject({ success: false, message: TENANT_MESSAGES.frozenTenant([DEMO_FROZEN_TENANT.name]) });
    expect(await be.db.selectFrom('sys_user').select('id').where('username', 'like', 'tenant_bad%').execute()).toEqual([]);

    await addTenant(39, '租测将冻结');
    expect(await addUser('tenant_keeper', { relTenantIds: '1,39' })).toMatchObject({ success: true });
    const keeper = await userOf('tenant_keeper');
    expect(await put('/sys/tenant/edit', { id: 39, status: '0' })).toMatchObject({ success: true });
    // Removed from the only tenant they would have left: refused, nothing changed.
    expect(await put('/sys/user/edit', { id: keeper.id, relTenantIds: '' })).toMatchObject({ success: false, message: TENANT_MESSAGES.userNeedsTenant });
    expect(await put('/sys/user/edit', { id: keeper.id, relTenantIds: ' , ' })).toMatchObject({ success: false, message: TENANT_MESSAGES.userNeedsTenant });
    expect(await put('/sys/user/edit', { id: keeper.id, realname: '租测保留', relTenantIds: '1,39' })).toMatchObject({ success: true });
    expect(await put('/sys/user/edit', { id: keeper.id, relTenantIds: `1,${DEMO_FROZEN_TENANT.id}` })).toMatchObject({ success: false, message: TENANT_MESSAGES.frozenTenant([DEMO_FROZEN_TENANT.name]) });
    // An edit without the field leaves the tenants alone.
    expect(await put('/sys/user/edit', { id: keeper.id, realname: '租测保留二' })).toMatchObject({ success: true });
    expect((await userOf('tenant_keeper')).rel_tenant_ids).toBe('1,39');
  });
});
