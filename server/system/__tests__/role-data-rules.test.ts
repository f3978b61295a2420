/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { linkId } from '../../core/ids';
import { readXlsxRows } from '../../excel/read';
import { SQL_VALUE_MESSAGE } from '../../resources/data-rules';

/**
 * Issue #24 item 1: a data rule chosen per role in 角色授权 (/sys/role/datarule) limits 学员管理 for the role's
 * users in list, queryById, export, 高级查询 and the student's 课时包, cannot be widened by query parameters,
 * and rules that read as SQL are refused on save and match nothing when stored anyway. The menu-level rule
 * admin (菜单管理 → 数据规则) and 用户管理's enforcement: permission-data-rules.test.ts.
 */

let be: TestBackend;
let admin: string;
let teacher: string;
let teacher2: string;
let marketing: string;

const MENU = 'perm_edu_student';
const ROLE = 'role_teacher';
const STUDENTS = [
  { id: 'rdr_t1a', name: '甲本人一', own_by: 'u_teacher', create_by: 'teacher', create_time: new Date('2024-03-01T08:00:00') },
  { id: 'rdr_t1b', name: '甲本人二', own_by: 'u_teacher', create_by: 'admin', create_time: new Date('2099-01-01T08:00:00') },
  { id: 'rdr_t2', name: '乙他人', own_by: 'u_teacher2', create_by: 'admin', create_time: new Date('2024-03-02T08:00:00') },
  { id: 'rdr_m', name: '丙市场', own_by: 'u_marketing', create_by: 'marketing', create_time: new Date('2024-03-03T08:00:00') },
];

beforeAll(async () => {
  be = await startTestBackend();
  let n = 0;
  for (const s of STUDENTS) {
    await be.db.insertInto('tbl_student').values({ ...s, phone: `1390000${String(++n).padStart(4, '0')}`, gender: 1, birthday: null, school: null, grade: null, guardian: null, guardian_phone: null, source: 1, tags: null, remark: null, sys_org_code: null, update_by: null, update_time: null, name_pinyin: null }).execute();
  }
  // The teacher role exports 学员 here (the seed leaves 导出 to office roles).
  await be.db.insertInto('sys_role_permission').values({ id: linkId(ROLE, 'perm_btn_stu_export'), role_id: ROLE, permission_id: 'perm_btn_stu_export' }).onConflict((oc) => oc.doNothing()).execute();
  [admin, teacher, teacher2, marketing] = await Promise.all(['admin', 'teacher', 'teacher2', 'marketing'].map((u) => be.login(u)));
}, 120_000);
afterAll(() => be.close());

type Body = Awaited<ReturnType<TestBackend['call']>>['body'];
const get = (path: string, token = admin) => be.call(path, { token }).then((r) => r.body);
const post = (path: string, json: unknown, token = admin) => be.call(path, { method: 'POST', token, json }).then((r) => r.body);
const fails = (b: Body, message: string | RegExp) => {
  expect(b.success).toBe(false);
  if (typeof message === 'string') expect(b.message).toBe(message);
  else expect(b.message).toMatch(message);
};
const addRule = (json: Record<string, unknown>) => post('/sys/permission/addPermissionRule', { permissionId: MENU, ruleName: '规则', ruleConditions: '=', ...json });
const choose = (ids: string[]) => post('/sys/role/datarule', { permissionId: MENU, roleId: ROLE, dataRuleIds: ids.join(',') });
/** Ids of the students a user lists (only this suite's rows). */
const listed = async (query = '', token = teacher) => {
  const r = await get(`/edu/tblStudent/list?pageSize=100&column=name&order=asc${query}`, token);
  expect(r).toMatchObject({ success: true });
  return (r.result as { records: { id: string }[] }).records.map((x) => x.id).filter((id) => id.startsWith('rdr_')).sort();
};
const superQuery = (rules: { field: string; rule: string; val: string }[], matchType: 'and' | 'or') =>
  `&superQueryMatchType=${matchType}&superQueryParams=${encodeURIComponent(encodeURI(JSON.stringify(rules)))}`;
async function exported(query: string, token = teacher): Promise<string[]> {
  const res = await be.fetch(new Request(`http://backend/edu/tblStudent/exportXls?${query}`, { headers: { 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1' } }));
  expect(res.headers.get('content-type')).not.toContain('json');
  const names: string[] = [];
  for await (const row of readXlsxRows(Buffer.from(await res.arrayBuffer()))) names.push(String(row.values['姓名']));
  return names.filter((n) => STUDENTS.some((s) => s.name === n)).sort();
}

let own: string;

describe('a role’s rule: only my own students', () => {
  it('is defined on 学员管理 (whose 课时包 shares the list code) and chosen for the teacher role', async () => {
    const added = await addRule({ ruleName: '本人的学员', ruleColumn: 'ownBy', ruleValue: '#{sys_user_id}' });
    expect(added).toMatchObject({ success: true, result: { ruleColumn: 'ownBy', ruleConditions: '=' } });
    own = (added.result as { id: string }).id;

    // The grant tree flags the menu, as JeecgBoot's role screen needs to offer 数据规则 on it.
    const tree = await get('/sys/role/queryTreeList');
    const find = (nodes: { key: string; ruleFlag: number; children?: unknown[] | null }[]): { ruleFlag: number } | undefined =>
      nodes.map((n) => (n.key === MENU ? n : find((n.children ?? []) as typeof nodes))).find(Boolean);
    expect(find((tree.result as { treeList: never[] }).treeList)).toMatchObject({ ruleFlag: 1 });

    // JeecgBoot's wire: {datarule, drChecked} (the seeded 所教班级的学员 is the role's rule until now).
    const before = await get(`/sys/role/datarule/${MENU}/${ROLE}`);
    expect(before.result).toMatchObject({ drChecked: 'dr_teacher_taught_students' });
    expect((before.result as { datarule: { id: string }[] }).datarule.map((r) => r.id)).toEqual(expect.arrayContaining([own, 'dr_teacher_taught_students', 'dr_marketing_own_students']));
    expect(await choose([own])).toMatchObject({ success: true, message: '保存成功!' });
    expect((await get(`/sys/role/datarule/${MENU}/${ROLE}`)).result).toMatchObject({ drChecked: own });
  });

  it('limits list, queryById, export and the student’s 课时包 for the role’s users; other roles keep theirs', async () => {
    expect(await listed()).toEqual(['rdr_t1a', 'rdr_t1b']);
    expect(await listed('', teacher2)).toEqual(['rdr_t2']);
    expect(await listed('', marketing)).toEqual(['rdr_m']);
    expect(await listed('', admin)).toEqual(['rdr_m', 'rdr_t1a', 'rdr_t1b', 'rdr_t2']);
    expect(await get('/edu/tblStudent/queryById?id=rdr_t1a', teacher)).toMatchObject({ success: true, result: { id: 'rdr_t1a' } });
    fails(await get('/edu/tblStudent/queryById?id=rdr_t2', teacher), '未找到对应数据');
    expect(await exported('column=name&order=asc')).toEqual(['甲本人一', '甲本人二']);
    expect(await get('/edu/student/courses?studentId=rdr_t1a', teacher)).toMatchObject({ success: true });
    fails(await get('/edu/student/courses?studentId=rdr_t2', teacher), '未找到对应数据');
  });

  it('cannot be widened by a query parameter, 高级查询 (and / or), selections or a sort', async () => {
    expect(await listed('&ownBy=u_teacher2')).toEqual([]);
    expect(await listed('&ownBy=u_teacher2,u_teacher')).toEqual(['rdr_t1a', 'rdr_t1b']);
    expect(await listed('&ownBy=!u_teacher')).toEqual([]);
    expect(await listed(superQuery([{ field: 'ownBy', rule: 'eq', val: 'u_teacher2' }, { field: 'name', rule: 'like', val: '丙' }], 'or'))).toEqual([]);
    expect(await listed(superQuery([{ field: 'ownBy', rule: 'ne', val: 'nobody' }, { field: 'id', rule: 'in', val: 'rdr_t2,rdr_m,rdr_t1a' }], 'or'))).toEqual(['rdr_t1a', 'rdr_t1b']);
    expect(await listed(superQuery([{ field: 'id', rule: 'in', val: 'rdr_t2,rdr_m,rdr_t1a' }], 'and'))).toEqual(['rdr_t1a']);
    expect(await listed('&column=ownBy&order=desc')).toEqual(['rdr_t1a', 'rdr_t1b']);
    expect(await exported(`selections=rdr_t2,rdr_m,rdr_t1b`)).toEqual(['甲本人二']);
    expect(await exported(superQuery([{ field: 'ownBy', rule: 'eq', val: 'u_teacher2' }], 'or').slice(1))).toEqual([]);
  });

  it('#{sys_date} and #{sys_user_code} resolve per request; rules of the role are ANDed', async () => {
    const past = (await addRule({ ruleName: '今天以前登记的', ruleColumn: 'createTime', ruleConditions: '<=', ruleValue: '#{sys_date}' })).result as { id: string };
    const mine = (await addRule({ ruleName: '本人登记的', ruleColumn: 'createBy', ruleValue: '#{sys_user_code}' })).result as { id: string };
    await choose([own, past.id]);
    expect(await listed()).toEqual(['rdr_t1a']);
    await choose([mine.id]);
    expect(await listed()).toEqual(['rdr_t1a']);
    expect(await listed('', teacher2)).toEqual([]);
    await choose([own]);
  });
});

describe('rules that are not data rules', () => {
  it.each([
    [{ ruleColumn: 'nope', ruleValue: '1' }, '规则字段「nope」不是「学员、课时包」的可查询字段'],
    [{ ruleColumn: 'own_by', ruleValue: '1' }, /规则字段须为资源的字段名/],
    [{ ruleColumn: 'ownBy', ruleConditions: 'USE_SQL_RULES', ruleValue: "own_by = 'u_teacher' or 1=1" }, '不支持自定义SQL规则'],
    [{ ruleColumn: 'ownBy', ruleConditions: 'between', ruleValue: '1' }, '条件规则不正确'],
    [{ ruleColumn: 'ownBy', ruleConditions: 'regexp', ruleValue: '.*' }, '条件规则不正确'],
    [{ ruleColumn: 'ownBy', ruleValue: '1 or 1=1' }, SQL_VALUE_MESSAGE],
    [{ ruleColumn: 'name', ruleConditions: 'LIKE', ruleValue: "'; drop table tbl_student; --" }, SQL_VALUE_MESSAGE],
    [{ ruleColumn: 'name', ruleValue: 'x union select password from sys_user' }, SQL_VALUE_MESSAGE],
    [{ ruleColumn: 'ownBy', ruleConditions: 'IN', ruleValue: "u_teacher,u_teacher2') or ('1'='1" }, SQL_VALUE_MESSAGE],
    [{ ruleColumn: 'ownBy', ruleValue: "#{sys_user_id}' or '1'='1" }, /系统变量须单独作为规则值/],
  ])('are refused on save: %j', async (patch, message) => {
    fails(await addRule(patch), message);
  });

  it('plain values still save (Chinese text, a comma list, a date)', async () => {
    for (const r of [{ ruleColumn: 'name', ruleConditions: 'RIGHT_LIKE', ruleValue: '甲本人' }, { ruleColumn: 'ownBy', ruleConditions: 'IN', ruleValue: 'u_teacher,u_teacher2' }, { ruleColumn: 'createTime', ruleConditions: '>=', ruleValue: '2024-03-01' }]) {
      expect(await addRule(r)).toMatchObject({ success: true });
    }
  });

  it('stored anyway, they match no rows and never reach SQL', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bad = [
      { id: 'rdr_bad_sql', rule_column: 'ownBy', rule_conditions: 'USE_SQL_RULES', rule_value: '1=1' },
      { id: 'rdr_bad_op', rule_column: 'ownBy', rule_conditions: 'regexp', rule_value: '.*' },
      { id: 'rdr_bad_col', rule_column: 'own_by; drop table tbl_student', rule_conditions: '=', rule_value: 'u_teacher' },
      { id: 'rdr_bad_val', rule_column: 'ownBy', rule_conditions: '!=', rule_value: "x' or '1'='1" },
    ];
    for (const r of bad) {
      await be.db.insertInto('sys_permission_data_rule').values({ ...r, permission_id: MENU, rule_name: r.id, status: '1', create_by: null, update_by: null, update_time: null }).execute();
      await choose([own, r.id]);
      expect(await listed()).toEqual([]);
      expect(await exported('')).toEqual([]);
    }
    await choose([own]);
    expect(await listed()).toEqual(['rdr_t1a', 'rdr_t1b']);
    expect(await be.db.selectFrom('tbl_student').select('id').where('id', 'like', 'rdr_%').execute()).toHaveLength(STUDENTS.length);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('rdr_bad_val'));
    warn.mockRestore();
  });
});
