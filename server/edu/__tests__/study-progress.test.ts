/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { ClazzProgressAnswer, StudentProgressAnswer } from '../../../lib/edu/progress-types';
import { formatDateTime } from '../../core/format';

let be: TestBackend;
let admin: string;
let teacher2: string;
let nobody: string;

const HOUR = 3600_000;
const now = Date.now();
const at = (h: number) => new Date(now + h * HOUR);

/*
 * Courses c1 初一数学 (总课次 20), c2 初一英语 (a package only), c3 初一物理 (a class left). Class z1 (c1): 张三 s1,
 * 李四 s2, 孙七 s4 正常, 王五 s3 已退班; class z2 (c1) hosts a 补课 for 张三; z3 (c3) was left by 张三.
 * z1's sessions: A1–A4 已点名, A5 cancelled, A6 started an hour ago (not called), A7 in two days, A8 deleted,
 * A9 an activity (type 1). M1 is z2's 已点名 session where 张三 made up (member_type 3).
 */
async function fixture() {
  const db = be.db;
  await db.insertInto('tbl_course').values([
    { id: 'c1', name: '初一数学', total_lessons: 20 },
    { id: 'c2', name: '初一英语' },
    { id: 'c3', name: '初一物理' },
  ]).execute();
  await db.insertInto('tbl_clazz').values([
    { id: 'z1', name: '初一数学A班', course_id: 'c1', capacity: 30 },
    { id: 'z2', name: '初一数学B班', course_id: 'c1', capacity: 30 },
    { id: 'z3', name: '初一物理A班', course_id: 'c3', capacity: 30 },
  ]).execute();
  await db.insertInto('tbl_student').values(['张三', '李四', '王五', '孙七'].map((name, i) => ({ id: `s${i + 1}`, name, phone: `1392222000${i}` }))).execute();
  await db.insertInto('tbl_clazz_student').values([
    { id: 'm1', clazz_id: 'z1', student_id: 's1' },
    { id: 'm2', clazz_id: 'z1', student_id: 's2' },
    { id: 'm3', clazz_id: 'z1', student_id: 's3', status: 2 },
    { id: 'm4', clazz_id: 'z1', student_id: 's4' },
    { id: 'm5', clazz_id: 'z3', student_id: 's1', status: 2 },
  ]).execute();
  await db.insertInto('tbl_student_course').values([
    { id: 'pk1', student_id: 's1', course_id: 'c1', buy_qty: '10', gift_qty: '2', used_qty: '4' },
    { id: 'pk2', student_id: 's1', course_id: 'c1', buy_qty: '5', used_qty: '1.5' },
    { id: 'pk3', student_id: 's1', course_id: 'c1', buy_qty: '100', del_flag: 1 },
    { id: 'pk4', student_id: 's1', course_id: 'c2', buy_qty: '8' },
  ]).execute();
  const s = (id: string, clazz: string, start: number, status: number, extra: { type?: number; del_flag?: number } = {}) => ({
    id,
    type: 0,
    title: id,
    clazz_id: clazz,
    start_time: at(start),
    end_time: at(start + 1),
    hours: '1',
    status,
    ...extra,
  });
  await db.insertInto('tbl_calendar').values([
    s('A1', 'z1', -100, 1),
    s('A2', 'z1', -90, 1),
    s('A3', 'z1', -80, 1),
    s('A4', 'z1', -70, 1),
    s('A5', 'z1', -60, 2),
    s('A6', 'z1', -1, 0),
    s('A7', 'z1', 48, 0),
    s('A8', 'z1', 96, 0, { del_flag: 1 }),
    s('A9', 'z1', -50, 1, { type: 1 }),
    s('M1', 'z2', -40, 1),
  ]).execute();
  // [session, student, arrival, makeup, member_type]
  const rolls: [string, string, number, number, number][] = [
    ['A1', 's1', 1, 0, 0],
    ['A1', 's2', 4, 1, 0],
    ['A1', 's3', 1, 0, 0],
    ['A2', 's1', 2, 0, 0],
    ['A2', 's2', 3, 0, 0],
    ['A3', 's1', 4, 1, 0],
    ['A3', 's2', 1, 0, 0],
    ['A4', 's1', 3, 2, 0],
    ['A5', 's1', 0, 0, 0],
    ['A6', 's1', 0, 0, 0],
    ['A7', 's1', 0, 0, 0],
    ['A7', 's2', 0, 0, 0],
    ['A8', 's1', 0, 0, 0],
    ['A9', 's1', 1, 0, 0],
    ['M1', 's1', 1, 0, 3],
  ];
  await db
    .insertInto('tbl_lesson_student')
    .values(rolls.map(([cal, stu, arrival, makeup, type]) => ({ id: `${cal}_${stu}`, calendar_id: cal, student_id: stu, arrival_status: arrival, makeup_status: makeup, member_type: type })))
    .execute();

  // Chapters of c1 (ch4 deleted) and a template whose lessons A1, A2, A3 and A7 were filled from.
  await db.insertInto('tbl_course_chapter').values([
    { id: 'ch1', course_id: 'c1', title: '第一章' },
    { id: 'ch2', course_id: 'c1', title: '第二章' },
    { id: 'ch3', course_id: 'c1', title: '第三章' },
    { id: 'ch4', course_id: 'c1', title: '旧章', del_flag: 1 },
  ]).execute();
  await db.insertInto('tbl_teach_template').values({ id: 'tp1', course_id: 'c1', name: '模板' }).execute();
  await db.insertInto('tbl_teach_template_item').values([
    { id: 'ti1', template_id: 'tp1', lesson_no: 1, chapter_id: 'ch1', title: '一' },
    { id: 'ti2', template_id: 'tp1', lesson_no: 2, chapter_id: 'ch2', title: '二' },
    { id: 'ti3', template_id: 'tp1', lesson_no: 3, chapter_id: 'ch3', title: '三' },
    { id: 'ti4', template_id: 'tp1', lesson_no: 4, chapter_id: 'ch4', title: '四' },
  ]).execute();
  for (const [cal, item] of [['A1', 'ti1'], ['A2', 'ti4'], ['A3', 'ti2'], ['A7', 'ti3']]) {
    await db.updateTable('tbl_calendar').set({ template_item_id: item }).where('id', '=', cal).execute();
  }
  // hw1 (满分 10, tied to A3, where 张三 was absent): 张三 graded 8, 李四 submitted, 孙七 pending.
  // hw2 (满分 20): 张三 graded 20, 李四 pending. A deleted homework counts for nothing.
  await db.insertInto('tbl_homework').values([
    { id: 'hw1', clazz_id: 'z1', calendar_id: 'A3', title: 'hw1', max_score: 10 },
    { id: 'hw2', clazz_id: 'z1', title: 'hw2', max_score: 20 },
    { id: 'hw3', clazz_id: 'z1', title: 'hw3', max_score: 10, del_flag: 1 },
  ]).execute();
  await db.insertInto('tbl_homework_student').values([
    { id: 'hw1s1', homework_id: 'hw1', student_id: 's1', status: 2, score: 8 },
    { id: 'hw1s2', homework_id: 'hw1', student_id: 's2', status: 1 },
    { id: 'hw1s4', homework_id: 'hw1', student_id: 's4', status: 0 },
    { id: 'hw2s1', homework_id: 'hw2', student_id: 's1', status: 2, score: 20 },
    { id: 'hw2s2', homework_id: 'hw2', student_id: 's2', status: 0 },
    { id: 'hw3s1', homework_id: 'hw3', student_id: 's1', status: 2, score: 0 },
  ]).execute();
}

beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
  teacher2 = await be.login('teacher2');
  const add = await be.call('/sys/user/add', { method: 'POST', token: admin, json: { username: 'plainuser', realname: '普通', password: 'Plain2026ok', selectedroles: 'role_user' } });
  expect(add.body.success).toBe(true);
  nobody = await be.login('plainuser', 'Plain2026ok');
  await fixture();
}, 120_000);
afterAll(() => be.close());

describe('学习进度', () => {
  it('needs edu:student:list / clazz:clazz:list', async () => {
    expect((await be.call('/edu/tblStudent/progress?studentId=s1', { token: nobody })).body).toMatchObject({ success: false, code: 510 });
    expect((await be.call('/clazz/tblClazz/progress?clazzId=z1', { token: nobody })).body).toMatchObject({ success: false, code: 510 });
    expect((await be.call('/edu/tblStudent/progress?studentId=s1', { token: teacher2 })).body).toMatchObject({ success: true });
    expect((await be.call('/clazz/tblClazz/progress?clazzId=z1', { token: teacher2 })).body).toMatchObject({ success: true });
    expect((await be.call('/edu/tblStudent/progress?studentId=nope', { token: admin })).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await be.call('/edu/tblStudent/progress', { token: admin })).body).toMatchObject({ success: false, message: '请选择学员' });
  });

  it("counts a student's sessions, attendance and hours per course", async () => {
    const r = await be.call('/edu/tblStudent/progress?studentId=s1', { token: admin });
    const { courses } = r.body.result as StudentProgressAnswer;
    expect(courses.map((c) => c.courseId).sort()).toEqual(['c1', 'c2', 'c3']);
    const math = courses.find((c) => c.courseId === 'c1')!;
    expect(math).toMatchObject({
      courseName: '初一数学',
      // A1–A4, A6, A7 and the 补课 M1; not the cancelled A5, the deleted A8 or the activity A9.
      planned: 7,
      done: 5,
      attended: 3,
      leave: 1,
      absent: 1,
      // A3 待补课; A4's 补课 is already arranged.
      makeupPending: 1,
      attendanceRate: 60,
      hoursBought: 15,
      hoursGift: 2,
      hoursUsed: 5.5,
      hoursRemain: 11.5,
      lastSession: formatDateTime(at(-1)),
      nextSession: formatDateTime(at(48)),
    });
    // ch1 by attending A1; ch2 by the graded homework of A3 (absent there); not ch4 (deleted) nor ch3 (A7 not taken).
    expect(math).toMatchObject({ chaptersDone: 2, chaptersTotal: 3, homeworkAssigned: 2, homeworkFinished: 2, homeworkAvgScore: 90 });
    expect(math.clazzes).toEqual([{ id: 'z1', name: '初一数学A班', status: 1, status_dictText: '正常' }]);
    expect(courses.find((c) => c.courseId === 'c2')).toMatchObject({ planned: 0, done: 0, attendanceRate: null, hoursBought: 8, hoursRemain: 8, lastSession: null, nextSession: null, clazzes: [] });
    expect(courses.find((c) => c.courseId === 'c3')).toMatchObject({ chaptersDone: 0, chaptersTotal: 0, homeworkAssigned: 0, homeworkAvgScore: null, hoursBought: 0, clazzes: [{ id: 'z3', status: 2, status_dictText: '已退班' }] });
  });

  it('gives class progress (done ÷ planned) and each member’s attendance on its own sessions', async () => {
    const r = await be.call('/clazz/tblClazz/progress?clazzId=z1', { token: admin });
    const p = r.body.result as ClazzProgressAnswer;
    expect(p).toMatchObject({ clazzId: 'z1', planned: 6, done: 4, percent: 66.7, courseLessons: 20 });
    // Chapters of the class's taken sessions A1 (ch1) and A3 (ch2); A2's ch4 is deleted. Homework: 5 rows, 3 finished, graded 80 % and 100 %.
    expect(p).toMatchObject({ chaptersDone: 2, chaptersTotal: 3, homeworkCount: 2, homeworkAssigned: 5, homeworkFinished: 3, homeworkAvgScore: 90 });
    const by = Object.fromEntries(p.members.map((m) => [m.studentId, m]));
    // The 补课 in z2 is not z1's; A5/A8/A9 are not planned sessions.
    expect(by.s1).toMatchObject({ name: '张三', status: 1, planned: 6, done: 4, attended: 2, leave: 1, absent: 1, makeupPending: 1, attendanceRate: 50 });
    expect(by.s2).toMatchObject({ planned: 4, done: 3, attended: 1, leave: 1, absent: 1, makeupPending: 1, attendanceRate: 33.3 });
    expect(by.s3).toMatchObject({ status: 2, planned: 1, done: 1, attended: 1, attendanceRate: 100 });
    expect(by.s4).toMatchObject({ planned: 0, done: 0, attended: 0, attendanceRate: null, homeworkAssigned: 1, homeworkFinished: 0, homeworkAvgScore: null, chaptersDone: 0 });
    expect(by.s1).toMatchObject({ chaptersDone: 2, chaptersTotal: 3, homeworkAssigned: 2, homeworkFinished: 2, homeworkAvgScore: 90 });
    expect(by.s2).toMatchObject({ chaptersDone: 1, homeworkAssigned: 2, homeworkFinished: 1, homeworkAvgScore: null });
    // Active members first.
    expect(p.members[p.members.length - 1].studentId).toBe('s3');

    const empty = (await be.call('/clazz/tblClazz/progress?clazzId=z3', { token: admin })).body.result as ClazzProgressAnswer;
    expect(empty).toMatchObject({ planned: 0, done: 0, percent: null, courseLessons: null, chaptersDone: 0, chaptersTotal: 0, homeworkCount: 0, homeworkAssigned: 0, homeworkAvgScore: null });
    expect((await be.call('/clazz/tblClazz/progress?clazzId=nope', { token: admin })).body).toMatchObject({ success: false });
  });
});
