/** @jest-environment node */
import { startTestBackend, type TestBackend } from './helpers';
import type { Envelope } from '../../lib/envelope';

/**
 * 用户管理 in the shapes JeecgBoot's own Vue 2 client (v3.4.0) sends them (issue 20, A.1, A.2, A.7):
 * UserModal's add / edit bodies (`selectedroles`, `selecteddeparts`, `userIdentity`, `departIds` = 负责部门,
 * the list record spread back in on edit), the list's `orgCodeTxt`, and the user pickers'
 * `getMultiUser` (a bare array) and `queryUserComponentData` (a page). SysUserController / SysUserServiceImpl
 * of JeecgBoot 3.x are the reference.
 */

let be: TestBackend;
let admin: string;
let teacher: string;

type Body = Record<string, unknown> & Envelope;
type Rec = Record<string, unknown>;
type Page = { records: Rec[]; total: number; current: number; size: number; pages: number };

const call = async (path: string, init: Parameters<TestBackend['call']>[1] = {}) => (await be.call(path, { token: admin, ...init })).body as Body;
const get = (path: string, token = admin) => call(path, { token });
const post = (path: string, json: unknown, token = admin) => call(path, { method: 'POST', json, token });
const put = (path: string, json: unknown, token = admin) => call(path, { method: 'PUT', json, token });

/** What the stock list answers for one account (JeecgBoot's UserList reads `records`). */
async function listRecord(username: string): Promise<Rec> {
  const page = (await get(`/sys/user/list?username=${username}&column=createTime&order=desc&field=id,,username,realname,avatar,sex_dictText,birthday,phone,orgCodeTxt,departIds_dictText,status_dictText,action&pageNo=1&pageSize=10`)).result as Page;
  expect(page.records).toHaveLength(1);
  return page.records[0];
}

const rolesOf = async (userId: string) => (await be.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute()).map((r) => r.role_id);
const departsOf = async (userId: string) => (await be.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', userId).orderBy('dep_id').execute()).map((r) => r.dep_id);
const row = (userId: string) => be.db.selectFrom('sys_user').select(['avatar', 'telephone', 'user_identity', 'depart_ids', 'org_code', 'realname']).where('id', '=', userId).executeTakeFirstOrThrow();

/**
 * UserModal.handleSubmit on edit: the list record, the form's values over it, then the roles and
 * departments it loaded through queryUserRole / userDepartList, 身份, and 负责部门 ('' unless 上级).
 */
async function stockEditBody(username: string, values: Rec = {}, identity: 1 | 2 = 1, managed: string[] = []): Promise<Rec> {
  const record = await listRecord(username);
  const roles = (await get(`/sys/user/queryUserRole?userid=${record.id}`)).result as string[];
  const departs = (await get(`/sys/user/userDepartList?userId=${record.id}`)).result as { key: string }[];
  return {
    ...record,
    ...values,
    birthday: record.birthday ?? '',
    // The stock form's 所属租户 select loads the record's tenants (issue #24) and sends them back.
    relTenantIds: record.relTenantIds ?? '',
    selectedroles: roles.join(','),
    selecteddeparts: departs.map((d) => d.key).join(','),
    userIdentity: String(identity),
    departIds: identity === 2 ? managed.join(',') : '',
  };
}

let created: string;

beforeAll(async () => {
  be = await startTestBackend();
  [admin, teacher] = await Promise.all([be.login('admin'), be.login('teacher')]);
}, 120_000);
afterAll(() => be.close());

describe('POST /sys/user/add (UserModal, a new account)', () => {
  it('gives the roles of selectedroles and the membership of selecteddeparts; stores avatar, telephone, 身份 and 负责部门', async () => {
    const r = await post('/sys/user/add', {
      activitiSync: '1',
      username: 'jc_super',
      password: 'Jeecg2026ok',
      confirmpassword: 'Jeecg2026ok',
      realname: '上级甲',
      workNo: 'JC001',
      post: '教务主管',
      avatar: 'temp/avatar_1714000000000.png',
      birthday: '',
      sex: 1,
      email: 'jc_super@example.edu.cn',
      phone: '13912340001',
      telephone: '010-12345678',
      relTenantIds: '',
      selectedroles: 'role_teacher,role_academic',
      selecteddeparts: 'dep_bj,dep_sh',
      userIdentity: '2',
      // 负责部门 need not be among the user's own departments: it is not membership.
      departIds: 'dep_jwc',
    });
    expect(r).toMatchObject({ success: true, message: '添加成功！' });
    created = (await be.db.selectFrom('sys_user').select('id').where('username', '=', 'jc_super').executeTakeFirstOrThrow()).id;
    expect(await rolesOf(created)).toEqual(['role_academic', 'role_teacher']);
    expect(await departsOf(created)).toEqual(['dep_bj', 'dep_sh']);
    expect(await row(created)).toMatchObject({ avatar: 'temp/avatar_1714000000000.png', telephone: '010-12345678', user_identity: 2, depart_ids: 'dep_jwc', org_code: 'A01A03' });
    // What the stock UserModal reads back when it opens the user again.
    expect((await get(`/sys/user/queryUserRole?userid=${created}`)).result).toEqual(['role_academic', 'role_teacher']);
    expect(((await get(`/sys/user/userDepartList?userId=${created}`)).result as { key: string }[]).map((d) => d.key)).toEqual(['dep_bj', 'dep_sh']);
  });

  it('list and queryById carry orgCodeTxt, userIdentity, avatar, telephone and departIds (负责部门)', async () => {
    const rec = await listRecord('jc_super');
    expect(rec).toMatchObject({
      id: created,
      orgCodeTxt: '北京校区,上海校区',
      userIdentity: 2,
      avatar: 'temp/avatar_1714000000000.png',
      telephone: '010-12345678',
      departIds: 'dep_jwc',
      departIds_dictText: '教务处',
      selectedroles: 'role_academic,role_teacher',
      selecteddeparts: 'dep_bj,dep_sh',
    });
    expect(rec).not.toHaveProperty('password');
    expect((await get(`/sys/user/queryById?id=${created}`)).result).toMatchObject({ orgCodeTxt: '北京校区,上海校区', userIdentity: 2, avatar: 'temp/avatar_1714000000000.png', telephone: '010-12345678', departIds: 'dep_jwc' });
    // A seeded account: its two departments, by org code.
    expect(await listRecord('teacher')).toMatchObject({ orgCodeTxt: '北京校区,上海校区', userIdentity: 1, departIds: null });
  });

  it('refuses an unknown role, department or 负责部门, and an identity other than 1 / 2, writing nothing', async () => {
    const base = { username: 'jc_bad', realname: '坏', password: 'Jeecg2026ok', workNo: 'JC099' };
    expect(await post('/sys/user/add', { ...base, selectedroles: 'role_nope' })).toMatchObject({ success: false, message: '所选角色不存在，请刷新后重试' });
    expect(await post('/sys/user/add', { ...base, selecteddeparts: 'dep_nope' })).toMatchObject({ success: false, message: '所选部门不存在，请刷新后重试' });
    expect(await post('/sys/user/add', { ...base, userIdentity: '2', departIds: 'dep_nope' })).toMatchObject({ success: false, message: '所选负责部门不存在，请刷新后重试' });
    expect(await post('/sys/user/add', { ...base, userIdentity: '3' })).toMatchObject({ success: false, message: '身份的值不正确' });
    expect(await post('/sys/user/add', { ...base, telephone: '12345' })).toMatchObject({ success: false, message: '请输入正确的座机号码' });
    expect(await be.db.selectFrom('sys_user').select('id').where('username', '=', 'jc_bad').execute()).toEqual([]);
  });
});

describe('PUT /sys/user/edit (UserModal, an existing account)', () => {
  it('an edit with departIds:"" and the current selectedroles / selecteddeparts keeps every membership (普通用户: 负责部门 cleared)', async () => {
    const body = await stockEditBody('jc_super', { realname: '上级甲改' }, 1);
    expect(body).toMatchObject({ departIds: '', selectedroles: 'role_academic,role_teacher', selecteddeparts: 'dep_bj,dep_sh' });
    const r = await put('/sys/user/edit', body);
    expect(r.success).toBe(true);
    expect(await rolesOf(created)).toEqual(['role_academic', 'role_teacher']);
    expect(await departsOf(created)).toEqual(['dep_bj', 'dep_sh']);
    expect(await row(created)).toMatchObject({ realname: '上级甲改', user_identity: 1, depart_ids: null, avatar: 'temp/avatar_1714000000000.png', telephone: '010-12345678' });
  });

  it('the seeded teacher edited by the stock form keeps both departments', async () => {
    expect((await put('/sys/user/edit', await stockEditBody('teacher', { post: 'math_teacher' }))).success).toBe(true);
    expect(await departsOf('u_teacher')).toEqual(['dep_bj', 'dep_sh']);
    expect(await rolesOf('u_teacher')).toEqual(['role_teacher']);
  });

  it('a changed selecteddeparts replaces the membership; 上级 with departIds stores 负责部门', async () => {
    const body = await stockEditBody('jc_super', {}, 2, ['dep_bj', 'dep_mkt']);
    const r = await put('/sys/user/edit', { ...body, selecteddeparts: 'dep_jwc,dep_sh' });
    expect(r.success).toBe(true);
    expect(await departsOf(created)).toEqual(['dep_jwc', 'dep_sh']);
    // The current department stays one of the user's departments.
    expect(await row(created)).toMatchObject({ user_identity: 2, depart_ids: 'dep_bj,dep_mkt', org_code: 'A01A01' });
    expect(await listRecord('jc_super')).toMatchObject({ orgCodeTxt: '教务处,上海校区', departIds: 'dep_bj,dep_mkt', departIds_dictText: '北京校区,市场部', userIdentity: 2 });
  });

  it('keys left out leave roles and departments alone; sent empty they clear, as in JeecgBoot', async () => {
    expect((await put('/sys/user/edit', { id: created, realname: '只改姓名' })).success).toBe(true);
    expect(await rolesOf(created)).toEqual(['role_academic', 'role_teacher']);
    expect(await departsOf(created)).toEqual(['dep_jwc', 'dep_sh']);
    expect((await row(created)).depart_ids).toBe('dep_bj,dep_mkt');

    expect((await put('/sys/user/edit', { id: created, selectedroles: '' })).success).toBe(true);
    expect(await rolesOf(created)).toEqual([]);
    expect(await departsOf(created)).toEqual(['dep_jwc', 'dep_sh']);
    expect((await put('/sys/user/edit', { id: created, selectedroles: 'role_teacher', selecteddeparts: '' })).success).toBe(true);
    expect(await rolesOf(created)).toEqual(['role_teacher']);
    expect(await departsOf(created)).toEqual([]);
    expect((await listRecord('jc_super')).orgCodeTxt).toBeNull();
  });
});

describe('GET /sys/user/getMultiUser (JSelectUserByDepModal.initUserNames)', () => {
  it('answers a bare array of the active users named, by username or id, the list ending in a comma', async () => {
    const res = await be.call('/sys/user/getMultiUser?username=teacher,teacher2,frozen,', { token: admin });
    expect(res.status).toBe(200);
    const users = res.body as unknown as Rec[];
    expect(Array.isArray(users)).toBe(true);
    // The frozen account is not offered (JeecgBoot: status 1 only).
    expect(users.map((u) => u.username)).toEqual(['teacher', 'teacher2']);
    expect(users[0]).toMatchObject({ id: 'u_teacher', realname: '李文静', orgCodeTxt: '北京校区,上海校区' });
    expect(users.every((u) => !('password' in u) && !('password_hash' in u))).toBe(true);
    const byId = (await be.call('/sys/user/getMultiUser?id=u_teacher2,', { token: admin })).body as unknown as Rec[];
    expect(byId.map((u) => u.realname)).toEqual(['周明']);
    expect((await be.call('/sys/user/getMultiUser?username=nobody,', { token: admin })).body).toEqual([]);
  });
});

describe('GET /sys/user/queryUserComponentData (the stock user picker)', () => {
  it('pages active users with orgCodeTxt, by department subtree, username, realname and id', async () => {
    const all = (await get('/sys/user/queryUserComponentData?username=&column=createTime&order=desc&field=id,,username,realname,sex,phone,orgCodeTxt&pageNo=1&pageSize=50')).result as Page;
    expect(all.records.map((u) => u.username)).not.toContain('frozen');
    expect(all.records.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'teacher', 'teacher2']));
    expect(all.records.every((u) => !('password' in u))).toBe(true);

    // dep_bj and its 英语教研组: teacher (北京校区) and teacher2 (英语教研组).
    const bj = (await get('/sys/user/queryUserComponentData?departId=dep_bj&pageNo=1&pageSize=10')).result as Page;
    expect(bj.records.map((u) => u.username).sort()).toEqual(['teacher', 'teacher2']);
    expect(bj.total).toBe(2);
    expect(bj.records.find((u) => u.username === 'teacher2')).toMatchObject({ realname: '周明', orgCodeTxt: '英语教研组', sex: 1, phone: '13800000002' });

    const one = (await get('/sys/user/queryUserComponentData?departId=dep_bj&username=teacher2&pageNo=1&pageSize=10')).result as Page;
    expect(one.records.map((u) => u.username)).toEqual(['teacher2']);
    const byName = (await get(`/sys/user/queryUserComponentData?realname=${encodeURIComponent('李')}&pageNo=1&pageSize=10`)).result as Page;
    expect(byName.records.map((u) => u.username)).toEqual(['teacher']);
    const byIds = (await get('/sys/user/queryUserComponentData?id=u_teacher,u_marketing&pageNo=1&pageSize=10')).result as Page;
    expect(byIds.records.map((u) => u.id).sort()).toEqual(['u_marketing', 'u_teacher']);

    const paged = (await get('/sys/user/queryUserComponentData?departId=dep_bj&pageNo=2&pageSize=1')).result as Page;
    expect(paged).toMatchObject({ total: 2, current: 2, size: 1, pages: 2 });
    expect(paged.records).toHaveLength(1);
    expect((await get('/sys/user/queryUserComponentData?departId=dep_nope&pageNo=1&pageSize=10')).result).toMatchObject({ records: [], total: 0 });
  });
});

describe('permissions', () => {
  it('a user without 用户管理 rights is refused every call (code 510); no session is 401', async () => {
    expect((await post('/sys/user/add', { username: 'jc_sneak', realname: '潜入', password: 'Jeecg2026ok', selectedroles: 'role_admin' }, teacher)).code).toBe(510);
    expect((await put('/sys/user/edit', { id: 'u_teacher', selectedroles: 'role_admin', selecteddeparts: '' }, teacher)).code).toBe(510);
    expect((await get('/sys/user/list?username=teacher', teacher)).code).toBe(510);
    expect((await get('/sys/user/getMultiUser?username=admin,', teacher)).code).toBe(510);
    expect((await get('/sys/user/queryUserComponentData?pageNo=1&pageSize=10', teacher)).code).toBe(510);
    expect(await rolesOf('u_teacher')).toEqual(['role_teacher']);
    expect(await departsOf('u_teacher')).toEqual(['dep_bj', 'dep_sh']);
    expect(await be.db.selectFrom('sys_user').select('id').where('username', '=', 'jc_sneak').execute()).toEqual([]);
    expect((await be.call('/sys/user/getMultiUser?username=admin,')).status).toBe(401);
    expect((await be.call('/sys/user/queryUserComponentData')).status).toBe(401);
  });
});
