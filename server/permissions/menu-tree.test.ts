/** @jest-environment node */
import { createHash } from 'node:crypto';
import { buildPermissionAnswer, routeName, type MenuNode, type PermissionRow } from './menu-tree';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

let seq = 0;
function row(over: Partial<PermissionRow>): PermissionRow {
  seq += 1;
  return {
    id: `p${seq}`,
    parent_id: null,
    name: `菜单${seq}`,
    url: `/m${seq}`,
    component: `pages/M${seq}`,
    component_name: null,
    redirect: null,
    menu_type: 0,
    perms: null,
    perms_type: '1',
    sort_no: seq,
    always_show: false,
    icon: null,
    is_route: true,
    keep_alive: false,
    hidden: false,
    hide_tab: false,
    status: '1',
    internal_or_external: false,
    ...over,
  };
}

const button = (over: Partial<PermissionRow>) => row({ menu_type: 2, url: null, component: null, ...over });

/** Builds a one-row menu and returns its node. */
const single = (over: Partial<PermissionRow>): MenuNode => {
  const { menu } = buildPermissionAnswer([row(over)], []);
  expect(menu).toHaveLength(1);
  return menu[0];
};

describe('routeName', () => {
  it.each<[string, Partial<PermissionRow>, string]>([
    ['component_name wins', { component_name: 'UserList', url: '/isystem/user' }, 'UserList'],
    ['leading slash dropped, / becomes -', { url: '/isystem/user' }, 'isystem-user'],
    [': becomes @', { url: '/online/cgform/:code' }, 'online-cgform-@code'],
    ['several params', { url: '/a/:b/c/:d' }, 'a-@b-c-@d'],
    ['no leading slash', { url: 'dashboard/analysis' }, 'dashboard-analysis'],
    ['no url', { url: null }, ''],
  ])('%s', (_title, over, expected) => {
    const r = row({ component_name: null, ...over });
    expect(routeName(r)).toBe(expected);
    expect(single(r).name).toBe(expected);
  });
});

describe('path and meta.url', () => {
  it.each<[string, string, boolean]>([
    ['https', 'https://www.example.com/docs', true],
    ['http', 'http://www.example.com', true],
    ['{{ }} template', '{{ window._CONFIG["domianURL"] }}/druid/', true],
    ['internal', '/isystem/user', false],
    ['looks external but is not a prefix', '/go/https://x', false],
  ])('%s', (_title, url, external) => {
    const node = single({ url });
    if (external) {
      expect(node.path).toBe(md5(url));
      expect(node.meta.url).toBe(url);
    } else {
      expect(node.path).toBe(url);
      expect(node.meta).not.toHaveProperty('url');
    }
  });

  it.each<[string, string, boolean]>([
    ['iframe row with a same-origin page', '/manual/index.html', true],
    ['iframe row with an external page', 'https://www.example.com/docs', true],
  ])('%s', (_title, url, external) => {
    const node = single({ url, component: 'layouts/IframePageView' });
    if (external) {
      expect(node.path).toBe(md5(url));
      expect(node.meta.url).toBe(url);
    } else {
      expect(node.path).toBe(url);
      expect(node.meta).not.toHaveProperty('url');
    }
  });
});

describe('node fields', () => {
  it.each<[string, Partial<PermissionRow>, Partial<MenuNode>]>([
    ['is_route true → route "1"', { is_route: true }, { route: '1' }],
    ['is_route false → route "0"', { is_route: false }, { route: '0' }],
  ])('%s', (_title, over, expected) => {
    expect(single(over)).toMatchObject(expected);
  });

  it('hidden and alwaysShow appear only when true', () => {
    const plain = single({ hidden: false, always_show: false });
    expect(plain).not.toHaveProperty('hidden');
    expect(plain).not.toHaveProperty('alwaysShow');
    const both = single({ hidden: true, always_show: true });
    expect(both.hidden).toBe(true);
    expect(both.alwaysShow).toBe(true);
  });

  it('meta: title, keepAlive, internalOrExternal, componentName, icon and hideTab', () => {
    const full = single({ name: '用户管理', component: 'system/UserList', component_name: null, keep_alive: true, internal_or_external: true, icon: 'user', hide_tab: true });
    expect(full.meta).toEqual({ keepAlive: true, internalOrExternal: true, title: '用户管理', componentName: 'UserList', icon: 'user', hideTab: true });
    expect(full.component).toBe('system/UserList');
    const bare = single({ name: '首页', component: 'dashboard/Analysis', component_name: 'Home', keep_alive: false, internal_or_external: false, icon: null, hide_tab: false });
    expect(bare.meta).toEqual({ keepAlive: false, internalOrExternal: false, title: '首页', componentName: 'Home' });
  });

  it('a leaf has no children key', () => {
    expect(single({})).not.toHaveProperty('children');
  });
});

describe('tree shape', () => {
  it('redirect is set on top-level nodes only (even when null)', () => {
    const top = row({ redirect: '/isystem/user' });
    const plainTop = row({ redirect: null });
    const child = row({ parent_id: top.id, redirect: '/should/not/appear' });
    const { menu } = buildPermissionAnswer([top, child, plainTop], []);
    expect(menu[0].redirect).toBe('/isystem/user');
    expect(menu[1]).toHaveProperty('redirect', null);
    expect(menu[0].children).toHaveLength(1);
    expect(menu[0].children![0]).not.toHaveProperty('redirect');
    expect(menu[0].children![0].id).toBe(child.id);
  });

  it('orders siblings and roots by sort_no, whatever the input order', () => {
    const a = row({ sort_no: 30 });
    const b = row({ sort_no: 10 });
    const c = row({ sort_no: 20 });
    const k1 = row({ parent_id: b.id, sort_no: 5 });
    const k2 = row({ parent_id: b.id, sort_no: 1 });
    const { menu } = buildPermissionAnswer([a, k1, c, b, k2], []);
    expect(menu.map((n) => n.id)).toEqual([b.id, c.id, a.id]);
    expect(menu[0].children!.map((n) => n.id)).toEqual([k2.id, k1.id]);
  });

  it.each<[string, boolean[], boolean]>([
    ['all children hidden → top hidden', [true, true], true],
    ['one child visible → top visible', [true, false], false],
    ['no hidden child → top visible', [false, false], false],
  ])('%s', (_title, childHidden, topHidden) => {
    const top = row({});
    const kids = childHidden.map((hidden) => row({ parent_id: top.id, hidden }));
    const { menu } = buildPermissionAnswer([top, ...kids], []);
    if (topHidden) expect(menu[0].hidden).toBe(true);
    else expect(menu[0]).not.toHaveProperty('hidden');
  });
});

describe('buttons, auth and allAuth', () => {
  const menuRow = row({ name: '用户管理', url: '/isystem/user' });
  const other = row({ name: '角色管理', url: '/isystem/role' });
  const add = button({ parent_id: menuRow.id, name: '添加用户', perms: 'user:add', perms_type: '1', sort_no: 200 });
  const edit = button({ parent_id: menuRow.id, name: '编辑用户', perms: 'user:edit', perms_type: '2', sort_no: 100 });
  const off = button({ parent_id: menuRow.id, name: '停用按钮', perms: 'user:off', perms_type: '1', status: '0', sort_no: 300 });
  const noCode = button({ parent_id: menuRow.id, name: '无编码', perms: null, sort_no: 400 });
  const notMine = button({ parent_id: other.id, name: '删除角色', perms: 'role:delete', status: '0', sort_no: 500 });
  const answer = buildPermissionAnswer([menuRow, other, off, add, edit, noCode], [add, edit, off, noCode, notMine]);

  it('buttons never become menu nodes', () => {
    expect(answer.menu.map((n) => n.id)).toEqual([menuRow.id, other.id]);
    expect(answer.menu.every((n) => !n.children)).toBe(true);
  });

  it('buttons go into their menu’s meta.permissionList, in sort_no order', () => {
    expect(answer.menu[0].meta.permissionList).toEqual([
      { action: 'user:edit', type: '2', describe: '编辑用户' },
      { action: 'user:add', type: '1', describe: '添加用户' },
      { action: 'user:off', type: '1', describe: '停用按钮' },
      { action: '', type: '1', describe: '无编码' },
    ]);
    expect(answer.menu[1].meta).not.toHaveProperty('permissionList');
  });

  it('auth lists the user’s active buttons with a code only', () => {
    expect(answer.auth).toEqual([
      { action: 'user:edit', type: '2', describe: '编辑用户' },
      { action: 'user:add', type: '1', describe: '添加用户' },
    ]);
  });

  it('allAuth lists every button with a code, inactive ones too, with status', () => {
    expect(answer.allAuth).toEqual([
      { action: 'user:add', type: '1', describe: '添加用户', status: '1' },
      { action: 'user:edit', type: '2', describe: '编辑用户', status: '1' },
      { action: 'user:off', type: '1', describe: '停用按钮', status: '0' },
      { action: 'role:delete', type: '1', describe: '删除角色', status: '0' },
    ]);
    expect(answer.sysSafeMode).toBe(false);
  });
});
