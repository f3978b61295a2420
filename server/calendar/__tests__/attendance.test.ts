/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { CheckResult, LessonStudentRow, PendingMakeupRow, StudentCourses } from '../../../lib/calendar/types';

let be: TestBackend;
let admin: string;
let teacher2: string;
let marketing: string;
let nobody: string;

const HOUR = 3600_000;
const at = (offsetHours: number) => new Date(Date.now() + offsetHours * HOUR);

/*
 * Fixture: course 数学 (c1) and 英语 (c2); room r1 (capacity 2); class z1 of c1 (capacity 3, 请假 free, 缺席
 * charged, 2 h a lesson) with 张三 (two packages: 10 h to 2027-06, 4 h to 2026-12), 李四 (1 h left), 王五 (no
 * package) and 赵六 (left the class); class z2 of c1 (capacity 2) with 孙七 and 周八; sessions P1, P2 in the past,
 * F1 in two days (z1), T1 in four days (z2, room r1), T2 in ten minutes (z2, no room), O1 in five days (c2).
 */
async function fixture() {
  const db = be.db;
  await db.insertInto('tbl_course').values([
    { id: 'c1', name: '初二数学' },
    { id: 'c2', name: '初二英语' },
  ]).execute();
  await db.insertInto('tbl_room').values({ id: 'r1', location_id: 'loc1', name: '201教室', capacity: 2 }).execute();
  await db.insertInto('tbl_clazz').values([
    { id: 'z1', name: '初二数学A班', course_id: 'c1', capacity: 3, leave_charge: 0, absent_charge: 1, hours_per_lesson: '2' },
    { id: 'z2', name: '初二数学B班', course_id: 'c1', capacity: 2, leave_charge: 0, absent_charge: 1, hours_per_lesson: '2' },
    { id: 'z3', name: '初二英语A班', course_id: 'c2', capacity: 10 },
  ]).execute();
  const students = [
    ['s1', '张三'],
    ['s2', '李四'],
    ['s3', '王五'],
    ['s4', '赵六'],
    ['s5', '孙七'],
    ['s6', '周八'],
  ];
  await db.insertInto('tbl_student').values(students.map(([id, name], i) => ({ id, name, phone: `1390000000${i}` }))).execute();
  await db.insertInto('tbl_clazz_student').values([
    { id: 'm1', clazz_id: 'z1', student_id: 's1' },
    { id: 'm2', clazz_id: 'z1', student_id: 's2' },
    { id: 'm3', clazz_id: 'z1', student_id: 's3' },
    { id: 'm4', clazz_id: 'z1', student_id: 's4', status: 2 },
    { id: 'm5', clazz_id: 'z2', student_id: 's5' },
    { id: 'm6', clazz_id: 'z2', student_id: 's6' },
  ]).execute();
  await db.insertInto('tbl_student_course').values([
    { id: 'pk1a', student_id: 's1', course_id: 'c1', buy_qty: '10', valid_to: '2027-06-30' },
    { id: 'pk1b', student_id: 's1', course_id: 'c1', buy_qty: '3', gift_qty: '1', valid_to: '2026-12-31' },
    { id: 'pk1x', student_id: 's1', course_id: 'c1', buy_qty: '50', status: 2 },
    { id: 'pk2', student_id: 's2', course_id: 'c1', buy_qty: '5', used_qty: '4' },
    { id: 'pk5', student_id: 's5', course_id: 'c1', buy_qty: '10' },
    { id: 'pk6', student_id: 's6', course_id: 'c1', buy_qty: '10' },
  ]).execute();
  const session = (id: string, clazz: string, course: string, start: number, room: string | null) => ({
    id,
    type: 0,
    title: `${id} 课次`,
    clazz_id: clazz,
    course_id: course,
    start_time: at(start),
    end_time: at(start + 1.5),
    room_id: room,
    hours: '2',
    status: 0,
  });
  await db.insertInto('tbl_calendar').values([
    session('P1', 'z1', 'c1', -72, 'r1'),
    session('P2', 'z1', 'c1', -48, 'r1'),
    session('F1', 'z1', 'c1', 48, 'r1'),
    session('T1', 'z2', 'c1', 96, 'r1'),
    session('T2', 'z2', 'c1', 1 / 6, null),
    session('O1', 'z3', 'c2', 120, null),
  ]).execute();
  // teacher2 (周明) teaches the sessions the tests check with their token (a plain teacher calls only their own).
  // The seed links a teacher record to each demo teacher account; this fixture brings its own.
  await db.deleteFrom('tbl_teacher').where('user_id', '=', 'u_teacher2').execute();
  await db.insertInto('tbl_teacher').values({ id: 'tch_02', name: '周明', user_id: 'u_teacher2' }).execute();
  await db.insertInto('tbl_calendar_teacher').values([
    { id: 'ct_p2', calendar_id: 'P2', teacher_id: 'tch_02', role: 1 },
    { id: 'ct_t2', calendar_id: 'T2', teacher_id: 'tch_02', role: 1 },
  ]).execute();
}

beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
  teacher2 = await be.login('teacher2');
  marketing = await be.login('marketing');
  const add = await be.call('/sys/user/add', { method: 'POST', token: admin, json: { username: 'plainuser', realname: '普通', password: 'Plain2026ok', selectedroles: 'role_user' } });
  expect(add.body.success).toBe(true);
  nobody = await be.login('plainuser', 'Plain2026ok');
  await fixture();
}, 120_000);
afterAll(() => be.close());

const roll = async (calendarId: string, token = admin) => {
  const r = await be.call(`/calendar/lessonStudent/list?calendarId=${calendarId}`, { token });
  expect(r.body).toMatchObject({ success: true });
  return Object.fromEntries((r.body.result as LessonStudentRow[]).map((x) => [x.studentName, x]));
};
const post = (path: string, json: unknown, token = admin) => be.call(`/calendar/lessonStudent/${path}`, { method: 'POST', token, json });
const remain = async (id: string) => Number((await be.db.selectFrom('tbl_student_course').select('remain_qty').where('id', '=', id).executeTakeFirstOrThrow()).remain_qty);

describe('点名 / 课消 / 补课', () => {
  it('refuses users without the permission codes (510)', async () => {
    for (const [path, token] of [
      ['/calendar/lessonStudent/list?calendarId=P1', nobody],
      ['/calendar/lessonStudent/pendingMakeup', nobody],
      ['/edu/student/courses?studentId=s1', nobody],
    ] as const) {
      expect((await be.call(path, { token })).body).toMatchObject({ success: false, code: 510 });
    }
    const check = { calendarId: 'P1', items: [{ studentId: 's1', arrivalStatus: 1 }] };
    expect((await post('check', check, marketing)).body).toMatchObject({ code: 510 });
    expect((await post('check', check, nobody)).body).toMatchObject({ code: 510 });
    expect((await post('makeup', { fromLessonStudentIds: ['x'], toCalendarId: 'F1' }, teacher2)).body).toMatchObject({ code: 510 });
    // Nothing was checked by the refused calls.
    const cal = await be.db.selectFrom('tbl_calendar').select('status').where('id', '=', 'P1').executeTakeFirstOrThrow();
    expect(cal.status).toBe(0);
  });

  it('syncs the roll from the active members and reports remaining hours on the course', async () => {
    const r = await roll('P1', teacher2);
    expect(Object.keys(r).sort()).toEqual(['张三', '李四', '王五'].sort());
    // The finished package (status 2) does not count.
    expect(r['张三']).toMatchObject({ remainHours: 14, arrivalStatus: 0, memberType: 0, makeupStatus: 0, deductHours: null, phone: '139****0000' });
    expect(r['李四'].remainHours).toBe(1);
    expect(r['王五'].remainHours).toBeNull();
    // Reading twice never duplicates rows; admin (edu:student:phone) reads the full number.
    expect((await roll('P1'))['张三'].phone).toBe('13900000000');
    const n = await be.db.selectFrom('tbl_lesson_student').select(be.db.fn.countAll().as('n')).where('calendar_id', '=', 'P1').executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(3);
  });

  it('refuses sessions too far ahead, students off the roll and bad overrides', async () => {
    expect((await post('check', { calendarId: 'F1', items: [{ studentId: 's1', arrivalStatus: 1 }] })).body).toMatchObject({ success: false, message: '课次未开始，不能点名' });
    expect((await post('check', { calendarId: 'P1', items: [{ studentId: 's5', arrivalStatus: 1 }] })).body).toMatchObject({ success: false, message: '学员不在本课次名单中' });
    expect((await post('check', { calendarId: 'P1', items: [{ studentId: 's4', arrivalStatus: 1 }] })).body).toMatchObject({ success: false, message: '学员不在本课次名单中' });
    for (const deductHours of [1.25, 25, -1]) {
      expect((await post('check', { calendarId: 'P1', items: [{ studentId: 's1', arrivalStatus: 1, deductHours }] })).body).toMatchObject({
        success: false,
        message: '扣课时数必须在0到24之间，且为0.5的倍数',
      });
    }
    await be.db.updateTable('tbl_calendar').set({ status: 2 }).where('id', '=', 'O1').execute();
    await be.db.updateTable('tbl_calendar').set({ start_time: at(-200), end_time: at(-199) }).where('id', '=', 'O1').execute();
    expect((await post('check', { calendarId: 'O1', items: [{ studentId: 's1', arrivalStatus: 1 }] })).body).toMatchObject({ message: '已取消的课次不能点名' });
    await be.db.updateTable('tbl_calendar').set({ status: 0, start_time: at(120), end_time: at(121.5) }).where('id', '=', 'O1').execute();
  });

  it('checks: deducts per the class rules, writes 课消 with before/after and warns on a short package', async () => {
    const r = await post('check', {
      calendarId: 'P1',
      items: [
        { studentId: 's1', arrivalStatus: 1 },
        { studentId: 's2', arrivalStatus: 4 },
        { studentId: 's3', arrivalStatus: 3 },
      ],
    });
    expect(r.body).toMatchObject({ success: true, message: '点名成功' });
    expect(r.body.result as CheckResult).toEqual({ checked: 3, consumedHours: 4, warnings: ['李四 剩余课时不足（剩余 1，本次扣 2）'] });
    // 张三 pays from the package that expires first; 李四 goes negative (flagged, rule R7).
    expect(await remain('pk1b')).toBe(2);
    expect(await remain('pk1a')).toBe(10);
    expect(await remain('pk2')).toBe(-1);
    const logs = await be.db.selectFrom('tbl_consume_log').selectAll().where('calendar_id', '=', 'P1').orderBy('student_id').execute();
    expect(logs.map((l) => [l.student_id, l.student_course_id, Number(l.hours), Number(l.hours_before), Number(l.hours_after), l.status, l.create_by])).toEqual([
      ['s1', 'pk1b', 2, 4, 2, 0, 'admin'],
      ['s2', 'pk2', 2, 1, -1, 0, 'admin'],
    ]);
    const after = await roll('P1');
    expect(after['张三']).toMatchObject({ arrivalStatus: 1, deductHours: 2, makeupStatus: 0, remainHours: 12 });
    expect(after['李四']).toMatchObject({ arrivalStatus: 4, deductHours: 2, makeupStatus: 1, remainHours: -1 });
    // 请假 is free in this class, and 王五 has no package: no warning for a zero deduction.
    expect(after['王五']).toMatchObject({ arrivalStatus: 3, deductHours: 0, makeupStatus: 1, remainHours: null });
    expect(after['张三'].checkTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const cal = await be.db.selectFrom('tbl_calendar').select('status').where('id', '=', 'P1').executeTakeFirstOrThrow();
    expect(cal.status).toBe(1);
    const log = await be.db.selectFrom('tbl_calendar_log').selectAll().where('calendar_id', '=', 'P1').execute();
    expect(log).toEqual([expect.objectContaining({ action: 'check', detail: '到课 1 人，迟到 0 人，请假 1 人，缺席 1 人', operator: 'admin' })]);
    // The drawer's 操作记录 says 点名 and who by name, though the row holds the code and the username (issue #39).
    const { realname } = await be.db.selectFrom('sys_user').select('realname').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(realname).toBeTruthy();
    const shown = (await be.call('/calendar/tblCalendar/queryById?id=P1', { token: admin })).body.result as { log: { action: string; operator: string | null }[] };
    expect(shown.log).toEqual([expect.objectContaining({ action: '点名', operator: realname })]);
  });

  it('refuses a second check until revoked', async () => {
    expect((await post('check', { calendarId: 'P1', items: [{ studentId: 's1', arrivalStatus: 1 }] })).body).toMatchObject({ success: false, message: '该课次已点名，请先撤销点名' });
  });

  it('a teacher checks with a per-student override and a no-package warning, but cannot revoke', async () => {
    const r = await post(
      'check',
      {
        calendarId: 'P2',
        items: [
          { studentId: 's1', arrivalStatus: 2, deductHours: 1.5 },
          { studentId: 's3', arrivalStatus: 4 },
          { studentId: 's2', arrivalStatus: 3, deductHours: 0.5 },
        ],
      },
      teacher2,
    );
    expect(r.body).toMatchObject({ success: true });
    expect(r.body.result as CheckResult).toEqual({
      checked: 3,
      consumedHours: 2,
      warnings: ['王五 没有可用的课时包', '李四 剩余课时不足（剩余 -1，本次扣 0.5）'],
    });
    const rows = await roll('P2');
    expect(rows['张三']).toMatchObject({ arrivalStatus: 2, deductHours: 1.5, remainHours: 10.5 });
    expect(rows['王五']).toMatchObject({ arrivalStatus: 4, deductHours: 0, makeupStatus: 1 });
    expect(rows['李四']).toMatchObject({ arrivalStatus: 3, deductHours: 0.5, remainHours: -1.5 });
    const checkBy = await be.db.selectFrom('tbl_lesson_student').select('check_by').where('calendar_id', '=', 'P2').where('student_id', '=', 's1').executeTakeFirstOrThrow();
    expect(checkBy.check_by).toBe('teacher2');
    expect((await post('revoke', { calendarId: 'P2' }, teacher2)).body).toMatchObject({ success: false, code: 510 });
  });

  it('revokes: hours go back, 课消 become 已撤销, the roll returns to 待签', async () => {
    const r = await post('revoke', { calendarId: 'P2', reason: '点错了' });
    expect(r.body).toMatchObject({ success: true, result: { revokedHours: 2 } });
    expect(await remain('pk1b')).toBe(2);
    expect(await remain('pk2')).toBe(-1);
    const logs = await be.db.selectFrom('tbl_consume_log').selectAll().where('calendar_id', '=', 'P2').execute();
    expect(logs).toHaveLength(2);
    for (const l of logs) expect(l).toMatchObject({ status: 1, revoke_by: 'admin' });
    expect(logs.every((l) => l.revoke_time instanceof Date)).toBe(true);
    const rows = await roll('P2');
    for (const row of Object.values(rows)) expect(row).toMatchObject({ arrivalStatus: 0, deductHours: null, makeupStatus: 0, checkTime: null });
    const cal = await be.db.selectFrom('tbl_calendar').select('status').where('id', '=', 'P2').executeTakeFirstOrThrow();
    expect(cal.status).toBe(0);
    const log = await be.db.selectFrom('tbl_calendar_log').select(['action', 'detail']).where('calendar_id', '=', 'P2').orderBy('create_time').execute();
    expect(log.map((l) => l.action)).toEqual(['check', 'revoke']);
    expect(log[1].detail).toBe('撤销点名：点错了');
    expect((await post('revoke', { calendarId: 'P2' })).body).toMatchObject({ success: false, message: '该课次未点名，不能撤销' });
  });

  it('lists 待补课 rows with filters and server-side paging', async () => {
    const all = await be.call('/calendar/lessonStudent/pendingMakeup?courseId=c1&pageSize=1', { token: teacher2 });
    const page = all.body.result as { records: PendingMakeupRow[]; total: number; pages: number };
    expect(page.total).toBe(2);
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ calendarId: 'P1', clazzName: '初二数学A班', courseName: '初二数学', title: 'P1 课次' });
    // A teacher (no edu:student:phone) reads the numbers masked; admin in full (issue #21's privacy rule).
    expect(page.records[0].phone).toMatch(/^139\*{4}000\d$/);
    const second = (await be.call('/calendar/lessonStudent/pendingMakeup?courseId=c1&pageSize=1&pageNo=2', { token: admin })).body.result as { records: PendingMakeupRow[] };
    expect(second.records[0].phone).toMatch(/^1390000000\d$/);
    expect(new Set([page.records[0].studentName, second.records[0].studentName])).toEqual(new Set(['李四', '王五']));
    expect(((await be.call('/calendar/lessonStudent/pendingMakeup?clazzId=z2', { token: admin })).body.result as { total: number }).total).toBe(0);
    expect(((await be.call('/calendar/lessonStudent/pendingMakeup?courseId=c2', { token: admin })).body.result as { total: number }).total).toBe(0);
  });

  it('arranges a make-up within the rules and capacities; checking it marks the absence 已补', async () => {
    const rows = await roll('P1');
    const absent = rows['李四'].id;
    const leave = rows['王五'].id;
    const present = rows['张三'].id;
    const makeup = (ids: string[], to: string) => post('makeup', { fromLessonStudentIds: ids, toCalendarId: to });

    expect((await makeup([present], 'T1')).body).toMatchObject({ success: false, message: '张三 不是待补课状态' });
    expect((await makeup([absent], 'F1')).body).toMatchObject({ success: false, message: '该学员已在目标课次中' });
    expect((await makeup([absent], 'P2')).body).toMatchObject({ success: false, message: '目标课次已开始，不能安排补课' });
    expect((await makeup([absent], 'P1')).body).toMatchObject({ success: false, message: '目标课次不可安排补课' });
    expect((await makeup([absent], 'O1')).body).toMatchObject({ success: false, message: '目标课次不是同一课程' });
    // Class B holds 2 of 2; then over-booking allowed, the 2-seat room still refuses.
    expect((await makeup([absent], 'T1')).body).toMatchObject({ success: false, message: '超出班级容量（2人）' });
    await be.db.updateTable('tbl_clazz').set({ allow_over: 1 }).where('id', '=', 'z2').execute();
    expect((await makeup([absent], 'T1')).body).toMatchObject({ success: false, message: '超出教室容量（2人）' });
    // Refusals changed nothing.
    expect((await roll('P1'))['李四'].makeupStatus).toBe(1);

    const ok = await makeup([absent], 'T2');
    expect(ok.body).toMatchObject({ success: true, result: { arranged: 1 } });
    expect((await roll('P1'))['李四'].makeupStatus).toBe(2);
    const target = await roll('T2');
    expect(target['李四']).toMatchObject({ memberType: 3, arrivalStatus: 0, makeupStatus: 0, remainHours: -1 });
    expect(Object.keys(target)).toHaveLength(3);
    const tlog = await be.db.selectFrom('tbl_calendar_log').select(['action', 'detail']).where('calendar_id', '=', 'T2').execute();
    expect(tlog).toEqual([{ action: 'makeup', detail: '安排补课：李四' }]);
    expect((await makeup([absent], 'T1')).body).toMatchObject({ success: false, message: '李四 不是待补课状态' });

    // With a make-up arranged, the original check cannot be revoked.
    expect((await post('revoke', { calendarId: 'P1' })).body).toMatchObject({ success: false, message: '该课次的缺课学员已安排补课，不能撤销点名' });

    // T2 starts within 30 minutes: it may be checked; attending the make-up settles the absence.
    const check = await post('check', { calendarId: 'T2', items: [{ studentId: 's2', arrivalStatus: 1 }] }, teacher2);
    expect(check.body).toMatchObject({ success: true });
    expect((check.body.result as CheckResult).warnings).toEqual(['李四 剩余课时不足（剩余 -1，本次扣 2）']);
    expect((await roll('P1'))['李四'].makeupStatus).toBe(3);
    expect((await roll('T2'))['李四'].makeupStatus).toBe(0);
    const pending = (await be.call('/calendar/lessonStudent/pendingMakeup?courseId=c1', { token: admin })).body.result as { records: PendingMakeupRow[]; total: number };
    expect(pending.total).toBe(1);
    expect(pending.records[0].id).toBe(leave);

    // Revoking the make-up session puts the absence back to 已安排.
    expect((await post('revoke', { calendarId: 'T2' })).body).toMatchObject({ success: true });
    expect((await roll('P1'))['李四'].makeupStatus).toBe(2);
    expect(await remain('pk2')).toBe(-1);
  });

  it('serves a student\'s packages and latest 课消', async () => {
    const r = await be.call('/edu/student/courses?studentId=s1', { token: teacher2 });
    expect(r.body).toMatchObject({ success: true });
    const res = r.body.result as StudentCourses;
    expect(res.packages).toHaveLength(3);
    expect(res.packages.find((p) => p.id === 'pk1b')).toMatchObject({ courseName: '初二数学', buyQty: 3, giftQty: 1, usedQty: 2, remainQty: 2, status: 0, validTo: '2026-12-31' });
    expect(res.packages[res.packages.length - 1]).toMatchObject({ id: 'pk1x', status: 2 });
    expect(res.consumeLogs.map((l) => [l.calendarId, l.hours, l.hoursBefore, l.hoursAfter, l.status])).toEqual([
      ['P2', 1.5, 2, 0.5, 1],
      ['P1', 2, 4, 2, 0],
    ]);
    expect(res.consumeLogs[0]).toMatchObject({ title: 'P2 课次', courseName: '初二数学' });
    expect((await be.call('/edu/student/courses?studentId=nope', { token: admin })).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await be.call('/edu/student/courses', { token: admin })).body).toMatchObject({ success: false, message: '参数错误' });
  });
});
