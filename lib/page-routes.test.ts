/** @jest-environment node */
import { resolveRoute, type MenuRoute, type ScreenEntry } from './page-routes';

const screens: ScreenEntry[] = [
  { component: 'account/center/Index', path: '/account/center', title: '个人中心', public: true },
  { component: 'system/OnlineList', path: '/isystem/online', title: '在线用户' },
  { component: 'exception/404', path: '/404', title: '404', public: true },
  { component: 'system/OnlineDetail', path: '/isystem/onlineDetail', title: '会话详情', detailOf: 'system/OnlineList' },
];
const menu: MenuRoute[] = [
  { path: '/isystem/online', component: 'system/OnlineList', title: '在线用户管理' },
  { path: '/isystem/ghost', component: 'system/GhostList', title: '幽灵' },
  { path: '/isystem', component: 'layouts/RouteView', title: '系统管理' },
  { path: '/0f1e2d', component: 'layouts/IframePageView', title: '操作手册', url: '/manual/index.html' },
  { path: '/9a8b7c', component: 'layouts/IframePageView', title: '无地址' },
];

describe('resolveRoute', () => {
  it.each([
    ['/account/center', [], { kind: 'screen', component: 'account/center/Index', title: '个人中心' }],
    ['/isystem/online', menu, { kind: 'screen', component: 'system/OnlineList', title: '在线用户管理' }],
    ['/isystem/online/', menu, { kind: 'screen', component: 'system/OnlineList' }],
    ['/isystem/online', [], { kind: 'forbidden' }],
    ['/isystem/ghost', menu, { kind: 'missing', component: 'system/GhostList', title: '幽灵' }],
    ['/nowhere', menu, { kind: 'not-found' }],
    ['/isystem', menu, { kind: 'missing', component: 'layouts/RouteView' }],
    ['/0f1e2d', menu, { kind: 'iframe', url: '/manual/index.html', title: '操作手册' }],
    ['/9a8b7c', menu, { kind: 'missing', component: 'layouts/IframePageView' }],
    ['/isystem/onlineDetail', menu, { kind: 'screen', component: 'system/OnlineDetail', title: '会话详情' }],
    ['/isystem/onlineDetail', menu.filter((m) => m.component !== 'system/OnlineList'), { kind: 'forbidden' }],
  ] as const)('%s', (path, m, expected) => {
    expect(resolveRoute(path, m as MenuRoute[], screens)).toMatchObject(expected);
  });
});
