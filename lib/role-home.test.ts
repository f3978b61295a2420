/** @jest-environment node */
import type { AuthEntry, MenuNode } from './menu-types';
import { resolveRoute } from './page-routes';
import { CALENDAR_HOME, LAST_RESORT_HOME, openablePages, resolveHome } from './role-home';
import { SCREENS } from './screens';
import { breadcrumbFor } from './menu';
import { PERMS } from './permissions/codes';

/** Issue #39: where '/' and 返回首页 send a user, from their menu and codes (lib/role-home.ts). */
const node = (path: string, component: string, title: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: path, route: '1', path, name: path, component, meta: { title, keepAlive: false, internalOrExternal: false, componentName: '' }, ...extra,
});
const folder = (path: string, title: string, children: MenuNode[], extra: Partial<MenuNode> = {}) => node(path, 'layouts/RouteView', title, { children, ...extra });
const entry = (action: string): AuthEntry => ({ action, type: '1', describe: action });
const ctxOf = (codes: string[]) => {
  const all = [PERMS.calendar.list, PERMS.student.list, PERMS.course.list, PERMS.task.list, PERMS.lead.list].map(entry);
  return { auth: codes.map(entry), allAuth: all };
};

const CAL = node(CALENDAR_HOME, 'calpanel/CalendarPanel', '行事历');
const EDU = folder('/edu', '教育', [node('/edu/student', 'student/TblStudentList', '学员管理'), node('/edu/course', 'course/TblCourseList', '课程管理')]);
const DASH = folder('/dashboard', '仪表盘', [node('/dashboard/task', 'dashboard/IndexTask', '任务')]);
const HIDDEN = folder('/work', '作品', [node('/work/prospectus', 'work/Prospectus', '招生简章')], { hidden: true });
const MANUAL = node('/abc123', 'layouts/IframePageView', '操作手册', { meta: { title: '操作手册', url: 'https://example.edu/manual', keepAlive: false, internalOrExternal: false, componentName: '' } });

describe('resolveHome', () => {
  it.each<[string, string | null, MenuNode[], string[], string]>([
    ['no 首页配置: the 行事历', null, [CAL, EDU], [PERMS.calendar.list, PERMS.student.list], CALENDAR_HOME],
    ['a 首页配置 the user can open', '/edu/course', [CAL, EDU], [PERMS.calendar.list, PERMS.course.list], '/edu/course'],
    ['a 首页配置 with a trailing slash', '/edu/course/', [CAL, EDU], [PERMS.calendar.list, PERMS.course.list], '/edu/course'],
    ['a 首页配置 whose screen code is missing: the 行事历', '/edu/student', [CAL, EDU], [PERMS.calendar.list, PERMS.course.list], CALENDAR_HOME],
    ['a 首页配置 outside the menu: the 行事历', '/isystem/user', [CAL, EDU], [PERMS.calendar.list], CALENDAR_HOME],
    ['行事历 in the menu without its code: the first page that opens', null, [CAL, EDU], [PERMS.course.list], '/edu/course'],
    ['no 行事历: the first page that opens, skipping 没有权限查看 ones', null, [DASH, EDU], [PERMS.course.list], '/edu/course'],
    ['the 任务 board opens with edu:task:list', null, [DASH, EDU], [PERMS.task.list], '/dashboard/task'],
    ['a hidden page is no first page, but may be configured', null, [HIDDEN], [], LAST_RESORT_HOME],
    ['external links are not pages', null, [MANUAL], [], LAST_RESORT_HOME],
    ['an absolute-URL 首页配置 is ignored', '//evil.example/x', [CAL], [PERMS.calendar.list], CALENDAR_HOME],
  ])('%s', (_label, configured, menu, codes, home) => {
    expect(resolveHome(configured, menu, ctxOf(codes))).toBe(home);
  });

  it('openablePages: menu order, hidden flag inherited, folders and missing components left out', () => {
    const ghost = node('/x/ghost', 'system/GhostList', '幽灵');
    const pages = openablePages([CAL, EDU, ghost, HIDDEN], ctxOf([PERMS.calendar.list, PERMS.student.list, PERMS.course.list]));
    expect(pages).toEqual([
      { path: CALENDAR_HOME, hidden: false },
      { path: '/edu/student', hidden: false },
      { path: '/edu/course', hidden: false },
    ]);
  });
});

describe('JeecgBoot component names (issue #45): menu rows naming them open our screens', () => {
  it.each([
    ['/isystem/online', 'system/SysUserOnlineList', 'system/OnlineList'],
    ['/isystem/ossFile', 'modules/oss/OSSFileList', 'system/OssFileList'],
    ['/isystem/monitor', 'modules/monitor/SystemMonitor', 'monitor/SystemMonitor'],
    // JeecgBoot's one LogList holds both logs: the row's path picks ours.
    ['/isystem/opLog', 'system/LogList', 'system/OperationLogList'],
    ['/isystem/log', 'system/LogList', 'system/LogList'],
    // Our own names keep working.
    ['/isystem/online', 'system/OnlineList', 'system/OnlineList'],
  ])('%s with %s → %s', (path, component, screen) => {
    expect(resolveRoute(path, [{ path, component, title: 't' }], SCREENS)).toMatchObject({ kind: 'screen', component: screen });
  });
});

it('the breadcrumb starts with the home’s own title when the home is not the 行事历', () => {
  expect(breadcrumbFor([EDU], '/edu/student', '/edu/course', '课程管理')[0]).toEqual({ title: '课程管理', href: '/edu/course' });
});
