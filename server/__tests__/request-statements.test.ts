/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBackend, type Backend } from '../backend';
import { countStatements } from '../db/statement-counter';
import { startTestBackend, type TestBackend } from './helpers';

/**
 * Issue #28, server part: an authenticated list request runs at most three statements (the session with the
 * caches' generation, the page with its links, the count), and what the caches hold — permission codes, data
 * rules, custom columns, dictionaries — follows an administrator's change on the very next request: through the
 * routes, by SQL that no route of this process saw, and (on PostgreSQL) on a second instance of the same database.
 */

let be: TestBackend;
let admin: string;
let marketing: string;

beforeAll(async () => {
  be = await startTestBackend();
  [admin, marketing] = await Promise.all([be.login('admin'), be.login('marketing')]);
}, 120_000);
afterAll(() => be.close());

type Body = Awaited<ReturnType<TestBackend['call']>>['body'];
type Page = { records: Record<string, unknown>[]; total: number };
const get = (p: string, token = admin) => be.call(p, { token }).then((r) => r.body);
const send = (method: string, p: string, json: unknown) => be.call(p, { method, token: admin, json }).then((r) => r.body);
const records = (b: Body) => (b.result as Page).records;
const USERS = '/sys/user/list?pageNo=1&pageSize=10';

/** The statements one call runs (the second of two, so the caches are warm). */
async function statementsOf(p: string, token = admin) {
  await be.call(p, { token });
  const { result, statements } = await countStatements(() => be.call(p, { token }));
  expect(result.body).toMatchObject({ success: true });
  return statements;
}

describe('statements per list request', () => {
  it('用户管理: the session, the page (roles, departments and their names joined in) and the count', async () => {
    const statements = await statementsOf(USERS);
    expect(statements).toEqual(['select sys_user_session', 'select sys_user', 'select sys_user']);
    const me = records(await get(`${USERS}&username=admin`))[0];
    // What afterLoad's own queries used to add, now from the page query, and the cached dictionaries' texts.
    expect(me).toMatchObject({ username: 'admin', selectedroles: 'role_admin', selecteddeparts: 'dep_root', sex: 1, sex_dictText: '男' });
    expect(me.orgCodeTxt).toEqual(expect.any(String));
    expect(me.selectedroles_dictText).toEqual(expect.any(String));
    expect(me.selectedroles_dictText).not.toBe('role_admin');
    expect(me.selecteddeparts_dictText).toBe(me.orgCodeTxt);
  });

  it('other lists of the engine, and a user whose role has a literal data rule, stay at three', async () => {
    expect(await statementsOf('/sys/role/list?pageNo=1&pageSize=10')).toHaveLength(3);
    expect(await statementsOf('/sys/position/list?pageNo=1&pageSize=10')).toHaveLength(3);
  });
});

describe('caches follow an administrator’s change on the next request', () => {
  let granted: string[];
  let ruleId: string;

  it('a role’s permissions: granted, then taken away', async () => {
    expect((await get(USERS, marketing)).code).toBe(510);
    granted = (await get('/sys/permission/queryRolePermission?roleId=role_marketing')).result as string[];
    const save = (ids: string[]) => send('POST', '/sys/permission/saveRolePermission', { roleId: 'role_marketing', permissionIds: ids.join(',') });
    expect(await save([...granted, 'perm_btn_user_list'])).toMatchObject({ success: true });
    expect(await get(USERS, marketing)).toMatchObject({ success: true });
    expect(await statementsOf(USERS, marketing)).toHaveLength(3);
    expect(await save(granted)).toMatchObject({ success: true });
    expect((await get(USERS, marketing)).code).toBe(510);
    expect(await save([...granted, 'perm_btn_user_list'])).toMatchObject({ success: true });
  });

  it('the menu and buttons every page render asks for: one statement when warm, and a grant shows at once', async () => {
    const MENU = '/sys/permission/getUserPermissionByToken';
    expect(await statementsOf(MENU, marketing)).toEqual(['select sys_user_session']);
    const actions = async () => ((await get(MENU, marketing)).result as { auth: { action: string }[] }).auth.map((a) => a.action);
    const before = (await get('/sys/permission/queryRolePermission?roleId=role_marketing')).result as string[];
    const save = (ids: string[]) => send('POST', '/sys/permission/saveRolePermission', { roleId: 'role_marketing', permissionIds: ids.join(',') });
    expect(await save(before.filter((id) => id !== 'perm_btn_user_list'))).toMatchObject({ success: true });
    expect(await actions()).not.toContain('system:user:list');
    expect(await save([...before.filter((id) => id !== 'perm_btn_user_list'), 'perm_btn_user_list'])).toMatchObject({ success: true });
    expect(await actions()).toContain('system:user:list');
  });

  it('a data rule chosen for the role, and cleared', async () => {
    const all = (await get(USERS, marketing)).result as Page;
    expect(all.total).toBeGreaterThan(1);
    const added = await send('POST', '/sys/permission/addPermissionRule', { permissionId: 'perm_isystem_user', ruleName: '只看自己', ruleColumn: 'username', ruleConditions: '=', ruleValue: 'marketing' });
    expect(added).toMatchObject({ success: true });
    ruleId = (added.result as { id: string }).id;
    const choose = (ids: string) => send('POST', '/sys/role/datarule', { permissionId: 'perm_isystem_user', roleId: 'role_marketing', dataRuleIds: ids });
    expect(await choose(ruleId)).toMatchObject({ success: true });
    expect(records(await get(USERS, marketing)).map((r) => r.username)).toEqual(['marketing']);
    // The rule set is cached too: still three statements.
    expect(await statementsOf(USERS, marketing)).toHaveLength(3);
    expect(await choose('')).toMatchObject({ success: true });
    expect(((await get(USERS, marketing)).result as Page).total).toBe(all.total);
  });

  it('a dictionary item’s text', async () => {
    const dictId = (records(await get('/sys/dict/list?dictCode=sex'))[0] as { id: string }).id;
    const item = records(await get(`/sys/dictItem/list?dictId=${dictId}&pageSize=100`)).find((i) => i.itemValue === '1') as { id: string };
    expect(records(await get(`${USERS}&username=admin`))[0].sex_dictText).toBe('男');
    expect(await send('PUT', '/sys/dictItem/edit', { id: item.id, itemText: '男士' })).toMatchObject({ success: true });
    expect(records(await get(`${USERS}&username=admin`))[0].sex_dictText).toBe('男士');
    expect(await send('PUT', '/sys/dictItem/edit', { id: item.id, itemText: '男' })).toMatchObject({ success: true });
  });

  it('a custom column of 用户管理, and a role’s name', async () => {
    const added = await send('POST', '/sys/tableColumn/add', { tableName: 'sys_user', name: '微信号', jdbcField: 'wechatNo', showType: 'input', sort: 1 });
    expect(added).toMatchObject({ success: true });
    expect(records(await get(`${USERS}&username=admin`))[0]).toHaveProperty('wechatNo', null);
    const adminId = records(await get(`${USERS}&username=admin`))[0].id;
    expect(await send('PUT', '/sys/user/edit', { id: adminId, wechatNo: 'wx-admin' })).toMatchObject({ success: true });
    expect(records(await get(`${USERS}&username=admin`))[0]).toMatchObject({ wechatNo: 'wx-admin' });
    // The JSON column rides along with the page: no fourth statement, and no helper key in the answer.
    const statements = await statementsOf(`${USERS}&username=admin`);
    expect(statements).toHaveLength(3);
    expect(Object.keys(records(await get(`${USERS}&username=admin`))[0]).some((k) => k.startsWith('$'))).toBe(false);

    const roles = records(await get('/sys/role/list?roleCode=admin'));
    const role = roles.find((r) => r.roleCode === 'admin')!;
    expect(await send('PUT', '/sys/role/edit', { ...role, roleName: '超级管理员' })).toMatchObject({ success: true });
    expect(records(await get(`${USERS}&username=admin`))[0].selectedroles_dictText).toBe('超级管理员');
    expect(await send('PUT', '/sys/role/edit', { ...role })).toMatchObject({ success: true });
  });

  it('SQL that no route of this process ran (what another instance or an administrator’s console does)', async () => {
    expect(records(await get(`${USERS}&username=admin`))[0].sex_dictText).toBe('男');
    await be.db.updateTable('sys_dict_item').set({ item_text: '男性' }).where('item_value', '=', '1').where('dict_id', 'in', be.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'sex')).execute();
    expect(records(await get(`${USERS}&username=admin`))[0].sex_dictText).toBe('男性');
    await be.db.deleteFrom('sys_user_role').where('user_id', '=', 'u_marketing').execute();
    expect((await get(USERS, marketing)).code).toBe(510);
  });
});

// A second instance needs a database two processes share: PostgreSQL only (PGlite is one process's).
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
onPostgres('two instances of one PostgreSQL database', () => {
  let other: Backend;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jw-test-b-'));
    other = await createBackend({ prepared: {}, config: { captcha: false, trustClientIpHeader: true, databaseUrl: be.config.databaseUrl, dataDir, seedDemo: true, seedTerm: false } });
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const onOther = async (p: string) => (await (await other.fetch(new Request(`http://b${p}`, { headers: { 'X-Access-Token': admin } }))).json()) as Body;

  it('a dictionary changed through instance A is translated anew by instance B’s next request', async () => {
    expect(records(await onOther(`${USERS}&username=admin`))[0].sex_dictText).toBe('男性');
    const dictId = (records(await get('/sys/dict/list?dictCode=sex'))[0] as { id: string }).id;
    const item = records(await get(`/sys/dictItem/list?dictId=${dictId}&pageSize=100`)).find((i) => i.itemValue === '1') as { id: string };
    expect(await send('PUT', '/sys/dictItem/edit', { id: item.id, itemText: '男（B）' })).toMatchObject({ success: true });
    expect(records(await onOther(`${USERS}&username=admin`))[0].sex_dictText).toBe('男（B）');
  });
});
