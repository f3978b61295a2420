/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { sql } from 'kysely';
import { CALENDAR_MESSAGES, queryRange, queryRangeJson, queryRangeText, teacherNotActive, type RangeQuery } from '../calendar';
import { NO_PERMISSION } from '../../core/errors';
import { linkId } from '../../core/ids';
import { CALENDAR_CHANGED } from '../../../lib/calendar/types';
import type { CalendarEntry, CalendarEntryDetail, Conflict } from '../../../lib/calendar/types';
import type { Envelope } from '../../../lib/envelope';

/*
 * 行事历 entries (issue 7): conflicts named per kind (rule R1), touching allowed, cancelled entries free
 * the slot, the logged override and its permission, edits and cancels, the range read and its filters,
 * and the exclusion constraints deciding two concurrent writers. Passes on PGlite and PostgreSQL.
 */

let be: TestBackend;
let admin: string;
let jiaowu: string;
let teacher2: string;

const LOC = 'loc_bj_zgc';
const LOC2 = 'loc_bj_guomao';

async function fixtures() {
  const db = be.db;
  await db.insertInto('tbl_teacher').values([
    { id: 'tc_zhou', name: '周老师', status: 1, phone: '13900000001', user_id: null, gender: 1, subjects: null, certification: null, venue_id: null, depart_id: null, remark: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null },
    { id: 'tc_li', name: '李老师', status: 1, phone: '13900000002', user_id: null, gender: 2, subjects: null, certification: null, venue_id: null, depart_id: null, remark: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null },
    { id: 'tc_wang', name: '王老师', status: 1, phone: '13900000003', user_id: null, gender: 1, subjects: null, certification: null, venue_id: null, depart_id: null, remark: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null },
    { id: 'tc_gone', name: '赵离职', status: 2, phone: '13900000004', user_id: null, gender: 1, subjects: null, certification: null, venue_id: null, depart_id: null, remark: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null },
  ]).execute();
  const room = (id: string, location_id: string, name: string) => ({ id, location_id, name, capacity: 30, status: 1, remark: null, create_by: 'test', update_by: null, update_time: null });
  await db.insertInto('tbl_room').values([room('rm_201', LOC, '201教室'), room('rm_202', LOC, '202教室'), room('rm_203', LOC, '203教室'), room('rm_gm1', LOC2, '1号教室')]).execute();
  await db.insertInto('tbl_course').values({ id: 'co_math', name: '初中数学', color: '#1677ff', subject: null, price: null, total_lessons: null, intro: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null }).execute();
  const clazz = (id: string, name: string, room_id: string) => ({
    id, name, course_id: 'co_math', head_teacher: null, location_id: LOC, room_id, capacity: 20, hours_per_lesson: '2', start_date: null, end_date: null, color: null, remark: null,
    own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null,
  });
  await db.insertInto('tbl_clazz').values([clazz('cz_a', '初二数学A班', 'rm_201'), clazz('cz_b', '初二数学B班', 'rm_202'), clazz('cz_c', '初二数学C班', 'rm_203')]).execute();
  const student = (id: string, name: string, phone: string) => ({ id, name, phone, gender: null, birthday: null, school: null, grade: null, guardian: null, guardian_phone: null, source: null, tags: null, remark: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null });
  await db.insertInto('tbl_student').values([student('st_1', '张一', '13700000001'), student('st_2', '张二', '13700000002'), student('st_3', '张三', '13700000003')]).execute();
  const member = (id: string, clazz_id: string, student_id: string, status: number) => ({ id, clazz_id, student_id, status, join_date: null, leave_date: null, create_by: 'test' });
  await db.insertInto('tbl_clazz_student').values([member('cs_1', 'cz_a', 'st_1', 1), member('cs_2', 'cz_a', 'st_2', 1), member('cs_3', 'cz_a', 'st_3', 2), member('cs_4', 'cz_b', 'st_3', 1)]).execute();
}

beforeAll(async () => {
  be = await startTestBackend();
  [admin, jiaowu, teacher2] = await Promise.all([be.login('admin'), be.login('jiaowu'), be.login('teacher2')]);
  await fixtures();
}, 120_000);
afterAll(() => be.close());

type Body = Record<string, unknown>;
type Res = Envelope;
const API = '/calendar/tblCalendar';
const add = async (json: Body, token = jiaowu): Promise<Res> => (await be.call(`${API}/add`, { method: 'POST', token, json })).body;
const edit = async (json: Body, token = jiaowu): Promise<Res> => (await be.call(`${API}/edit`, { method: 'PUT', token, json })).body;
const cancel = async (json: Body, token = jiaowu): Promise<Res> => (await be.call(`${API}/cancel`, { method: 'POST', token, json })).body;
const range = async (query: string, token = jiaowu): Promise<Res> => (await be.call(`${API}/range?${query}`, { token })).body;
const detail = async (id: string, token = jiaowu) => (await be.call(`${API}/queryById?id=${id}`, { token })).body.result as CalendarEntryDetail;
const lesson = (over: Body = {}): Body => ({ type: 0, clazzId: 'cz_a', roomId: 'rm_201', teachers: [{ teacherId: 'tc_zhou', role: 1 }], clazzStartTime: '2030-03-04 10:00:00', clazzEndTime: '2030-03-04 11:30:00', ...over });
async function added(json: Body, token = jiaowu): Promise<string> {
  const r = await add(json, token);
  expect(r).toMatchObject({ success: true, code: 200 });
  return (r.result as { id: string }).id;
}
const conflictsOf = (r: Res) => (r.result as { conflicts: Conflict[]; canOverride: boolean }).conflicts;
const row = (id: string) => be.db.selectFrom('tbl_calendar').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('add and conflicts', () => {
  let first: string;

  it('adds a 课次 with course, hours, lesson number, roll and log from the class', async () => {
    first = await added(lesson());
    const r = await row(first);
    expect(r).toMatchObject({ course_id: 'co_math', lesson_no: 1, status: 0, conflict_override: 0, location_id: LOC, create_by: 'jiaowu' });
    expect(Number(r.hours)).toBe(2);
    expect(r.start_time.toISOString()).toBe('2030-03-04T02:00:00.000Z');
    const roll = await be.db.selectFrom('tbl_lesson_student').select(['student_id', 'member_type']).where('calendar_id', '=', first).orderBy('student_id').execute();
    expect(roll).toEqual([{ student_id: 'st_1', member_type: 0 }, { student_id: 'st_2', member_type: 0 }]);
    const d = await detail(first);
    expect(d).toMatchObject({ title: '初二数学A班 第1次课', clazzName: '初二数学A班', courseName: '初中数学', roomName: '201教室', studentCount: 2, clazzStartTime: '2030-03-04 10:00:00' });
    expect(d.teachers).toEqual([{ teacherId: 'tc_zhou', role: 1, name: '周老师' }]);
    // 操作记录 in words (issue #39: it read `add · 赵立新`).
    expect(d.log[0]).toMatchObject({ action: '新增', operator: '赵立新' });
  });

  it('refuses a teacher clash, naming the teacher, the entry, the venue and the room', async () => {
    const r = await add(lesson({ clazzId: 'cz_b', roomId: 'rm_202', clazzStartTime: '2030-03-04 11:00:00', clazzEndTime: '2030-03-04 12:00:00' }));
    expect(r.code).toBe(409);
    expect(r.message).toBe('教师 周老师 在 2030-03-04 10:00-11:30 已有课次「初二数学A班 第1次课」（中关村校区 201教室）');
    expect(conflictsOf(r)).toEqual([
      expect.objectContaining({ kind: 'teacher', resourceName: '周老师', calendarId: first, roomName: '201教室', teacherNames: ['周老师'], clazzStartTime: '2030-03-04 10:00:00', clazzEndTime: '2030-03-04 11:30:00' }),
    ]);
    expect((r.result as { canOverride: boolean }).canOverride).toBe(false);
  });

  it('refuses a room clash and a class clash', async () => {
    const room = await add(lesson({ clazzId: 'cz_b', teachers: [{ teacherId: 'tc_li', role: 1 }], clazzStartTime: '2030-03-04 09:00:00', clazzEndTime: '2030-03-04 10:30:00' }));
    expect(room.code).toBe(409);
    expect(room.message).toMatch(/^教室 201教室 在 2030-03-04 10:00-11:30 已有课次「初二数学A班 第1次课」/);
    expect(conflictsOf(room).map((c) => c.kind)).toEqual(['room']);
    const clazz = await add(lesson({ roomId: 'rm_202', teachers: [{ teacherId: 'tc_li', role: 1 }] }));
    expect(clazz.code).toBe(409);
    expect(clazz.message).toMatch(/^班级 初二数学A班 在/);
    expect(conflictsOf(clazz).map((c) => c.kind)).toEqual(['clazz']);
    // All three at once: every clash is listed, the message says how many.
    const all = await add(lesson());
    expect(conflictsOf(all).map((c) => c.kind).sort()).toEqual(['clazz', 'room', 'teacher']);
    expect(all.message).toContain('共3处冲突');
  });

  it('allows touching ranges (half-open) and numbers lessons by start time, not by when they were added', async () => {
    const after = await added(lesson({ clazzStartTime: '2030-03-04 11:30:00', clazzEndTime: '2030-03-04 12:30:00' }));
    const before = await added(lesson({ clazzStartTime: '2030-03-04 09:00:00', clazzEndTime: '2030-03-04 10:00:00' }));
    // Added last but earliest: 第1次课; the 10:00 session becomes 第2次课 (issue #21).
    expect((await row(before)).lesson_no).toBe(1);
    expect((await row(first)).lesson_no).toBe(2);
    expect((await row(after)).lesson_no).toBe(3);
    expect((await detail(before)).title).toBe('初二数学A班 第1次课');
  });

  it('a cancelled entry no longer blocks; a 已点名 one cannot be cancelled', async () => {
    const id = await added(lesson({ clazzStartTime: '2030-03-05 10:00:00', clazzEndTime: '2030-03-05 11:00:00' }));
    expect((await add(lesson({ clazzId: 'cz_b', roomId: 'rm_202', clazzStartTime: '2030-03-05 10:00:00', clazzEndTime: '2030-03-05 11:00:00' }))).code).toBe(409);
    expect(await cancel({ id, reason: '老师请假' })).toMatchObject({ success: true });
    expect((await row(id)).status).toBe(2);
    await added(lesson({ clazzId: 'cz_b', roomId: 'rm_202', clazzStartTime: '2030-03-05 10:00:00', clazzEndTime: '2030-03-05 11:00:00' }));
    expect((await detail(id)).log[0]).toMatchObject({ action: '取消', detail: '取消：老师请假' });
    expect((await cancel({ id })).message).toBe(CALENDAR_MESSAGES.closed);
    const checked = await added(lesson({ clazzStartTime: '2030-03-06 10:00:00', clazzEndTime: '2030-03-06 11:00:00' }));
    await be.db.updateTable('tbl_calendar').set({ status: 1 }).where('id', '=', checked).execute();
    expect((await cancel({ id: checked })).message).toBe(CALENDAR_MESSAGES.checkedCancel);
  });

  it('override: refused without the permission (510), saved and logged with it, and still named later', async () => {
    const clash = lesson({ clazzId: 'cz_c', roomId: 'rm_203', override: { reason: '临时代课，已协调' } });
    expect(await add(clash, jiaowu)).toMatchObject({ success: false, code: 510, message: NO_PERMISSION });
    const noReason = await add({ ...clash, override: { reason: '  ' } }, admin);
    expect(noReason.message).toBe('请填写强制保存的原因');
    const plain = await add({ ...clash, override: undefined }, admin);
    expect(plain.code).toBe(409);
    expect((plain.result as { canOverride: boolean }).canOverride).toBe(true);
    const id = await added(clash, admin);
    const r = await row(id);
    expect(r).toMatchObject({ conflict_override: 1, override_reason: '临时代课，已协调' });
    const log = (await detail(id, admin)).log;
    expect(log.map((l) => l.action)).toContain('强制保存');
    // The 10:00 session is 第2次课 since the 09:00 one was added before it in time.
    expect(log.find((l) => l.action === '强制保存')!.detail).toContain('教师周老师「初二数学A班 第2次课」');
    // An entry saved with an override is skipped by the constraints but still named by the check.
    const again = await add(lesson({ clazzId: 'cz_c', roomId: 'rm_gm1', locationId: LOC2, teachers: [{ teacherId: 'tc_wang', role: 1 }] }));
    expect(again.code).toBe(409);
    expect(conflictsOf(again)).toEqual([expect.objectContaining({ kind: 'clazz', calendarId: id })]);
  });

  it('validates the input', async () => {
    expect((await add(lesson({ clazzId: null }))).message).toBe(CALENDAR_MESSAGES.clazzRequired);
    expect((await add(lesson({ clazzStartTime: '2030-03-10 10:00:00', clazzEndTime: '2030-03-10 10:00:00' }))).message).toBe(CALENDAR_MESSAGES.endBeforeStart);
    expect((await add(lesson({ clazzStartTime: '2030-02-30 10:00:00' }))).message).toBe(CALENDAR_MESSAGES.badTime);
    expect((await add(lesson({ locationId: LOC2 }))).message).toBe(CALENDAR_MESSAGES.roomNotInLocation);
    expect((await add(lesson({ roomId: 'nope' }))).message).toBe(CALENDAR_MESSAGES.roomNotFound);
    expect((await add(lesson({ teachers: [{ teacherId: 'tc_gone', role: 1 }] }))).message).toBe(teacherNotActive('赵离职'));
    expect((await add(lesson({ teachers: [{ teacherId: 'tc_nobody', role: 1 }] }))).message).toBe(CALENDAR_MESSAGES.teacherNotFound);
    expect((await add(lesson({ teachers: [{ teacherId: 'tc_li', role: 1 }, { teacherId: 'tc_li', role: 2 }] }))).message).toBe(CALENDAR_MESSAGES.teacherDuplicate);
    const meeting = { type: 4, clazzStartTime: '2030-03-10 10:00:00', clazzEndTime: '2030-03-10 11:00:00', teachers: [{ teacherId: 'tc_li', role: 1 }] };
    expect((await add(meeting)).message).toBe(CALENDAR_MESSAGES.titleRequired);
    expect((await add({ ...meeting, title: '教研会', liveUrl: 'javascript:alert(1)' })).message).toBe(CALENDAR_MESSAGES.liveUrl);
    expect((await add({ ...meeting, title: 'x'.repeat(101) })).message).toBe('标题最多100个字');
    const id = await added({ ...meeting, title: '教研会<script>x</script>', liveUrl: 'https://live.example.com/r/1', content: '<p>议程</p><script>alert(1)</script><img src=x onerror=alert(1)>' });
    const r = await row(id);
    expect(r.title).toBe('教研会');
    expect(r.content).not.toMatch(/script|onerror/);
    expect(r.content).toContain('<p>议程</p>');
    expect(r).toMatchObject({ lesson_no: null, clazz_id: null, live_url: 'https://live.example.com/r/1' });
    expect(Number(r.hours)).toBe(0);
  });

  it('permission: a teacher may read but not add (510)', async () => {
    expect(await add(lesson({ clazzStartTime: '2030-04-01 10:00:00', clazzEndTime: '2030-04-01 11:00:00' }), teacher2)).toMatchObject({ success: false, code: 510 });
    expect(await edit({ id: 'x' }, teacher2)).toMatchObject({ code: 510 });
    expect(await cancel({ id: 'x' }, teacher2)).toMatchObject({ code: 510 });
    expect((await range('start=2030-03-01&end=2030-04-01', teacher2)).success).toBe(true);
    const anon = await be.call(`${API}/range?start=2030-03-01&end=2030-04-01`);
    expect(anon.body.success).toBe(false);
  });
});

describe('range query', () => {
  it('returns overlapping entries with names and headcount, filtered, including cancelled ones', async () => {
    const r = await range('start=2030-03-04&end=2030-03-05');
    expect(r.success).toBe(true);
    const list = r.result as CalendarEntry[];
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.map((e) => e.clazzStartTime)).toEqual([...list.map((e) => e.clazzStartTime)].sort());
    const first = list.find((e) => e.lessonNo === 1 && e.clazzId === 'cz_a')!;
    expect(first).toMatchObject({ clazzName: '初二数学A班', courseName: '初中数学', roomName: '201教室', locationName: '中关村校区', studentCount: 2, color: '#1677ff', hours: 2, status: 0, type: 0 });
    expect(first.teachers).toEqual([{ teacherId: 'tc_zhou', role: 1, name: '周老师' }]);
    expect((list.find((e) => e.clazzId === 'cz_c') as CalendarEntry).conflictOverride).toBe(true);

    const byRoom = (await range('start=2030-03-04&end=2030-03-05&roomId=rm_203')).result as CalendarEntry[];
    expect(byRoom.map((e) => e.roomId)).toEqual(['rm_203']);
    const byTeacher = (await range('start=2030-03-01&end=2030-03-31&teacherId=tc_li')).result as CalendarEntry[];
    expect(byTeacher.length).toBeGreaterThan(0);
    expect(byTeacher.every((e) => e.teachers.some((t) => t.teacherId === 'tc_li'))).toBe(true);
    const byClazz = (await range('start=2030-03-01&end=2030-03-31&clazzId=cz_b')).result as CalendarEntry[];
    expect(byClazz.every((e) => e.clazzId === 'cz_b')).toBe(true);
    const meetings = (await range('start=2030-03-01&end=2030-03-31&type=4')).result as CalendarEntry[];
    expect(meetings.map((e) => e.type)).toEqual([4]);
    const cancelled = (await range('start=2030-03-01&end=2030-03-31&status=2')).result as CalendarEntry[];
    expect(cancelled.map((e) => e.status)).toEqual([2]);
    const withCancelled = (await range('start=2030-03-05&end=2030-03-06')).result as CalendarEntry[];
    expect(withCancelled.map((e) => e.status).sort()).toEqual([0, 2]);
    // Half-open: an entry ending exactly at `start` is not in the range.
    const edge = (await range('start=2030-03-04 12:30:00&end=2030-03-04 13:00:00')).result as CalendarEntry[];
    expect(edge).toEqual([]);
  });

  it(`refuses more than 62 days and a malformed range`, async () => {
    expect((await range('start=2030-03-01&end=2030-05-02')).success).toBe(true);
    expect((await range('start=2030-03-01&end=2030-05-03')).message).toBe('查询范围不能超过62天');
    expect((await range('start=2030-03-05&end=2030-03-01')).message).toBe(CALENDAR_MESSAGES.badRange);
    expect((await range('start=x&end=y')).message).toBe(CALENDAR_MESSAGES.badRange);
  });

  it('serves bounded option lists', async () => {
    const r = await be.call(`${API}/options`, { token: teacher2 });
    const o = r.body.result as { teachers: { id: string }[]; rooms: { id: string; locationId: string }[]; classes: { id: string; hoursPerLesson: number }[]; courses: unknown[]; locations: { id: string; name: string }[] };
    expect(o.teachers.map((t) => t.id)).not.toContain('tc_gone');
    expect(o.teachers.map((t) => t.id)).toContain('tc_zhou');
    expect(o.rooms).toContainEqual(expect.objectContaining({ id: 'rm_201', locationId: LOC }));
    expect(o.classes).toContainEqual(expect.objectContaining({ id: 'cz_a', hoursPerLesson: 2 }));
    expect(o.locations).toContainEqual({ id: LOC, name: '中关村校区' });
  });
});

describe('edit', () => {
  let id: string;
  beforeAll(async () => {
    id = await added(lesson({ clazzStartTime: '2030-03-11 10:00:00', clazzEndTime: '2030-03-11 11:30:00' }));
  });

  it('moves and resizes, logging the change', async () => {
    const r = await edit({ id, clazzStartTime: '2030-03-12 14:00:00', clazzEndTime: '2030-03-12 15:30:00' });
    expect(r).toMatchObject({ success: true, result: { count: 1 } });
    const saved = await row(id);
    expect(saved.start_time.toISOString()).toBe('2030-03-12T06:00:00.000Z');
    const teacherRow = await be.db.selectFrom('tbl_calendar_teacher').selectAll().where('calendar_id', '=', id).executeTakeFirstOrThrow();
    expect(teacherRow.start_time.toISOString()).toBe('2030-03-12T06:00:00.000Z');
    expect((await detail(id)).log[0]).toMatchObject({ action: '编辑', detail: '时间 03-11 10:00-11:30 → 03-12 14:00-15:30' });
  });

  it('re-checks conflicts on move, room and teacher changes', async () => {
    await added(lesson({ clazzId: 'cz_b', roomId: 'rm_202', teachers: [{ teacherId: 'tc_li', role: 1 }], clazzStartTime: '2030-03-13 14:00:00', clazzEndTime: '2030-03-13 15:00:00' }));
    const into = { id, clazzStartTime: '2030-03-13 14:30:00', clazzEndTime: '2030-03-13 16:00:00' };
    const room = await edit({ ...into, roomId: 'rm_202' });
    expect(room.code).toBe(409);
    expect(conflictsOf(room).map((c) => c.kind)).toEqual(['room']);
    const teacher = await edit({ ...into, roomId: 'rm_203', teachers: [{ teacherId: 'tc_li', role: 2 }] });
    expect(conflictsOf(teacher).map((c) => `${c.kind}:${c.resourceName}`)).toEqual(['teacher:李老师']);
    expect((await row(id)).start_time.toISOString()).toBe('2030-03-12T06:00:00.000Z');
    const fine = await edit({ ...into, roomId: 'rm_203', teachers: [{ teacherId: 'tc_wang', role: 1 }, { teacherId: 'tc_zhou', role: 2 }] });
    expect(fine.success).toBe(true);
    const d = await detail(id);
    expect(d).toMatchObject({ roomName: '203教室', clazzStartTime: '2030-03-13 14:30:00', clazzEndTime: '2030-03-13 16:00:00' });
    expect(d.teachers.map((t) => `${t.name}:${t.role}`)).toEqual(['王老师:1', '周老师:2']);
    expect(d.log[0].detail).toBe('时间 03-12 14:00-15:30 → 03-13 14:30-16:00；教室 201教室 → 203教室；教师 周老师 → 王老师、周老师');
  });

  it('refuses moving a 已点名 entry and editing a cancelled one; text edits of a 已点名 entry are fine', async () => {
    await be.db.updateTable('tbl_calendar').set({ status: 1 }).where('id', '=', id).execute();
    expect((await edit({ id, clazzStartTime: '2030-03-13 15:00:00', clazzEndTime: '2030-03-13 16:00:00' })).message).toBe(CALENDAR_MESSAGES.checkedTime);
    const text = await edit({ id, content: '<p>第一章</p><script>x</script>', remark: '带练习册' });
    expect(text.success).toBe(true);
    expect(await row(id)).toMatchObject({ content: '<p>第一章</p>', remark: '带练习册', status: 1 });
    await be.db.updateTable('tbl_calendar').set({ status: 2 }).where('id', '=', id).execute();
    expect((await edit({ id, remark: 'x' })).message).toBe(CALENDAR_MESSAGES.closed);
    await be.db.updateTable('tbl_calendar').set({ status: 3 }).where('id', '=', id).execute();
    expect((await edit({ id, remark: 'x' })).message).toBe(CALENDAR_MESSAGES.closed);
    expect((await edit({ id: 'missing', remark: 'x' })).message).toBe(CALENDAR_MESSAGES.notFound);
  });

  it('override on edit needs the permission and is logged', async () => {
    const a = await added(lesson({ clazzId: 'cz_b', roomId: 'rm_202', teachers: [{ teacherId: 'tc_li', role: 1 }], clazzStartTime: '2030-03-20 10:00:00', clazzEndTime: '2030-03-20 11:00:00' }));
    const b = await added(lesson({ clazzId: 'cz_c', roomId: 'rm_203', teachers: [{ teacherId: 'tc_wang', role: 1 }], clazzStartTime: '2030-03-20 12:00:00', clazzEndTime: '2030-03-20 13:00:00' }));
    const onto = { id: b, clazzStartTime: '2030-03-20 10:30:00', clazzEndTime: '2030-03-20 11:30:00', roomId: 'rm_202', override: { reason: '合班上课' } };
    expect((await edit(onto, jiaowu)).code).toBe(510);
    expect((await edit(onto, admin)).success).toBe(true);
    expect(await row(b)).toMatchObject({ conflict_override: 1, override_reason: '合班上课' });
    expect((await detail(b)).log.map((l) => l.action)).toEqual(expect.arrayContaining(['编辑', '强制保存']));
    // Moving it away again clears the override: the constraints watch it again.
    expect((await edit({ id: b, clazzStartTime: '2030-03-20 12:00:00', clazzEndTime: '2030-03-20 13:00:00', roomId: 'rm_203' })).success).toBe(true);
    expect(await row(b)).toMatchObject({ conflict_override: 0, override_reason: null });
    expect(a).toBeTruthy();
  });
});

describe('concurrency', () => {
  it('two concurrent adds double-booking a teacher: exactly one succeeds', async () => {
    const at = { clazzStartTime: '2030-05-06 10:00:00', clazzEndTime: '2030-05-06 11:00:00', teachers: [{ teacherId: 'tc_li', role: 1 }] };
    const [x, y] = await Promise.all([add(lesson({ ...at, clazzId: 'cz_b', roomId: 'rm_202' })), add(lesson({ ...at, clazzId: 'cz_c', roomId: 'rm_203' }))]);
    expect([x.code, y.code].sort()).toEqual([200, 409]);
    const lost = x.code === 409 ? x : y;
    expect(lost.message).toMatch(/教师/);
    const rows = await be.db
      .selectFrom('tbl_calendar as c')
      .innerJoin('tbl_calendar_teacher as t', 't.calendar_id', 'c.id')
      .select('c.id')
      .where('t.teacher_id', '=', 'tc_li')
      .where('c.start_time', '=', new Date('2030-05-06T02:00:00Z'))
      .where('c.del_flag', '=', 0)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('range scale', () => {
  it('reads 3,000 entries of a 62-day range in set-based queries', async () => {
    const base = Date.parse('2031-01-01T00:00:00Z');
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      id: `perf${String(i).padStart(5, '0')}`, type: 0, clazz_id: 'cz_c', course_id: 'co_math', lesson_no: 1000 + i,
      start_time: new Date(base + i * 20 * 60_000), end_time: new Date(base + (i * 20 + 15) * 60_000), location_id: LOC, room_id: 'rm_203', hours: '1',
      title: null, series_id: null, content: null, live_url: null, remark: null, color: null, override_reason: null, rescheduled_to: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null,
    }));
    for (let i = 0; i < rows.length; i += 500) await be.db.insertInto('tbl_calendar').values(rows.slice(i, i + 500)).execute();
    const teachers = rows.map((r) => ({ id: `t${r.id}`, calendar_id: r.id, teacher_id: 'tc_wang', role: 1 }));
    for (let i = 0; i < teachers.length; i += 500) await be.db.insertInto('tbl_calendar_teacher').values(teachers.slice(i, i + 500)).execute();
    const t0 = Date.now();
    const r = await range('start=2031-01-01&end=2031-03-01');
    const ms = Date.now() - t0;
    const list = r.result as CalendarEntry[];
    expect(list).toHaveLength(3000);
    expect(list[2999].teachers).toEqual([{ teacherId: 'tc_wang', role: 1, name: '王老师' }]);
    expect(list[0].studentCount).toBe(0);
    // Generous bound for a shared 2-core machine; N+1 reads would take far longer.
    expect(ms).toBeLessThan(5000);
  });
});

describe('range answer paths (issue #28)', () => {
  // The route answers from queryRangeText on PostgreSQL and queryRangeJson on PGlite, both written without the
  // entry objects of queryRange: each must answer as queryRange does, entry for entry and field for field.
  const WEEK = { start: new Date('2033-02-06T16:00:00Z'), end: new Date('2033-02-13T16:00:00Z') };
  const at = (day: number, h: number) => new Date(Date.UTC(2033, 1, 7 + day, h));

  beforeAll(async () => {
    const db = be.db;
    await sql`insert into tbl_room (id, location_id, name, capacity) values ('rm_quote', ${LOC2}, ${'教室"甲"\\1\n'}, 10)`.execute(db);
    const entry = async (id: string, over: Record<string, unknown> & { start_time: Date; end_time: Date }) => {
      const e = { type: 0, title: null, clazz_id: null, course_id: null, series_id: null, lesson_no: null, all_day: 0, location_id: LOC, room_id: null, hours: '2', status: 0, scope: 0, color: null, conflict_override: 0, del_flag: 0, ...over };
      await sql`insert into tbl_calendar (id, type, title, clazz_id, course_id, series_id, lesson_no, start_time, end_time, all_day, location_id, room_id, hours, status, scope, color, conflict_override, del_flag)
        values (${id}, ${e.type}, ${e.title}, ${e.clazz_id}, ${e.course_id}, ${e.series_id}, ${e.lesson_no}, ${e.start_time}, ${e.end_time}, ${e.all_day}, ${e.location_id}, ${e.room_id}, ${e.hours}, ${e.status}, ${e.scope}, ${e.color}, ${e.conflict_override}, ${e.del_flag})`.execute(db);
    };
    const teach = (calendarId: string, teacherId: string, role: number) =>
      sql`insert into tbl_calendar_teacher (id, calendar_id, teacher_id, role) values (${`t_${calendarId}_${teacherId}`}, ${calendarId}, ${teacherId}, ${role})`.execute(db);
    // A class session without a title (named from the class), three teachers in two roles, 1.5 hours; the class's course colour.
    await entry('rp_lesson', { clazz_id: 'cz_a', course_id: 'co_math', lesson_no: 3, room_id: 'rm_201', hours: '1.5', start_time: at(0, 2), end_time: at(0, 4) });
    await teach('rp_lesson', 'tc_zhou', 1);
    await teach('rp_lesson', 'tc_wang', 2);
    await teach('rp_lesson', 'tc_li', 2);
    // Cancelled in the same room and time, with a title that needs escaping and its own colour.
    await entry('rp_cancelled', { clazz_id: 'cz_b', lesson_no: 1, title: '调课 "特别" \\ 课\n\t', room_id: 'rm_201', color: '#ff0000', status: 2, start_time: at(0, 2), end_time: at(0, 4) });
    await teach('rp_cancelled', 'tc_zhou', 1);
    // A meeting without class, room or title, all day; its teacher has no record (no name).
    await entry('rp_meeting', { type: 4, all_day: 1, start_time: at(1, 0), end_time: at(2, 0) });
    await teach('rp_meeting', 'tc_nobody', 1);
    // Kept over a clash (overridden): the same room again; a class without students; a lesson without a number.
    await entry('rp_override', { clazz_id: 'cz_c', room_id: 'rm_201', conflict_override: 1, start_time: at(0, 3), end_time: at(0, 5) });
    // A series session in the other venue, in a room whose name needs escaping.
    await entry('rp_series', { clazz_id: 'cz_a', series_id: 'se_rp', lesson_no: 4, location_id: LOC2, room_id: 'rm_quote', start_time: at(2, 2), end_time: at(2, 3) });
    await teach('rp_series', 'tc_li', 1);
    // A class id with a roll but no class row (no name, yet a headcount, as queryRange counts it).
    await entry('rp_orphan', { clazz_id: 'cz_orphan', lesson_no: 2, start_time: at(4, 2), end_time: at(4, 3) });
    await sql`insert into tbl_clazz_student (id, clazz_id, student_id, status) values ('cs_orphan', 'cz_orphan', 'st_1', 1)`.execute(db);
    // 内部班 (scope 1) and a deleted entry: neither is in the default read.
    await entry('rp_inner', { title: '内部会议', type: 4, scope: 1, start_time: at(3, 2), end_time: at(3, 3) });
    await teach('rp_inner', 'tc_li', 1);
    await entry('rp_deleted', { title: '已删除', type: 4, del_flag: 1, start_time: at(3, 2), end_time: at(3, 3) });
  });

  const filters: [string, Partial<RangeQuery>][] = [
    ['default', {}],
    ['scope 1', { scope: 1 }],
    ['a teacher', { teacherId: 'tc_li' }],
    ['cancelled only', { statuses: [2] }],
    ['meetings', { types: [4] }],
    ['a room', { roomId: 'rm_201' }],
    ['a class', { clazzId: 'cz_a' }],
    ['my sessions', { ownTeacherIds: ['tc_zhou'] }],
    ['no teacher record', { ownTeacherIds: [] }],
  ];

  it.each(filters)('%s: queryRangeText and queryRangeJson answer as queryRange', async (_name, f) => {
    const q: RangeQuery = { ...WEEK, ...f };
    const expected = JSON.parse(JSON.stringify(await queryRange(be.db, q))) as CalendarEntry[];
    expect(JSON.parse(await queryRangeText(be.db, q))).toStrictEqual(expected);
    expect(JSON.parse(await queryRangeJson(be.db, q))).toStrictEqual(expected);
  });

  it('the route sends that answer, with the edge cases above in it', async () => {
    const list = (await range('start=2033-02-07&end=2033-02-14', admin)).result as CalendarEntry[];
    expect(list).toStrictEqual(JSON.parse(JSON.stringify(await queryRange(be.db, { ...WEEK, scope: 0 }))));
    const byId = new Map(list.map((e) => [e.id, e]));
    expect([...byId.keys()].sort()).toEqual(['rp_cancelled', 'rp_lesson', 'rp_meeting', 'rp_orphan', 'rp_override', 'rp_series']);
    expect(byId.get('rp_orphan')).toMatchObject({ clazzId: 'cz_orphan', clazzName: null, title: '', studentCount: 1 });
    expect(byId.get('rp_lesson')).toMatchObject({ title: '初二数学A班 第3次课', hours: 1.5, studentCount: 2, color: '#1677ff', clazzStartTime: '2033-02-07 10:00:00' });
    const teachers = byId.get('rp_lesson')!.teachers;
    expect(teachers[0]).toEqual({ teacherId: 'tc_zhou', role: 1, name: '周老师' });
    expect(teachers.slice(1).map((t) => `${t.role} ${t.teacherId}`).sort()).toEqual(['2 tc_li', '2 tc_wang']);
    expect(byId.get('rp_cancelled')).toMatchObject({ title: '调课 "特别" \\ 课\n\t', status: 2, color: '#ff0000', studentCount: 1 });
    expect(byId.get('rp_meeting')).toMatchObject({ title: '', allDay: true, clazzId: null, lessonNo: null, studentCount: 0, teachers: [{ teacherId: 'tc_nobody', role: 1 }] });
    expect(byId.get('rp_meeting')!.teachers[0]).not.toHaveProperty('name');
    expect(byId.get('rp_override')).toMatchObject({ conflictOverride: true, title: '初二数学C班 第?次课', studentCount: 0 });
    expect(byId.get('rp_series')).toMatchObject({ seriesId: 'se_rp', roomName: '教室"甲"\\1\n', locationId: LOC2 });
  });
});

describe('我的 / 全部 and the push to an open calendar (issue #21)', () => {
  const DAY = 'start=2032-01-05&end=2032-01-06';
  let mine: string;
  let other: string;
  const ids = (r: Res) => (r.result as CalendarEntry[]).map((e) => e.id).sort();
  const mineLesson = (over: Body = {}) => lesson({ clazzId: 'cz_b', roomId: 'rm_202', teachers: [{ teacherId: 'tc_mine', role: 1 }], clazzStartTime: '2032-01-05 09:00:00', clazzEndTime: '2032-01-05 10:00:00', ...over });

  beforeAll(async () => {
    // teacher2's account is linked to a teacher record (the seed's, renamed for this suite): that is who "I" am.
    await be.db.updateTable('tbl_teacher').set({ id: 'tc_mine' }).where('user_id', '=', 'u_teacher2').where('del_flag', '=', 0).execute();
    mine = await added(mineLesson());
    other = await added(lesson({ clazzStartTime: '2032-01-05 14:00:00', clazzEndTime: '2032-01-05 15:00:00' }));
  });

  it('mine=1 keeps the caller\'s own sessions; the options name the caller\'s teacher records', async () => {
    expect(ids(await range(`${DAY}&mine=1`, teacher2))).toEqual([mine]);
    expect(ids(await range(DAY, teacher2))).toEqual([mine, other].sort());
    // 教务 has no teacher record: 我的 is empty, 全部 is everything.
    expect(ids(await range(`${DAY}&mine=1`))).toEqual([]);
    const options = async (token: string) => ((await be.call(`${API}/options`, { token })).body.result as { myTeacherIds: string[] }).myTeacherIds;
    expect(await options(teacher2)).toEqual(['tc_mine']);
    expect(await options(jiaowu)).toEqual([]);
  });

  it('without calendar:entry:all a user reads only their own sessions, whatever they ask', async () => {
    const link = linkId('role_teacher', 'perm_btn_cal_all');
    const saved = await be.db.selectFrom('sys_role_permission').selectAll().where('id', '=', link).executeTakeFirstOrThrow();
    await be.db.deleteFrom('sys_role_permission').where('id', '=', link).execute();
    try {
      expect(ids(await range(DAY, teacher2))).toEqual([mine]);
      expect((await detail(mine, teacher2)).id).toBe(mine);
      const foreign = await be.call(`${API}/queryById?id=${other}`, { token: teacher2 });
      expect(foreign.body).toMatchObject({ success: false, message: '日程不存在或已删除' });
      const list = (await be.call('/calendar/tblCalendarList/list?pageSize=100&clazzStartTime_begin=2032-01-05 00:00:00&clazzStartTime_end=2032-01-05 23:59:59', { token: teacher2 })).body.result as { records: { id: string }[] };
      expect(list.records.map((r) => r.id)).toEqual([mine]);
    } finally {
      await be.db.insertInto('sys_role_permission').values(saved).execute();
    }
  });

  it('tells the teachers of an added, moved or cancelled session (before and after) to reload', async () => {
    const notify = jest.fn();
    be.setNotifier(notify);
    try {
      const id = await added(mineLesson({ clazzStartTime: '2032-01-06 09:00:00', clazzEndTime: '2032-01-06 10:00:00' }));
      expect(notify).toHaveBeenLastCalledWith(['u_teacher2'], CALENDAR_CHANGED);
      // Given to a teacher without an account: the one taken off still hears of it.
      notify.mockClear();
      expect(await edit({ id, apply: 'this', teachers: [{ teacherId: 'tc_wang', role: 1 }] })).toMatchObject({ success: true });
      expect(notify).toHaveBeenCalledWith(['u_teacher2'], CALENDAR_CHANGED);
      notify.mockClear();
      expect(await cancel({ id: other, apply: 'this', reason: '测试' })).toMatchObject({ success: true });
      // Nobody with an account teaches it: no push.
      expect(notify).not.toHaveBeenCalled();
    } finally {
      be.setNotifier(() => undefined);
    }
  });
});
