/** @jest-environment node */
import { sql } from 'kysely';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { ROLES } from '../../seed/seed-data';
import { linkId } from '../../core/ids';
import { up as migrate0046 } from '../../db/migrations/0046-role-index';
import type { MenuNode, PermissionAnswer } from '../../../lib/menu-types';
import { CALENDAR_HOME, openablePages } from '../../../lib/role-home';
import { PERMS } from '../../../lib/permissions/codes';

/**
 * Issue #39: 首页配置 (`/sys/sysRoleIndex/*`, JeecgBoot 3.x SysRoleIndexController's contract), where '/' sends a
 * user (getAccountInfoFromToken's homePath: 首页配置 → 行事历 → first page), a seeded menu in which every page a role
 * is given opens, the new menu shape for installations from before (migration 0046), and the spec loose ends of the
 * department and user pickers.
 */
let be: TestBackend;
let admin: string;
beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
}, 120_000);
afterAll(() => be.close());

const get = (path: string, token = admin) => be.call(path, { token }).then((r) => r.body);
const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, json?: unknown, token = admin) => be.call(path, { method, token, json }).then((r) => r.body);
const homeOf = async (username: string) => ((await get('/sys/user/getAccountInfoFromToken', await be.login(username))).result as { homePath: string }).homePath;

/** teacher2 holds only the role `r_probe`, which is given exactly `perms` (menu rows and buttons). */
async function probeRole(perms: string[]): Promise<void> {
  await be.db.insertInto('sys_role').values({ id: 'r_probe', role_code: 'probe', role_name: '探针', description: null, create_by: 'test', update_by: null, update_time: null }).onConflict((oc) => oc.doNothing()).execute();
  await be.db.deleteFrom('sys_role_permission').where('role_id', '=', 'r_probe').execute();
  if (perms.length) await be.db.insertInto('sys_role_permission').values(perms.map((p) => ({ id: linkId('r_probe', p), role_id: 'r_probe', permission_id: p }))).execute();
  await be.db.deleteFrom('sys_user_role').where('user_id', '=', 'u_teacher2').execute();
  await be.db.insertInto('sys_user_role').values({ id: linkId('u_teacher2', 'r_probe'), user_id: 'u_teacher2', role_id: 'r_probe' }).execute();
}

describe('/sys/sysRoleIndex (JeecgBoot 3.x 首页配置)', () => {
  it('add, queryByCode, queryById, list, edit, delete and deleteBatch answer JeecgBoot’s shapes', async () => {
    expect(await get('/sys/sysRoleIndex/queryByCode?roleCode=teacher')).toMatchObject({ success: true, result: null });
    expect(await send('POST', '/sys/sysRoleIndex/add', { roleCode: 'teacher', url: '/dashboard/workplace', route: true, priority: 5, status: '1' })).toMatchObject({ success: true, message: '添加成功！' });
    const row = (await get('/sys/sysRoleIndex/queryByCode?roleCode=teacher')).result as Record<string, unknown>;
    expect(row).toMatchObject({ roleCode: 'teacher', url: '/dashboard/workplace', component: 'dashboard/Workplace', route: true, priority: 5, status: '1', createBy: 'admin' });
    expect(Object.keys(row).sort()).toEqual(['component', 'createBy', 'createTime', 'id', 'priority', 'roleCode', 'route', 'status', 'sysOrgCode', 'updateBy', 'updateTime', 'url']);
    expect((await get(`/sys/sysRoleIndex/queryById?id=${String(row.id)}`)).result).toEqual(row);
    const page = (await get('/sys/sysRoleIndex/list?pageNo=1&pageSize=10&roleCode=teacher')).result as { records: unknown[]; total: number; current: number; size: number };
    expect(page).toMatchObject({ total: 1, current: 1, size: 10, records: [row] });
    // The seeded home of marketing is a row like any other.
    const all = (await get('/sys/sysRoleIndex/list')).result as { records: { roleCode: string; url: string }[] };
    expect(all.records).toEqual(expect.arrayContaining([expect.objectContaining({ roleCode: 'marketing', url: '/crm/workbench' })]));

    expect(await send('PUT', '/sys/sysRoleIndex/edit', { ...row, url: '/edu/student', priority: 1 })).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await get(`/sys/sysRoleIndex/queryById?id=${String(row.id)}`)).result).toMatchObject({ url: '/edu/student', component: 'student/TblStudentList', priority: 1, updateBy: 'admin' });
    expect(await send('POST', '/sys/sysRoleIndex/edit', { ...row, id: 'nope' })).toMatchObject({ success: false, message: '首页配置不存在' });
    expect(await send('DELETE', `/sys/sysRoleIndex/delete?id=${String(row.id)}`)).toMatchObject({ success: true });
    expect((await get('/sys/sysRoleIndex/queryByCode?roleCode=teacher')).result).toBeNull();

    await send('POST', '/sys/sysRoleIndex/add', { roleCode: 'teacher', url: '/dashboard/workplace' });
    await send('POST', '/sys/sysRoleIndex/add', { roleCode: 'academic', url: '/dashboard/analysis' });
    const ids = ((await get('/sys/sysRoleIndex/list?pageSize=50')).result as { records: { id: string; roleCode: string }[] }).records.filter((r) => r.roleCode !== 'marketing').map((r) => r.id);
    expect(ids).toHaveLength(2);
    expect(await send('DELETE', `/sys/sysRoleIndex/deleteBatch?ids=${ids.join(',')},`)).toMatchObject({ success: true });
    expect(((await get('/sys/sysRoleIndex/list')).result as { total: number }).total).toBe(1);
  });

  it('refuses an unknown role, a url that is no menu page, a second row for a role and bad values, in Chinese', async () => {
    const add = (json: unknown) => send('POST', '/sys/sysRoleIndex/add', json);
    expect(await add({ roleCode: 'ghost', url: '/edu/student' })).toMatchObject({ success: false, message: '角色不存在' });
    expect(await add({ roleCode: 'teacher', url: '/evil/page' })).toMatchObject({ success: false, message: '首页必须是菜单中的页面' });
    // A folder is not a page.
    expect(await add({ roleCode: 'teacher', url: '/edu' })).toMatchObject({ success: false, message: '首页必须是菜单中的页面' });
    expect(await add({ roleCode: 'teacher', url: 'https://evil.example/' })).toMatchObject({ success: false, message: '路由地址须以 / 开头' });
    expect(await add({ roleCode: 'teacher', url: '//evil.example/x' })).toMatchObject({ success: false, message: '路由地址须以 / 开头' });
    expect(await add({ roleCode: "x' or 1=1 --", url: '/edu/student' })).toMatchObject({ success: false, message: '角色编码不正确' });
    expect(await add({ roleCode: 'teacher', url: '/edu/student', priority: -1 })).toMatchObject({ success: false, message: '优先级须在0-9999之间' });
    expect(await add({ roleCode: 'teacher', url: '/edu/student', status: '7' })).toMatchObject({ success: false, message: '状态不正确' });
    expect(await add({ roleCode: 'marketing', url: '/edu/student' })).toMatchObject({ success: false, message: '该角色已有首页配置' });
  });

  it('needs 角色管理’s codes: a teacher reads and writes nothing', async () => {
    const teacher = await be.login('teacher');
    expect((await get('/sys/sysRoleIndex/list', teacher)).code).toBe(510);
    expect((await get('/sys/sysRoleIndex/queryByCode?roleCode=marketing', teacher)).code).toBe(510);
    expect((await send('POST', '/sys/sysRoleIndex/add', { roleCode: 'teacher', url: '/edu/student' }, teacher)).code).toBe(510);
    expect((await send('DELETE', '/sys/sysRoleIndex/deleteBatch?ids=x', undefined, teacher)).code).toBe(510);
    expect((await be.call('/sys/sysRoleIndex/list')).status).toBe(401);
  });
});

describe('where / sends a user (homePath)', () => {
  it('marketing: its seeded 首页配置 (招生工作台); the others: 行事历', async () => {
    expect(await homeOf('marketing')).toBe('/crm/workbench');
    for (const u of ['admin', 'teacher', 'jiaowu']) expect([u, await homeOf(u)]).toEqual([u, CALENDAR_HOME]);
  });

  it('a role without 行事历 lands on its first page it can open, its 首页配置 when it can open it, never a 没有权限查看 page', async () => {
    // 学员管理 given without its list code (it would say 没有权限查看), then 课程管理 with it.
    const course = await be.db.selectFrom('sys_permission').select('id').where('perms', '=', PERMS.course.list).where('parent_id', '=', 'perm_edu_course').executeTakeFirstOrThrow();
    await probeRole(['perm_edu', 'perm_edu_student', 'perm_edu_course', course.id]);
    expect(await homeOf('teacher2')).toBe('/edu/course');

    const add = await send('POST', '/sys/sysRoleIndex/add', { roleCode: 'probe', url: '/edu/student' });
    expect(add.success).toBe(true);
    // Configured, but not openable (no edu:student:list): skipped.
    expect(await homeOf('teacher2')).toBe('/edu/course');
    const row = (await get('/sys/sysRoleIndex/queryByCode?roleCode=probe')).result as { id: string };
    await send('PUT', '/sys/sysRoleIndex/edit', { id: row.id, roleCode: 'probe', url: '/edu/course', status: '1' });
    expect(await homeOf('teacher2')).toBe('/edu/course');
    await send('PUT', '/sys/sysRoleIndex/edit', { id: row.id, roleCode: 'probe', url: '/calpanel/CalendarPanel', status: '1' });
    expect(await homeOf('teacher2')).toBe('/edu/course');

    // With 行事历 given too: the configured 学员管理 once it opens, the 行事历 when the row is switched off.
    const student = await be.db.selectFrom('sys_permission').select('id').where('perms', '=', PERMS.student.list).where('parent_id', '=', 'perm_edu_student').executeTakeFirstOrThrow();
    const cal = await be.db.selectFrom('sys_permission').select('id').where('perms', '=', PERMS.calendar.list).where('parent_id', '=', 'perm_calpanel').executeTakeFirstOrThrow();
    await probeRole(['perm_edu', 'perm_edu_student', student.id, 'perm_calpanel', cal.id]);
    await send('PUT', '/sys/sysRoleIndex/edit', { id: row.id, roleCode: 'probe', url: '/edu/student', status: '1' });
    expect(await homeOf('teacher2')).toBe('/edu/student');
    await send('PUT', '/sys/sysRoleIndex/edit', { id: row.id, roleCode: 'probe', url: '/edu/student', status: '0' });
    expect(await homeOf('teacher2')).toBe(CALENDAR_HOME);
    await send('DELETE', `/sys/sysRoleIndex/delete?id=${row.id}`);

    // Several roles: the highest priority wins.
    await be.db.insertInto('sys_user_role').values({ id: linkId('u_teacher2', 'role_marketing'), user_id: 'u_teacher2', role_id: 'role_marketing' }).execute();
    expect(await homeOf('teacher2')).toBe('/crm/workbench');
    await send('POST', '/sys/sysRoleIndex/add', { roleCode: 'probe', url: '/edu/student', priority: 10 });
    expect(await homeOf('teacher2')).toBe('/edu/student');
  });
});

describe('the seeded menu: every page a role is given opens (issue #39 11: no 没有协商任务的权限 behind a menu entry)', () => {
  /** Every non-folder entry of a menu with a screen-like component. */
  const pagesOf = (menu: readonly MenuNode[], out: string[] = []): string[] => {
    for (const n of menu) {
      if (n.component && !n.component.startsWith('layouts/RouteView') && !n.meta?.url) out.push(n.path);
      pagesOf(n.children ?? [], out);
    }
    return out;
  };

  it.each(ROLES.map((r) => r.id))('%s', async (roleId) => {
    await be.db.deleteFrom('sys_user_role').where('user_id', '=', 'u_teacher2').execute();
    await be.db.insertInto('sys_user_role').values({ id: linkId('u_teacher2', roleId), user_id: 'u_teacher2', role_id: roleId }).execute();
    const answer = (await get('/sys/permission/getUserPermissionByToken', await be.login('teacher2'))).result as PermissionAnswer;
    const open = new Set(openablePages(answer.menu, answer).map((p) => p.path));
    const pages = pagesOf(answer.menu);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((p) => !open.has(p))).toEqual([]);
  });
});

describe('spec loose ends', () => {
  it('/sys/sysDepart/queryTreeListByOrgCode: the whole tree, or the subtree of an org code', async () => {
    const whole = (await get('/sys/sysDepart/queryTreeListByOrgCode')).result as { orgCode: string }[];
    expect(whole).toEqual((await get('/sys/sysDepart/queryTreeList')).result);
    const sub = (await get('/sys/sysDepart/queryTreeListByOrgCode?orgCode=A01A03')).result as { orgCode: string; children: { orgCode: string }[] | null }[];
    expect(sub).toHaveLength(1);
    expect(sub[0].orgCode).toBe('A01A03');
    expect(((await get('/sys/sysDepart/queryTreeListByOrgCode?orgCode=ZZ')).result as unknown[]).length).toBe(0);
  });

  it('/sys/user/list?orgCode=<code>* lists the users of that department and those under it (QueryGenerator right-like)', async () => {
    const names = async (q: string) => ((await get(`/sys/user/list?pageSize=100&${q}`)).result as { records: { username: string }[] }).records.map((r) => r.username).sort();
    const under = await names('orgCode=A01A03*');
    expect(under).toEqual(expect.arrayContaining(['teacher', 'teacher2']));
    expect(under).not.toContain('marketing');
    expect(await names('orgCode=A01A03')).not.toContain('teacher2');
    // % and _ are literal, not wildcards.
    expect(await names('orgCode=%25*')).toEqual([]);
  });
});

describe('migration 0046 on an installation from before it', () => {
  it('turns sys_role.home_path into 首页配置 rows and moves the old menu rows to their new places', async () => {
    await sql`drop table sys_role_index`.execute(be.db);
    await sql`alter table sys_role add column home_path varchar(200)`.execute(be.db);
    await sql`update sys_role set home_path = '/crm/workbench' where id = 'role_marketing'`.execute(be.db);
    await sql`update sys_permission set parent_id = 'perm_edu', url = '/edu/password' where id = 'perm_edu_password'`.execute(be.db);
    await sql`update sys_permission set name = '品牌简章（副本）' where id = 'perm_work_be_born_into_copy'`.execute(be.db);
    await sql`update sys_permission set component = 'system/OnlineList' where id = 'perm_isystem_online'`.execute(be.db);
    await sql`update sys_permission set parent_id = 'perm_edu' where id = 'perm_online_rpt_campus'`.execute(be.db);
    // An administrator's own rename is kept.
    await sql`update sys_permission set name = '我们的作品集' where id = 'perm_work_cn_v35'`.execute(be.db);
    await migrate0046(be.db as never);
    const rows = await sql<{ role_code: string; url: string; component: string }>`select role_code, url, component from sys_role_index`.execute(be.db);
    expect(rows.rows).toEqual([{ role_code: 'marketing', url: '/crm/workbench', component: 'crm/LeadWorkbench' }]);
    const byId = async (id: string) => be.db.selectFrom('sys_permission').select(['name', 'parent_id', 'url', 'component']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await byId('perm_edu_password')).toMatchObject({ parent_id: 'perm_account_settings', url: '/account/settings/password' });
    expect((await byId('perm_work_be_born_into_copy')).name).toBe('简章模板·暖金');
    expect((await byId('perm_work_cn_v35')).name).toBe('我们的作品集');
    expect((await byId('perm_isystem_online')).component).toBe('system/SysUserOnlineList');
    expect((await byId('perm_online_rpt_campus')).parent_id).toBe('perm_report');
    expect(await homeOf('marketing')).toBe('/crm/workbench');
  });
});
