/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { type ClazzGroup } from '../../../lib/edu/progress-types';
import { dropFromClazzGroups } from '../clazz-groups';
import { PERMS } from '../../../lib/permissions/codes';

let be: TestBackend;
let admin: string;
let jiaowu: string;
let teacher2: string;

/* Class z1 with 张三 s1, 李四 s2, 王五 s3 (正常) and 赵六 s4 (已退班); class z2 with 孙七 s5; z9 deleted. */
async function fixture() {
  const db = be.db;
  await db.insertInto('tbl_course').values({ id: 'c1', name: '初一数学' }).execute();
  await db.insertInto('tbl_clazz').values([
    { id: 'z1', name: '初一数学A班', course_id: 'c1', capacity: 30 },
    { id: 'z2', name: '初一数学B班', course_id: 'c1', capacity: 30 },
    { id: 'z9', name: '已删除班', course_id: 'c1', capacity: 30, del_flag: 1 },
  ]).execute();
  await db.insertInto('tbl_student').values(['张三', '李四', '王五', '赵六', '孙七'].map((name, i) => ({ id: `s${i + 1}`, name, phone: `1391111000${i}` }))).execute();
  await db.insertInto('tbl_clazz_student').values([
    { id: 'm1', clazz_id: 'z1', student_id: 's1' },
    { id: 'm2', clazz_id: 'z1', student_id: 's2' },
    { id: 'm3', clazz_id: 'z1', student_id: 's3' },
    { id: 'm4', clazz_id: 'z1', student_id: 's4', status: 2 },
    { id: 'm5', clazz_id: 'z2', student_id: 's5' },
  ]).execute();
}

beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
  jiaowu = await be.login('jiaowu');
  teacher2 = await be.login('teacher2');
  await fixture();
}, 120_000);
afterAll(() => be.close());

const G = '/clazz/tblClazzGroup';
const list = async (clazzId: string, token = admin) => {
  const r = await be.call(`${G}/list?clazzId=${clazzId}`, { token });
  expect(r.body).toMatchObject({ success: true });
  return r.body.result as ClazzGroup[];
};
const add = (json: unknown, token = admin) => be.call(`${G}/add`, { method: 'POST', token, json });
const setMembers = (groupId: string, studentIds: string[], token = admin) => be.call(`${G}/setMembers`, { method: 'POST', token, json: { groupId, studentIds } });
const membersOf = (groups: ClazzGroup[], name: string) => groups.find((g) => g.name === name)?.members.map((m) => m.name).sort();

describe('班级分组', () => {
  it('lets teacher2 list groups but not change them; 教务 may', async () => {
    // The screens hide the buttons by the same code the server checks.
    expect(PERMS.clazzGroup.edit).toBe('clazz:group:edit');
    expect(await list('z1', teacher2)).toEqual([]);
    expect((await add({ clazzId: 'z1', name: '第一组' }, teacher2)).body).toMatchObject({ success: false, code: 510 });
    expect((await be.call(`${G}/edit`, { method: 'PUT', token: teacher2, json: { id: 'x', name: 'y' } })).body).toMatchObject({ code: 510 });
    expect((await be.call(`${G}/delete?id=x`, { method: 'DELETE', token: teacher2 })).body).toMatchObject({ code: 510 });
    expect((await setMembers('x', [], teacher2)).body).toMatchObject({ code: 510 });
    expect((await be.call(`${G}/list?clazzId=z1`)).status).toBe(401);
    expect(await be.db.selectFrom('tbl_clazz_group').selectAll().execute()).toEqual([]);

    const r = await add({ clazzId: 'z1', name: '  第一组 ' }, jiaowu);
    expect(r.body).toMatchObject({ success: true });
    expect((await list('z1', teacher2)).map((g) => g.name)).toEqual(['第一组']);
  });

  it('checks the name (1–30 characters, unique per class) and the class', async () => {
    expect((await add({ clazzId: 'z1', name: '   ' })).body.message).toBe('请输入分组名称');
    expect((await add({ clazzId: 'z1', name: '组'.repeat(31) })).body.message).toBe('分组名称不能超过30个字符');
    expect((await add({ clazzId: 'z1', name: '组'.repeat(30) })).body.success).toBe(true);
    expect((await add({ clazzId: 'z1', name: '第一组' })).body.message).toBe('本班已有名为「第一组」的分组');
    // The same name in another class is fine.
    expect((await add({ clazzId: 'z2', name: '第一组' })).body.success).toBe(true);
    expect((await add({ clazzId: 'z9', name: '第一组' })).body.message).toBe('班级不存在，请刷新后重试');
    expect((await add({ clazzId: 'nope', name: 'x' })).body.message).toBe('班级不存在，请刷新后重试');
    expect((await be.call(`${G}/list?clazzId=z9`, { token: admin })).body).toMatchObject({ success: false });

    const groups = await list('z1');
    const long = groups.find((g) => g.name.length === 30)!;
    const rename = (name: string) => be.call(`${G}/edit`, { method: 'PUT', token: admin, json: { id: long.id, name } });
    expect((await rename('第一组')).body.message).toBe('本班已有名为「第一组」的分组');
    expect((await rename('第二组')).body.success).toBe(true);
    // Renaming to its own name is not a clash.
    expect((await rename('第二组')).body.success).toBe(true);
    expect((await list('z1')).map((g) => g.name)).toEqual(['第一组', '第二组']);
  });

  it('allows at most 50 groups per class', async () => {
    await be.db.insertInto('tbl_clazz').values({ id: 'z3', name: '满组班', capacity: 10 }).execute();
    await be.db.insertInto('tbl_clazz_group').values(Array.from({ length: 49 }, (_, i) => ({ id: `g3_${i}`, clazz_id: 'z3', name: `组${i}` }))).execute();
    expect((await add({ clazzId: 'z3', name: '第50组' })).body.success).toBe(true);
    expect((await add({ clazzId: 'z3', name: '第51组' })).body.message).toBe('每个班级最多50个分组');
  });

  it('assigns only active members of the class, one group per student (moving re-assigns)', async () => {
    const [g1, g2] = await list('z1');
    expect((await setMembers(g1.id, ['s1', 's2'])).body).toMatchObject({ success: true, result: { members: 2, moved: 0 } });
    // 已退班 (s4) and another class's student (s5) are refused, and nothing changes.
    expect((await setMembers(g2.id, ['s3', 's4'])).body.message).toBe('只能选择本班在读的学员');
    expect((await setMembers(g2.id, ['s5'])).body.message).toBe('只能选择本班在读的学员');
    expect((await setMembers('nope', ['s1'])).body.message).toBe('分组不存在，请刷新后重试');
    let groups = await list('z1');
    expect(membersOf(groups, '第一组')).toEqual(['张三', '李四'].sort());
    expect(membersOf(groups, '第二组')).toEqual([]);

    // 李四 moves to 第二组 with 王五.
    expect((await setMembers(g2.id, ['s2', 's3'])).body).toMatchObject({ success: true, result: { members: 2, moved: 1 } });
    groups = await list('z1');
    expect(membersOf(groups, '第一组')).toEqual(['张三']);
    expect(membersOf(groups, '第二组')).toEqual(['李四', '王五'].sort());
    const rows = await be.db.selectFrom('tbl_clazz_group_member').select('student_id').where('student_id', '=', 's2').execute();
    expect(rows).toHaveLength(1);

    // The list is the complete membership: leaving one out removes it.
    expect((await setMembers(g2.id, ['s3'])).body.success).toBe(true);
    expect(membersOf(await list('z1'), '第二组')).toEqual(['王五']);
    expect((await setMembers(g2.id, [])).body.success).toBe(true);
    expect(membersOf(await list('z1'), '第二组')).toEqual([]);
  });

  it('drops a student who leaves the class out of its groups', async () => {
    const [g1] = await list('z1');
    expect((await setMembers(g1.id, ['s1', 's2'])).body.success).toBe(true);
    // 退班 flips the membership: the list no longer shows 李四 at once.
    await be.db.updateTable('tbl_clazz_student').set({ status: 2 }).where('id', '=', 'm2').execute();
    expect(membersOf(await list('z1'), '第一组')).toEqual(['张三']);
    // The leaving transaction also removes the rows, so rejoining starts ungrouped.
    expect(await dropFromClazzGroups(be.db, 'z1', 's2')).toBe(1);
    await be.db.updateTable('tbl_clazz_student').set({ status: 1 }).where('id', '=', 'm2').execute();
    expect(membersOf(await list('z1'), '第一组')).toEqual(['张三']);
    // Other classes' groups are untouched.
    const z2 = await list('z2');
    expect((await setMembers(z2[0].id, ['s5'])).body.success).toBe(true);
    expect(await dropFromClazzGroups(be.db, 'z1', 's5')).toBe(0);
    expect(membersOf(await list('z2'), '第一组')).toEqual(['孙七']);
  });

  it('退班 through the class API takes the student out of the groups, so rejoining starts ungrouped', async () => {
    const [g1] = await list('z1');
    expect((await setMembers(g1.id, ['s1', 's3'])).body.success).toBe(true);
    const removed = await be.call('/clazz/tblClazz/removeMember', { method: 'POST', token: admin, json: { clazzId: 'z1', studentId: 's3' } });
    expect(removed.body).toMatchObject({ success: true });
    const left = await be.db.selectFrom('tbl_clazz_group_member').select('student_id').where('group_id', '=', g1.id).execute();
    expect(left.map((r) => r.student_id)).toEqual(['s1']);
  });

  it('deletes a group with its member rows', async () => {
    const [g1] = await list('z1');
    const r = await be.call(`${G}/delete?id=${g1.id}`, { method: 'DELETE', token: admin });
    expect(r.body).toMatchObject({ success: true });
    expect(await be.db.selectFrom('tbl_clazz_group_member').selectAll().where('group_id', '=', g1.id).execute()).toEqual([]);
    expect((await list('z1')).map((g) => g.name)).toEqual(['第二组']);
  });
});
