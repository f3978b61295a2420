/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { insertMenuAdminRows, menuAdminCalls } from '../../testing/permission-admin-fixture';

/**
 * 菜单管理's data rules through the production handler: a menu's rules, a role's choice of them, and their
 * enforcement on /sys/user/list. The menu tree and its writes: permission-admin.test.ts.
 */

let be: TestBackend;
let admin: string;

beforeAll(async () => {
  be = await startTestBackend();
  await insertMenuAdminRows(be);
  admin = await be.login('admin');
}, 120_000);
afterAll(() => be.close());

const { get, post, put, del, row, idOf, fails } = menuAdminCalls(() => ({ be, admin }));

describe('data rules', () => {
  const addRule = (json: Record<string, unknown>) => post('/sys/permission/addPermissionRule', { permissionId: 'perm_isystem_user', ruleName: '规则', ...json });
  let femaleRule: string;

  it('adds a rule on 用户管理 against the sysUser fields; the menu gets rule_flag', async () => {
    const cols = await get('/sys/permission/ruleColumns?permissionId=perm_isystem_user');
    const { resources, fields } = cols.result as { resources: { name: string }[]; fields: { value: string; text: string }[] };
    expect(resources.map((r) => r.name)).toEqual(['sysUser']);
    expect(fields.map((f) => f.value)).toEqual(expect.arrayContaining(['username', 'sex', 'createBy']));
    expect(fields.map((f) => f.value)).not.toContain('password');
    expect(fields.map((f) => f.value)).not.toContain('roleIds');

    const r = await addRule({ ruleName: '只看女性', ruleColumn: 'sex', ruleConditions: 'eq', ruleValue: '2' });
    expect(r).toMatchObject({ success: true, message: '添加成功！', result: { ruleColumn: 'sex', ruleConditions: '=', ruleValue: '2', status: '1' } });
    femaleRule = idOf(r);
    expect((await row('perm_isystem_user'))!.rule_flag).toBe(1);
    const list = await get('/sys/permission/getPermRuleListByPermId?permissionId=perm_isystem_user');
    expect(list.result).toEqual([expect.objectContaining({ id: femaleRule, ruleName: '只看女性', ruleColumnText: '性别（sex）', ruleConditions_dictText: '等于' })]);
    expect((await get('/sys/permission/queryPermissionRule?permissionId=perm_isystem_user&ruleName=女性')).result).toHaveLength(1);
    expect((await get('/sys/permission/queryPermissionRule?permissionId=perm_isystem_user&ruleName=%25')).result).toHaveLength(0);
  });

  it.each([
    [{ ruleColumn: 'password' }, /不是「用户信息」的可查询字段/],
    [{ ruleColumn: 'roleIds' }, /不是「用户信息」的可查询字段/],
    [{ ruleColumn: 'orgCode' }, /不是「用户信息」的可查询字段/],
    [{ ruleColumn: 'password_hash' }, /规则字段须为资源的字段名/],
    [{ ruleColumn: 'sex; drop table sys_user' }, /规则字段须为资源的字段名/],
    [{ ruleColumn: 'sex', ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1' }, '不支持自定义SQL规则'],
    [{ ruleColumn: 'sex', ruleConditions: 'between', ruleValue: '1' }, '条件规则不正确'],
    [{ ruleColumn: 'sex', ruleConditions: '=', ruleValue: 'abc' }, /不是有效的整数/],
    [{ ruleColumn: 'sex', ruleConditions: '=', ruleValue: '' }, '请输入规则值'],
    [{ ruleColumn: 'username', ruleConditions: '=', ruleValue: '#{evil}' }, '不支持的系统变量：#{evil}'],
    [{ ruleColumn: 'username', ruleConditions: '=', ruleValue: "#{sys_user_code}' or 1=1" }, /系统变量须单独作为规则值/],
    [{ ruleColumn: 'username', ruleConditions: '=', ruleValue: '#{sys_multi_org_code}' }, /只能与“包含”\(IN\)一起使用/],
    [{ ruleColumn: 'username', ruleConditions: '=', ruleValue: 'x'.repeat(301) }, /规则值不能超过300个字符/],
    [{ ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1', status: '9' }, '状态不正确'],
    [{ ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1', ruleName: '' }, '请输入规则名称'],
  ])('refuses %j', async (patch, message) => {
    fails(await addRule({ ruleConditions: '=', ruleValue: '1', ...patch }), message);
  });

  it('only menus take rules; the menu must exist', async () => {
    fails(await post('/sys/permission/addPermissionRule', { permissionId: 'perm_btn_user_add', ruleName: 'x', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' }), '只有菜单可以设置数据规则');
    fails(await post('/sys/permission/addPermissionRule', { permissionId: 'nope', ruleName: 'x', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' }), '未找到菜单信息');
  });

  it('edits a rule in place, never onto another menu', async () => {
    const r = await addRule({ ruleName: '临时', ruleColumn: 'username', ruleConditions: 'RIGHT_LIKE', ruleValue: 'tea' });
    const id = idOf(r);
    expect(await put('/sys/permission/editPermissionRule', { id, permissionId: 'perm_isystem_user', ruleName: '临时2', ruleColumn: 'username', ruleConditions: 'like', ruleValue: 'ch' })).toMatchObject({
      success: true, result: { ruleName: '临时2', ruleConditions: 'LIKE' },
    });
    fails(await put('/sys/permission/editPermissionRule', { id, permissionId: 'perm_isystem_log', ruleName: 'x', ruleColumn: 'username', ruleConditions: '=', ruleValue: 'a' }), '数据规则不能移到其他菜单');
    fails(await put('/sys/permission/editPermissionRule', { id: 'nope', permissionId: 'perm_isystem_user', ruleName: 'x', ruleColumn: 'username', ruleConditions: '=', ruleValue: 'a' }), '未找到数据规则');
    expect(await del(`/sys/permission/deletePermissionRule?id=${id}`)).toMatchObject({ success: true });
    fails(await del(`/sys/permission/deletePermissionRule?id=${id}`), '未找到数据规则');
    expect((await row('perm_isystem_user'))!.rule_flag).toBe(1);
  });

  describe('a role’s rules and their enforcement on 用户管理', () => {
    const chooseRules = (ids: string[], roleId = 'role_admin', permissionId = 'perm_isystem_user') => post('/sys/role/datarule', { permissionId, roleId, dataRuleIds: ids.join(',') });
    const users = async () => {
      const r = await get('/sys/user/list?pageSize=50&column=username&order=asc');
      expect(r.success).toBe(true);
      return (r.result as { records: { username: string }[] }).records.map((x) => x.username);
    };
    afterEach(async () => {
      await be.db.updateTable('sys_role_permission').set({ data_rule_ids: null }).execute();
    });

    it('a rule restricts nothing until a role chooses it; then list, queryById and delete see only matching rows', async () => {
      const everybody = await users();
      expect(everybody).toEqual(expect.arrayContaining(['admin', 'jiaowu', 'teacher']));
      expect(await get(`/sys/role/datarule/perm_isystem_user/role_admin`)).toMatchObject({ success: true, result: { datarule: [expect.objectContaining({ id: femaleRule })] } });

      expect(await chooseRules([femaleRule])).toMatchObject({ success: true, message: '保存成功!' });
      expect(await get(`/sys/role/datarule/perm_isystem_user/role_admin`)).toMatchObject({ result: { drChecked: femaleRule } });
      expect(await users()).toEqual(['frozen', 'marketing', 'teacher']);
      fails(await get('/sys/user/queryById?id=u_academic'), '未找到对应数据');
      fails(await del('/sys/user/delete?id=u_teacher2'), '未找到对应数据');
      expect((await be.db.selectFrom('sys_user').select('del_flag').where('id', '=', 'u_teacher2').executeTakeFirstOrThrow()).del_flag).toBe(0);

      // An inactive rule no longer applies.
      await put('/sys/permission/editPermissionRule', { id: femaleRule, permissionId: 'perm_isystem_user', ruleName: '只看女性', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '2', status: '0' });
      expect(await users()).toEqual(everybody);
      await put('/sys/permission/editPermissionRule', { id: femaleRule, permissionId: 'perm_isystem_user', ruleName: '只看女性', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '2', status: '1' });
    });

    it('system variables resolve per user; rules from the user’s roles are ANDed', async () => {
      const mine = idOf(await addRule({ ruleName: '我创建的', ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}' }));
      await chooseRules([mine]);
      expect(await users()).toEqual([]);
      await be.db.updateTable('sys_user').set({ create_by: 'admin' }).where('id', 'in', ['u_teacher', 'u_teacher2']).execute();
      expect(await users()).toEqual(['teacher', 'teacher2']);
      await chooseRules([mine, femaleRule]);
      expect(await users()).toEqual(['teacher']);
      await be.db.updateTable('sys_user').set({ create_by: 'system' }).where('id', 'in', ['u_teacher', 'u_teacher2']).execute();
    });

    it('IN with #{sys_multi_org_code} and RIGHT_LIKE with #{sys_org_code}', async () => {
      // sysUser has no orgCode field; workNo stands in for a department-coded column.
      await be.db.updateTable('sys_user').set({ work_no: 'A01' }).where('id', '=', 'u_teacher').execute();
      const inOrg = idOf(await addRule({ ruleName: '本部门', ruleColumn: 'workNo', ruleConditions: 'IN', ruleValue: '#{sys_multi_org_code}' }));
      await chooseRules([inOrg]);
      expect(await users()).toEqual(['teacher']);
      const below = idOf(await addRule({ ruleName: '本部门及以下', ruleColumn: 'workNo', ruleConditions: 'RIGHT_LIKE', ruleValue: '#{sys_org_code}' }));
      await be.db.updateTable('sys_user').set({ work_no: 'A01A03' }).where('id', '=', 'u_teacher2').execute();
      await chooseRules([below]);
      expect(await users()).toEqual(['teacher', 'teacher2']);
      await be.db.updateTable('sys_user').set({ work_no: 'T0001' }).where('id', '=', 'u_teacher').execute();
      await be.db.updateTable('sys_user').set({ work_no: 'T0002' }).where('id', '=', 'u_teacher2').execute();
    });

    it('fails closed: a rule whose field no longer exists matches no row', async () => {
      await be.db
        .insertInto('sys_permission_data_rule')
        .values({ id: 'rule_stale', permission_id: 'perm_isystem_user', rule_name: '旧字段', rule_column: 'gone', rule_conditions: '=', rule_value: '1', create_by: null, update_by: null, update_time: null })
        .execute();
      await be.db.updateTable('sys_role_permission').set({ data_rule_ids: 'rule_stale' }).where('role_id', '=', 'role_admin').where('permission_id', '=', 'perm_isystem_user').execute();
      expect(await users()).toEqual([]);
      await be.db.deleteFrom('sys_permission_data_rule').where('id', '=', 'rule_stale').execute();
    });

    it('a rule on a menu that does not stand for the resource restricts nothing there', async () => {
      const online = await post('/sys/permission/addPermissionRule', { permissionId: 'perm_isystem_online', ruleName: '在线', ruleColumn: 'username', ruleConditions: '=', ruleValue: 'nobody' });
      expect(online).toMatchObject({ success: true });
      await chooseRules([idOf(online)], 'role_admin', 'perm_isystem_online');
      expect(await users()).toEqual(expect.arrayContaining(['admin', 'teacher']));
    });

    it('a role must hold the menu first; only that menu’s rules may be chosen', async () => {
      fails(await chooseRules([femaleRule], 'role_teacher'), '请先保存角色菜单权限!');
      fails(await chooseRules(['nope']), '所选数据规则不存在');
      fails(await get('/sys/role/datarule/perm_isystem_log/role_admin'), '未找到权限配置信息');
    });

    it('deleting a rule drops it from the roles that chose it', async () => {
      const temp = idOf(await addRule({ ruleName: '临时3', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' }));
      await chooseRules([femaleRule, temp]);
      await del(`/sys/permission/deletePermissionRule?id=${temp}`);
      const link = await be.db.selectFrom('sys_role_permission').select('data_rule_ids').where('role_id', '=', 'role_admin').where('permission_id', '=', 'perm_isystem_user').executeTakeFirstOrThrow();
      expect(link.data_rule_ids).toBe(femaleRule);
    });
  });
});
