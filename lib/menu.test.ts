/** @jest-environment node */
import { memoryStorage } from './__tests__/helpers';
import {
  breadcrumbFor,
  externalUrl,
  findMenuByPath,
  flattenForSearch,
  HOME_BREADCRUMB_HREF,
  HOME_TITLE,
  isExternalNode,
  isIframeNode,
  safeFrameUrl,
  isPathInMenu,
  landingPath,
  matchMenuChain,
  menuSearchTarget,
  normalizePath,
  PERMISSION_LIST_ERROR,
  readTitleOverride,
  routeTitleKey,
  searchMenu,
  storeMenuTitle,
  titleForPath,
  toNavItems,
  validateMenu,
  writeTitleOverride,
} from './menu';
import type { MenuNode } from './menu-types';

type Over = Partial<Omit<MenuNode, 'meta'>> & { meta?: Partial<MenuNode['meta']> };
const n = (path: string, title: string, over: Over = {}): MenuNode => ({
  id: over.id ?? `id:${path}`,
  route: '1',
  path,
  name: path.replace(/^\//, '').replace(/\//g, '-'),
  component: 'layouts/RouteView',
  ...over,
  meta: { keepAlive: false, internalOrExternal: false, title, componentName: 'X', ...over.meta },
});

const MD5 = '8f14e45fceea167a5a36dedd4bea2543';
const MENU: MenuNode[] = [
  n('/calpanel/CalendarPanel', '行事历', { meta: { icon: 'calendar' } }),
  n('/isystem', '系统管理', {
    redirect: null,
    meta: { icon: 'setting' },
    children: [
      n('/isystem/user', '用户管理', { children: [n('/isystem/user/detail/:id', '用户详情', { hidden: true })] }),
      n('/isystem/role', '角色管理'),
      n('/isystem/secret', '隐藏页', { hidden: true }),
    ],
  }),
  n('/course', '课程', {
    redirect: '/course/list',
    children: [n('/course/hidden', '课程隐藏', { hidden: true }), n('/course/list', '课程列表'), n('/course/type', '课程类型')],
  }),
  n('/always', '总是显示', { alwaysShow: true, children: [n('/always/child', '子页')] }),
  n('/noroute', '非路由', { route: '0', children: [n('/noroute/child', '非路由子页')] }),
  n(MD5, '外部链接', { meta: { internalOrExternal: true, url: 'https://help.example.com/manual' } }),
  n('/iframe-md5', '内嵌页', { meta: { internalOrExternal: false, url: 'https://report.example.com/r' } }),
  n('https://direct.example.com', '直接外链'),
  n('3f2a', '内嵌手册', { component: 'layouts/IframePageView', meta: { internalOrExternal: false, url: '/manual/index.html' } }),
  n('/online/cgformList/:code', '在线表单'),
];

describe('validateMenu (spec 01 §5)', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['empty array', []],
    ['an object', { menu: [] }],
  ])('rejects %s with the exact message', (_l, v) => {
    expect(() => validateMenu(v)).toThrow(new Error('getPermissionList: permissions must be a non-null array !'));
    expect(PERMISSION_LIST_ERROR).toBe('getPermissionList: permissions must be a non-null array !');
  });
  it('passes a non-empty array through', () => expect(validateMenu(MENU)).toBe(MENU));
});

describe('normalizePath', () => {
  it.each<[string, string]>([
    ['/a/b/', '/a/b'],
    ['/a/b?x=1#h', '/a/b'],
    ['a/b', '/a/b'],
    ['/', '/'],
    ['//a//b', '/a/b'],
  ])('%s → %s', (input, out) => expect(normalizePath(input)).toBe(out));
});

describe('external nodes', () => {
  it.each<[string, MenuNode, boolean, string | undefined]>([
    ['internal page', n('/a', 'A'), false, undefined],
    ['internalOrExternal true', n(MD5, 'E', { meta: { internalOrExternal: true, url: 'https://x' } }), true, 'https://x'],
    ['iframe: url without the external flag', n('/f', 'F', { meta: { url: 'https://f' } }), true, 'https://f'],
    ['http path', n('http://p.example', 'P'), true, 'http://p.example'],
    ['flag without url', n('/g', 'G', { meta: { internalOrExternal: true } }), true, undefined],
  ])('%s', (_l, node, external, url) => {
    expect(isExternalNode(node)).toBe(external);
    expect(externalUrl(node)).toBe(url);
  });
});

describe('toNavItems (spec 01 §2 sidebar)', () => {
  const items = toNavItems(MENU);
  const byKey = (key: string) => items.find((i) => i.key === key);

  it('skips route 0 items with their subtree and hidden items', () => {
    expect(items.map((i) => i.key)).toEqual(['/calpanel/CalendarPanel', '/isystem', '/course', '/always', MD5, '/iframe-md5', 'https://direct.example.com', '3f2a', '/online/cgformList/:code']);
    expect(byKey('/isystem')!.children!.map((c) => c.key)).toEqual(['/isystem/user', '/isystem/role']);
    expect(byKey('/course')!.children!.map((c) => c.key)).toEqual(['/course/list', '/course/type']);
  });

  it.each<[string, string, object]>([
    ['a plain page is a leaf link with its icon', '/calpanel/CalendarPanel', { label: '行事历', href: '/calpanel/CalendarPanel', icon: 'calendar', external: false }],
    ['an entry with children and no alwaysShow is a submenu', '/isystem', { label: '系统管理', icon: 'setting', external: false, href: '/isystem' }],
    ['alwaysShow redirects to itself: a leaf link without children', '/always', { label: '总是显示', href: '/always', external: false }],
    ['external opens its url in a new tab', MD5, { label: '外部链接', href: 'https://help.example.com/manual', external: true }],
    ['iframe page opens its url', '/iframe-md5', { href: 'https://report.example.com/r', external: true }],
    ['http path is external', 'https://direct.example.com', { href: 'https://direct.example.com', external: true }],
    ['an IframePageView row opens inside the shell at its route path', '3f2a', { href: '/3f2a', external: false }],
  ])('%s', (_l, key, expected) => {
    expect(byKey(key)).toMatchObject(expected);
  });

  it('leaf items carry no children key; a parent whose children are all hidden is a leaf', () => {
    expect(byKey('/always')).not.toHaveProperty('children');
    expect(byKey('/isystem')!.children!.find((c) => c.key === '/isystem/user')).not.toHaveProperty('children');
    expect(byKey('/calpanel/CalendarPanel')).not.toHaveProperty('children');
  });

  it('is plain serialisable data', () => {
    expect(JSON.parse(JSON.stringify(items))).toEqual(items);
  });
});

describe('matching paths', () => {
  it.each<[string, string, string[]]>([
    ['exact leaf', '/isystem/role', ['系统管理', '角色管理']],
    ['trailing slash and query ignored', '/isystem/role/?a=1', ['系统管理', '角色管理']],
    ['hidden child route (with :param) still matches', '/isystem/user/detail/42', ['系统管理', '用户管理', '用户详情']],
    ['child segment of a page', '/isystem/role/edit/9', ['系统管理', '角色管理']],
    ['container exact', '/isystem', ['系统管理']],
    ['container does not own sibling paths', '/isystem/dept', []],
    ['segment-wise, not string prefix', '/isystem/roles', []],
    ['alwaysShow node owns child paths', '/always/other', ['总是显示']],
    ['alwaysShow child still matches exactly', '/always/child', ['总是显示', '子页']],
    [':param segment', '/online/cgformList/abc', ['在线表单']],
    ['route 0 subtree is not routable', '/noroute/child', []],
    ['unknown', '/nope', []],
    ['root', '/', []],
  ])('%s: %s', (_l, path, titles) => {
    expect(matchMenuChain(MENU, path).map((x) => x.meta.title)).toEqual(titles);
    expect(isPathInMenu(MENU, path)).toBe(titles.length > 0);
    expect(titleForPath(MENU, path)).toBe(titles.length ? titles[titles.length - 1] : null);
  });

  it.each<[string, string | null]>([
    ['/isystem/role', '角色管理'],
    ['/isystem/role/edit/9', null],
    ['/isystem/user/detail/7', '用户详情'],
    ['/isystem/secret', '隐藏页'],
    ['/noroute', null],
  ])('findMenuByPath %s (exact only)', (path, title) => {
    expect(findMenuByPath(MENU, path)?.meta.title ?? null).toBe(title);
  });

  it('prefers a literal segment over a :param one', () => {
    const menu = [n('/a/:id', 'param'), n('/a/new', 'literal')];
    expect(titleForPath(menu, '/a/new')).toBe('literal');
    expect(titleForPath(menu, '/a/5')).toBe('param');
  });

  it('prefers the deeper page for child segments', () => {
    const menu = [n('/a', 'A'), n('/a/b', 'B')];
    expect(titleForPath(menu, '/a/b/c')).toBe('B');
  });
});

describe('landingPath', () => {
  it.each<[string, MenuNode, string]>([
    ['a page lands on itself', MENU[0], '/calpanel/CalendarPanel'],
    ['a folder without redirect lands on its first visible page', MENU[1], '/isystem/user'],
    ['a folder with redirect uses it', MENU[2], '/course/list'],
    ['alwaysShow lands on itself', MENU[3], '/always'],
  ])('%s', (_l, node, path) => expect(landingPath(node)).toBe(path));
});

describe('breadcrumbFor (spec 01 §2)', () => {
  it.each<[string, string, { title: string; href?: string }[]]>([
    ['a nested page', '/isystem/role', [{ title: '行事历', href: '/calpanel/CalendarPanel' }, { title: '系统管理', href: '/isystem/user' }, { title: '角色管理' }]],
    ['folder with redirect links to it', '/course/type', [{ title: '行事历', href: '/calpanel/CalendarPanel' }, { title: '课程', href: '/course/list' }, { title: '课程类型' }]],
    ['a hidden detail page', '/isystem/user/detail/1', [{ title: '行事历', href: '/calpanel/CalendarPanel' }, { title: '系统管理', href: '/isystem/user' }, { title: '用户管理', href: '/isystem/user' }, { title: '用户详情' }]],
    ['the home page is not repeated and is plain text', '/calpanel/CalendarPanel', [{ title: '行事历' }]],
    ['an unknown path shows only the home crumb, as text', '/elsewhere', [{ title: '行事历' }]],
  ])('%s', (_l, path, crumbs) => {
    expect(breadcrumbFor(MENU, path)).toEqual(crumbs);
  });

  it('takes the home link as a parameter', () => {
    expect(HOME_TITLE).toBe('行事历');
    expect(HOME_BREADCRUMB_HREF).toBe('/calpanel/CalendarPanel');
    expect(breadcrumbFor(MENU, '/isystem/role', '/home')[0]).toEqual({ title: '行事历', href: '/home' });
    expect(breadcrumbFor(MENU, '/calpanel/CalendarPanel', '/home')).toEqual([{ title: '行事历', href: '/home' }, { title: '行事历' }]);
  });
});

describe('menu search (spec 01 §2)', () => {
  const items = flattenForSearch(MENU);

  it('offers every sidebar link in menu order, no folders, hidden or route 0 items', () => {
    expect(items.map((i) => i.title)).toEqual(['行事历', '用户管理', '角色管理', '课程列表', '课程类型', '总是显示', '外部链接', '内嵌页', '直接外链', '内嵌手册', '在线表单']);
    expect(items[1]).toEqual({ id: 'id:/isystem/user', title: '用户管理', path: '/isystem/user', external: false });
    expect(items.find((i) => i.title === '外部链接')).toEqual({ id: `id:${MD5}`, title: '外部链接', path: MD5, url: 'https://help.example.com/manual', external: true });
  });

  it.each<[string, string, ReturnType<typeof menuSearchTarget>]>([
    ['internal page navigates to its path', 'id:/isystem/role', { kind: 'navigate', path: '/isystem/role' }],
    ['external opens its url in a new tab', `id:${MD5}`, { kind: 'open', url: 'https://help.example.com/manual' }],
    ['iframe page opens its url in a new tab', 'id:/iframe-md5', { kind: 'open', url: 'https://report.example.com/r' }],
    ['unknown id', 'nope', null],
  ])('%s', (_l, id, target) => expect(menuSearchTarget(items, id)).toEqual(target));

  it.each<[string, string[]]>([
    ['管理', ['用户管理', '角色管理']],
    ['  课程 ', ['课程列表', '课程类型']],
    ['zzz', []],
  ])('searchMenu %j', (k, titles) => expect(searchMenu(items, k).map((i) => i.title)).toEqual(titles));

  it('an empty keyword keeps everything', () => expect(searchMenu(items, '')).toHaveLength(items.length));
});

describe('per-path title overrides (spec 01 §2)', () => {
  it('keys by the full path', () => {
    expect(routeTitleKey('/isystem/user?id=1')).toBe('route:title:/isystem/user?id=1');
  });

  it('reads a stored override; blank or missing is null', () => {
    const s = memoryStorage({ 'route:title:/a?x=1': '自定义标题', 'route:title:/b': '  ' });
    expect(readTitleOverride(s, '/a?x=1')).toBe('自定义标题');
    expect(readTitleOverride(s, '/a')).toBeNull();
    expect(readTitleOverride(s, '/b')).toBeNull();
    writeTitleOverride(s, '/c', '标题C');
    expect(readTitleOverride(s, '/c')).toBe('标题C');
  });

  it('selecting a side-menu entry stores its menu title under the path key', () => {
    const s = memoryStorage();
    expect(storeMenuTitle(s, MENU, '/isystem/role')).toBe('角色管理');
    expect(s.getItem('route:title:/isystem/role')).toBe('角色管理');
    expect(storeMenuTitle(s, MENU, '/nope')).toBeNull();
    expect(s.dump()).toEqual({ 'route:title:/isystem/role': '角色管理' });
  });
});

describe('iframe pages', () => {
  it.each<[string, string | undefined, string | null]>([
    ['same-origin path', '/manual/index.html', '/manual/index.html'],
    ['https', 'https://report.example.com/r?id=1', 'https://report.example.com/r?id=1'],
    ['JeecgBoot domianURL template', "{{ window._CONFIG['domianURL'] }}/sys/common/pdf", '/jeecg-boot/sys/common/pdf'],
    ['javascript: refused', 'javascript:alert(1)', null],
    ['data: refused', 'data:text/html,<script>alert(1)</script>', null],
    ['protocol-relative refused', '//evil.example.com/x', null],
    ['backslash trick refused', '/\\evil.example.com', null],
    ['relative refused', 'manual/index.html', null],
    ['missing', undefined, null],
  ])('safeFrameUrl: %s', (_l, url, expected) => {
    expect(safeFrameUrl(url, '/jeecg-boot')).toBe(expected);
  });

  it('menu search still opens an iframe page in a new tab (spec 01 §2)', () => {
    const items = flattenForSearch(MENU);
    expect(menuSearchTarget(items, 'id:3f2a')).toEqual({ kind: 'open', url: '/manual/index.html' });
    expect(isIframeNode(MENU.find((m) => m.path === '3f2a')!)).toBe(true);
    expect(isIframeNode(MENU.find((m) => m.path === MD5)!)).toBe(false);
  });
});
