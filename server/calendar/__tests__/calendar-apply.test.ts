/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { APPLY_MESSAGES as MSG, type ApplyRow } from '../../../lib/calendar/apply-types';
import { toWireTime } from '../../../lib/calendar/wire-time';
import type { ConflictResult, LessonStudentRow, PendingMakeupRow } from '../../../lib/calendar/types';

let be: TestBackend;
let admin: string;
let jiaowu: string;
let teacher2: string;
let marketing: string;

const HOUR = 3600_000;
/** Whole hours from now, so wire times (seconds) round-trip exactly. */
const base = Math.ceil(Date.now() / HOUR) * HOUR;
const at = (h: number) => new Date(base + h * HOUR);
const wire = (h: number) => toWireTime(at(h));

/*
 * Fixture: course c1; rooms r1, r2; classes z1 (张三, 李四) and z2 (孙七); teacher t1 周明 teaches
 * F1 (z1, +48 h, r1) and G1 (z2, +72 h, r2); F2 (z1, +96 h, r1, no teacher); P1 (z1, past); X1 (z1, cancelled);
 * I1 (z1, inner class scope 1, +120 h).
 */
async function fixture() {
  const db = be.db;
  await db.insertInto('tbl_course').values({ id: 'c1', name: '初二数学' }).execute();
  await db.insertInto('tbl_room').values([
    { id: 'r1', location_id: 'loc1', name: '201教室', capacity: 20 },
    { id: 'r2', location_id: 'loc1', name: '202教室', capacity: 20 },
  ]).execute();
  await db.insertInto('tbl_clazz').values([
    { id: 'z1', name: '初二数学A班', course_id: 'c1', capacity: 10, hours_per_lesson: '2' },
    { id: 'z2', name: '初二数学B班', course_id: 'c1', capacity: 10, hours_per_lesson: '2' },
  ]).execute();
  await db.insertInto('tbl_student').values([
    { id: 's1', name: '张三', phone: '13900000001' },
    { id: 's2', name: '李四', phone: '13900000002' },
    { id: 's5', name: '孙七', phone: '13900000005' },
  ]).execute();
  await db.insertInto('tbl_clazz_student').values([
    { id: 'm1', clazz_id: 'z1', student_id: 's1' },
    { id: 'm2', clazz_id: 'z1', student_id: 's2' },
    { id: 'm5', clazz_id: 'z2', student_id: 's5' },
  ]).execute();
  // 周明 is teacher2's teacher record (one identity: the seed links every teacher account to a record).
  await db.deleteFrom('tbl_teacher').where('user_id', '=', 'u_teacher2').execute();
  await db.insertInto('tbl_teacher').values({ id: 't1', name: '周明', status: 1, user_id: 'u_teacher2' }).execute();
  const session = (id: string, clazz: string, start: number, room: string | null, extra: Record<string, unknown> = {}) => ({
    id,
    type: 0,
    title: null,
    clazz_id: clazz,
    course_id: 'c1',
    lesson_no: 3,
    start_time: at(start),
    end_time: at(start + 1.5),
    room_id: room,
    location_id: room ? 'loc1' : null,
    hours: '2',
    content: '<p>一次函数</p>',
    status: 0,
    ...extra,
  });
  await db.insertInto('tbl_calendar').values([
    session('F1', 'z1', 48, 'r1'),
    session('G1', 'z2', 72, 'r2'),
    session('F2', 'z1', 96, 'r1', { lesson_no: 4 }),
    session('P1', 'z1', -48, 'r1', { lesson_no: 1 }),
    session('X1', 'z1', 24, 'r1', { lesson_no: 2, status: 2 }),
    session('I1', 'z1', 120, null, { lesson_no: 5, scope: 1 }),
  ]).execute();
  await db.insertInto('tbl_calendar_teacher').values([
    { id: 'ct1', calendar_id: 'F1', teacher_id: 't1', role: 1 },
    { id: 'ct2', calendar_id: 'G1', teacher_id: 't1', role: 1 },
  ]).execute();
}

beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
  jiaowu = await be.login('jiaowu');
  teacher2 = await be.login('teacher2');
  marketing = await be.login('marketing');
  await fixture();
}, 120_000);
afterAll(() => be.close());

const post = (action: string, json: unknown, token = admin) => be.call(`/calendar/tblCalendarApply/${action}`, { method: 'POST', token, json });
const leave = (calendarId: string, studentId: string, token = admin, reason = '生病') => post('add', { kind: 1, calendarId, studentId, reason }, token);
const reschedule = (calendarId: string, from: number, to: number, token = admin, toRoomId?: string) =>
  post('add', { kind: 2, calendarId, toStartTime: wire(from), toEndTime: wire(to), toRoomId, reason: '教师外出培训' }, token);
const idOf = (r: Awaited<ReturnType<typeof post>>) => {
  expect(r.body).toMatchObject({ success: true });
  return (r.body.result as { id: string }).id;
};
const applyRow = (id: string) => be.db.selectFrom('tbl_calendar_apply').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const list = async (query: string, token = admin) => {
  const r = await be.call(`/calendar/tblCalendarApply/list?${query}`, { token });
  expect(r.body).toMatchObject({ success: true });
  return r.body.result as { records: ApplyRow[]; total: number; current: number; size: number };
};

describe('请假 / 调课 applications', () => {
  it('checks the permission codes on the server', async () => {
    // marketing (not a teaching role, issue #21) may neither apply nor read the list.
    expect((await leave('F1', 's1', marketing)).body).toMatchObject({ success: false, code: 510 });
    expect((await be.call('/calendar/tblCalendarApply/list', { token: marketing })).body).toMatchObject({ success: false, code: 510 });
    const id = idOf(await leave('F1', 's1', teacher2));
    // teacher2 may apply but not audit.
    expect((await post('audit', { id, pass: true }, teacher2)).body).toMatchObject({ success: false, code: 510 });
    expect((await post('audit', { id, pass: true }, marketing)).body).toMatchObject({ success: false, code: 510 });
    expect((await post('withdraw', { id }, marketing)).body).toMatchObject({ success: false, code: 510 });
    expect((await applyRow(id)).audit_status).toBe(0);
    expect((await be.call('/calendar/tblCalendarApply/list')).status).toBe(401);
    // Clean up: the applicant withdraws it.
    expect((await post('withdraw', { id }, teacher2)).body).toMatchObject({ success: true });
  });

  it('refuses leaves for students off the roll, started, closed or non-lesson sessions, and duplicates', async () => {
    expect((await leave('F1', 's5')).body).toMatchObject({ success: false, message: MSG.notOnRoll });
    expect((await leave('P1', 's1')).body).toMatchObject({ success: false, message: MSG.sessionStarted });
    expect((await leave('X1', 's1')).body).toMatchObject({ success: false, message: MSG.sessionClosed });
    expect((await leave('NOPE', 's1')).body).toMatchObject({ success: false, message: MSG.sessionNotFound });
    await be.db.insertInto('tbl_calendar').values({ id: 'M1', type: 4, title: '教研会', start_time: at(30), end_time: at(31) }).execute();
    expect((await leave('M1', 's1')).body).toMatchObject({ success: false, message: MSG.notLesson });
    await be.db.deleteFrom('tbl_calendar').where('id', '=', 'M1').execute();
    expect((await leave('F1', 's1', admin, '   ')).body).toMatchObject({ success: false, message: MSG.reasonRequired });
    expect((await post('add', { kind: 1, calendarId: 'F1', reason: 'x' })).body).toMatchObject({ success: false, message: MSG.studentRequired });
    const id = idOf(await leave('F1', 's2'));
    expect((await leave('F1', 's2', jiaowu)).body).toMatchObject({ success: false, message: MSG.duplicateLeave });
    // Once withdrawn, a new one may be filed.
    expect((await post('withdraw', { id })).body).toMatchObject({ success: true });
    idOf(await leave('F1', 's2'));
    await be.db.updateTable('tbl_calendar_apply').set({ audit_status: 3 }).where('calendar_id', '=', 'F1').execute();
  });

  it('approving a leave marks the roll row 请假 and 待补课; a second audit is refused', async () => {
    const id = idOf(await leave('F1', 's1', teacher2, '发烧'));
    const before = await be.call('/calendar/lessonStudent/list?calendarId=F1', { token: admin });
    expect((before.body.result as LessonStudentRow[]).find((r) => r.studentId === 's1')).toMatchObject({ arrivalStatus: 0, makeupStatus: 0 });
    const r = await post('audit', { id, pass: true, remark: '同意' }, jiaowu);
    expect(r.body).toMatchObject({ success: true, message: '审核通过' });
    const rollRow = await be.db.selectFrom('tbl_lesson_student').selectAll().where('calendar_id', '=', 'F1').where('student_id', '=', 's1').executeTakeFirstOrThrow();
    expect(rollRow).toMatchObject({ arrival_status: 3, makeup_status: 1 });
    const other = await be.db.selectFrom('tbl_lesson_student').selectAll().where('calendar_id', '=', 'F1').where('student_id', '=', 's2').executeTakeFirstOrThrow();
    expect(other).toMatchObject({ arrival_status: 0, makeup_status: 0 });
    expect(await applyRow(id)).toMatchObject({ audit_status: 1, audit_by: 'jiaowu', audit_remark: '同意' });
    const pending = await be.call('/calendar/lessonStudent/pendingMakeup', { token: admin });
    expect((pending.body.result as { records: PendingMakeupRow[] }).records.map((x) => x.studentId)).toContain('s1');
    // Already handled.
    expect((await post('audit', { id, pass: false, remark: '改主意' })).body).toMatchObject({ success: false, message: MSG.notPending });
    expect((await post('withdraw', { id }, teacher2)).body).toMatchObject({ success: false, message: MSG.notPending });
    const log = await be.db.selectFrom('tbl_calendar_log').select(['action', 'detail']).where('calendar_id', '=', 'F1').where('action', '=', 'leave').execute();
    expect(log).toEqual([{ action: 'leave', detail: '请假通过：张三' }]);
    // 审批 messages (新消息通知): the auditors got one on submission, the applicant one on the audit.
    const notices = await be.db
      .selectFrom('sys_announcement as a')
      .innerJoin('sys_announcement_send as s', 's.annt_id', 'a.id')
      .select(['a.titile', 's.user_id'])
      .where('a.bus_type', '=', 'calendar_apply')
      .where('a.bus_id', '=', id)
      .orderBy('a.create_time')
      .orderBy('s.user_id')
      .execute();
    expect(notices).toEqual([
      { titile: '新的请假申请待审核', user_id: 'u_academic' },
      { titile: '新的请假申请待审核', user_id: 'u_admin' },
      { titile: '您的请假申请已通过', user_id: 'u_teacher2' },
    ]);
    // The bell of an applicant who switched 审批 off leaves it out; switched on again, it shows.
    const bellTitles = async () => ((await be.call('/sys/annountCement/listByUser?pageSize=50', { token: teacher2 })).body.result as { sysMsgList: { titile: string }[] }).sysMsgList.map((m) => m.titile);
    expect(await bellTitles()).toContain('您的请假申请已通过');
    const off = await be.call('/sys/user/notifySetting', { method: 'PUT', token: teacher2, json: { announcement: true, task: true, homework: true, approval: false } });
    expect(off.body).toMatchObject({ success: true });
    expect(await bellTitles()).not.toContain('您的请假申请已通过');
    await be.call('/sys/user/notifySetting', { method: 'PUT', token: teacher2, json: { announcement: true, task: true, homework: true, approval: true } });
  });

  it('a reject needs a remark and changes nothing else; only the applicant withdraws, only while 待审核', async () => {
    const id = idOf(await leave('F1', 's2', teacher2));
    expect((await post('audit', { id, pass: false })).body).toMatchObject({ success: false, message: MSG.remarkRequired });
    expect((await post('audit', { id, pass: false, remark: '  ' })).body).toMatchObject({ success: false, message: MSG.remarkRequired });
    expect((await post('withdraw', { id }, jiaowu)).body).toMatchObject({ success: false, message: MSG.withdrawOthers });
    expect((await post('audit', { id, pass: false, remark: '考试周不准假' })).body).toMatchObject({ success: true, message: '已驳回' });
    expect(await applyRow(id)).toMatchObject({ audit_status: 2, audit_remark: '考试周不准假', audit_by: 'admin' });
    const rollRow = await be.db.selectFrom('tbl_lesson_student').selectAll().where('calendar_id', '=', 'F1').where('student_id', '=', 's2').executeTakeFirstOrThrow();
    expect(rollRow).toMatchObject({ arrival_status: 0, makeup_status: 0 });
    expect((await post('withdraw', { id }, teacher2)).body).toMatchObject({ success: false, message: MSG.notPending });

    const id2 = idOf(await leave('F1', 's2', teacher2));
    expect((await post('withdraw', { id: id2 }, teacher2)).body).toMatchObject({ success: true, message: '已撤销' });
    expect((await applyRow(id2)).audit_status).toBe(3);
    expect((await post('audit', { id: id2, pass: true })).body).toMatchObject({ success: false, message: MSG.notPending });
  });

  it('refuses reschedules of closed sessions, to the past, with the end before the start or to the same slot', async () => {
    expect((await reschedule('X1', 200, 201)).body).toMatchObject({ success: false, message: MSG.sessionClosed });
    expect((await reschedule('F2', -3, -2)).body).toMatchObject({ success: false, message: MSG.startInPast });
    expect((await reschedule('F2', 200, 200)).body).toMatchObject({ success: false, message: MSG.endBeforeStart });
    expect((await reschedule('F2', 201, 200)).body).toMatchObject({ success: false, message: MSG.endBeforeStart });
    expect((await reschedule('F2', 96, 97.5)).body).toMatchObject({ success: false, message: MSG.sameSlot });
    expect((await reschedule('F2', 200, 201, admin, 'nope')).body).toMatchObject({ success: false, message: MSG.roomNotFound });
    expect((await post('add', { kind: 2, calendarId: 'F2', toStartTime: 'soon', toEndTime: wire(201), reason: 'x' })).body).toMatchObject({ success: false, message: MSG.timeRequired });
    const id = idOf(await reschedule('F2', 200, 201));
    expect((await reschedule('F2', 210, 211, jiaowu)).body).toMatchObject({ success: false, message: MSG.duplicateReschedule });
    await post('withdraw', { id });
    const count = await be.db.selectFrom('tbl_calendar').select(be.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(6);
  });

  it('approving a clashing reschedule answers 409 like the calendar and changes nothing', async () => {
    // F1 (周明) onto G1's slot, where 周明 teaches 初二数学B班.
    const id = idOf(await reschedule('F1', 72.5, 74, teacher2));
    const r = await post('audit', { id, pass: true }, jiaowu);
    expect(r.body).toMatchObject({ success: false, code: 409 });
    expect(r.body.message).toBe(`教师 周明 在 ${wire(72).slice(0, 10)} ${wire(72).slice(11, 16)}-${wire(73.5).slice(11, 16)} 已有课次「初二数学B班 第3次课」（202教室）`);
    const result = r.body.result as ConflictResult;
    expect(result.canOverride).toBe(false);
    expect(result.conflicts.map((c) => c.kind)).toEqual(['teacher']);
    expect(await applyRow(id)).toMatchObject({ audit_status: 0, result_calendar_id: null });
    const f1 = await be.db.selectFrom('tbl_calendar').select(['status', 'rescheduled_to']).where('id', '=', 'F1').executeTakeFirstOrThrow();
    expect(f1).toEqual({ status: 0, rescheduled_to: null });
    // An override from someone without calendar:entry:override is refused outright.
    expect((await post('audit', { id, pass: true, override: { reason: '临时' } }, jiaowu)).body).toMatchObject({ success: false, code: 510 });
    expect((await post('audit', { id, pass: false, remark: '时间冲突' }, jiaowu)).body).toMatchObject({ success: true });
  });

  it('approving a reschedule moves the session with its teachers, roll and content, in one go', async () => {
    // As 应用到班级 left it (issue #39): what a template put there (content as applied, homework title) moves with the lesson.
    await be.db.updateTable('tbl_calendar').set({ applied_content: '<p>一次函数</p>', homework_title: '函数练习' }).where('id', '=', 'F1').execute();
    const id = idOf(await reschedule('F1', 150, 151.5, teacher2, 'r2'));
    const r = await post('audit', { id, pass: true, remark: '同意调课' }, jiaowu);
    expect(r.body).toMatchObject({ success: true });
    const newId = (r.body.result as { resultCalendarId: string }).resultCalendarId;
    expect(newId).toBeTruthy();
    const old = await be.db.selectFrom('tbl_calendar').selectAll().where('id', '=', 'F1').executeTakeFirstOrThrow();
    expect(old).toMatchObject({ status: 3, rescheduled_to: newId });
    const moved = await be.db.selectFrom('tbl_calendar').selectAll().where('id', '=', newId).executeTakeFirstOrThrow();
    // Moved after F2 (+96 h) and I1 (+120 h): numbered by start time, it is now the class's 4th live session.
    expect(moved).toMatchObject({ status: 0, clazz_id: 'z1', course_id: 'c1', lesson_no: 4, room_id: 'r2', location_id: 'loc1', hours: old.hours, content: '<p>一次函数</p>', conflict_override: 0 });
    expect(moved).toMatchObject({ title: old.title, applied_title: old.applied_title, applied_content: '<p>一次函数</p>', homework_title: '函数练习' });
    expect(moved.start_time.getTime()).toBe(at(150).getTime());
    expect(moved.end_time.getTime()).toBe(at(151.5).getTime());
    const teachers = await be.db.selectFrom('tbl_calendar_teacher').select(['teacher_id', 'role', 'live']).where('calendar_id', '=', newId).execute();
    expect(teachers).toEqual([{ teacher_id: 't1', role: 1, live: 1 }]);
    // The old session left the constraints (its teacher row is no longer live).
    expect((await be.db.selectFrom('tbl_calendar_teacher').select('live').where('calendar_id', '=', 'F1').executeTakeFirstOrThrow()).live).toBe(0);
    // The roll moved, with 张三's approved leave; the old row no longer asks for a makeup.
    const roll = await be.db.selectFrom('tbl_lesson_student').select(['student_id', 'arrival_status', 'makeup_status']).where('calendar_id', '=', newId).orderBy('student_id').execute();
    expect(roll).toEqual([
      { student_id: 's1', arrival_status: 3, makeup_status: 1 },
      { student_id: 's2', arrival_status: 0, makeup_status: 0 },
    ]);
    const oldRow = await be.db.selectFrom('tbl_lesson_student').select('makeup_status').where('calendar_id', '=', 'F1').where('student_id', '=', 's1').executeTakeFirstOrThrow();
    expect(oldRow.makeup_status).toBe(0);
    expect(await applyRow(id)).toMatchObject({ audit_status: 1, result_calendar_id: newId, audit_by: 'jiaowu' });
    const logs = await be.db.selectFrom('tbl_calendar_log').select(['calendar_id', 'action', 'operator']).where('calendar_id', 'in', ['F1', newId]).where('action', 'in', ['reschedule', 'add']).execute();
    expect(logs).toEqual(expect.arrayContaining([{ calendar_id: 'F1', action: 'reschedule', operator: '赵立新' }, { calendar_id: newId, action: 'add', operator: '赵立新' }]));
    // A leave on the moved-away session is no longer possible.
    expect((await leave('F1', 's2')).body).toMatchObject({ success: false, message: MSG.sessionClosed });
  });

  it('admin may approve a clashing reschedule with an override reason', async () => {
    // F2 (z1, r1) onto G1's slot in G1's room r2: a room clash.
    const id = idOf(await reschedule('F2', 72, 73.5, jiaowu, 'r2'));
    const clash = await post('audit', { id, pass: true });
    expect(clash.body).toMatchObject({ code: 409, result: { canOverride: true } });
    expect(clash.body.message).toMatch(/^教室 202教室 在 /);
    const r = await post('audit', { id, pass: true, override: { reason: '202教室够大，合班上课' } });
    expect(r.body).toMatchObject({ success: true });
    const newId = (r.body.result as { resultCalendarId: string }).resultCalendarId;
    const moved = await be.db.selectFrom('tbl_calendar').select(['conflict_override', 'override_reason']).where('id', '=', newId).executeTakeFirstOrThrow();
    expect(moved).toEqual({ conflict_override: 1, override_reason: '202教室够大，合班上课' });
  });

  it('lists newest first with names, filters and paging; inner-class sessions only for calendar:inner:list', async () => {
    idOf(await leave('I1', 's2', jiaowu, '内部班请假'));
    const all = await list('pageNo=1&pageSize=50');
    expect(all.total).toBeGreaterThanOrEqual(10);
    const times = all.records.map((r) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    const newest = all.records[0];
    expect(newest).toMatchObject({ kind: 1, calendarId: 'I1', studentName: '李四', auditStatus: 0, createBy: 'jiaowu', createByName: '赵立新', mine: false, clazzName: '初二数学A班' });
    expect((await list('pageNo=1&pageSize=50', jiaowu)).records[0].mine).toBe(true);

    const approvedLeave = all.records.find((r) => r.kind === 1 && r.auditStatus === 1)!;
    expect(approvedLeave).toMatchObject({ studentName: '张三', auditBy: 'jiaowu', auditByName: '赵立新', auditRemark: '同意', courseName: '初二数学', roomName: '201教室', title: '初二数学A班 第3次课' });
    const moved = all.records.find((r) => r.kind === 2 && r.auditStatus === 1 && r.calendarId === 'F1')!;
    expect(moved).toMatchObject({ teacherId: 't1', teacherName: '周明', toRoomName: '202教室', toStartTime: wire(150), toEndTime: wire(151.5), calendarStatus: 3 });

    const pending = await list('auditStatus=0&pageSize=50');
    expect(pending.records.every((r) => r.auditStatus === 0)).toBe(true);
    const reschedules = await list('kind=2&pageSize=50');
    expect(reschedules.records.length).toBeGreaterThan(0);
    expect(reschedules.records.every((r) => r.kind === 2)).toBe(true);
    const page2 = await list('pageNo=2&pageSize=2');
    expect(page2).toMatchObject({ current: 2, size: 2, total: all.total });
    expect(page2.records.map((r) => r.id)).toEqual(all.records.slice(2, 4).map((r) => r.id));
    const byClazz = await list('clazzId=z2&pageSize=50');
    expect(byClazz.total).toBe(0);
    const day = wire(96).slice(0, 10);
    const byDay = await list(`dateBegin=${day}&dateEnd=${day}&pageSize=50`);
    expect(byDay.records.map((r) => r.calendarId)).toEqual(['F2', 'F2']);
    // Garbage filters are ignored rather than failing.
    expect((await list('kind=9&auditStatus=x&pageSize=50')).total).toBe(all.total);

    // A reader without calendar:inner:list (marketing, given the list for this): the inner-class application stays hidden.
    await be.db.insertInto('sys_role_permission').values({ id: 'rp_test_marketing_apply', role_id: 'role_marketing', permission_id: 'perm_btn_apply_list' }).onConflict((oc) => oc.doNothing()).execute();
    const mk = await list('pageSize=50', marketing);
    expect(mk.records.some((r) => r.calendarId === 'I1')).toBe(false);
    expect(mk.total).toBe(all.total - 1);
  });
});
