/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { HOMEWORK_MESSAGES as M, HOMEWORK_URL, type HomeworkStudentsAnswer, type SubmissionDetail } from '../../../lib/learntools/homework-types';
import { formatDateTime } from '../../core/format';

let be: TestBackend;
let jiaowu: string;
let teacher: string;
let marketing: string;

const HOUR = 3600_000;
const inHours = (h: number) => formatDateTime(new Date(Date.now() + h * HOUR))!;

/*
 * Class hz1 (head teacher: the demo account `teacher`): 张一 hs1, 张二 hs2, 张三 hs3 在读, 张四 hs4 已退班; one
 * session hc1. Class hz2 is nobody's of those accounts. Workbook hwb1 (已发布): 单选 2 分 (A), 判断 1 分 (对), 主观 5 分.
 */
async function fixture() {
  const db = be.db;
  const tch = await db.selectFrom('tbl_teacher').select('id').where('user_id', '=', 'u_teacher').executeTakeFirstOrThrow();
  await db.insertInto('tbl_course').values({ id: 'hk1', name: '作业测试课' }).execute();
  await db.insertInto('tbl_clazz').values([
    { id: 'hz1', name: '作业一班', course_id: 'hk1', capacity: 30, head_teacher: tch.id },
    { id: 'hz2', name: '作业二班', course_id: 'hk1', capacity: 30 },
  ]).execute();
  await db.insertInto('tbl_student').values(['张一', '张二', '张三', '张四', '李五'].map((name, i) => ({ id: `hs${i + 1}`, name, phone: `1393333000${i}` }))).execute();
  await db.insertInto('tbl_clazz_student').values([
    { id: 'hm1', clazz_id: 'hz1', student_id: 'hs1' },
    { id: 'hm2', clazz_id: 'hz1', student_id: 'hs2' },
    { id: 'hm3', clazz_id: 'hz1', student_id: 'hs3' },
    { id: 'hm4', clazz_id: 'hz1', student_id: 'hs4', status: 2 },
    { id: 'hm5', clazz_id: 'hz2', student_id: 'hs5' },
  ]).execute();
  await db.insertInto('tbl_calendar').values({ id: 'hc1', type: 0, title: 'hc1', clazz_id: 'hz1', start_time: new Date(Date.now() - 48 * HOUR), end_time: new Date(Date.now() - 47 * HOUR), status: 1, lesson_no: 3, homework_title: '第3课练习' }).execute();
  await db.insertInto('tbl_workbook').values({ id: 'hwb1', name: '练习一', status: 1 }).execute();
  await db.insertInto('tbl_workbook_item').values([
    { id: 'hi1', workbook_id: 'hwb1', type: 1, stem: '1+1=?', options: JSON.stringify(['2', '3']), answer: 'A', score: 2, sort: 1 },
    { id: 'hi2', workbook_id: 'hwb1', type: 3, stem: '地球是圆的', answer: '对', score: 1, sort: 2 },
    { id: 'hi3', workbook_id: 'hwb1', type: 5, stem: '写一段话', score: 5, sort: 3 },
  ]).execute();
}

const post = (path: string, token: string, json: unknown) => be.call(path, { method: 'POST', token, json });
const assign = (token: string, body: Record<string, unknown>) =>
  post(HOMEWORK_URL.add, token, { clazzId: 'hz1', title: '作业', source: 0, dueTime: inHours(24), assigneeMode: 0, ...body });
const students = async (token: string, id: string) => (await be.call(`${HOMEWORK_URL.students}?homeworkId=${id}`, { token })).body.result as HomeworkStudentsAnswer;
const counters = (id: string) => be.db.selectFrom('tbl_homework').select(['total', 'read_count', 'finish_count', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
const realname = async (username: string) => {
  const u = await be.db.selectFrom('sys_user').select('realname').where('username', '=', username).executeTakeFirstOrThrow();
  expect(u.realname).toBeTruthy();
  expect(u.realname).not.toBe(username);
  return u.realname!;
};
const rowOf = async (id: string, studentId: string) => (await students(jiaowu, id)).records.find((r) => r.studentId === studentId)!;

beforeAll(async () => {
  be = await startTestBackend();
  [jiaowu, teacher, marketing] = await Promise.all([be.login('jiaowu'), be.login('teacher'), be.login('marketing')]);
  await fixture();
}, 120_000);
afterAll(() => be.close());

describe('布置作业', () => {
  it('whole class: one 未提交 row per active member, counters set; chosen students: only those', async () => {
    const r = await assign(jiaowu, { title: '全班作业', content: '<p>读课文<script>alert(1)</script></p>', calendarId: 'hc1', maxScore: 10 });
    expect(r.body).toMatchObject({ success: true });
    const id = (r.body.result as { id: string }).id;
    const s = await students(jiaowu, id);
    expect(s.records.map((x) => x.studentId).sort()).toEqual(['hs1', 'hs2', 'hs3']);
    expect(s.records.every((x) => x.status === 0 && x.status_dictText === '未提交')).toBe(true);
    expect(s.homework).toMatchObject({ total: 3, readCount: 0, finishCount: 0, status: 1, maxScore: 10, calendarId: 'hc1' });
    expect(s.homework.content).toBe('<p>读课文</p>');
    expect(await counters(id)).toMatchObject({ total: 3, read_count: 0, finish_count: 0 });

    const chosen = await assign(jiaowu, { title: '指定学员', assigneeMode: 1, studentIds: ['hs2'] });
    expect((await students(jiaowu, (chosen.body.result as { id: string }).id)).records.map((x) => x.studentId)).toEqual(['hs2']);
    // 作业 messages (新消息通知): the class's 班主任 is told; whoever assigned it is not.
    const notices = await be.db
      .selectFrom('sys_announcement as a')
      .innerJoin('sys_announcement_send as s', 's.annt_id', 'a.id')
      .select(['a.titile', 's.user_id'])
      .where('a.bus_type', '=', 'homework')
      .where('a.bus_id', '=', id)
      .execute();
    expect(notices).toEqual([{ titile: '新作业：全班作业', user_id: 'u_teacher' }]);
    const mine = await assign(teacher, { title: '自己布置' });
    const own = await be.db.selectFrom('sys_announcement').select('id').where('bus_type', '=', 'homework').where('bus_id', '=', (mine.body.result as { id: string }).id).execute();
    expect(own).toEqual([]);
    expect((await assign(jiaowu, { assigneeMode: 1, studentIds: ['hs4'] })).body).toMatchObject({ success: false, message: M.notMembers });
    expect((await assign(jiaowu, { assigneeMode: 1, studentIds: [] })).body).toMatchObject({ success: false, message: M.studentsRequired });
    expect((await assign(jiaowu, { calendarId: 'nope' })).body).toMatchObject({ success: false, message: M.sessionUnknown });
  });

  it('refuses a due time in the past', async () => {
    const before = await be.db.selectFrom('tbl_homework').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect((await assign(jiaowu, { dueTime: inHours(-1) })).body).toMatchObject({ success: false, message: '截止时间不能早于当前时间' });
    expect(await be.db.selectFrom('tbl_homework').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('a workbook homework takes the workbook total as its 满分', async () => {
    const r = await assign(jiaowu, { title: '练习册作业', source: 1, workbookId: 'hwb1', maxScore: 100 });
    expect((await students(jiaowu, (r.body.result as { id: string }).id)).homework).toMatchObject({ maxScore: 8, source: 1 });
    await be.db.updateTable('tbl_workbook').set({ status: 0 }).where('id', '=', 'hwb1').execute();
    expect((await assign(jiaowu, { source: 1, workbookId: 'hwb1' })).body).toMatchObject({ success: false, message: M.workbookUnknown });
    await be.db.updateTable('tbl_workbook').set({ status: 1 }).where('id', '=', 'hwb1').execute();
  });
});

describe('scope: a teacher reaches only the classes they teach', () => {
  let other: string;
  let mine: string;
  beforeAll(async () => {
    other = ((await assign(jiaowu, { clazzId: 'hz2', title: '二班作业' })).body.result as { id: string }).id;
    mine = ((await assign(teacher, { title: '一班教师布置' })).body.result as { id: string }).id;
  });

  it('list, detail, assign, record and grade', async () => {
    const list = (await be.call(`${HOMEWORK_URL.list}?pageSize=100`, { token: teacher })).body.result as { records: { id: string; clazzId_dictText: string; createBy: string; createBy_dictText: string }[] };
    expect(list.records.some((r) => r.id === mine && r.clazzId_dictText === '作业一班')).toBe(true);
    // 布置人 by name, not the username (issue #39).
    expect(list.records.find((r) => r.id === mine)).toMatchObject({ createBy: 'teacher', createBy_dictText: await realname('teacher') });
    expect(list.records.some((r) => r.id === other)).toBe(false);
    expect((await be.call(`${HOMEWORK_URL.queryById}?id=${other}`, { token: teacher })).body).toMatchObject({ success: false });
    expect((await be.call(`${HOMEWORK_URL.students}?homeworkId=${other}`, { token: teacher })).body).toMatchObject({ success: false, message: M.notFound });
    expect((await assign(teacher, { clazzId: 'hz2' })).body).toMatchObject({ success: false, message: M.clazzUnknown });
    const sub = (await students(jiaowu, other)).records[0];
    expect((await post(HOMEWORK_URL.submit, teacher, { id: sub.id, version: sub.version, content: '<p>x</p>' })).body).toMatchObject({ success: false, message: M.submissionNotFound });
    expect((await be.call(`${HOMEWORK_URL.submission}?id=${sub.id}`, { token: teacher })).body).toMatchObject({ success: false });
    const options = (await be.call(HOMEWORK_URL.assignOptions, { token: teacher })).body.result as { clazzes: { id: string }[] };
    expect(options.clazzes.map((z) => z.id)).toContain('hz1');
    expect(options.clazzes.map((z) => z.id)).not.toContain('hz2');
    // A session's homework from its template lesson (应用到班级, issue #39) comes with the session choices.
    const bySession = (await be.call(`${HOMEWORK_URL.assignOptions}?calendarId=hc1`, { token: teacher })).body.result as { sessions: { id: string; homeworkTitle: string | null }[] };
    expect(bySession.sessions.find((x) => x.id === 'hc1')).toMatchObject({ homeworkTitle: '第3课练习' });
    // 教务 sees both; marketing holds no homework code at all.
    const all = (await be.call(`${HOMEWORK_URL.list}?pageSize=100`, { token: jiaowu })).body.result as { records: { id: string }[] };
    expect(all.records.map((r) => r.id)).toEqual(expect.arrayContaining([mine, other]));
    expect((await be.call(HOMEWORK_URL.list, { token: marketing })).body).toMatchObject({ success: false, code: 510 });
    expect((await be.call(`${HOMEWORK_URL.delete}?id=${mine}`, { method: 'DELETE', token: teacher })).body).toMatchObject({ success: false, code: 510 });
  });

  it('export: 教务 gets every class with names; a teacher granted export gets only their classes', async () => {
    const exportTitles = async (token: string) => {
      const res = await be.fetch(new Request(`http://backend${HOMEWORK_URL.exportXls}`, { headers: { 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1' } }));
      const { readXlsxRows } = await import('../../excel/read');
      const rows: Record<string, string>[] = [];
      for await (const row of readXlsxRows(Buffer.from(await res.arrayBuffer()))) rows.push(row.values);
      return rows;
    };
    const rows = await exportTitles(jiaowu);
    expect(rows.find((r) => r['标题'] === '二班作业')).toMatchObject({ 班级: '作业二班', 总数: '1', 状态: '已发布' });
    expect(rows.find((r) => r['标题'] === '全班作业')?.['课次']).toMatch(/第3次课$/);
    expect((await be.call(HOMEWORK_URL.exportXls, { token: teacher })).body).toMatchObject({ code: 510 });
    await be.db.insertInto('sys_role_permission').values({ id: 'hw_test_export', role_id: 'role_teacher', permission_id: 'perm_btn_homework_export' }).execute();
    try {
      const titles = (await exportTitles(await be.login('teacher'))).map((r) => r['标题']);
      expect(titles).toContain('一班教师布置');
      expect(titles).not.toContain('二班作业');
    } finally {
      await be.db.deleteFrom('sys_role_permission').where('id', '=', 'hw_test_export').execute();
    }
  });
});

describe('学员作业: record, grade, return', () => {
  let hw: string;
  let book: string;
  beforeAll(async () => {
    hw = ((await assign(jiaowu, { title: '批改用', maxScore: 10 })).body.result as { id: string }).id;
    book = ((await assign(teacher, { title: '练习册批改', source: 1, workbookId: 'hwb1' })).body.result as { id: string }).id;
  });

  it('opening a submission marks it read once; a late submission is flagged; counters follow', async () => {
    const r1 = await rowOf(hw, 'hs1');
    await be.call(`${HOMEWORK_URL.submission}?id=${r1.id}`, { token: teacher });
    await be.call(`${HOMEWORK_URL.submission}?id=${r1.id}`, { token: teacher });
    expect(await counters(hw)).toMatchObject({ total: 3, read_count: 1, finish_count: 0 });

    expect((await post(HOMEWORK_URL.submit, teacher, { id: r1.id, version: r1.version, content: '<p>答案</p>' })).body).toMatchObject({ success: true });
    expect(await rowOf(hw, 'hs1')).toMatchObject({ status: 1, late: 0 });
    // The due time passes: still taken, flagged late, and the homework reads 已截止.
    await be.db.updateTable('tbl_homework').set({ due_time: new Date(Date.now() - HOUR) }).where('id', '=', hw).execute();
    const r2 = await rowOf(hw, 'hs2');
    expect((await post(HOMEWORK_URL.submit, teacher, { id: r2.id, version: r2.version, content: '<p>迟交</p>' })).body).toMatchObject({ success: true });
    const late = await rowOf(hw, 'hs2');
    expect(late).toMatchObject({ status: 1, late: 1 });
    expect(late.submittedTime).not.toBeNull();
    expect(await counters(hw)).toMatchObject({ total: 3, finish_count: 2 });
    const list = (await be.call(`${HOMEWORK_URL.list}?status=2&pageSize=100`, { token: jiaowu })).body.result as { records: { id: string }[] };
    expect(list.records.map((r) => r.id)).toContain(hw);
    expect((await post(HOMEWORK_URL.submit, teacher, { id: r2.id, version: late.version, content: '' })).body).toMatchObject({ success: false, message: M.contentRequired });
  });

  it('grades within 0..满分, refuses a stale version, and returns for correction', async () => {
    const r = await rowOf(hw, 'hs1');
    expect((await post(HOMEWORK_URL.grade, teacher, { id: r.id, version: r.version, score: 11 })).body).toMatchObject({ success: false, message: '分数不能超过满分10' });
    expect((await post(HOMEWORK_URL.grade, teacher, { id: r.id, version: r.version, score: -1 })).body).toMatchObject({ success: false });
    const pending = await rowOf(hw, 'hs3');
    expect((await post(HOMEWORK_URL.grade, teacher, { id: pending.id, version: pending.version, score: 5 })).body).toMatchObject({ success: false, message: M.notSubmitted });

    // Two teachers read the same version; the first grade wins, the second is told and changes nothing.
    expect((await post(HOMEWORK_URL.grade, teacher, { id: r.id, version: r.version, score: 9, comment: '很好' })).body).toMatchObject({ success: true });
    expect((await post(HOMEWORK_URL.grade, jiaowu, { id: r.id, version: r.version, score: 3 })).body).toMatchObject({ success: false, message: '该作业已被他人修改，请刷新后重试' });
    const graded = await rowOf(hw, 'hs1');
    // 批改人 by name, not the username (issue #39), in the list and in the drawer.
    expect(graded).toMatchObject({ status: 2, score: 9, comment: '很好', gradedBy: await realname('teacher'), version: r.version + 1 });
    expect((await be.call(`${HOMEWORK_URL.submission}?id=${r.id}`, { token: teacher })).body.result).toMatchObject({ gradedBy: await realname('teacher') });

    expect((await post(HOMEWORK_URL.returnBack, teacher, { id: r.id, version: graded.version, comment: ' ' })).body).toMatchObject({ success: false, message: M.commentRequired });
    expect((await post(HOMEWORK_URL.returnBack, teacher, { id: r.id, version: graded.version, comment: '请订正第二段' })).body).toMatchObject({ success: true });
    expect(await rowOf(hw, 'hs1')).toMatchObject({ status: 3, status_dictText: '需订正', comment: '请订正第二段', score: null });
    expect(await counters(hw)).toMatchObject({ finish_count: 1 });
  });

  it('scores a workbook’s objective items automatically and the 主观 one by hand', async () => {
    const r = await rowOf(book, 'hs1');
    expect((await post(HOMEWORK_URL.submit, teacher, { id: r.id, version: r.version, answers: { hi1: 'a', hi2: '错', hi3: '我的作文' } })).body).toMatchObject({ success: true });
    const d = (await be.call(`${HOMEWORK_URL.submission}?id=${r.id}`, { token: teacher })).body.result as SubmissionDetail;
    expect(d.items.map((i) => [i.itemId, i.given, i.score])).toEqual([
      ['hi1', 'a', 2],
      ['hi2', '错', 0],
      ['hi3', '我的作文', null],
    ]);
    expect((await post(HOMEWORK_URL.grade, teacher, { id: r.id, version: d.version, itemScores: { hi3: 6 } })).body).toMatchObject({ success: false, message: M.itemScoreOver(3, 5) });
    expect((await post(HOMEWORK_URL.grade, teacher, { id: r.id, version: d.version })).body).toMatchObject({ success: false, message: '请为第3题评分' });
    const ok = await post(HOMEWORK_URL.grade, teacher, { id: r.id, version: d.version, itemScores: { hi3: 4, hi1: 0 } });
    expect(ok.body).toMatchObject({ success: true, result: { score: 6 } });
  });

  it('edit: keeps the class, refuses removing a student who handed in, adds new chosen ones', async () => {
    const base = { id: hw, clazzId: 'hz1', title: '批改用（改）', source: 0, dueTime: inHours(48), maxScore: 10, assigneeMode: 1 };
    const put = (token: string, body: Record<string, unknown>) => be.call(HOMEWORK_URL.edit, { method: 'PUT', token, json: { ...base, ...body } });
    expect((await put(teacher, { studentIds: ['hs3'] })).body).toMatchObject({ success: false, message: M.removeSubmitted });
    expect((await put(teacher, { clazzId: 'hz2', studentIds: ['hs5'] })).body).toMatchObject({ success: false, message: M.clazzLocked });
    expect((await put(teacher, { assigneeMode: 0 })).body).toMatchObject({ success: true });
    const s = await students(jiaowu, hw);
    expect(s.homework).toMatchObject({ title: '批改用（改）', status: 1, total: 3, assigneeMode: 0 });
  });
});
