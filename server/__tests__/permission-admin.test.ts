/** @jest-environment node */
import { startTestBackend, type TestBackend } from './helpers';
import { linkId } from '../ids';

/**
 * 菜单管理 through the production handler: the tree, add / edit / delete (cascade) with validation,
 * cycle refusal and pushes, data rules, a role's choice of rules, and their enforcement on /sys/user/list.
 */

let be: TestBackend;
let admin: string;
let teacher: string;
const notify = jest.fn();

/** The rows the integrator adds to seed-data.ts (reported), inserted here so the suite stands alone. */
const SEED = [
  { id: 'perm_isystem_permission', parent_id: 'perm_isystem', name: '菜单管理', url: '/isystem/permission', component: 'system/PermissionList', menu_type: 1, sort_no: 10.95, icon: null, perms: null },
  ...['list', 'add', 'edit', 'delete', 'rule'].map((a, i) => ({
    id: `perm_btn_permission_${a}`, parent_id: 'perm_isystem_permission', name: a, url: null, component: null, menu_type: 2, sort_no: 190 + i, icon: null, perms: `system:permission:${a}`,
  })),
];

beforeAll(async () => {
  be = await startTestBackend();
  be.setNotifier(notify);
  for (const p of SEED) {
    await be.db.insertInto('sys_permission').values({ ...p, perms_type: '1', is_leaf: p.menu_type === 2, component_name: null, redirect: null, description: null, create_by: null, update_by: null, update_time: null }).onConflict((oc) => oc.doNothing()).execute();
    await be.db.insertInto('sys_role_permission').values({ id: linkId('role_admin', p.id), role_id: 'role_admin', permission_id: p.id }).onConflict((oc) => oc.doNothing()).execute();
  }
  admin = await be.login('admin');
  teacher = await be.login('teacher');
}, 120_000);
afterAll(() => be.close());
beforeEach(() => notify.mockReset());

type Body = Awaited<ReturnType<TestBackend['call']>>['body'];
type Node = Record<string, unknown> & { id: string; children: Node[] | null };

const get = (path: string, token = admin) => be.call(path, { token }).then((r) => r.body);
const post = (path: string, json: unknown, token = admin) => be.call(path, { method: 'POST', token, json }).then((r) => r.body);
const put = (path: string, json: unknown, token = admin) => be.call(path, { method: 'PUT', token, json }).then((r) => r.body);
const del = (path: string, token = admin) => be.call(path, { method: 'DELETE', token }).then((r) => r.body);

const add = (json: Record<string, unknown>) => post('/sys/permission/add', json);
const edit = (json: Record<string, unknown>) => put('/sys/permission/edit', json);
const row = (id: string) => be.db.selectFrom('sys_permission').selectAll().where('id', '=', id).executeTakeFirst();
const tree = async () => (await get('/sys/permission/list')).result as Node[];
const find = (nodes: Node[], id: string): Node | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
};
const idOf = (b: Body) => (b.result as { id: string }).id;
const fails = (b: Body, message: string | RegExp) => {
  expect(b.success).toBe(false);
  if (typeof message === 'string') expect(b.message).toBe(message);
  else expect(b.message).toMatch(message);
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
    expect(pushedTo()).toEqual(['u_admin', 'u_marketing']);
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
