/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { linkId } from '../../core/ids';
import { insertMenuAdminRows, menuAdminCalls } from '../../testing/permission-admin-fixture';

/**
 * 菜单管理 through the production handler: who may use it, the tree, add / edit / delete (cascade) with
 * validation, cycle refusal and pushes. Data rules and a role's choice of them: permission-data-rules.test.ts.
 */

let be: TestBackend;
let admin: string;
let teacher: string;
const notify = jest.fn();

beforeAll(async () => {
  be = await startTestBackend();
  be.setNotifier(notify);
  await insertMenuAdminRows(be);
  admin = await be.login('admin');
  teacher = await be.login('teacher');
}, 120_000);
afterAll(() => be.close());
beforeEach(() => notify.mockReset());

type Node = Record<string, unknown> & { id: string; children: Node[] | null };

const { get, post, put, del, row, idOf, fails } = menuAdminCalls(() => ({ be, admin }));

const add = (json: Record<string, unknown>) => post('/sys/permission/add', json);
const edit = (json: Record<string, unknown>) => put('/sys/permission/edit', json);
const tree = async () => (await get('/sys/permission/list')).result as Node[];
const find = (nodes: Node[], id: string): Node | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
};
const pushedTo = () => [...new Set(notify.mock.calls.flatMap(([ids]) => ids as string[]))].sort();
const activeUsers = async () => (await be.db.selectFrom('sys_user').select('id').where('del_flag', '=', 0).where('status', '=', 1).execute()).map((u) => u.id).sort();

const topMenu = (name: string, url: string, extra: Record<string, unknown> = {}) => add({ name, menuType: 0, url, ...extra });
const subMenu = (name: string, parentId: string, url: string, extra: Record<string, unknown> = {}) => add({ name, menuType: 1, parentId, url, component: 'system/UserList', ...extra });

describe('who may use 菜单管理', () => {
  it('a user without the codes gets 510 on every endpoint and changes nothing', async () => {
    const answers = await Promise.all([
      get('/sys/permission/list', teacher),
      get('/sys/permission/queryTreeList', teacher),
      get('/sys/permission/queryById?id=perm_isystem_user', teacher),
      get('/sys/permission/checkPermDuplication?url=/x&alwaysShow=false', teacher),
      post('/sys/permission/add', { name: 'x', menuType: 0, url: '/x' }, teacher),
      put('/sys/permission/edit', { id: 'perm_isystem_user', name: 'x', menuType: 1, parentId: 'perm_isystem', url: '/isystem/user', component: 'system/UserList' }, teacher),
      del('/sys/permission/delete?id=perm_isystem_user', teacher),
      del('/sys/permission/deleteBatch?ids=perm_isystem_user', teacher),
      get('/sys/permission/getPermRuleListByPermId?permissionId=perm_isystem_user', teacher),
      get('/sys/permission/ruleColumns?permissionId=perm_isystem_user', teacher),
      post('/sys/permission/addPermissionRule', { permissionId: 'perm_isystem_user', ruleName: 'x', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' }, teacher),
      put('/sys/permission/editPermissionRule', { id: 'x', permissionId: 'perm_isystem_user', ruleName: 'x', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' }, teacher),
      del('/sys/permission/deletePermissionRule?id=x', teacher),
      get('/sys/role/datarule/perm_isystem_user/role_teacher', teacher),
      post('/sys/role/datarule', { permissionId: 'perm_isystem_user', roleId: 'role_teacher', dataRuleIds: '' }, teacher),
    ]);
    for (const b of answers) expect(b).toMatchObject({ success: false, code: 510 });
    expect((await row('perm_isystem_user'))!.name).toBe('用户管理');
    expect(notify).not.toHaveBeenCalled();
  });

  it('without a token: 401', async () => {
    expect((await be.call('/sys/permission/list')).status).toBe(401);
  });
});

describe('the tree', () => {
  it('GET /sys/permission/list answers every live row, menus and buttons, with JeecgBoot SysPermissionTree fields', async () => {
    const t = await tree();
    const sys = find(t, 'perm_isystem')!;
    expect(sys).toMatchObject({ key: 'perm_isystem', title: '系统管理', name: '系统管理', menuType: 0, url: '/isystem', component: 'layouts/RouteView', icon: 'setting', parentId: null, isLeaf: false });
    const user = find(t, 'perm_isystem_user')!;
    expect(user).toMatchObject({ parentId: 'perm_isystem', menuType: 1, url: '/isystem/user', component: 'system/UserList', sortNo: 10.5, route: true, hidden: false, status: '1' });
    expect(user.children!.map((c) => c.perms)).toEqual(expect.arrayContaining(['system:user:list', 'system:user:add']));
    expect(find(t, 'perm_btn_user_add')).toMatchObject({ menuType: 2, permsType: '1', status: '1' });
    // JeecgBoot's children: null on a leaf (not absent, not []).
    expect(find(t, 'perm_btn_user_add')).toMatchObject({ children: null, isLeaf: true, leaf: true });
    const live = await be.db.selectFrom('sys_permission').select('id').where('del_flag', '=', 0).execute();
    const count = (nodes: Node[]): number => nodes.reduce((n, x) => n + 1 + count(x.children ?? []), 0);
    expect(count(t)).toBe(live.length);
    expect(await get('/sys/permission/queryById?id=perm_isystem_user')).toMatchObject({ success: true, result: { id: 'perm_isystem_user', name: '用户管理' } });
  });
});

describe('add', () => {
  it('a 一级菜单 gets layouts/RouteView and no parent; a 子菜单 under it makes it a non-leaf', async () => {
    const top = await topMenu('教学管理', 'teach', { parentId: 'perm_isystem', icon: 'book', sortNo: 20 });
    expect(top).toMatchObject({ success: true, message: '添加成功！', result: { parentId: null, url: '/teach', component: 'layouts/RouteView', isLeaf: true, icon: 'book', sortNo: 20 } });
    const sub = await subMenu('课程列表', idOf(top), '/teach/course', { component: '/views/teach/CourseList.vue', componentName: 'teach-course', keepAlive: true, hidden: 1 });
    expect(sub).toMatchObject({ success: true, result: { parentId: idOf(top), component: 'teach/CourseList', componentName: 'teach-course', keepAlive: true, hidden: true, perms: null } });
    expect((await row(idOf(top)))!.is_leaf).toBe(false);
    // Menus belong to no role yet: nobody's menu changed.
    expect(notify).not.toHaveBeenCalled();
  });

  it('a 按钮权限 under 用户管理 needs a code, keeps only button columns, shows in allAuth and reaches everybody', async () => {
    fails(await add({ name: '审核', menuType: 2, parentId: 'perm_isystem_user' }), '请输入授权标识');
    const b = await add({ name: '审核用户', menuType: 2, parentId: 'perm_isystem_user', perms: ' system:user:audit , system:user:check ', permsType: '2', status: '0', url: '/x', component: 'a/b', icon: 'user' });
    expect(b).toMatchObject({ success: true, result: { menuType: 2, perms: 'system:user:audit,system:user:check', permsType: '2', status: '0', url: null, component: null, icon: null } });
    expect(pushedTo()).toEqual(await activeUsers());
    const t = await tree();
    expect(find(t, 'perm_isystem_user')!.children!.map((c) => c.id)).toContain(idOf(b));
    const perms = (await get('/sys/permission/getUserPermissionByToken')).result as { allAuth: { action: string; type: string; status: string }[] };
    expect(perms.allAuth).toContainEqual({ action: 'system:user:audit,system:user:check', type: '2', describe: '审核用户', status: '0' });
  });

  it('an iframe row may use the API-prefix template; others may not', async () => {
    const ok = await subMenu('数据监控', 'perm_isystem', "{{ window._CONFIG['domianURL'] }}/druid/", { component: 'layouts/IframePageView' });
    expect(ok).toMatchObject({ success: true, result: { url: "{{ window._CONFIG['domianURL'] }}/druid/" } });
    fails(await subMenu('监控2', 'perm_isystem', "{{ window._CONFIG['domianURL'] }}/druid2/"), /模板地址只能用于内嵌页面/);
    fails(await subMenu('监控3', 'perm_isystem', '{{ alert(document.cookie) }}', { component: 'layouts/IframePageView' }), /模板地址只能是/);
    const ext = await subMenu('官网', 'perm_isystem', 'https://www.example.edu.cn/about?a=1', { component: 'layouts/IframePageView', internalOrExternal: true });
    expect(ext).toMatchObject({ success: true, result: { internalOrExternal: true } });
  });

  it.each([
    [{ menuType: 3 }, '菜单类型不正确'],
    [{ menuType: 'x' }, '菜单类型不正确'],
    [{ menuType: -1 }, '菜单类型不正确'],
    [{ name: '' }, '请输入菜单名称'],
    [{ name: 'a'.repeat(101) }, '菜单名称不能超过100个字符'],
    [{ name: 'a\u0000b' }, '菜单名称含有不可见字符'],
    [{ url: 'javascript:alert(1)' }, /访问路径须以/],
    [{ url: '//evil.example/x' }, /访问路径须以/],
    [{ url: '/a/../../etc' }, /访问路径须以/],
    [{ url: '/a b' }, /访问路径须以/],
    [{ url: '/x"><script>' }, /访问路径须以/],
    [{ url: 'data:text/html,hi' }, /访问路径须以/],
    [{ url: '' }, '请输入访问路径'],
    [{ component: '../../server/db' }, /前端组件只能是/],
    [{ component: 'http://evil.example/x' }, /前端组件只能是/],
    [{ component: 'a/./b' }, /前端组件只能是/],
    [{ componentName: '1abc' }, /组件名称须以字母开头/],
    [{ componentName: 'a b' }, /组件名称须以字母开头/],
    [{ redirect: 'https://evil.example' }, '默认跳转地址须为以 / 开头的站内路径'],
    [{ icon: '<svg onload=alert(1)>' }, /菜单图标只能是图标名称/],
    [{ sortNo: 'abc' }, '排序不正确'],
    [{ sortNo: 1e12 }, '排序不正确'],
    [{ hidden: 'maybe' }, '开关参数不正确'],
    [{ url: ['/a'] }, '访问路径格式不正确'],
  ])('refuses %j', async (patch, message) => {
    fails(await topMenu('坏菜单', '/bad-menu', patch), message);
    expect(await be.db.selectFrom('sys_permission').select('id').where('name', 'in', ['坏菜单', '']).execute()).toEqual([]);
  });

  it.each([
    [{ perms: 'system:user:add;drop table sys_user' }, /授权标识只能包含/],
    [{ perms: 'a b' }, /授权标识只能包含/],
    [{ perms: 'a,,b' }, /授权标识只能包含/],
    [{ permsType: '3' }, '权限策略不正确'],
    [{ status: '2' }, '状态不正确'],
    [{ parentId: 'nope' }, '上级菜单不存在'],
    [{ parentId: 'perm_btn_user_add' }, '按钮不能作为上级菜单'],
    [{ parentId: null }, '请选择上级菜单'],
  ])('refuses the button %j', async (patch, message) => {
    fails(await add({ name: '坏按钮', menuType: 2, parentId: 'perm_isystem_user', perms: 'system:user:bad', ...patch }), message);
    expect(await be.db.selectFrom('sys_permission').select('id').where('name', '=', '坏按钮').execute()).toEqual([]);
  });

  it('stores hostile text as text (bound parameters)', async () => {
    const name = "x'); drop table sys_user; --";
    const r = await subMenu(name, 'perm_isystem', '/hostile-name');
    expect(r).toMatchObject({ success: true, result: { name } });
    expect((await be.db.selectFrom('sys_user').select('id').execute()).length).toBeGreaterThan(0);
    expect(await del(`/sys/permission/delete?id=${idOf(r)}`)).toMatchObject({ success: true });
  });

  it('访问路径 and 组件名称 are unique among live menus (checkPermDuplication and on save)', async () => {
    fails(await subMenu('重复', 'perm_isystem', '/isystem/user'), '访问路径不允许重复，请重定义！');
    expect(await get('/sys/permission/checkPermDuplication?url=/isystem/user&alwaysShow=false')).toMatchObject({ success: false, message: '访问路径不允许重复，请重定义！' });
    expect(await get('/sys/permission/checkPermDuplication?url=/isystem/user&alwaysShow=false&id=perm_isystem_user')).toMatchObject({ success: true, message: '该值可用！' });
    // JeecgBoot: an aggregate route (alwaysShow) may share its child's path.
    expect(await get('/sys/permission/checkPermDuplication?url=/isystem/user&alwaysShow=true')).toMatchObject({ success: true });
    await subMenu('组件名一', 'perm_isystem', '/cn-one', { componentName: 'uniqueName' });
    fails(await subMenu('组件名二', 'perm_isystem', '/cn-two', { componentName: 'uniqueName' }), '组件名称不允许重复，请重定义！');
    expect(await get('/sys/permission/checkPermDuplication?componentName=uniqueName')).toMatchObject({ success: false, message: '组件名称不允许重复，请重定义！' });
  });
});

describe('edit', () => {
  it('refuses a parent that is the row itself or below it (no cycles), and a button with children', async () => {
    const a = idOf(await topMenu('环A', '/loop-a'));
    const b = idOf(await subMenu('环B', a, '/loop-b'));
    const c = idOf(await subMenu('环C', b, '/loop-c'));
    fails(await edit({ id: a, name: '环A', menuType: 1, parentId: c, url: '/loop-a', component: 'layouts/RouteView' }), '不能选择自身或下级菜单作为上级菜单');
    fails(await edit({ id: b, name: '环B', menuType: 1, parentId: b, url: '/loop-b', component: 'system/UserList' }), '不能选择自身或下级菜单作为上级菜单');
    fails(await edit({ id: b, name: '环B', menuType: 2, parentId: a, perms: 'x:y' }), '该菜单下还有下级菜单或按钮，不能改为按钮');
    expect((await row(a))!.parent_id).toBeNull();
    expect((await row(b))!.parent_id).toBe(a);
    // Moving C up under A: B becomes a leaf.
    expect(await edit({ id: c, name: '环C', menuType: 1, parentId: a, url: '/loop-c', component: 'system/UserList' })).toMatchObject({ success: true, message: '修改成功！' });
    expect((await row(b))!.is_leaf).toBe(true);
    expect((await row(a))!.is_leaf).toBe(false);
  });

  it('renaming a menu tells its holders; a deleted or unknown row is 未找到菜单信息', async () => {
    const r = await edit({ id: 'perm_isystem_log', name: '登录日志2', menuType: 1, parentId: 'perm_isystem', url: '/isystem/log', component: 'system/LogList', sortNo: 12 });
    expect(r).toMatchObject({ success: true, result: { name: '登录日志2' } });
    expect(pushedTo()).toEqual(['u_admin']);
    await edit({ id: 'perm_isystem_log', name: '登录日志', menuType: 1, parentId: 'perm_isystem', url: '/isystem/log', component: 'system/LogList', sortNo: 12 });
    fails(await edit({ id: 'nope', name: 'x', menuType: 0, url: '/nope' }), '未找到菜单信息');
    fails(await edit({ name: 'x', menuType: 0, url: '/nope' }), '未找到菜单信息');
  });

  it('refuses to take away the caller’s own 菜单管理 codes', async () => {
    const r = await edit({ id: 'perm_btn_permission_edit', name: 'edit', menuType: 2, parentId: 'perm_isystem_permission', perms: 'system:permission:edit', status: '0', sortNo: 192 });
    fails(r, '不能移除自己的菜单管理权限');
    expect((await row('perm_btn_permission_edit'))!.status).toBe('1');
    fails(await edit({ id: 'perm_btn_permission_list', name: 'list', menuType: 2, parentId: 'perm_isystem_permission', perms: 'system:permission:lst', sortNo: 190 }), '不能移除自己的菜单管理权限');
    expect((await row('perm_btn_permission_list'))!.perms).toBe('system:permission:list');
  });
});

describe('delete (cascade)', () => {
  it('soft-deletes the whole subtree, its role links and data rules; holders and everybody are told', async () => {
    const a = idOf(await topMenu('待删菜单', '/gone'));
    const b = idOf(await subMenu('待删子菜单', a, '/gone/sub'));
    const btn = idOf(await add({ name: '待删按钮', menuType: 2, parentId: b, perms: 'gone:sub:list' }));
    for (const id of [a, b, btn]) await be.db.insertInto('sys_role_permission').values({ id: linkId('role_teacher', id), role_id: 'role_teacher', permission_id: id }).execute();
    const rule = await post('/sys/permission/addPermissionRule', { permissionId: b, ruleName: '规则', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' });
    expect(rule).toMatchObject({ success: true });
    notify.mockReset();

    expect(await del(`/sys/permission/delete?id=${a}`)).toMatchObject({ success: true, message: '删除成功!' });
    for (const id of [a, b, btn]) expect((await row(id))!.del_flag).toBe(1);
    expect(await be.db.selectFrom('sys_role_permission').select('id').where('permission_id', 'in', [a, b, btn]).execute()).toEqual([]);
    expect(await be.db.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', b).execute()).toEqual([]);
    const t = await tree();
    for (const id of [a, b, btn]) expect(find(t, id)).toBeUndefined();
    // A button went: everybody's allAuth changed.
    expect(pushedTo()).toEqual(await activeUsers());
    const teacherMenu = (await get('/sys/permission/getUserPermissionByToken', teacher)).result as { menu: { id: string }[] };
    expect(teacherMenu.menu.map((m) => m.id)).not.toContain(a);
    fails(await del(`/sys/permission/delete?id=${a}`), '未找到菜单信息');
    fails(await del('/sys/permission/delete?id='), '未找到菜单信息');
  });

  it('menus without buttons tell their holders only; the last child gone makes the parent a leaf', async () => {
    const a = idOf(await topMenu('父菜单', '/leaf-parent'));
    const b = idOf(await subMenu('唯一子菜单', a, '/leaf-parent/only'));
    await be.db.insertInto('sys_role_permission').values({ id: linkId('role_academic', b), role_id: 'role_academic', permission_id: b }).execute();
    notify.mockReset();
    expect(await del(`/sys/permission/delete?id=${b}`)).toMatchObject({ success: true });
    expect(pushedTo()).toEqual(['u_academic']);
    expect((await row(a))!.is_leaf).toBe(true);
  });

  it('deleteBatch removes several subtrees in one go; an empty list is refused', async () => {
    const a = idOf(await topMenu('批删一', '/batch-1'));
    const b = idOf(await topMenu('批删二', '/batch-2'));
    const c = idOf(await subMenu('批删二子', b, '/batch-2/c'));
    expect(await del(`/sys/permission/deleteBatch?ids=${a},${b}`)).toMatchObject({ success: true });
    for (const id of [a, b, c]) expect((await row(id))!.del_flag).toBe(1);
    fails(await del('/sys/permission/deleteBatch?ids='), '请选择一条记录！');
  });

  it('refuses to delete the caller’s own 菜单管理 (and changes nothing)', async () => {
    fails(await del('/sys/permission/delete?id=perm_isystem_permission'), '不能移除自己的菜单管理权限');
    fails(await del('/sys/permission/delete?id=perm_isystem'), '不能移除自己的菜单管理权限');
    expect((await row('perm_isystem_permission'))!.del_flag).toBe(0);
    expect((await row('perm_isystem_user'))!.del_flag).toBe(0);
    expect(await be.db.selectFrom('sys_role_permission').select('id').where('permission_id', '=', 'perm_isystem_user').execute()).not.toEqual([]);
    expect(notify).not.toHaveBeenCalled();
  });
});

