/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { NO_PERMISSION } from '../../core/errors';
import { conflictFromDbError } from '../conflicts';
import { RECURRENCE_MESSAGES } from '../../../lib/calendar/recurrence';
import type { Conflict, SeriesPreview } from '../../../lib/calendar/types';
import type { Envelope } from '../../../lib/envelope';

/*
 * 排课规则 (issue 7): preview with named clashes and skipped holidays, add (409 on a clash, override, the
 * rows it writes), validation, and series edits / cancels that never rewrite past or 已点名 sessions (R3).
 */

let be: TestBackend;
let admin: string;
let jiaowu: string;
let teacher2: string;

const LOC = 'loc_bj_zgc';

async function fixtures() {
  const db = be.db;
  const teacher = (id: string, name: string, phone: string) => ({ id, name, status: 1, phone, user_id: null, gender: 1, subjects: null, certification: null, venue_id: null, depart_id: null, remark: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null });
  await db.insertInto('tbl_teacher').values([teacher('tc_zhou', '周老师', '13900000001'), teacher('tc_li', '李老师', '13900000002')]).execute();
  const room = (id: string, name: string) => ({ id, location_id: LOC, name, capacity: 30, status: 1, remark: null, create_by: 'test', update_by: null, update_time: null });
  await db.insertInto('tbl_room').values([room('rm_201', '201教室'), room('rm_202', '202教室'), room('rm_203', '203教室')]).execute();
  await db.insertInto('tbl_course').values({ id: 'co_math', name: '初中数学', color: null, subject: null, price: null, total_lessons: null, intro: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null }).execute();
  const clazz = (id: string, name: string, room_id: string) => ({
    id, name, course_id: 'co_math', head_teacher: null, location_id: LOC, room_id, capacity: 20, hours_per_lesson: '2', start_date: null, end_date: null, color: null, remark: null,
    own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null,
  });
  await db.insertInto('tbl_clazz').values([clazz('cz_a', '初二数学A班', 'rm_201'), clazz('cz_b', '初二数学B班', 'rm_202'), clazz('cz_c', '初二数学C班', 'rm_203')]).execute();
  const student = (id: string, name: string, phone: string) => ({ id, name, phone, gender: null, birthday: null, school: null, grade: null, guardian: null, guardian_phone: null, source: null, tags: null, remark: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null });
  await db.insertInto('tbl_student').values([student('st_1', '张一', '13700000001'), student('st_2', '张二', '13700000002'), student('st_3', '张三', '13700000003')]).execute();
  const member = (id: string, clazz_id: string, student_id: string, status: number) => ({ id, clazz_id, student_id, status, join_date: null, leave_date: null, create_by: 'test' });
  await db.insertInto('tbl_clazz_student').values([member('cs_1', 'cz_a', 'st_1', 1), member('cs_2', 'cz_a', 'st_2', 1), member('cs_3', 'cz_a', 'st_3', 2)]).execute();
  // 2030-09-09 (a Monday) is a holiday.
  await db.insertInto('tbl_holiday').values({ id: 'hd_1', name: '调休', start_date: '2030-09-09', end_date: '2030-09-09', remark: null, create_by: 'test', update_by: null, update_time: null }).execute();
}

beforeAll(async () => {
  be = await startTestBackend();
  [admin, jiaowu, teacher2] = await Promise.all([be.login('admin'), be.login('jiaowu'), be.login('teacher2')]);
  await fixtures();
}, 120_000);
afterAll(() => be.close());

type Body = Record<string, unknown>;
type Res = Envelope;
const post = async (path: string, json: Body, token = jiaowu): Promise<Res> => (await be.call(path, { method: 'POST', token, json })).body;
const preview = (json: Body, token = jiaowu) => post('/calendar/scheduleSeries/preview', json, token);
const addSeries = (json: Body, token = jiaowu) => post('/calendar/scheduleSeries/add', json, token);
const edit = async (json: Body, token = jiaowu): Promise<Res> => (await be.call('/calendar/tblCalendar/edit', { method: 'PUT', token, json })).body;
const cancel = (json: Body, token = jiaowu) => post('/calendar/tblCalendar/cancel', json, token);

// Mondays and Wednesdays 19:00-20:30 from 2030-09-02 (a Monday), 6 lessons.
const RULE = { clazzId: 'cz_a', startDate: '2030-09-02', count: 6, weekdays: [1, 3], startTime: '19:00', endTime: '20:30', roomId: 'rm_201', teachers: [{ teacherId: 'tc_zhou', role: 1 }], skipHoliday: true };

const seriesRows = (seriesId: string) =>
  be.db.selectFrom('tbl_calendar').select(['id', 'lesson_no', 'start_time', 'end_time', 'status', 'room_id', 'hours', 'course_id', 'conflict_override']).where('series_id', '=', seriesId).orderBy('start_time').execute();

describe('preview and add', () => {
  let clashId: string;

  beforeAll(async () => {
    // An earlier lesson of the class (numbering continues after it) and another class's lesson that clashes on the teacher.
    expect((await post('/calendar/tblCalendar/add', { type: 0, clazzId: 'cz_a', roomId: 'rm_201', teachers: [{ teacherId: 'tc_li', role: 1 }], clazzStartTime: '2030-08-26 19:00:00', clazzEndTime: '2030-08-26 20:30:00' })).success).toBe(true);
    const r = await post('/calendar/tblCalendar/add', { type: 0, clazzId: 'cz_b', roomId: 'rm_202', teachers: [{ teacherId: 'tc_zhou', role: 1 }], clazzStartTime: '2030-09-04 20:00:00', clazzEndTime: '2030-09-04 21:00:00' });
    clashId = (r.result as { id: string }).id;
  });

  it('previews sessions with lesson numbers, skipped holidays and named clashes', async () => {
    const r = await preview(RULE);
    expect(r.success).toBe(true);
    const p = r.result as SeriesPreview;
    expect(p.skippedHolidays).toEqual(['2030-09-09']);
    expect(p.sessions.map((s) => s.clazzStartTime)).toEqual(['2030-09-02 19:00:00', '2030-09-04 19:00:00', '2030-09-11 19:00:00', '2030-09-16 19:00:00', '2030-09-18 19:00:00', '2030-09-23 19:00:00']);
    expect(p.sessions.map((s) => s.lessonNo)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(p.sessions[0].clazzEndTime).toBe('2030-09-02 20:30:00');
    expect(p.sessions[1].conflicts).toEqual([expect.objectContaining({ kind: 'teacher', resourceName: '周老师', calendarId: clashId, title: '初二数学B班 第1次课' })]);
    expect(p.sessions.filter((s) => s.conflicts.length)).toHaveLength(1);
    expect(p.rrule).toContain('RRULE:FREQ=WEEKLY');
    expect(p.rrule).toContain('BYDAY=MO,WE');
    // Without skipping, the holiday is a lesson.
    const noSkip = (await preview({ ...RULE, skipHoliday: false })).result as SeriesPreview;
    expect(noSkip.sessions.map((s) => s.clazzStartTime.slice(0, 10))).toContain('2030-09-09');
    expect(await preview(RULE, teacher2)).toMatchObject({ success: false, code: 510 });
  });

  it('refuses a clashing rule with 409 (no rows written), and an override without the permission', async () => {
    const r = await addSeries(RULE);
    expect(r.code).toBe(409);
    expect(r.message).toBe('教师 周老师 在 2030-09-04 20:00-21:00 已有课次「初二数学B班 第1次课」（中关村校区 202教室）');
    expect((r.result as { conflicts: Conflict[] }).conflicts).toHaveLength(1);
    expect(await be.db.selectFrom('tbl_schedule_series').select('id').execute()).toEqual([]);
    expect(await addSeries({ ...RULE, override: { reason: '先排上' } }, jiaowu)).toMatchObject({ code: 510, message: NO_PERMISSION });
  });

  it('validates the rule with Chinese messages', async () => {
    expect((await preview({ ...RULE, weekdays: [] })).message).toBe(RECURRENCE_MESSAGES.noWeekdays);
    expect((await preview({ ...RULE, endDate: '2030-12-31' })).message).toBe(RECURRENCE_MESSAGES.endOrCount);
    expect((await preview({ ...RULE, count: null })).message).toBe(RECURRENCE_MESSAGES.endOrCount);
    expect((await preview({ ...RULE, endTime: '18:00' })).message).toBe(RECURRENCE_MESSAGES.endBeforeStart);
    expect((await preview({ ...RULE, count: null, startDate: '2030-09-10', endDate: '2030-09-10' })).message).toBe(RECURRENCE_MESSAGES.nothing);
    expect((await preview({ ...RULE, count: 501 })).message).toBe(RECURRENCE_MESSAGES.tooMany);
    expect((await preview({ ...RULE, teachers: [] })).message).toBe('请选择上课教师');
    expect((await preview({ ...RULE, clazzId: 'nope' })).message).toBe('班级不存在');
  });

  it('adds the series: rows, teachers, rolls, class status; numbering continues', async () => {
    const r = await addSeries({ ...RULE, exdates: ['2030-09-04'] });
    expect(r).toMatchObject({ success: true, code: 200 });
    const { seriesId, count } = r.result as { seriesId: string; count: number };
    expect(count).toBe(6);
    const rows = await seriesRows(seriesId);
    expect(rows.map((x) => x.lesson_no)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(rows.map((x) => x.start_time.toISOString())).toEqual(['2030-09-02T11:00:00.000Z', '2030-09-11T11:00:00.000Z', '2030-09-16T11:00:00.000Z', '2030-09-18T11:00:00.000Z', '2030-09-23T11:00:00.000Z', '2030-09-25T11:00:00.000Z']);
    expect(rows.every((x) => x.status === 0 && x.room_id === 'rm_201' && Number(x.hours) === 2 && x.course_id === 'co_math' && x.conflict_override === 0)).toBe(true);
    const ids = rows.map((x) => x.id);
    const teachers = await be.db.selectFrom('tbl_calendar_teacher').select(['teacher_id', 'live']).where('calendar_id', 'in', ids).execute();
    expect(teachers).toHaveLength(6);
    expect(teachers.every((t) => t.teacher_id === 'tc_zhou' && t.live === 1)).toBe(true);
    const roll = await be.db.selectFrom('tbl_lesson_student').select(['student_id', 'member_type']).where('calendar_id', 'in', ids).execute();
    expect(roll).toHaveLength(12);
    expect(new Set(roll.map((x) => x.student_id))).toEqual(new Set(['st_1', 'st_2']));
    expect(await be.db.selectFrom('tbl_clazz').select(['status', 'schedule_status']).where('id', '=', 'cz_a').executeTakeFirst()).toEqual({ status: 1, schedule_status: 2 });
    const series = await be.db.selectFrom('tbl_schedule_series').selectAll().where('id', '=', seriesId).executeTakeFirstOrThrow();
    expect(series).toMatchObject({ clazz_id: 'cz_a', count: 6, start_time: '19:00', end_time: '20:30', room_id: 'rm_201', location_id: LOC, skip_holiday: 1, exdates: ['2030-09-04'], teachers: [{ teacherId: 'tc_zhou', role: 1 }] });
    expect(series.rrule).toContain('EXDATE;TZID=Asia/Shanghai:20300904T190000');
    expect(series.rrule).toContain('EXDATE;TZID=Asia/Shanghai:20300909T190000');
  });

  it('an administrator may save a clashing series with a reason; the clashing session is flagged and logged', async () => {
    const r = await addSeries({ ...RULE, clazzId: 'cz_c', roomId: 'rm_203', count: 2, startDate: '2030-09-02', override: { reason: '与B班合上' }, teachers: [{ teacherId: 'tc_zhou', role: 1 }] }, admin);
    // 09-02 clashes with cz_a's series (teacher), 09-04 with cz_b's lesson (teacher).
    expect(r.success).toBe(true);
    const rows = await seriesRows((r.result as { seriesId: string }).seriesId);
    expect(rows.map((x) => x.conflict_override)).toEqual([1, 1]);
    const log = await be.db.selectFrom('tbl_calendar_log').select(['action', 'detail']).where('calendar_id', '=', rows[0].id).where('action', '=', 'override').executeTakeFirstOrThrow();
    expect(log.detail).toContain('与B班合上');
    expect(log.detail).toContain('教师周老师');
  });
});

describe('series edits (R3)', () => {
  let rows: Awaited<ReturnType<typeof seriesRows>>;
  let seriesId: string;

  beforeAll(async () => {
    const r = await addSeries({ clazzId: 'cz_b', startDate: '2030-10-01', count: 6, weekdays: [2], startTime: '10:00', endTime: '11:00', roomId: 'rm_202', teachers: [{ teacherId: 'tc_li', role: 1 }] });
    expect(r.success).toBe(true);
    seriesId = (r.result as { seriesId: string }).seriesId;
    rows = await seriesRows(seriesId);
    // Session 0 is in the past; session 1 is 已点名.
    await be.db.updateTable('tbl_calendar').set({ start_time: new Date('2020-09-29T02:00:00Z'), end_time: new Date('2020-09-29T03:00:00Z') }).where('id', '=', rows[0].id).execute();
    await be.db.updateTable('tbl_calendar').set({ status: 1 }).where('id', '=', rows[1].id).execute();
    rows = await seriesRows(seriesId);
  });

  const iso = (d: Date) => d.toISOString();

  it("'all' shifts every future 未开始 session by the same delta, never past or 已点名 ones", async () => {
    // Session 2 (2030-10-15 10:00-11:00) → 2030-10-15 14:00-15:30: +4 h and 30 minutes longer.
    const r = await edit({ id: rows[2].id, apply: 'all', clazzStartTime: '2030-10-15 14:00:00', clazzEndTime: '2030-10-15 15:30:00' });
    expect(r).toMatchObject({ success: true, result: { count: 4 } });
    const after = await seriesRows(seriesId);
    expect(iso(after[0].start_time)).toBe(iso(rows[0].start_time));
    expect(iso(after[1].start_time)).toBe(iso(rows[1].start_time));
    for (let i = 2; i < 6; i++) {
      expect(after[i].start_time.getTime() - rows[i].start_time.getTime()).toBe(4 * 3600_000);
      expect(after[i].end_time.getTime() - after[i].start_time.getTime()).toBe(90 * 60_000);
    }
    const logged = await be.db.selectFrom('tbl_calendar_log').select('detail').where('calendar_id', '=', after[5].id).where('action', '=', 'edit').executeTakeFirstOrThrow();
    expect(logged.detail).toBe('时间 11-05 10:00-11:00 → 11-05 14:00-15:30');
    rows = after;
  });

  it("'all' may move the series by a whole week onto its own slots (rows move in the shift's direction)", async () => {
    const r = await edit({ id: rows[2].id, apply: 'all', clazzStartTime: '2030-10-22 14:00:00', clazzEndTime: '2030-10-22 15:30:00' });
    expect(r.success).toBe(true);
    const after = await seriesRows(seriesId);
    for (let i = 2; i < 6; i++) expect(after[i].start_time.getTime() - rows[i].start_time.getTime()).toBe(7 * 86_400_000);
    // And back.
    expect((await edit({ id: rows[2].id, apply: 'all', clazzStartTime: '2030-10-15 14:00:00', clazzEndTime: '2030-10-15 15:30:00' })).success).toBe(true);
    rows = await seriesRows(seriesId);
    expect(iso(rows[2].start_time)).toBe('2030-10-15T06:00:00.000Z');
  });

  it("'following' re-assigns room and teachers from this session on; 'this' touches one", async () => {
    const r = await edit({ id: rows[3].id, apply: 'following', roomId: 'rm_203', teachers: [{ teacherId: 'tc_zhou', role: 1 }, { teacherId: 'tc_li', role: 2 }] });
    expect(r).toMatchObject({ success: true, result: { count: 3 } });
    const after = await seriesRows(seriesId);
    expect(after.map((x) => x.room_id)).toEqual(['rm_202', 'rm_202', 'rm_202', 'rm_203', 'rm_203', 'rm_203']);
    const t = await be.db.selectFrom('tbl_calendar_teacher').select(['calendar_id', 'teacher_id', 'role']).where('calendar_id', 'in', after.map((x) => x.id)).execute();
    const teachersOf = (id: string) => t.filter((x) => x.calendar_id === id).map((x) => `${x.teacher_id}:${x.role}`).sort();
    expect(teachersOf(after[1].id)).toEqual(['tc_li:1']);
    expect(teachersOf(after[2].id)).toEqual(['tc_li:1']);
    expect(teachersOf(after[4].id)).toEqual(['tc_li:2', 'tc_zhou:1']);
    const one = await edit({ id: after[4].id, apply: 'this', clazzStartTime: '2030-10-29 16:00:00', clazzEndTime: '2030-10-29 17:30:00' });
    expect(one).toMatchObject({ success: true, result: { count: 1 } });
    const last = await seriesRows(seriesId);
    expect(iso(last[4].start_time)).toBe('2030-10-29T08:00:00.000Z');
    expect(iso(last[5].start_time)).toBe(iso(after[5].start_time));
    rows = last;
  });

  it('a series edit that clashes anywhere is refused as a whole, naming the clash', async () => {
    const blocker = await post('/calendar/tblCalendar/add', { type: 1, title: '家长会', roomId: 'rm_203', clazzStartTime: '2030-11-05 15:30:00', clazzEndTime: '2030-11-05 16:00:00' });
    expect(blocker.success).toBe(true);
    // Same start, 10 minutes longer: session 5 (11-05 14:00-15:30, room 203) would run into 家长会, which touched it before.
    const r = await edit({ id: rows[2].id, apply: 'all', clazzStartTime: '2030-10-15 14:00:00', clazzEndTime: '2030-10-15 15:40:00' });
    expect(r.code).toBe(409);
    expect(r.message).toMatch(/^教室 203教室 在 2030-11-05 15:30-16:00 已有课次「家长会」/);
    const unchanged = await seriesRows(seriesId);
    expect(unchanged.map((x) => iso(x.end_time))).toEqual(rows.map((x) => iso(x.end_time)));
  });

  it("cancel 'following' cancels future 未开始 sessions from this one", async () => {
    const r = await cancel({ id: rows[3].id, apply: 'following', reason: '学期调整' });
    expect(r).toMatchObject({ success: true, result: { count: 3 } });
    expect((await seriesRows(seriesId)).map((x) => x.status)).toEqual([0, 1, 0, 2, 2, 2]);
    const teachers = await be.db.selectFrom('tbl_calendar_teacher').select('live').where('calendar_id', '=', rows[5].id).execute();
    expect(teachers.every((x) => x.live === 0)).toBe(true);
  });
});

describe('conflictFromDbError', () => {
  it('maps each exclusion constraint to its kind and ignores other errors', () => {
    expect(conflictFromDbError({ code: '23P01', constraint: 'tbl_calendar_room_excl' })?.kind).toBe('room');
    expect(conflictFromDbError({ code: '23P01', message: 'conflicting key value violates exclusion constraint "tbl_calendar_clazz_excl"' })?.kind).toBe('clazz');
    expect(conflictFromDbError({ code: '23P01', constraint: 'tbl_calendar_teacher_excl' })?.message).toMatch(/教师/);
    expect(conflictFromDbError({ code: '23505' })).toBeNull();
    expect(conflictFromDbError(new Error('x'))).toBeNull();
  });
});
