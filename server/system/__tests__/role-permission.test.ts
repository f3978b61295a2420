/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { TEACHING_PERMS } from '../../seed/teaching';
import { CRM_PERMS } from '../../seed/crm';

let be: TestBackend;
const notify = jest.fn();
beforeAll(async () => {
  be = await startTestBackend();
  be.setNotifier(notify);
});
afterAll(() => be.close());
beforeEach(() => notify.mockReset());

const PUSH = { cmd: 'permission', msgTxt: '权限已变更' };
/** 登录日志 with the path to it (a role holds its menus' parents, issue #21). */
const LOG_MENU = ['perm_isystem', 'perm_isystem_log', 'perm_btn_log_list'];
/** 教育 → 场地管理 as seeded for the teacher role (server/seed/locations.ts); the managers also get delete, deleteBatch and export. */
/** Plus 行事历 and the teaching menus and buttons (server/seed/teaching.ts) the teacher role holds. */
const TEACHING_MENUS = [
  'perm_calpanel', 'perm_edu_schedule', 'perm_edu_audit', 'perm_edu_live', 'perm_edu_clazz', 'perm_edu_student', 'perm_edu_course', 'perm_edu_material',
  'perm_edu_password',
  // 课程 (templates) and 学习工具 (issue #22).
  'perm_course', 'perm_course_template', 'perm_learn', 'perm_learn_workbook', 'perm_learn_homework',
];
/** Marketing's (issue #21): the calendar, the students it owns, the course catalogue. */
const MARKETING_MENUS = ['perm_calpanel', 'perm_edu_student', 'perm_edu_course', 'perm_edu_password',
  // 招生 (issue #23).
  'perm_crm', 'perm_crm_workbench', 'perm_crm_lead', 'perm_crm_follow', 'perm_crm_pool', 'perm_crm_task'];
/** The inner-class menus: teaching roles only, not marketing. */
const INNER_MENUS = ['perm_inner', 'perm_inner_calendar', 'perm_inner_schedule'];
const TEACHER_EDU = [
  'perm_edu', 'perm_edu_location', 'perm_btn_location_list', 'perm_btn_location_add', 'perm_btn_location_edit', 'perm_btn_teacher_list',
  ...TEACHING_MENUS, ...INNER_MENUS, ...TEACHING_PERMS.filter((p) => p.roles.includes('role_teacher')).map((p) => p.id),
];
/** The marketing role: venue management plus its own teaching buttons. */
const MARKETING_EDU = [
  'perm_edu', 'perm_edu_location', 'perm_btn_location_list', 'perm_btn_location_add', 'perm_btn_location_edit', 'perm_btn_teacher_list',
  'perm_btn_location_delete', 'perm_btn_location_delete_batch', 'perm_btn_location_export',
  ...MARKETING_MENUS, ...[...TEACHING_PERMS, ...CRM_PERMS].filter((p) => p.roles.includes('role_marketing')).map((p) => p.id),
];

const get = (path: string, token: string) => be.call(path, { token });
const save = (token: string, roleId: string, permissionIds: string) => be.call('/sys/permission/saveRolePermission', { method: 'POST', token, json: { roleId, permissionIds } });
const editRoles = (token: string, userId: string, roleIds: string) => be.call('/sys/user/editRoles', { method: 'PUT', token, json: { userId, roleIds } });
const rolePerms = async (roleId: string) =>
  (await be.db.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', roleId).execute()).map((r) => r.permission_id).sort();
const userRoles = async (userId: string) => (await be.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id).sort();
const canListLogs = async (token: string) => (await get('/sys/log/list?logType=1', token)).body.success === true;
/** The single call notify got: user ids sorted (their order carries no meaning) and the message. */
const pushed = () => {
  expect(notify).toHaveBeenCalledTimes(1);
  const [ids, message] = notify.mock.calls[0] as [string[], object];
  return { ids: [...ids].sort(), message };
};

/** 账户设置's five tabs (four menu rows: 头像 is inside 基本设置) and the folder, every role (issue #26). */
const ACCOUNT_PERMS = ['perm_account_center', 'perm_account_settings', 'perm_account_base', 'perm_account_security', 'perm_account_binding', 'perm_account_notification'];
/** 仪表盘 without 分析页 (issue #26); 任务 (the 协商任务 board) only with edu:task:list (issue #39): marketing, not teachers. */
const TEACHER_DASHBOARD = ['perm_dashboard', 'perm_dashboard_workplace'];
const MARKETING_DASHBOARD = [...TEACHER_DASHBOARD, 'perm_dashboard_task'];
/** 作品 (issue #26): a teacher's 学员作品 with its buttons but viewAll and batch delete; marketing's reading and 招生简章. */
const TEACHER_WORK = ['perm_work', 'perm_work_view', 'perm_work_preview', 'perm_btn_swork_list', 'perm_btn_swork_add', 'perm_btn_swork_edit', 'perm_btn_swork_delete'];
const MARKETING_WORK = [
  'perm_work', 'perm_work_view', 'perm_work_preview', 'perm_btn_swork_list', 'perm_work_prospectus', 'perm_work_new_prospectu', 'perm_work_new_prospectu3',
  'perm_work_be_born_into', 'perm_work_be_born_into_copy', 'perm_work_cn_v35',
  ...['list', 'add', 'edit', 'delete', 'delete_batch', 'publish', 'pdf'].map((a) => `perm_btn_prospectus_${a}`),
];

describe('who may use the role screens', () => {
  it.each(['teacher', 'marketing', 'jiaowu'])('%s gets 510 on every endpoint', async (username) => {
    const token = await be.login(username);
    const answers = [
      await get('/sys/permission/queryRolePermission?roleId=role_teacher', token),
      await get('/sys/role/queryTreeList', token),
      await get('/sys/permission/list', token),
      await get('/sys/role/queryall', token),
      await save(token, 'role_teacher', LOG_MENU.join(',')),
      await editRoles(token, 'u_teacher', 'role_admin'),
    ];
    for (const r of answers) expect(r.body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    expect(await rolePerms('role_teacher')).toEqual([...ACCOUNT_PERMS, 'perm_manual', ...TEACHER_DASHBOARD, ...TEACHER_WORK, ...TEACHER_EDU].sort());
    expect(await userRoles('u_teacher')).toEqual(['role_teacher']);
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('reading', () => {
  it('GET /sys/role/queryall lists every role', async () => {
    const r = await get('/sys/role/queryall', await be.login('admin'));
    expect(r.body).toMatchObject({ success: true, code: 200 });
    const roles = r.body.result as { id: string; roleCode: string; roleName: string }[];
    expect(roles.map((x) => x.roleCode).sort()).toEqual(['academic', 'admin', 'marketing', 'teacher', 'user']);
    expect(roles.find((x) => x.id === 'role_teacher')).toMatchObject({ roleCode: 'teacher', roleName: '教师', description: '授课教师' });
  });

  it('GET /sys/role/queryTreeList answers {treeList, ids}: the whole tree, menus and buttons, as JeecgBoot TreeModel nodes plus menuType and perms', async () => {
    const r = await get('/sys/role/queryTreeList', await be.login('admin'));
    type Node = { key: string; title: string; menuType: number; perms: string | null; children: Node[] | null };
    const { treeList: tree, ids } = r.body.result as { treeList: Node[]; ids: string[] };
    /** A leaf as JeecgBoot's `new TreeModel(key, parentId, slotTitle, ruleFlag, isLeaf)` has it (title = name is ours). */
    const leaf = (key: string, name: string, parentId: string | null, menuType: number, perms: string | null) => ({
      key, title: name, slotTitle: name, isLeaf: true, leaf: true, icon: null, ruleFlag: 0, scopedSlots: { title: 'hasDatarule' }, parentId, label: null, value: key, children: null, menuType, perms,
    });
    expect(tree.map((n) => n.key)).toEqual(['perm_calpanel', 'perm_account_center', 'perm_account_settings', 'perm_manual', 'perm_dashboard', 'perm_work', 'perm_crm', 'perm_edu', 'perm_course', 'perm_learn', 'perm_inner', 'perm_report', 'perm_online_apps', 'perm_online', 'perm_isystem']);
    expect(tree[1]).toEqual(leaf('perm_account_center', '个人中心', null, 0, null));
    expect(tree[2]).toMatchObject({ key: 'perm_account_settings', isLeaf: false });
    expect(tree[2].children).toEqual([
      leaf('perm_account_base', '基本设置', 'perm_account_settings', 1, null),
      leaf('perm_account_security', '安全设置', 'perm_account_settings', 1, null),
      leaf('perm_edu_password', '修改密码', 'perm_account_settings', 1, null),
      leaf('perm_account_binding', '账号绑定', 'perm_account_settings', 1, null),
      leaf('perm_account_notification', '新消息通知', 'perm_account_settings', 1, null),
    ]);
    const sys = tree[14];
    expect(sys.children!.map((n) => n.key)).toEqual([
      'perm_isystem_user',
      'perm_isystem_depart',
      'perm_isystem_role',
      'perm_isystem_tenant',
      'perm_isystem_position',
      'perm_isystem_address',
      'perm_isystem_dict',
      'perm_isystem_check_rule',
      'perm_isystem_fill_rule',
      'perm_isystem_category',
      'perm_isystem_permission',
      'perm_isystem_annt',
      'perm_isystem_table_column',
      'perm_isystem_msg_template',
      'perm_isystem_quartz',
      'perm_isystem_message',
      'perm_isystem_online',
      'perm_isystem_log',
      'perm_isystem_oplog',
      'perm_isystem_datalog',
      'perm_isystem_oss',
      'perm_isystem_monitor',
      'perm_test_home',
      'perm_isystem_gateway',
      'perm_isystem_datasource',
      'perm_isystem_role_permission',
    ]);
    // Buttons hang under their screens' menus (issue #21), not on the folder.
    const under = (key: string) => sys.children!.find((n) => n.key === key)!.children!.map((n) => n.key);
    expect(under('perm_isystem_user').slice(0, 2)).toEqual(['perm_btn_user_frozen', 'perm_btn_user_edit']);
    expect(under('perm_isystem_annt')).toEqual(['list', 'add', 'edit', 'delete', 'release', 'revoke'].map((a) => `perm_btn_annt_${a}`));
    expect(under('perm_isystem_msg_template')).toEqual(['perm_btn_message_send', ...['list', 'add', 'edit', 'delete', 'delete_batch'].map((a) => `perm_btn_msg_tpl_${a}`)]);
    expect(under('perm_isystem_message')).toEqual(['perm_btn_message_list']);
    expect(sys.children!.find((n) => n.key === 'perm_isystem_category')!.children!.map((n) => n.key)).toEqual(['add', 'edit', 'delete'].map((a) => `perm_btn_category_${a}`));
    expect(sys.children!.find((n) => n.key === 'perm_isystem_online')!.children).toEqual([
      leaf('perm_btn_force_logout', '强制退出', 'perm_isystem_online', 2, 'system:online:forceLogout'),
      leaf('perm_btn_online_list', '查看在线用户', 'perm_isystem_online', 2, 'system:online:list'),
    ]);
    const count = (nodes: Node[]): number => nodes.reduce((n, x) => n + 1 + count(x.children ?? []), 0);
    const rows = await be.db.selectFrom('sys_permission').select('id').where('del_flag', '=', 0).execute();
    expect(count(tree)).toBe(rows.length);
    expect([...ids].sort()).toEqual(rows.map((x) => x.id).sort());
  });

  it('GET /sys/permission/queryRolePermission answers the role’s permission ids', async () => {
    const token = await be.login('admin');
    const r = await get('/sys/permission/queryRolePermission?roleId=role_marketing', token);
    expect(r.body.success).toBe(true);
    expect((r.body.result as string[]).sort()).toEqual([...ACCOUNT_PERMS, 'perm_manual', ...MARKETING_DASHBOARD, ...MARKETING_WORK, ...MARKETING_EDU].sort());
    expect((await get('/sys/permission/queryRolePermission', token)).body).toMatchObject({ success: false, message: '请选择角色' });
    expect((await get('/sys/permission/queryRolePermission?roleId=nope', token)).body).toMatchObject({ success: false, message: '角色不存在' });
  });
});

describe('POST /sys/permission/saveRolePermission', () => {
  it('replaces the role’s set, takes effect on live sessions at once, and notifies exactly the role’s holders', async () => {
    const admin = await be.login('admin');
    const teacher = await be.login('teacher');
    expect(await canListLogs(teacher)).toBe(false);
    const base = await rolePerms('role_teacher');
    const r = await save(admin, 'role_teacher', [...base, ...LOG_MENU].join(','));
    expect(r.body).toMatchObject({ success: true, code: 200, message: '保存成功！' });
    expect(await rolePerms('role_teacher')).toEqual([...base, ...LOG_MENU].sort());
    expect(await canListLogs(teacher)).toBe(true);
    // Holders of role_teacher in the demo: teacher, teacher2 and the frozen teacher.
    expect(pushed()).toEqual({ ids: ['u_frozen', 'u_teacher', 'u_teacher2'], message: PUSH });
    // The menu answer follows too.
    const perm = await get('/sys/permission/getUserPermissionByToken', teacher);
    expect((perm.body.result as { auth: { action: string }[] }).auth.map((a) => a.action)).toEqual([
      'system:log:list', 'edu:location:list', 'edu:location:add', 'edu:location:edit', 'clazz:teacher:list',
      ...['list', 'add', 'edit', 'delete'].map((a) => `edu:studentWork:${a}`),
      ...TEACHING_PERMS.filter((p) => p.roles.includes('role_teacher')).map((p) => p.perms),
    ]);

    notify.mockReset();
    expect((await save(admin, 'role_teacher', base.join(','))).body.success).toBe(true);
    expect(await rolePerms('role_teacher')).toEqual(base);
    expect(await canListLogs(teacher)).toBe(false);
    expect(pushed().ids).toEqual(['u_frozen', 'u_teacher', 'u_teacher2']);
  });

  it('notifies after the commit: a holder reloading on the push already sees the new set', async () => {
    const admin = await be.login('admin');
    const seenAtPush: string[][] = [];
    notify.mockImplementation(async () => {
      seenAtPush.push(await rolePerms('role_academic'));
    });
    const next = ['perm_account_center', 'perm_account_security', 'perm_account_settings', 'perm_btn_online_list', 'perm_isystem', 'perm_isystem_online'];
    try {
      expect((await save(admin, 'role_academic', [...next, 'perm_isystem_log'].join(','))).body.success).toBe(true);
      expect(seenAtPush).toEqual([[...next, 'perm_isystem_log'].sort()]);
    } finally {
      notify.mockReset();
      await save(admin, 'role_academic', next.join(','));
    }
  });

  it('validates every id: one unknown id refuses the whole save with 所选权限不存在', async () => {
    const admin = await be.login('admin');
    const before = await rolePerms('role_academic');
    const r = await save(admin, 'role_academic', [...before, 'perm_isystem_log', 'no_such_perm'].join(','));
    expect(r.body).toMatchObject({ success: false, message: '所选权限不存在' });
    expect(await rolePerms('role_academic')).toEqual(before);
    expect(notify).not.toHaveBeenCalled();
    expect((await save(admin, 'no_such_role', 'perm_account_center')).body).toMatchObject({ success: false, message: '角色不存在' });
    expect((await be.call('/sys/permission/saveRolePermission', { method: 'POST', token: admin, json: { permissionIds: '' } })).body).toMatchObject({ success: false, message: '请选择角色' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('deleted permission rows count as unknown', async () => {
    const admin = await be.login('admin');
    await be.db.updateTable('sys_permission').set({ del_flag: 1 }).where('id', '=', 'perm_isystem_log').execute();
    try {
      expect((await save(admin, 'role_academic', 'perm_account_center,perm_isystem_log')).body.message).toBe('所选权限不存在');
    } finally {
      await be.db.updateTable('sys_permission').set({ del_flag: 0 }).where('id', '=', 'perm_isystem_log').execute();
    }
  });

  it('is one transaction: a refusal after the old links were deleted leaves them all in place', async () => {
    // Saving the admin role without the role-permission button would lock the caller out: refused at
    // the end of the transaction, after the delete and insert, so only a rollback restores the set.
    const admin = await be.login('admin');
    const before = await rolePerms('role_admin');
    const r = await save(admin, 'role_admin', 'perm_account_center,perm_isystem_log');
    expect(r.body).toMatchObject({ success: false, message: '不能移除自己的授权管理权限' });
    expect(await rolePerms('role_admin')).toEqual(before);
    expect(before).toContain('perm_btn_role_permission');
    expect(notify).not.toHaveBeenCalled();
  });

  it('ignores duplicates and blanks; an empty list clears the role; a role nobody holds notifies nobody', async () => {
    const admin = await be.login('admin');
    const r = await save(admin, 'role_user', ' perm_account_center, perm_account_center ,,perm_account_settings');
    expect(r.body.success).toBe(true);
    expect(await rolePerms('role_user')).toEqual(['perm_account_center', 'perm_account_settings']);
    expect((await save(admin, 'role_user', '')).body.success).toBe(true);
    expect(await rolePerms('role_user')).toEqual([]);
    expect(notify).not.toHaveBeenCalled();
    await save(admin, 'role_user', 'perm_account_center,perm_account_settings,perm_account_security');
  });

  it('concurrent saves of one role all succeed and leave one of the sets whole', async () => {
    const admin = await be.login('admin');
    const sets = [
      'perm_account_center,perm_account_settings',
      'perm_account_center,perm_isystem,perm_isystem_log,perm_btn_log_list',
      'perm_account_center,perm_account_settings,perm_account_security',
      'perm_account_center,perm_isystem,perm_isystem_log',
    ];
    const answers = await Promise.all([...sets, ...sets].map((set) => save(admin, 'role_marketing', set)));
    expect(answers.map((r) => r.body.message)).toEqual(Array(sets.length * 2).fill('保存成功！'));
    const now = (await rolePerms('role_marketing')).join(',');
    expect(sets.map((set) => set.split(',').sort().join(','))).toContain(now);
    await save(admin, 'role_marketing', 'perm_account_center,perm_account_settings,perm_account_security');
  });

  it('grants the path to what it grants (issue #21): a button alone brings its menu and the menu’s folder', async () => {
    const admin = await be.login('admin');
    const before = await rolePerms('role_user');
    try {
      expect((await save(admin, 'role_user', 'perm_account_center,perm_btn_log_list')).body).toMatchObject({ success: true, message: '保存成功！' });
      expect(await rolePerms('role_user')).toEqual(['perm_account_center', 'perm_btn_log_list', 'perm_isystem', 'perm_isystem_log']);
    } finally {
      await save(admin, 'role_user', before.join(','));
    }
  });

  it('a failing push does not fail the saved change', async () => {
    const admin = await be.login('admin');
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    notify.mockImplementation(() => {
      throw new Error('hub down');
    });
    try {
      const r = await save(admin, 'role_academic', 'perm_account_center,perm_account_settings,perm_account_security,perm_isystem_online,perm_btn_online_list,perm_isystem_log');
      expect(r.body).toMatchObject({ success: true, message: '保存成功！' });
      expect(await rolePerms('role_academic')).toContain('perm_isystem_log');
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      notify.mockReset();
      await save(admin, 'role_academic', 'perm_account_center,perm_account_settings,perm_account_security,perm_isystem_online,perm_btn_online_list');
    }
  });
});

describe('PUT /sys/user/editRoles', () => {
  it('replaces the user’s roles at once and notifies only that user', async () => {
    const admin = await be.login('admin');
    const t2 = await be.login('teacher2');
    expect(await canListLogs(t2)).toBe(false);
    const r = await editRoles(admin, 'u_teacher2', 'role_teacher,role_admin');
    expect(r.body).toMatchObject({ success: true, code: 200, message: '修改成功!' });
    expect(await userRoles('u_teacher2')).toEqual(['role_admin', 'role_teacher']);
    expect(await canListLogs(t2)).toBe(true);
    expect(pushed()).toEqual({ ids: ['u_teacher2'], message: PUSH });

    notify.mockReset();
    expect((await editRoles(admin, 'u_teacher2', 'role_teacher')).body.success).toBe(true);
    expect(await userRoles('u_teacher2')).toEqual(['role_teacher']);
    expect(await canListLogs(t2)).toBe(false);
    expect(pushed()).toEqual({ ids: ['u_teacher2'], message: PUSH });
  });

  it('validates: unknown role refuses the whole change, unknown user, missing user', async () => {
    const admin = await be.login('admin');
    expect((await editRoles(admin, 'u_teacher2', 'role_marketing,role_nope')).body).toMatchObject({ success: false, message: '所选角色不存在' });
    expect(await userRoles('u_teacher2')).toEqual(['role_teacher']);
    expect((await editRoles(admin, 'u_nobody', 'role_teacher')).body).toMatchObject({ success: false, message: '用户不存在' });
    expect((await be.call('/sys/user/editRoles', { method: 'PUT', token: admin, json: { roleIds: 'role_teacher' } })).body).toMatchObject({ success: false, message: '请选择用户' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('an empty list removes every role (and the user’s menu)', async () => {
    const admin = await be.login('admin');
    const t2 = await be.login('teacher2');
    expect((await editRoles(admin, 'u_teacher2', '')).body.success).toBe(true);
    expect(await userRoles('u_teacher2')).toEqual([]);
    const perm = await get('/sys/permission/getUserPermissionByToken', t2);
    expect((perm.body.result as { menu: unknown[] }).menu).toEqual([]);
    expect(pushed().ids).toEqual(['u_teacher2']);
    await editRoles(admin, 'u_teacher2', 'role_teacher');
  });

  it('concurrent edits of one user all succeed and leave one of the sets whole', async () => {
    const admin = await be.login('admin');
    const sets = ['role_teacher', 'role_teacher,role_marketing', 'role_teacher,role_academic', 'role_marketing,role_teacher,role_user'];
    const answers = await Promise.all([...sets, ...sets].map((set) => editRoles(admin, 'u_teacher2', set)));
    expect(answers.map((r) => r.body.message)).toEqual(Array(sets.length * 2).fill('修改成功!'));
    expect(sets.map((set) => set.split(',').sort().join(','))).toContain((await userRoles('u_teacher2')).join(','));
    await editRoles(admin, 'u_teacher2', 'role_teacher');
  });

  it('is one transaction: taking one’s own edit right away is rolled back', async () => {
    const admin = await be.login('admin');
    const r = await editRoles(admin, 'u_admin', 'role_teacher');
    expect(r.body).toMatchObject({ success: false, message: '不能移除自己的授权管理权限' });
    expect(await userRoles('u_admin')).toEqual(['role_admin']);
    expect(notify).not.toHaveBeenCalled();
    // Adding a role to oneself is fine.
    expect((await editRoles(admin, 'u_admin', 'role_admin,role_marketing')).body.success).toBe(true);
    expect(pushed().ids).toEqual(['u_admin']);
    await editRoles(admin, 'u_admin', 'role_admin');
  });
});
