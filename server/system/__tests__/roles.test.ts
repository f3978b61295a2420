/** @jest-environment node */
import { roleResource } from '../../../features/system/roles/role-resource';
import { linkId } from '../../core/ids';
import { registerRoleResources, roleHooks } from '../catalog-roles';
import type { HookCtx } from '../../resources/crud';
import { selectOne } from '../../resources/select';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

let be: TestBackend;
let admin: string;
let teacher: string;
const notify = jest.fn();

/** The button rows the seed will carry (report: perm_btn_role_*); inserted here until it does. */
const ROLE_BUTTONS = [
  ['perm_btn_role_list', 'system:role:list'],
  ['perm_btn_role_add', 'system:role:add'],
  ['perm_btn_role_edit', 'system:role:edit'],
  ['perm_btn_role_delete', 'system:role:delete'],
  ['perm_btn_role_delete_batch', 'system:role:deleteBatch'],
  ['perm_btn_role_export', 'system:role:exportXls'],
] as const;

beforeAll(async () => {
  registerRoleResources();
  be = await startTestBackend();
  be.setNotifier(notify);
  for (const [id, perms] of ROLE_BUTTONS) {
    await be.db.insertInto('sys_permission').values({ id, parent_id: 'perm_isystem', name: perms, menu_type: 2, perms, perms_type: '1', sort_no: 160 }).onConflict((oc) => oc.doNothing()).execute();
    await be.db.insertInto('sys_role_permission').values({ id: linkId('role_admin', id), role_id: 'role_admin', permission_id: id }).onConflict((oc) => oc.doNothing()).execute();
  }
  admin = await be.login('admin');
  teacher = await be.login('teacher');
}, 120_000);
afterAll(() => be.close());
beforeEach(() => notify.mockReset());

const PUSH = { cmd: 'permission', msgTxt: '权限已变更' };
type Page<T = Record<string, unknown>> = { records: T[]; total: number };

const get = (path: string, token = admin) => be.call(path, { token });
const post = (path: string, json: unknown, token = admin) => be.call(path, { method: 'POST', token, json });
const put = (path: string, json: unknown, token = admin) => be.call(path, { method: 'PUT', token, json });
const del = (path: string, token = admin) => be.call(path, { method: 'DELETE', token });
const addRole = async (roleName: string, roleCode: string) => {
  const r = await post('/sys/role/add', { roleName, roleCode, description: `${roleName}的描述` });
  expect(r.body).toMatchObject({ success: true });
  return (r.body.result as { id: string }).id;
};
const holders = async (roleId: string) => (await be.db.selectFrom('sys_user_role').select('user_id').where('role_id', '=', roleId).execute()).map((r) => r.user_id).sort();
const userId = async (username: string) => (await be.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

describe('who may manage roles', () => {
  it('a teacher gets 510 on every role endpoint', async () => {
    const answers = [
      await get('/sys/role/list', teacher),
      await post('/sys/role/add', { roleName: '偷偷', roleCode: 'sneaky' }, teacher),
      await put('/sys/role/edit', { id: 'role_teacher', roleName: '改' }, teacher),
      await del('/sys/role/delete?id=role_user', teacher),
      await del('/sys/role/deleteBatch?ids=role_user', teacher),
      await get('/sys/user/userRoleList?roleId=role_teacher', teacher),
      await post('/sys/user/addSysUserRole', { roleId: 'role_admin', userIdList: ['u_teacher'] }, teacher),
      await del('/sys/user/deleteUserRole?roleId=role_teacher&userId=u_teacher2', teacher),
      await del('/sys/user/deleteUserRoleBatch?roleId=role_teacher&userIds=u_teacher2', teacher),
    ];
    for (const r of answers) expect(r.body).toMatchObject({ success: false, code: 510 });
    expect(await holders('role_admin')).toEqual(['u_admin']);
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('role CRUD on the resource engine', () => {
  it('lists, searches and sorts', async () => {
    const r = await get('/sys/role/list?roleName=*教*&column=roleCode&order=asc');
    const page = r.body.result as Page<{ roleCode: string; roleName: string; createTime: string }>;
    expect(page.records.map((x) => x.roleCode)).toEqual(['academic', 'teacher']);
    expect(page.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('add checks the code pattern and uniqueness', async () => {
    expect((await post('/sys/role/add', { roleName: '坏编码', roleCode: '1abc' })).body).toMatchObject({ success: false, message: '角色编码以字母开头，只能包含字母、数字和下划线，2-64位' });
    expect((await post('/sys/role/add', { roleName: '重复', roleCode: 'teacher' })).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await post('/sys/role/add', { roleCode: 'noname' })).body).toMatchObject({ success: false, message: '请输入角色名称!' });
    const id = await addRole('巡课员', 'inspector');
    expect((await get(`/sys/role/queryById?id=${id}`)).body.result).toMatchObject({ roleName: '巡课员', roleCode: 'inspector', createBy: 'admin' });
  });

  it('edit changes the name but never the code (the admin role keeps "admin")', async () => {
    const ok = await put('/sys/role/edit', { id: 'role_marketing', roleName: '市场招生', roleCode: 'marketing' });
    expect(ok.body).toMatchObject({ success: true, result: { roleName: '市场招生', roleCode: 'marketing' } });
    const code = await put('/sys/role/edit', { id: 'role_admin', roleName: '管理员', roleCode: 'notadmin' });
    expect(code.body).toMatchObject({ success: false, message: '角色编码不可修改' });
    expect((await be.db.selectFrom('sys_role').select('role_code').where('id', '=', 'role_admin').executeTakeFirstOrThrow()).role_code).toBe('admin');
  });

  it('delete refuses the admin role and roles users still hold; otherwise the role and its permission links go together', async () => {
    expect((await del('/sys/role/delete?id=role_admin')).body).toMatchObject({ success: false, message: '内置的管理员角色不能删除' });
    expect((await del('/sys/role/delete?id=role_teacher')).body).toMatchObject({ success: false, message: expect.stringMatching(/^角色「教师」下还有\d+个用户，请先在「用户」中取消关联$/) });
    const id = await addRole('临时角色', 'temp_role');
    await post('/sys/permission/saveRolePermission', { roleId: id, permissionIds: 'perm_isystem_log,perm_btn_log_list' });
    // The path to a granted menu is granted with it: 系统管理 joins 登录日志 and its button.
    expect((await be.db.selectFrom('sys_role_permission').select('id').where('role_id', '=', id).execute()).length).toBe(3);
    // A user in the recycle bin does not block; their link goes with the role.
    const frozen = await userId('frozen');
    await be.db.updateTable('sys_user').set({ del_flag: 1 }).where('id', '=', frozen).execute();
    await be.db.insertInto('sys_user_role').values({ id: linkId(frozen, id), user_id: frozen, role_id: id }).execute();
    expect((await del(`/sys/role/delete?id=${id}`)).body).toMatchObject({ success: true, message: '删除角色成功' });
    expect(await be.db.selectFrom('sys_role').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await be.db.selectFrom('sys_role_permission').select('id').where('role_id', '=', id).execute()).toEqual([]);
    expect(await holders(id)).toEqual([]);
    await be.db.updateTable('sys_user').set({ del_flag: 0 }).where('id', '=', frozen).execute();
  });

  it('deleteBatch is all or none', async () => {
    const a = await addRole('批量甲', 'batch_a');
    const b = await addRole('批量乙', 'batch_b');
    expect((await del(`/sys/role/deleteBatch?ids=${a},role_admin`)).body).toMatchObject({ success: false, message: '内置的管理员角色不能删除' });
    expect((await del(`/sys/role/deleteBatch?ids=${a},role_marketing`)).body.success).toBe(false);
    expect((await be.db.selectFrom('sys_role').select('id').where('id', '=', a).execute()).length).toBe(1);
    expect((await del(`/sys/role/deleteBatch?ids=${a},${b}`)).body).toMatchObject({ success: true, message: '批量删除角色成功' });
    expect(await be.db.selectFrom('sys_role').select('id').where('id', 'in', [a, b]).execute()).toEqual([]);
  });

  it("the engine's own delete (were the explicit routes not mounted) cannot reach the admin role or a held role", async () => {
    const free = await addRole('空闲', 'idle_role');
    const ctx = { action: 'delete' } as HookCtx;
    const where = roleHooks.extraWhere!(ctx);
    expect(await selectOne(be.db, roleResource, 'role_admin', { extraWhere: where })).toBeUndefined();
    expect(await selectOne(be.db, roleResource, 'role_teacher', { extraWhere: where })).toBeUndefined();
    expect(await selectOne(be.db, roleResource, free, { extraWhere: where })).toBeDefined();
    expect(roleHooks.extraWhere!({ action: 'list' } as HookCtx)).toBeUndefined();
  });
});

describe('users of a role', () => {
  it('userRoleList pages the live holders, searchable by username', async () => {
    const r = await get('/sys/user/userRoleList?roleId=role_teacher&pageSize=2');
    const page = r.body.result as Page<{ username: string; realname: string; status_dictText: string }>;
    expect(page.total).toBe(3);
    expect(page.records.map((u) => u.username)).toEqual(['frozen', 'teacher']);
    expect(page.records[0]).toMatchObject({ status_dictText: '冻结' });
    const found = (await get('/sys/user/userRoleList?roleId=role_teacher&username=*teacher2*')).body.result as Page<{ username: string }>;
    expect(found.records.map((u) => u.username)).toEqual(['teacher2']);
    expect((await get('/sys/user/userRoleList?roleId=role_nope')).body).toMatchObject({ success: false, message: '角色不存在' });
  });

  it('addSysUserRole links new holders only, refuses unknown users whole, and tells the added users', async () => {
    const role = await addRole('班主任', 'head_teacher');
    const [t1, t2] = [await userId('teacher'), await userId('teacher2')];
    const bad = await post('/sys/user/addSysUserRole', { roleId: role, userIdList: [t1, 'u_ghost'] });
    expect(bad.body).toMatchObject({ success: false, message: '所选用户不存在，请刷新后重试' });
    expect(await holders(role)).toEqual([]);
    expect(notify).not.toHaveBeenCalled();
    expect((await post('/sys/user/addSysUserRole', { roleId: role, userIdList: [t1] })).body).toMatchObject({ success: true, message: '添加成功!' });
    expect(notify).toHaveBeenLastCalledWith([t1], PUSH);
    await post('/sys/user/addSysUserRole', { roleId: role, userIdList: [t1, t2] });
    expect(notify).toHaveBeenLastCalledWith([t2], PUSH);
    expect(await holders(role)).toEqual([t1, t2].sort());
  });

  it('deleteUserRole / deleteUserRoleBatch unlink and tell those users', async () => {
    const role = (await be.db.selectFrom('sys_role').select('id').where('role_code', '=', 'head_teacher').executeTakeFirstOrThrow()).id;
    const [t1, t2] = [await userId('teacher'), await userId('teacher2')];
    expect((await del(`/sys/user/deleteUserRole?roleId=${role}&userId=${t1}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(notify).toHaveBeenLastCalledWith([t1], PUSH);
    expect(await holders(role)).toEqual([t2]);
    expect((await del(`/sys/user/deleteUserRole?roleId=${role}&userId=${t1}`)).body.success).toBe(false);
    await post('/sys/user/addSysUserRole', { roleId: role, userIdList: [t1] });
    expect((await del(`/sys/user/deleteUserRoleBatch?roleId=${role}&userIds=${t1},${t2}`)).body.success).toBe(true);
    expect(await holders(role)).toEqual([]);
    expect(notify).toHaveBeenLastCalledWith(expect.arrayContaining([t1, t2]), PUSH);
  });

  it('an administrator cannot remove their own role management permission', async () => {
    const me = await userId('admin');
    const r = await del(`/sys/user/deleteUserRole?roleId=role_admin&userId=${me}`);
    expect(r.body).toMatchObject({ success: false, message: '不能移除自己的角色管理权限' });
    expect(await holders('role_admin')).toEqual([me]);
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('the whole journey', () => {
  it('an admin creates a role with one menu, a teacher account with that role, and it signs in with exactly that menu', async () => {
    const role = await addRole('教研员', 'jiaoyanyuan');
    const granted = await post('/sys/permission/saveRolePermission', { roleId: role, permissionIds: 'perm_isystem_online,perm_btn_online_list' });
    expect(granted.body.success).toBe(true);
    const created = await post('/sys/user/add', { username: 'jyy01', realname: '教研员一号', password: 'Jiaoyan2026', selectedroles: role, selecteddeparts: 'dep_jwc' });
    expect(created.body).toMatchObject({ success: true });
    const token = await be.login('jyy01', 'Jiaoyan2026');
    const perms = (await get('/sys/permission/getUserPermissionByToken', token)).body.result as { menu: { path: string; meta: { title: string }; children?: unknown[] }[]; auth: { action: string }[] };
    // Granting 在线用户 grants the path to it: the menu is 系统管理 → 在线用户, nothing else.
    expect(perms.menu.map((m) => m.meta.title)).toEqual(['系统管理']);
    expect((perms.menu[0].children as { meta: { title: string } }[]).map((m) => m.meta.title)).toEqual(['在线用户']);
    expect(perms.auth.map((a) => a.action)).toEqual(['system:online:list']);
    expect((await get('/sys/online/list', token)).body.success).toBe(true);
    expect((await get('/sys/role/list', token)).body.code).toBe(510);
    // The role shows its new holder.
    const holdersPage = (await get(`/sys/user/userRoleList?roleId=${role}`)).body.result as Page<{ username: string }>;
    expect(holdersPage.records.map((u) => u.username)).toEqual(['jyy01']);
  });
});
