/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

/*
 * A plain teacher (no calendar:entry:edit) may 点名 only sessions they teach; 教务 and admin any session.
 * teacher2 (周明) is linked to teacher record tch_02; 李文静's record tch_01 teaches the other session.
 */
let be: TestBackend;
let admin: string;
let academic: string;
let teacher2: string;

const HOUR = 3600_000;
const at = (offsetHours: number) => new Date(Date.now() + offsetHours * HOUR);

beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
  academic = await be.login('jiaowu');
  teacher2 = await be.login('teacher2');
  const db = be.db;
  await db.insertInto('tbl_course').values({ id: 'c1', name: '初二数学' }).execute();
  await db.insertInto('tbl_clazz').values({ id: 'z1', name: '初二数学A班', course_id: 'c1', capacity: 10 }).execute();
  await db.insertInto('tbl_student').values({ id: 's1', name: '张三', phone: '13900000001' }).execute();
  await db.insertInto('tbl_clazz_student').values({ id: 'm1', clazz_id: 'z1', student_id: 's1' }).execute();
  // The seed links a teacher record to each demo teacher account; these fixtures bring their own.
  await db.deleteFrom('tbl_teacher').where('user_id', 'in', ['u_teacher', 'u_teacher2']).execute();
  await db.insertInto('tbl_teacher').values([
    { id: 'tch_01', name: '李文静', user_id: 'u_teacher' },
    { id: 'tch_02', name: '周明', user_id: 'u_teacher2' },
  ]).execute();
  const session = (id: string, start: number) => ({ id, type: 0, title: `${id} 课次`, clazz_id: 'z1', course_id: 'c1', start_time: at(start), end_time: at(start + 1), hours: '1', status: 0 });
  await db.insertInto('tbl_calendar').values([session('OWN', -50), session('OWN2', -30), session('OTHER', -10), session('MINE_AS_ASSIST', -5), session('ANY', -2)]).execute();
  await db.insertInto('tbl_calendar_teacher').values([
    { id: 'ct1', calendar_id: 'OWN', teacher_id: 'tch_02', role: 1 },
    { id: 'ct1b', calendar_id: 'OWN2', teacher_id: 'tch_02', role: 1 },
    { id: 'ct2', calendar_id: 'OTHER', teacher_id: 'tch_01', role: 1 },
    { id: 'ct3', calendar_id: 'MINE_AS_ASSIST', teacher_id: 'tch_01', role: 1 },
    { id: 'ct4', calendar_id: 'MINE_AS_ASSIST', teacher_id: 'tch_02', role: 2 },
    { id: 'ct5', calendar_id: 'ANY', teacher_id: 'tch_01', role: 1 },
  ]).execute();
}, 120_000);
afterAll(() => be.close());

const check = (calendarId: string, token: string) =>
  be.call('/calendar/lessonStudent/check', { method: 'POST', token, json: { calendarId, items: [{ studentId: 's1', arrivalStatus: 1 }] } });
const status = async (id: string) => (await be.db.selectFrom('tbl_calendar').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('teachers call only their own sessions', () => {
  it('refuses a teacher on a session they do not teach, and writes nothing', async () => {
    expect((await check('OTHER', teacher2)).body).toMatchObject({ success: false, message: '只能为自己的课次点名' });
    expect(await status('OTHER')).toBe(0);
    const roll = await be.db.selectFrom('tbl_lesson_student').select('arrival_status').where('calendar_id', '=', 'OTHER').execute();
    expect(roll.every((r) => r.arrival_status === 0)).toBe(true);
  });

  it('lets a teacher check a session they teach, as 主讲 or 辅导', async () => {
    expect((await check('OWN', teacher2)).body).toMatchObject({ success: true });
    expect(await status('OWN')).toBe(1);
    expect((await check('MINE_AS_ASSIST', teacher2)).body).toMatchObject({ success: true });
  });

  it('a teacher record that is deleted no longer counts', async () => {
    await be.db.updateTable('tbl_teacher').set({ del_flag: 1 }).where('id', '=', 'tch_02').execute();
    try {
      expect((await check('OWN2', teacher2)).body).toMatchObject({ success: false, message: '只能为自己的课次点名' });
    } finally {
      await be.db.updateTable('tbl_teacher').set({ del_flag: 0 }).where('id', '=', 'tch_02').execute();
    }
  });

  it('教务 and admin (calendar:entry:edit) check any session', async () => {
    expect((await check('OTHER', academic)).body).toMatchObject({ success: true });
    expect((await check('ANY', admin)).body).toMatchObject({ success: true });
  });
});

describe('pending make-ups for a target session (安排补课)', () => {
  /*
   * Course c1: 张三 (s1, member of z1) was absent from DONE; 李四 (s2, not a member) from DONE and from DONE2; 王五 (s3) is already
   * on FUT's roll as 试听. Course c2: 赵六 (s4) absent from C2DONE. The target FUT (z1, c1) is in two days.
   */
  beforeAll(async () => {
    const db = be.db;
    await db.insertInto('tbl_course').values({ id: 'c2', name: '初二英语' }).execute();
    await db.insertInto('tbl_clazz').values({ id: 'z2', name: '初二英语A班', course_id: 'c2', capacity: 10 }).execute();
    await db.insertInto('tbl_student').values([
      { id: 's2', name: '李四', phone: '13900000002' },
      { id: 's3', name: '王五', phone: '13900000003' },
      { id: 's4', name: '赵六', phone: '13900000004' },
    ]).execute();
    const past = (id: string, clazz: string, course: string, start: number) => ({ id, type: 0, title: `${id} 课次`, clazz_id: clazz, course_id: course, start_time: at(start), end_time: at(start + 1), hours: '1', status: 1 });
    await db.insertInto('tbl_calendar').values([
      past('DONE', 'z1', 'c1', -100),
      past('DONE2', 'z1', 'c1', -90),
      past('C2DONE', 'z2', 'c2', -80),
      { ...past('FUT', 'z1', 'c1', 48), status: 0 },
      // No course at all: nothing can be made up into it.
      { ...past('NOCOURSE', 'z1', 'c1', 72), clazz_id: null, course_id: null, status: 0 },
    ]).execute();
    const absent = (id: string, cal: string, student: string) => ({ id, calendar_id: cal, student_id: student, arrival_status: 4, makeup_status: 1 });
    await db.insertInto('tbl_lesson_student').values([
      absent('a1', 'DONE', 's1'),
      absent('a2', 'DONE', 's2'),
      absent('a3', 'DONE2', 's2'),
      absent('a4', 'DONE', 's3'),
      absent('a5', 'C2DONE', 's4'),
      { id: 'f3', calendar_id: 'FUT', student_id: 's3', member_type: 2 },
    ]).execute();
  });

  const pending = async (query: string) => {
    const r = await be.call(`/calendar/lessonStudent/pendingMakeup?${query}`, { token: academic });
    expect(r.body).toMatchObject({ success: true });
    return r.body.result as { records: { id: string }[]; total: number };
  };

  it('lists only the same course, leaving out the roll and the class members of the target', async () => {
    const all = await pending('courseId=c1');
    expect(all.records.map((r) => r.id).sort()).toEqual(['a1', 'a2', 'a3', 'a4']);
    const forFut = await pending('toCalendarId=FUT');
    expect(forFut.total).toBe(2);
    expect(forFut.records.map((r) => r.id).sort()).toEqual(['a2', 'a3']);
    expect(await pending('toCalendarId=NOCOURSE')).toEqual(expect.objectContaining({ total: 0, records: [] }));
    expect(await pending('toCalendarId=missing')).toEqual(expect.objectContaining({ total: 0, records: [] }));
    const bad = await be.call(`/calendar/lessonStudent/pendingMakeup?toCalendarId=${'x'.repeat(40)}`, { token: academic });
    expect(bad.body).toMatchObject({ success: false, message: '参数错误' });
  });
});
