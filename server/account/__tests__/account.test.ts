/** @jest-environment node */
import { TEACHING_PERMS } from '../../seed/teaching';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { DictError, getDictItems } from '../../resources/dicts';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(() => be.close());

interface Depart {
  id: string;
  orgCode: string;
  departName: string;
}

const orgCodeOf = async (username: string) =>
  (await be.db.selectFrom('sys_user').select('org_code').where('username', '=', username).executeTakeFirstOrThrow()).org_code;

describe('GET /sys/user/getAccountInfoFromToken', () => {
  it('answers userInfo, accountInfo {name, endTime}, departs and roles of the token’s user', async () => {
    const token = await be.login('teacher');
    const r = await be.call('/sys/user/getAccountInfoFromToken', { token });
    expect(r.body).toMatchObject({ success: true, code: 200 });
    const result = r.body.result as {
      userInfo: Record<string, unknown>;
      accountInfo: Record<string, unknown>;
      departs: Depart[];
      roles: { id: string; roleCode: string; roleName: string }[];
    };
    // departIds is JeecgBoot's 负责部门 (none for a teacher, 普通用户); membership is `departs` below.
    expect(result.userInfo).toMatchObject({ id: 'u_teacher', username: 'teacher', realname: '李文静', phone: '13800000001', status: 1, userIdentity: 1, departIds: null });
    expect(JSON.stringify(result)).not.toMatch(/password|scrypt/);
    // account_end_time 2027-08-31T16:00Z in GMT+8.
    expect(result.accountInfo).toEqual({ name: '李文静', endTime: '2027-09-01 00:00:00' });
    expect(result.departs.map((d) => [d.id, d.orgCode, d.departName])).toEqual([
      ['dep_bj', 'A01A03', '北京校区'],
      ['dep_sh', 'A01A04', '上海校区'],
    ]);
    expect(result.roles).toEqual([{ id: 'role_teacher', roleCode: 'teacher', roleName: '教师' }]);

    const admin = await be.call('/sys/user/getAccountInfoFromToken', { token: await be.login('admin') });
    const a = admin.body.result as { userInfo: { username: string }; roles: { roleCode: string }[]; departs: Depart[] };
    expect(a.userInfo.username).toBe('admin');
    expect(a.roles.map((x) => x.roleCode)).toEqual(['admin']);
    expect(a.departs.map((d) => d.orgCode)).toEqual(['A01']);
  });
});

describe('departments of the current user', () => {
  it('getCurrentUserDeparts lists the user’s departments and the current orgCode', async () => {
    const token = await be.login('teacher2');
    const r = await be.call('/sys/user/getCurrentUserDeparts', { token });
    const result = r.body.result as { list: Depart[]; orgCode: string };
    expect(result.orgCode).toBe('A01A03A02');
    expect(result.list.map((d) => d.orgCode)).toEqual(['A01A03A02']);
  });

  it('PUT /sys/selectDepart switches to one of the user’s departments only', async () => {
    const token = await be.login('teacher');
    const select = (json: unknown) => be.call('/sys/selectDepart', { method: 'PUT', token, json });
    expect(await orgCodeOf('teacher')).toBe('A01A03');

    const r = await select({ orgCode: 'A01A04' });
    expect(r.body.success).toBe(true);
    expect((r.body.result as { userInfo: Record<string, unknown> }).userInfo).toMatchObject({ username: 'teacher', orgCode: 'A01A04', orgCodeTxt: '上海校区' });
    expect(await orgCodeOf('teacher')).toBe('A01A04');
    const now = await be.call('/sys/user/getCurrentUserDeparts', { token });
    expect((now.body.result as { orgCode: string }).orgCode).toBe('A01A04');

    // 教务处 is not one of teacher's departments.
    const foreign = await select({ orgCode: 'A01A01' });
    expect(foreign.body).toMatchObject({ success: false, message: '所选部门不属于当前用户' });
    expect(await orgCodeOf('teacher')).toBe('A01A04');
    expect((await select({ orgCode: '' })).body.success).toBe(false);
    expect(await orgCodeOf('teacher')).toBe('A01A04');
  });

  it('a body username naming someone else is ignored: only the token’s user changes', async () => {
    const token = await be.login('teacher');
    const r = await be.call('/sys/selectDepart', { method: 'PUT', token, json: { username: 'teacher2', orgCode: 'A01A03' } });
    expect(r.body.success).toBe(true);
    expect((r.body.result as { userInfo: { username: string } }).userInfo.username).toBe('teacher');
    expect(await orgCodeOf('teacher')).toBe('A01A03');
    expect(await orgCodeOf('teacher2')).toBe('A01A03A02');
  });

  it('POST {orgCode, username} (spec 01 §7, what our shell sends) works like PUT', async () => {
    const token = await be.login('teacher');
    const r = await be.call('/sys/selectDepart', { method: 'POST', token, json: { orgCode: 'A01A04', username: 'teacher' } });
    expect(r.body.success).toBe(true);
    expect(await orgCodeOf('teacher')).toBe('A01A04');
    await be.call('/sys/selectDepart', { method: 'POST', token, json: { orgCode: 'A01A03', username: 'teacher' } });
    expect(await orgCodeOf('teacher')).toBe('A01A03');
  });
});

describe('GET /sys/permission/getUserPermissionByToken', () => {
  type Answer = {
    menu: { path: string; name: string; component: string; meta: Record<string, unknown>; children?: unknown[] }[];
    auth: { action: string; type: string; describe: string }[];
    allAuth: { action: string; type: string; describe: string; status: string }[];
    sysSafeMode: boolean;
  };
  const permsOf = async (username: string) =>
    (await be.call('/sys/permission/getUserPermissionByToken', { token: await be.login(username) })).body.result as Answer;

  it('admin holds the freeze and kick-out buttons', async () => {
    const a = await permsOf('admin');
    expect(a.auth).toEqual(
      expect.arrayContaining([
        { action: 'system:user:frozen', type: '1', describe: '冻结用户' },
        { action: 'system:online:forceLogout', type: '1', describe: '强制退出' },
      ]),
    );
  });

  it('teacher holds only the venue and teaching buttons but allAuth lists the system ones too; the menu has 个人中心', async () => {
    const t = await permsOf('teacher');
    // 场地管理: a teacher may list, add and edit its own venues, and pick teachers (server/seed/locations.ts);
    // teaching: read the calendar and lists, and take attendance (server/seed/teaching.ts).
    expect(t.auth.map((a) => a.action).sort()).toEqual(
      [
        'clazz:teacher:list', 'edu:location:add', 'edu:location:edit', 'edu:location:list',
        // 学员作品 (issue #26): a teacher files, edits and deletes its own works.
        ...['list', 'add', 'edit', 'delete'].map((a) => `edu:studentWork:${a}`),
        ...TEACHING_PERMS.filter((p) => p.roles.includes('role_teacher')).map((p) => p.perms),
      ].sort(),
    );
    expect(t.auth.map((a) => a.action)).not.toContain('calendar:entry:add');
    expect(t.allAuth).toEqual(
      expect.arrayContaining([
        { action: 'system:user:frozen', type: '1', describe: '冻结用户', status: '1' },
        { action: 'system:online:forceLogout', type: '1', describe: '强制退出', status: '1' },
      ]),
    );
    expect(t.sysSafeMode).toBe(false);
    const center = t.menu.find((m) => m.path === '/account/center');
    expect(center).toMatchObject({ name: 'account-center', component: 'account/center/Index', meta: { title: '个人中心', icon: 'user', componentName: 'Index' } });
    // Button rows never become menu nodes.
    expect(JSON.stringify(t.menu)).not.toContain('system:user:frozen');
  });
});

describe('dictionaries', () => {
  const item = (value: string, text: string) => ({ value, text, title: text, label: text });

  it('queryAllDictItems answers every dictionary by code', async () => {
    const r = await be.call('/sys/dict/queryAllDictItems', { token: await be.login('teacher') });
    expect(r.body).toMatchObject({ success: true, code: 200 });
    const all = r.body.result as Record<string, unknown[]>;
    expect(all.sex).toEqual([item('1', '男'), item('2', '女')]);
    expect(all.priority).toEqual([item('L', '一般'), item('M', '重要'), item('H', '紧急')]);
  });

  it('getDictItems answers a plain dictionary and a registered table dictionary', async () => {
    const token = await be.login('teacher');
    const sex = await be.call('/sys/dict/getDictItems/sex', { token });
    expect(sex.body).toMatchObject({ success: true, result: [item('1', '男'), item('2', '女')] });
    const users = await be.call(`/sys/dict/getDictItems/${encodeURIComponent('sys_user,realname,username')}`, { token });
    expect(users.body.success).toBe(true);
    const list = users.body.result as { value: string; text: string }[];
    expect(list).toContainEqual(item('teacher', '李文静'));
    expect(list).toContainEqual(item('admin', '管理员'));
    expect(JSON.stringify(list)).not.toMatch(/scrypt/);
  });

  it.each([
    ['sys_user,password_hash,id'],
    ['sys_user,realname,id,1=1'],
    ["sex' or '1'='1"],
    ['information_schema.tables,table_name,table_name'],
    ['sys_user,salt,username'],
    ['sys_user,realname'],
  ])('refuses the hostile code %s without an SQL error', async (code) => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const r = await be.call(`/sys/dict/getDictItems/${encodeURIComponent(code)}`, { token: await be.login('teacher') });
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(false);
      expect(r.body.result).toBeNull();
      // A refusal, not a crash: no generic failure, no database text, nothing logged as an error.
      expect(r.body.message).not.toBe('操作失败，请稍后重试');
      expect(r.body.message).not.toMatch(/syntax|relation|column|select|error/i);
      expect(JSON.stringify(r.body)).not.toMatch(/scrypt|pg_|table_name/);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('the service refuses an empty code with 字典Code不能为空!', async () => {
    for (const code of ['', '   ']) {
      await expect(getDictItems(be.db, code)).rejects.toThrow(DictError);
      await expect(getDictItems(be.db, code)).rejects.toThrow('字典Code不能为空!');
    }
    await expect(getDictItems(be.db, 'sys_user,realname')).rejects.toThrow('字典Code格式不正确！');
    expect(await getDictItems(be.db, 'no_such_dict')).toEqual([]);
  });

  it('refleshCache answers ok', async () => {
    const r = await be.call('/sys/dict/refleshCache', { token: await be.login('teacher') });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
  });

  it('dictionary endpoints need a token', async () => {
    expect((await be.call('/sys/dict/getDictItems/sex')).status).toBe(401);
  });
});

describe('unknown paths', () => {
  it('answer HTTP 404 with the envelope 很抱歉，资源未找到!', async () => {
    const token = await be.login('teacher');
    for (const path of ['/sys/no/such/thing', '/sys/user/nope']) {
      const r = await be.call(path, { token });
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ success: false, code: 404, message: '很抱歉，资源未找到!', result: null });
    }
  });
});
