/** @jest-environment node */
import { createHash } from 'node:crypto';
import { startTestBackend, type TestBackend } from './helpers';
import { seed } from '../seed';
import type { MenuNode } from '../permissions/menu-tree';
import { TEACHING_PERMS } from '../seed/teaching';
import { CRM_PERMS } from '../seed/crm';
import { SYSTEM_ADMIN_PERMS } from '../seed/system-admin';
import { SCREENS } from '../../lib/screens';
import { actionCodes } from '../../lib/permissions/rule';
import { linkId } from '../core/ids';
import { up as migrate0019 } from '../db/migrations/0019-role-grants';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(() => be.close());

interface Answer {
  menu: MenuNode[];
  auth: { action: string; type: string; describe: string }[];
  allAuth: { action: string }[];
}
const permsOf = async (username: string) =>
  (await be.call('/sys/permission/getUserPermissionByToken', { token: await be.login(username) })).body.result as Answer;

/** The menu as [title, path, children?] — what a person sees in the side bar. */
type Shape = [string, string, Shape[]?];
const shape = (nodes: MenuNode[]): Shape[] => nodes.map((n) => (n.children ? [n.meta.title, n.path, shape(n.children)] : [n.meta.title, n.path]));

const ACCOUNT: Shape[] = [
  ['个人中心', '/account/center'],
  [
    '账户设置',
    '/account/settings',
    [
      ['基本设置', '/account/settings/base'],
      ['安全设置', '/account/settings/security'],
      // Issue #39: 修改密码 (an alias of 安全设置) lives here, not among 教育's daily screens.
      ['修改密码', '/account/settings/password'],
      ['账号绑定', '/account/settings/binding'],
      ['新消息通知', '/account/settings/notification'],
    ],
  ],
  // The iframe row's path is the md5 of its url (contract §3).
  ['操作手册', createHash('md5').update('/manual/index.html').digest('hex')],
];

const codes = (prefix: string, actions: string[]) => actions.map((a) => `${prefix}:${a}`);

/** 仪表盘 (issue #26): 分析页 only for the school's managers (admin, 教务). */
const DASHBOARD: Shape = [
  '仪表盘',
  '/dashboard',
  [
    ['工作台', '/dashboard/workplace'],
    ['分析页', '/dashboard/analysis'],
    ['任务', '/dashboard/task'],
  ],
];
const STAFF_DASHBOARD: Shape = ['仪表盘', '/dashboard', DASHBOARD[2]!.filter(([title]) => title !== '分析页')];
/** A teacher has no 协商任务 (edu:task:list), so no 任务 board either (issue #39: no menu entry that opens 没有权限查看). */
const TEACHER_DASHBOARD: Shape = ['仪表盘', '/dashboard', [['工作台', '/dashboard/workplace']]];
/** 作品 (issue #26): 学员作品 for those who teach (marketing reads), 招生简章 and its templates (hidden rows) for those who recruit. */
const WORK: Shape = [
  '作品',
  '/work',
  [
    ['学员作品', '/work/workview'],
    ['作品预览', '/work/workpreview'],
    ['招生简章', '/work/prospectus'],
    // Issue #39: the templates are named as templates, not as test copies (新版三, 副本).
    ['简章模板·清新', '/work/newProspectu'],
    ['简章模板·雅紫', '/work/newProspectu3'],
    ['简章模板·品牌', '/work/BeBornInto'],
    ['简章模板·暖金', '/work/BeBornIntoCopy'],
    ['简章模板·作品集', '/work/workCNv3.5'],
  ],
];
const TEACHER_WORK: Shape = ['作品', '/work', WORK[2]!.slice(0, 2)];
const WORK_CODES = [
  ...codes('edu:studentWork', ['list', 'add', 'edit', 'delete', 'deleteBatch', 'viewAll']),
  ...codes('edu:prospectus', ['list', 'add', 'edit', 'delete', 'deleteBatch', 'publish', 'exportPdf']),
];
const TEACHER_WORK_CODES = WORK_CODES.slice(0, 4);
const MARKETING_WORK_CODES = [WORK_CODES[0]!, ...WORK_CODES.slice(6)];
/** The demo report and form made with the online designers (issue #25), in folders of their own for admin and 教务 (issue #39). */
const ONLINE_DEMO: Shape[] = [
  ['统计报表', '/report', [['各校区本月课消', '/online/cgreport/campus_consume_month']]],
  ['表单应用', '/onlineApps', [['教材领用登记', '/online/cgformList/textbook_receive']]],
];
/** Their buttons (issue #25's add-to-menu rows, seeded in button order of each: the form's seven, the report's two). */
const ONLINE_DEMO_CODES = [
  'online:form:textbook_receive:list',
  'online:report:campus_consume_month:list',
  'online:form:textbook_receive:add',
  'online:report:campus_consume_month:exportXls',
  ...codes('online:form:textbook_receive', ['edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel']),
];
const ONLINE_DEV_CODES = [
  ...codes('online:cgform', ['list', 'add', 'edit', 'delete', 'sync', 'menu', 'enhance']),
  ...codes('online:cgreport', ['list', 'add', 'edit', 'delete', 'menu']),
  ...codes('system:datasource', ['list', 'add', 'edit', 'delete', 'test']),
];
const ONLINE_DEV: Shape = [
  '在线开发',
  '/online',
  [
    ['Online表单开发', '/online/cgform'],
    ['Online报表配置', '/online/cgreport'],
  ],
];

const ANNOUNCEMENT_CODES = [
  ...codes('system:annountCement', ['list', 'add', 'edit', 'delete', 'release', 'revoke']),
  'system:message:send',
  ...codes('system:messageTemplate', ['list', 'add', 'edit', 'delete', 'deleteBatch']),
  'system:message:list',
];
const USER_CODES = codes('system:user', ['list', 'add', 'delete', 'deleteBatch', 'exportXls', 'importExcel', 'recycleBin', 'putRecycleBin', 'deleteRecycleBin', 'changePassword']);
const ANNT_CODES = ANNOUNCEMENT_CODES.slice(0, 6);
const TEMPLATE_CODES = ANNOUNCEMENT_CODES.slice(6, 12);
const CATEGORY_CODES = codes('system:category', ['add', 'edit', 'delete']);
const DEPART_CODES = codes('system:depart', ['list', 'add', 'edit', 'delete', 'deleteBatch']);
const ROLE_CODES = codes('system:role', ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls']);
const DICT_CODES = [...codes('system:dict', ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel']), ...codes('system:dictItem', ['list', 'add', 'edit', 'delete', 'deleteBatch'])];
const PERMISSION_CODES = codes('system:permission', ['list', 'add', 'edit', 'delete', 'rule']);
const TABLE_COLUMN_CODES = codes('system:tableColumn', ['list', 'add', 'edit', 'delete', 'deleteBatch']);
const QUARTZ_CODES = codes('quartz:job', ['list', 'add', 'edit', 'delete', 'deleteBatch', 'pause', 'resume', 'execute']);
const MONITOR_CODES = ['system:monitor:list'];
const GATEWAY_CODES = codes('system:gateway', ['list', 'add', 'edit', 'delete']);
const LOCATION_CODES = [...codes('edu:location', ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls']), 'clazz:teacher:list'];
/** A teacher lists and adds venues and edits its own (the ownership rule stops edits of others'), and picks teachers. */
const TEACHER_LOCATION_CODES = ['edu:location:list', 'edu:location:add', 'edu:location:edit', 'clazz:teacher:list'];
const EDU: Shape = [
  '教育',
  '/edu',
  [
    ['场地管理', '/edu/location'],
    ['课表', '/edu/schedule'],
    ['审核', '/edu/audit'],
    ['直播课堂', '/edu/live'],
    ['班级管理', '/edu/clazz'],
    ['学员管理', '/edu/student'],
    ['教师管理', '/edu/teacher'],
    ['课程管理', '/edu/course'],
    ['课程资料', '/edu/material'],
    ['教室管理', '/edu/room'],
    ['节假日', '/edu/holiday'],
    ['员工管理', '/edu/staff'],
    ['物品管理', '/edu/goods'],
    ['工作交接', '/edu/handover'],
  ],
];
/** A teacher's 教育 (issue #21): its own work, not 教务's administration (教师, 教室, 节假日). */
const TEACHER_EDU: Shape = ['教育', '/edu', EDU[2]!.filter(([title]) => !['教师管理', '教室管理', '节假日', '员工管理', '物品管理', '工作交接'].includes(title))];
/** Marketing's 教育: venues, the students it owns and the course catalogue. */
const MARKETING_EDU: Shape = ['教育', '/edu', EDU[2]!.filter(([title]) => ['场地管理', '学员管理', '课程管理'].includes(title))];
/** 招生 (issue #23): marketing's screens; 教务 reads leads (试听, 转化) and runs tasks. */
const CRM: Shape = [
  '招生',
  '/crm',
  [
    ['招生工作台', '/crm/workbench'],
    ['线索', '/crm/lead'],
    ['今日待跟进', '/crm/followToday'],
    ['线索池', '/crm/pool'],
    ['协商任务', '/crm/task'],
  ],
];
const ACADEMIC_CRM: Shape = ['招生', '/crm', CRM[2]!.filter(([title]) => ['线索', '协商任务'].includes(title))];
/** The inner-class screens (scope 1): the teaching roles, not marketing. */
const INNER: Shape = [
  '内部班',
  '/inner',
  [
    ['内部班行事历', '/inner/calendar'],
    ['内部班课表', '/inner/schedule'],
  ],
];
/** 课程 and 学习工具 (issue #22): a teacher has the templates but not the type tree. */
const COURSE: Shape = [
  '课程',
  '/course',
  [
    ['课程分类', '/course/courseType'],
    ['教学模板', '/course/teachTemplate'],
  ],
];
const TEACHER_COURSE: Shape = ['课程', '/course', [['教学模板', '/course/teachTemplate']]];
const LEARN: Shape = [
  '学习工具',
  '/learntools',
  [
    ['练习册', '/learntools/workbook'],
    ['作业', '/learntools/homework'],
  ],
];
/** 行事历 is the first entry of every teaching role's menu (spec 01 §2: the home page). */
const HOME: Shape = ['行事历', '/calpanel/CalendarPanel'];
/** The teaching buttons a role holds, in seed order (server/seed/teaching.ts). */
const teachingCodes = (role: string) => [...TEACHING_PERMS, ...CRM_PERMS, ...SYSTEM_ADMIN_PERMS].filter((p) => p.roles.includes(role)).map((p) => p.perms);
const ALL_TEACHING_CODES = [...TEACHING_PERMS, ...CRM_PERMS, ...SYSTEM_ADMIN_PERMS].map((p) => p.perms);

describe('seeded menu per role (fresh database)', () => {
  it('admin: account pages, 教育 and 系统管理 with every administration screen; every button', async () => {
    const a = await permsOf('admin');
    expect(shape(a.menu)).toEqual([
      HOME,
      ...ACCOUNT,
      DASHBOARD,
      WORK,
      CRM,
      EDU,
      COURSE,
      LEARN,
      INNER,
      ...ONLINE_DEMO,
      ONLINE_DEV,
      [
        '系统管理',
        '/isystem',
        [
          ['用户管理', '/isystem/user'],
          ['部门管理', '/isystem/depart'],
          ['角色管理', '/isystem/role'],
          ['租户管理', '/isystem/tenant'],
          ['职务管理', '/isystem/position'],
          ['通讯录', '/isystem/addressList'],
          ['数据字典', '/isystem/dict'],
          ['编码校验规则', '/isystem/checkRule'],
          ['填值规则', '/isystem/fillRule'],
          ['分类字典', '/isystem/category'],
          ['菜单管理', '/isystem/permission'],
          ['通告管理', '/isystem/annountCement'],
          ['自定义列', '/isystem/tableColumn'],
          ['消息模板', '/isystem/messageTemplate'],
          ['定时任务', '/isystem/QuartzJobList'],
          ['消息记录', '/isystem/message'],
          ['在线用户', '/isystem/online'],
          ['登录日志', '/isystem/log'],
          ['操作日志', '/isystem/opLog'],
          ['数据日志', '/isystem/dataLog'],
          ['文件管理', '/isystem/ossFile'],
          ['系统监控', '/isystem/monitor'],
          ['测试首页', '/test/home'],
          ['网关路由', '/isystem/gatewayRoute'],
          ['多数据源管理', '/isystem/dataSource'],
          ['角色授权', '/isystem/rolePermission'],
        ],
      ],
    ]);
    expect(a.auth.map((x) => x.action)).toEqual([
      ...ONLINE_DEMO_CODES,
      'system:user:frozen',
      'system:online:forceLogout',
      'system:online:list',
      'system:log:list',
      'system:role:permission',
      'system:user:edit',
      ...ANNOUNCEMENT_CODES,
      ...USER_CODES,
      ...CATEGORY_CODES,
      ...DEPART_CODES,
      ...ROLE_CODES,
      ...DICT_CODES,
      ...PERMISSION_CODES,
      ...TABLE_COLUMN_CODES,
      ...LOCATION_CODES,
      ...QUARTZ_CODES,
      ...MONITOR_CODES,
      ...GATEWAY_CODES,
      ...ONLINE_DEV_CODES,
      'dashboard:analysis',
      ...WORK_CODES,
      ...ALL_TEACHING_CODES,
    ]);
    expect(a.auth.every((x) => x.type === '1')).toBe(true);
    const sys = a.menu.find((m) => m.path === '/isystem')!;
    expect(sys).toMatchObject({ component: 'layouts/RouteView', meta: { icon: 'setting', title: '系统管理' } });
    // No button hangs on the folder itself (issue #21): each is under the menu row of its screen.
    expect(sys.meta.permissionList ?? []).toEqual([]);
    const byPath = (path: string) => sys.children!.find((c) => c.path === path)!;
    const buttons = (path: string) => byPath(path).meta.permissionList!.map((p) => p.action);
    expect(byPath('/isystem/user')).toMatchObject({ component: 'system/UserList', name: 'isystem-user' });
    expect(buttons('/isystem/user')).toEqual(['system:user:frozen', 'system:user:edit', ...USER_CODES]);
    expect(byPath('/isystem/user').meta.permissionList![0]).toEqual({ action: 'system:user:frozen', type: '1', describe: '冻结用户' });
    expect(buttons('/isystem/annountCement')).toEqual(ANNT_CODES);
    expect(buttons('/isystem/messageTemplate')).toEqual(TEMPLATE_CODES);
    expect(buttons('/isystem/message')).toEqual(['system:message:list']);
    expect(byPath('/isystem/depart')).toMatchObject({ component: 'system/DepartList' });
    expect(buttons('/isystem/depart')).toEqual(DEPART_CODES);
    expect(buttons('/isystem/role')).toEqual(ROLE_CODES);
    expect(buttons('/isystem/dict')).toEqual(DICT_CODES);
    expect(buttons('/isystem/category')).toEqual(CATEGORY_CODES);
    expect(buttons('/isystem/permission')).toEqual(PERMISSION_CODES);
    expect(buttons('/isystem/tableColumn')).toEqual(TABLE_COLUMN_CODES);
    // JeecgBoot 3.4.0's component names (issue #45), mapped to our screens by lib/screens.ts aliases.
    expect(byPath('/isystem/online')).toMatchObject({ component: 'system/SysUserOnlineList', name: 'isystem-online' });
    expect(byPath('/isystem/opLog')).toMatchObject({ component: 'system/LogList' });
    expect(byPath('/isystem/ossFile')).toMatchObject({ component: 'modules/oss/OSSFileList' });
    expect(byPath('/isystem/monitor')).toMatchObject({ component: 'modules/monitor/SystemMonitor' });
    expect(buttons('/isystem/online')).toEqual(['system:online:forceLogout', 'system:online:list']);
    expect(byPath('/isystem/log')).toMatchObject({ component: 'system/LogList' });
    expect(buttons('/isystem/log')).toEqual(['system:log:list']);
    expect(byPath('/isystem/rolePermission')).toMatchObject({ component: 'system/RolePermission' });
    expect(buttons('/isystem/rolePermission')).toEqual(['system:role:permission']);
    const edu = a.menu.find((m) => m.path === '/edu')!;
    expect(edu).toMatchObject({ component: 'layouts/RouteView', meta: { icon: 'bank', title: '教育' } });
    expect(edu.children![0]).toMatchObject({ component: 'location/TblLocationList', meta: { title: '场地管理' } });
    expect(edu.children![0].meta.permissionList!.map((p) => p.action)).toEqual(LOCATION_CODES);
  });

  it('account settings: component labels, and 安全设置 is not hidden', async () => {
    const t = await permsOf('teacher');
    const settings = t.menu.find((m) => m.path === '/account/settings')!;
    expect(settings).toMatchObject({ component: 'account/settings/Index', meta: { title: '账户设置' } });
    expect(settings.children!.map((c) => c.component)).toEqual(['account/settings/BaseSetting', 'account/settings/Security', 'edu/ChangePassword', 'account/settings/Binding', 'account/settings/Notification']);
    const security = settings.children![1];
    expect(security).toMatchObject({ component: 'account/settings/Security', meta: { title: '安全设置' } });
    expect(security.hidden).toBeUndefined();
    expect(settings.hidden).toBeUndefined();
  });

  it('teacher: the account pages, its own teaching screens and 场地管理 (list, add, edit, teacher picker)', async () => {
    const t = await permsOf('teacher');
    expect(shape(t.menu)).toEqual([HOME, ...ACCOUNT, TEACHER_DASHBOARD, TEACHER_WORK, TEACHER_EDU, TEACHER_COURSE, LEARN, INNER]);
    expect(t.auth.map((x) => x.action)).toEqual([...TEACHER_LOCATION_CODES, ...TEACHER_WORK_CODES, ...teachingCodes('role_teacher')]);
    // Every button is still known to the client, so it can hide what the user lacks.
    expect(t.allAuth.map((x) => x.action).sort()).toEqual(
      [
        'system:log:list',
        'system:online:forceLogout',
        'system:online:list',
        'system:role:permission',
        'system:user:edit',
        'system:user:frozen',
        ...ANNOUNCEMENT_CODES,
        ...USER_CODES,
        ...CATEGORY_CODES,
        ...DEPART_CODES,
        ...ROLE_CODES,
        ...DICT_CODES,
        ...PERMISSION_CODES,
        ...TABLE_COLUMN_CODES,
        ...LOCATION_CODES,
        ...QUARTZ_CODES,
        ...MONITOR_CODES,
        ...GATEWAY_CODES,
        ...ONLINE_DEV_CODES,
        ...ONLINE_DEMO_CODES,
        'dashboard:analysis',
        ...WORK_CODES,
        ...ALL_TEACHING_CODES,
      ].sort(),
    );
  });

  it('marketing: account pages, 行事历, venues, its students and the course catalogue; no 登录日志 (issue #21)', async () => {
    const m = await permsOf('marketing');
    expect(shape(m.menu)).toEqual([HOME, ...ACCOUNT, STAFF_DASHBOARD, WORK, CRM, MARKETING_EDU]);
    expect(m.auth.map((x) => x.action)).toEqual([...LOCATION_CODES, ...MARKETING_WORK_CODES, ...teachingCodes('role_marketing')]);
    expect(m.auth.map((x) => x.action)).not.toContain('system:log:list');
  });

  it('academic: account pages and all of 教育 and 内部班; nothing of 系统管理', async () => {
    const j = await permsOf('jiaowu');
    expect(shape(j.menu)).toEqual([HOME, ...ACCOUNT, DASHBOARD, WORK, ACADEMIC_CRM, EDU, COURSE, LEARN, INNER, ...ONLINE_DEMO]);
    expect(j.auth.map((x) => x.action)).toEqual([...ONLINE_DEMO_CODES, ...LOCATION_CODES, 'dashboard:analysis', ...WORK_CODES, ...teachingCodes('role_academic')]);
  });

  it('the self-registration role `user` gets the account pages only', async () => {
    const rows = await be.db.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', 'role_user').execute();
    expect(rows.map((r) => r.permission_id).sort()).toEqual(['perm_account_base', 'perm_account_binding', 'perm_account_center', 'perm_account_notification', 'perm_account_security', 'perm_account_settings', 'perm_manual']);
  });

  it('the buttons are what the routes enforce', async () => {
    const marketing = await be.login('marketing');
    const academic = await be.login('jiaowu');
    expect((await be.call('/sys/log/list?logType=1', { token: marketing })).body.code).toBe(510);
    expect((await be.call('/sys/online/list', { token: marketing })).body.code).toBe(510);
    expect((await be.call('/sys/online/list', { token: academic })).body.code).toBe(510);
    expect((await be.call('/sys/log/list?logType=1', { token: academic })).body.code).toBe(510);
    expect((await be.call('/calendar/tblHoliday/list', { token: marketing })).body.code).toBe(510);
    expect((await be.call('/sys/online/forceLogout', { method: 'POST', token: academic, json: { username: 'teacher' } })).body.code).toBe(510);
  });

  it('rows: buttons are menu_type 2 / perms_type 1, parents are not leaves, and reseeding adds nothing', async () => {
    const rows = await be.db.selectFrom('sys_permission').select(['id', 'parent_id', 'menu_type', 'perms_type', 'is_leaf']).execute();
    const parents = new Set(rows.map((r) => r.parent_id).filter(Boolean));
    for (const r of rows) {
      expect([r.id, r.is_leaf]).toEqual([r.id, !parents.has(r.id)]);
      if (r.menu_type === 2) expect([r.id, r.perms_type]).toEqual([r.id, '1']);
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get('perm_btn_force_logout')!.parent_id).toBe('perm_isystem_online');
    expect(byId.get('perm_btn_user_frozen')!.parent_id).toBe('perm_isystem_user');
    const links = await be.db.selectFrom('sys_role_permission').select('id').execute();
    await seed(be.db, { demo: true, always: true });
    expect((await be.db.selectFrom('sys_permission').select('id').execute()).length).toBe(rows.length);
    expect((await be.db.selectFrom('sys_role_permission').select('id').execute()).length).toBe(links.length);
  });

  it('the permission tree (issue #21): every button hangs under the menu row of its screen, never under a folder', async () => {
    const rows = await be.db.selectFrom('sys_permission').select(['id', 'parent_id', 'menu_type', 'perms', 'component']).where('del_flag', '=', 0).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const buttons = rows.filter((r) => r.menu_type === 2);
    expect(buttons.length).toBeGreaterThan(100);
    for (const b of buttons) {
      const parent = byId.get(b.parent_id ?? '');
      // A screen: a menu row with a page component, not a 一级菜单 that only groups (layouts/RouteView).
      expect([b.id, parent?.menu_type !== 2, parent?.component]).toEqual([b.id, true, expect.not.stringMatching(/^layouts\/RouteView$/)]);
      // When a screen needs the button's code, the button is under that screen's menu row.
      const screens = SCREENS.filter((sc) => {
        const perm = sc.perm;
        const needs = typeof perm === 'string' ? [perm] : Array.isArray(perm) ? perm : perm && 'anyOf' in perm ? perm.anyOf : [];
        return actionCodes({ action: b.perms ?? '' }).some((code) => needs.includes(code));
      });
      // A full-page detail screen (detailOf) belongs to the menu row of its list.
      if (screens.length) expect([b.id, screens.flatMap((sc) => (sc.detailOf ? [sc.detailOf] : [sc.component, ...(sc.aliases ?? [])]))]).toEqual([b.id, expect.arrayContaining([parent!.component])]);
    }
  });

  it('every seeded role holds the path to what it holds: no child without its parent (nothing floats at the top)', async () => {
    const links = await be.db
      .selectFrom('sys_role_permission as rp')
      .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
      .select(['rp.role_id', 'p.id', 'p.parent_id'])
      .execute();
    const held = new Set(links.map((l) => `${l.role_id}|${l.id}`));
    const orphans = links.filter((l) => l.parent_id && !held.has(`${l.role_id}|${l.parent_id}`)).map((l) => `${l.role_id}|${l.id}`);
    expect(orphans).toEqual([]);
  });

  it('0019 corrects a database seeded before issue #21: buttons moved under their screens, demo grants trimmed, paths completed', async () => {
    // The old state: 冻结用户 on the folder, marketing with 登录日志, 教务 with 在线用户 but not 系统管理.
    await be.db.updateTable('sys_permission').set({ parent_id: 'perm_isystem' }).where('id', '=', 'perm_btn_user_frozen').execute();
    const old: [string, string][] = [['role_marketing', 'perm_isystem_log'], ['role_marketing', 'perm_btn_log_list'], ['role_marketing', 'perm_edu_holiday'], ['role_academic', 'perm_isystem_online'], ['role_academic', 'perm_btn_online_list'], ['role_user', 'perm_btn_role_list']];
    await be.db.insertInto('sys_role_permission').values(old.map(([r, p]) => ({ id: linkId(r, p), role_id: r, permission_id: p }))).execute();
    await migrate0019(be.db as never);
    expect((await be.db.selectFrom('sys_permission').select('parent_id').where('id', '=', 'perm_btn_user_frozen').executeTakeFirstOrThrow()).parent_id).toBe('perm_isystem_user');
    const held = async (role: string) => (await be.db.selectFrom('sys_role_permission').select(['id', 'permission_id']).where('role_id', '=', role).execute());
    expect((await held('role_marketing')).map((r) => r.permission_id)).not.toEqual(expect.arrayContaining(['perm_isystem_log']));
    expect((await held('role_marketing')).map((r) => r.permission_id)).not.toContain('perm_edu_holiday');
    expect((await held('role_academic')).map((r) => r.permission_id)).not.toContain('perm_isystem_online');
    // Not a demo grant it knows: kept, with the path to it, under the ids saveRolePermission would use.
    const user = await held('role_user');
    expect(user.filter((r) => ['perm_btn_role_list', 'perm_isystem_role', 'perm_isystem'].includes(r.permission_id)).map((r) => [r.permission_id, r.id]).sort()).toEqual(
      ['perm_btn_role_list', 'perm_isystem', 'perm_isystem_role'].map((p) => [p, linkId('role_user', p)]),
    );
    await be.db.deleteFrom('sys_role_permission').where('role_id', '=', 'role_user').where('permission_id', 'in', ['perm_btn_role_list', 'perm_isystem_role', 'perm_isystem']).execute();
  });

  it('an administrator’s unlinking of a seeded permission survives a reseed (restart)', async () => {
    await be.db.deleteFrom('sys_role_permission').where('role_id', '=', 'role_teacher').where('permission_id', '=', 'perm_manual').execute();
    await seed(be.db, { demo: true, always: true });
    const back = await be.db.selectFrom('sys_role_permission').select('id').where('role_id', '=', 'role_teacher').where('permission_id', '=', 'perm_manual').execute();
    expect(back).toEqual([]);
  });
});
