/** @jest-environment node */
import { linkId } from '../../core/ids';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Envelope } from '../../../lib/envelope';

/**
 * 用户管理 extras (contract §4): recycle bin, admin password reset, department / role lookups, the
 * admin-account guard and `list?departId=`. Through the production handler.
 */

let be: TestBackend;
let admin: string;
let teacher: string;

/** The permission rows server/seed/seed-data.ts gets for these features; inserted here until it does. */
const EXTRA_PERMS = [
  { id: 'perm_btn_user_recycle_bin', name: '用户回收站', perms: 'system:user:recycleBin', sort_no: 136 },
  { id: 'perm_btn_user_restore', name: '还原用户', perms: 'system:user:putRecycleBin', sort_no: 137 },
  { id: 'perm_btn_user_purge', name: '彻底删除用户', perms: 'system:user:deleteRecycleBin', sort_no: 138 },
  { id: 'perm_btn_user_change_password', name: '重置密码', perms: 'system:user:changePassword', sort_no: 139 },
];

type Body = Envelope;
const call = async (path: string, init: Parameters<TestBackend['call']>[1] = {}) => (await be.call(path, { token: admin, ...init })).body as Body;
const userId = async (username: string) => (await be.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

async function addUser(username: string, extra: Record<string, unknown> = {}) {
  const r = await call('/sys/user/add', { method: 'POST', json: { username, realname: `${username}姓名`, password: 'Extra2026ok', sex: '1', ...extra } });
  expect(r).toMatchObject({ success: true });
  return userId(username);
}

beforeAll(async () => {
  be = await startTestBackend();
  for (const p of EXTRA_PERMS) {
    await be.db
      .insertInto('sys_permission')
      .values({ ...p, parent_id: 'perm_isystem_user', menu_type: 2, perms_type: '1' })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await be.db.insertInto('sys_role_permission').values({ id: linkId('role_admin', p.id), role_id: 'role_admin', permission_id: p.id }).onConflict((oc) => oc.doNothing()).execute();
  }
  [admin, teacher] = await Promise.all([be.login('admin'), be.login('teacher')]);
}, 120_000);
afterAll(() => be.close());

describe('回收站', () => {
  it('lists deleted users, restores them without reviving their old sessions', async () => {
    const id = await addUser('rb_one', { selecteddeparts: 'dep_jwc', sex: '2' });
    const oldSession = await be.login('rb_one', 'Extra2026ok');
    expect((await call(`/sys/user/delete?id=${id}`, { method: 'DELETE' })).success).toBe(true);
    expect((await be.call('/sys/user/getAccountInfoFromToken', { token: oldSession })).status).toBe(401);

    const bin = (await call('/sys/user/recycleBin')).result as Record<string, unknown>[];
    expect(bin.find((u) => u.id === id)).toMatchObject({ username: 'rb_one', realname: 'rb_one姓名', orgCodeTxt: '教务处', sex: 2, sex_dictText: '女', delFlag: 1, updateBy: 'admin' });
    expect(bin.every((u) => !('password' in u) && !('password_hash' in u))).toBe(true);
    const paged = (await call('/sys/user/recycleBin?pageNo=1&pageSize=10&username=rb_')).result as { records: { id: string }[]; total: number };
    expect(paged.total).toBe(1);
    expect(paged.records.map((r) => r.id)).toEqual([id]);
    const listed = (await call('/sys/user/list?username=rb_one')).result as { total: number };
    expect(listed.total).toBe(0);

    expect(await call('/sys/user/putRecycleBin', { method: 'PUT', json: { userIds: 'u_teacher' } })).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await call('/sys/user/putRecycleBin', { method: 'PUT', json: { userIds: '' } })).toMatchObject({ success: false, message: '请选择用户' });
    expect(await call('/sys/user/putRecycleBin', { method: 'PUT', json: { userIds: id } })).toMatchObject({ success: true, message: '还原成功' });
    // The session from before the deletion stays dead; signing in again works.
    expect((await be.call('/sys/user/getAccountInfoFromToken', { token: oldSession })).status).toBe(401);
    const fresh = await be.login('rb_one', 'Extra2026ok');
    expect((await be.call('/sys/user/getAccountInfoFromToken', { token: fresh })).status).toBe(200);
    expect(((await call('/sys/user/list?username=rb_one')).result as { total: number }).total).toBe(1);
    expect(((await call('/sys/user/recycleBin')).result as { id: string }[]).some((u) => u.id === id)).toBe(false);
  });

  it('purges only users in the recycle bin, with their links; the account name is free again', async () => {
    const id = await addUser('rb_two', { selecteddeparts: 'dep_sh', selectedroles: 'role_teacher' });
    expect(await call(`/sys/user/deleteRecycleBin?userIds=${id}`, { method: 'DELETE' })).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await be.db.selectFrom('sys_user').select('id').where('id', '=', id).execute()).toHaveLength(1);
    expect(await call('/sys/user/deleteRecycleBin?userIds=', { method: 'DELETE' })).toMatchObject({ success: false, message: '请选择用户' });

    await call(`/sys/user/deleteBatch?ids=${id}`, { method: 'DELETE' });
    // A live user named in the same request is left alone.
    expect(await call(`/sys/user/deleteRecycleBin?userIds=${id},u_teacher2`, { method: 'DELETE' })).toMatchObject({ success: true, message: '删除成功!' });
    expect(await be.db.selectFrom('sys_user').select('id').where('id', 'in', [id, 'u_teacher2']).execute()).toEqual([{ id: 'u_teacher2' }]);
    expect(await be.db.selectFrom('sys_user_role').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect(await be.db.selectFrom('sys_user_depart').select('id').where('user_id', '=', id).execute()).toEqual([]);
    await addUser('rb_two');
  });

  it('needs its permission codes and a session', async () => {
    expect((await call('/sys/user/recycleBin', { token: teacher })).code).toBe(510);
    expect((await call('/sys/user/putRecycleBin', { method: 'PUT', token: teacher, json: { userIds: 'x' } })).code).toBe(510);
    expect((await call('/sys/user/deleteRecycleBin?userIds=x', { method: 'DELETE', token: teacher })).code).toBe(510);
    expect((await be.call('/sys/user/recycleBin')).status).toBe(401);
    expect((await be.call('/sys/user/deleteRecycleBin?userIds=x', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('重置密码 (PUT /sys/user/changePassword)', () => {
  it('applies the password rule and ends the user’s sessions', async () => {
    await addUser('pw_user');
    const victim = await be.login('pw_user', 'Extra2026ok');
    const put = (json: Record<string, unknown>, token = admin) => call('/sys/user/changePassword', { method: 'PUT', json, token });
    expect(await put({ username: 'pw_user', password: 'New2026ok', confirmPassword: 'New2026ko' })).toMatchObject({ success: false, message: '两次输入的密码不一致' });
    expect(await put({ username: 'pw_user', password: 'New2026ok' })).toMatchObject({ success: false, message: '请确认登录密码' });
    expect(await put({ username: 'pw_user', password: 'short1', confirmPassword: 'short1' })).toMatchObject({ success: false, message: '密码至少8位' });
    expect(await put({ username: 'pw_user', password: 'onlyletters', confirmPassword: 'onlyletters' })).toMatchObject({ success: false, message: '密码须同时包含字母和数字' });
    expect(await put({ username: 'nobody_here', password: 'New2026ok', confirmPassword: 'New2026ok' })).toMatchObject({ success: false, message: '用户不存在！' });
    expect(await put({ username: 'pw_user', password: 'New2026ok', confirmPassword: 'New2026ok' }, teacher)).toMatchObject({ code: 510 });
    // Still the old password after every refusal.
    expect((await be.call('/sys/user/getAccountInfoFromToken', { token: victim })).status).toBe(200);

    expect(await put({ username: 'pw_user', password: 'New2026ok', confirmpassword: 'New2026ok' })).toMatchObject({ success: true, message: '密码修改成功!' });
    expect((await be.call('/sys/user/getAccountInfoFromToken', { token: victim })).status).toBe(401);
    await expect(be.login('pw_user', 'Extra2026ok')).rejects.toThrow();
    await be.login('pw_user', 'New2026ok');
  });

  it('resetting one’s own password keeps the current session and ends the others', async () => {
    await addUser('pw_admin', { selectedroles: 'role_admin' });
    const current = await be.login('pw_admin', 'Extra2026ok');
    const other = await be.login('pw_admin', 'Extra2026ok');
    const r = await call('/sys/user/changePassword', { method: 'PUT', token: current, json: { username: 'pw_admin', password: 'Self2026ok', confirmPassword: 'Self2026ok' } });
    expect(r.success).toBe(true);
    expect((await be.call('/sys/user/getAccountInfoFromToken', { token: current })).status).toBe(200);
    expect((await be.call('/sys/user/getAccountInfoFromToken', { token: other })).status).toBe(401);
  });
});

describe('admin account guard', () => {
  let second: string;
  beforeAll(async () => {
    await addUser('admin_two', { selectedroles: 'role_admin' });
    second = await be.login('admin_two', 'Extra2026ok');
  });

  it('nobody deletes or freezes the admin account', async () => {
    expect(await call('/sys/user/delete?id=u_admin', { method: 'DELETE', token: second })).toMatchObject({ success: false, message: '管理员账号不允许此操作！' });
    const bystander = await addUser('guard_bystander');
    expect(await call(`/sys/user/deleteBatch?ids=${bystander},u_admin`, { method: 'DELETE', token: second })).toMatchObject({ success: false, message: '管理员账号不允许此操作！' });
    expect(await call('/sys/user/frozenBatch', { method: 'PUT', token: second, json: { ids: `${bystander},u_admin`, status: 2 } })).toMatchObject({ success: false, message: '管理员账号不允许此操作！' });
    const rows = await be.db.selectFrom('sys_user').select(['id', 'del_flag', 'status']).where('id', 'in', ['u_admin', bystander]).orderBy('id').execute();
    expect(rows.every((r) => r.del_flag === 0 && r.status === 1)).toBe(true);
    // Unfreezing names the admin account harmlessly.
    expect((await call('/sys/user/frozenBatch', { method: 'PUT', token: second, json: { ids: 'u_admin', status: 1 } })).success).toBe(true);
  });

  it('nobody deletes or freezes themselves', async () => {
    const me = await userId('admin_two');
    expect(await call(`/sys/user/delete?id=${me}`, { method: 'DELETE', token: second })).toMatchObject({ success: false, message: '不能删除当前登录用户' });
    expect(await call(`/sys/user/deleteBatch?ids=u_teacher2,${me}`, { method: 'DELETE', token: second })).toMatchObject({ success: false, message: '不能删除当前登录用户' });
    expect(await call('/sys/user/frozenBatch', { method: 'PUT', token: second, json: { ids: me, status: 2 } })).toMatchObject({ success: false, message: '不能冻结当前登录用户' });
    expect((await be.db.selectFrom('sys_user').select('del_flag').where('id', '=', 'u_teacher2').executeTakeFirstOrThrow()).del_flag).toBe(0);
  });

  it('the guard still needs the delete permission first', async () => {
    expect((await call('/sys/user/delete?id=u_admin', { method: 'DELETE', token: teacher })).code).toBe(510);
    expect((await call('/sys/user/deleteBatch?ids=u_admin', { method: 'DELETE', token: teacher })).code).toBe(510);
  });
});

describe('department and role lookups', () => {
  it('list?departId= lists that department’s users; an empty one answers OK with no result', async () => {
    const page = (await call('/sys/user/list?departId=dep_bj_eng')).result as { records: { username: string }[]; total: number };
    expect(page.records.map((r) => r.username)).toEqual(['teacher2']);
    expect(page.total).toBe(1);
    expect(await call('/sys/user/list?departId=dep_bj_math')).toMatchObject({ success: true, result: null });
    expect(await call(`/sys/user/list?departId=${encodeURIComponent("dep_bj' or '1'='1")}`)).toMatchObject({ success: true, result: null });
    expect((await call('/sys/user/list?departId=dep_bj_eng', { token: teacher })).code).toBe(510);
    // Other filters combine with it.
    const none = (await call('/sys/user/list?departId=dep_bj_eng&username=admin')).result as { total: number };
    expect(none.total).toBe(0);
  });

  it('queryUserByDepId answers the users of a department subtree, by realname too', async () => {
    const all = (await call('/sys/user/queryUserByDepId?id=dep_bj')).result as Record<string, unknown>[];
    expect(all.map((u) => u.username).sort()).toEqual(['teacher', 'teacher2']);
    expect(all.every((u) => !('password' in u) && !('password_hash' in u))).toBe(true);
    const zhou = (await call(`/sys/user/queryUserByDepId?id=dep_bj&realname=${encodeURIComponent('周')}`)).result as { username: string }[];
    expect(zhou.map((u) => u.username)).toEqual(['teacher2']);
    expect(await call('/sys/user/queryUserByDepId?id=nope')).toMatchObject({ success: false, message: '部门不存在' });
    expect(await call('/sys/user/queryUserByDepId')).toMatchObject({ success: false, message: '请选择部门' });
    expect((await call('/sys/user/queryUserByDepId?id=dep_bj', { token: teacher })).code).toBe(510);
  });

  it('userDepartList and queryUserRole: one’s own always, others with the user list permission', async () => {
    expect((await call('/sys/user/userDepartList?userId=u_teacher')).result).toEqual([
      { key: 'dep_bj', value: 'dep_bj', title: '北京校区' },
      { key: 'dep_sh', value: 'dep_sh', title: '上海校区' },
    ]);
    expect((await call('/sys/user/queryUserRole?userid=u_teacher')).result).toEqual(['role_teacher']);
    expect((await call('/sys/user/userDepartList?userId=u_teacher', { token: teacher })).success).toBe(true);
    expect((await call('/sys/user/queryUserRole?userid=u_teacher', { token: teacher })).result).toEqual(['role_teacher']);
    expect((await call('/sys/user/userDepartList?userId=u_admin', { token: teacher })).code).toBe(510);
    expect((await call('/sys/user/queryUserRole?userid=u_admin', { token: teacher })).code).toBe(510);
    expect(await call('/sys/user/queryUserRole')).toMatchObject({ success: false, message: '请选择用户' });
  });
});
