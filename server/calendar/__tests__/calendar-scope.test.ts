/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { CALENDAR_MESSAGES } from '../calendar';
import { NO_PERMISSION } from '../../core/errors';
import type { CalendarEntry, CalendarEntryDetail } from '../../../lib/calendar/types';
import type { Envelope } from '../../../lib/envelope';

/*
 * 内部班 (scope 1, ../shared/domain.md §1): the range read returns scope-0 rows unless scope=1 is asked by a
 * holder of calendar:inner:list; the detail of an inner entry reads as missing without it; options list one
 * scope's classes; a class's sessions take the class's scope; writes to inner classes / entries need the
 * code; and the 课表 / 内部班课表 resources are each fixed to their scope on the server.
 */

let be: TestBackend;
let admin: string;
let jiaowu: string;
let marketing: string;

const LOC = 'loc_bj_zgc';

async function fixtures() {
  const db = be.db;
  await db.insertInto('tbl_teacher').values([
    { id: 'tc_s1', name: '钱老师', status: 1, phone: '13900001001', user_id: null, gender: 1, subjects: null, certification: null, venue_id: null, depart_id: null, remark: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null },
  ]).execute();
  await db.insertInto('tbl_room').values([
    { id: 'rm_s1', location_id: LOC, name: '301教室', capacity: 30, status: 1, remark: null, create_by: 'test', update_by: null, update_time: null },
    { id: 'rm_s2', location_id: LOC, name: '302教室', capacity: 30, status: 1, remark: null, create_by: 'test', update_by: null, update_time: null },
  ]).execute();
  await db.insertInto('tbl_course').values({ id: 'co_s', name: '内训课程', color: null, subject: null, price: null, total_lessons: null, intro: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null }).execute();
  const clazz = (id: string, name: string, scope: number) => ({
    id, name, scope, course_id: 'co_s', head_teacher: null, location_id: LOC, room_id: null, capacity: 20, hours_per_lesson: '1', start_date: null, end_date: null, color: null, remark: null,
    own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null,
  });
  await db.insertInto('tbl_clazz').values([clazz('cz_out', '对外一班', 0), clazz('cz_in', '内部培训班', 1)]).execute();
}

beforeAll(async () => {
  be = await startTestBackend();
  [admin, jiaowu, marketing] = await Promise.all([be.login('admin'), be.login('jiaowu'), be.login('marketing')]);
  await fixtures();
}, 120_000);
afterAll(() => be.close());

type Body = Record<string, unknown>;
type Res = Envelope;
const API = '/calendar/tblCalendar';
const get = async (path: string, token: string): Promise<Res> => (await be.call(path, { token })).body;
const post = async (path: string, json: Body, token: string, method = 'POST'): Promise<Res> => (await be.call(path, { method, token, json })).body;
const RANGE = 'start=2031-05-01 00:00:00&end=2031-05-08 00:00:00';
const ids = (r: Res) => (r.result as CalendarEntry[]).map((e) => e.id).sort();
const lesson = (clazzId: string, day: string, over: Body = {}): Body => ({ type: 0, clazzId, clazzStartTime: `2031-05-0${day} 10:00:00`, clazzEndTime: `2031-05-0${day} 11:00:00`, ...over });

let outId: string;
let inId: string;

describe('scope of new entries', () => {
  it('follows the class: an inner class makes scope-1 sessions even when scope 0 is sent', async () => {
    const a = await post(`${API}/add`, lesson('cz_out', '2', { roomId: 'rm_s1' }), jiaowu);
    const b = await post(`${API}/add`, lesson('cz_in', '3', { roomId: 'rm_s2', scope: 0 }), jiaowu);
    expect([a.success, b.success]).toEqual([true, true]);
    outId = (a.result as { id: string }).id;
    inId = (b.result as { id: string }).id;
    const rows = await be.db.selectFrom('tbl_calendar').select(['id', 'scope']).where('id', 'in', [outId, inId]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.scope]))).toEqual({ [outId]: 0, [inId]: 1 });
  });

  it('keeps an outer class outer even when scope 1 is sent; a class-less entry takes the requested scope', async () => {
    const a = await post(`${API}/add`, lesson('cz_out', '4', { scope: 1 }), jiaowu);
    const b = await post(`${API}/add`, { type: 3, title: '内部班教研会', clazzStartTime: '2031-05-05 14:00:00', clazzEndTime: '2031-05-05 15:00:00', scope: 1 }, jiaowu);
    const rows = await be.db.selectFrom('tbl_calendar').select(['id', 'scope']).where('id', 'in', [(a.result as { id: string }).id, (b.result as { id: string }).id]).execute();
    const byId = new Map(rows.map((r) => [r.id, r.scope]));
    expect(byId.get((a.result as { id: string }).id)).toBe(0);
    expect(byId.get((b.result as { id: string }).id)).toBe(1);
  });
});

describe('range read', () => {
  it('without scope or with scope=0 returns 对外教学 rows only, even for admin', async () => {
    for (const q of ['', '&scope=0', '&scope=x']) {
      const r = await get(`${API}/range?${RANGE}${q}`, admin);
      expect(r.success).toBe(true);
      const list = r.result as CalendarEntry[];
      expect(list.map((e) => e.id)).toContain(outId);
      expect(list.every((e) => e.scope === 0)).toBe(true);
    }
  });

  it('scope=1 returns the inner rows to holders of calendar:inner:list', async () => {
    const r = await get(`${API}/range?${RANGE}&scope=1`, jiaowu);
    expect(r.success).toBe(true);
    const list = r.result as CalendarEntry[];
    expect(list.map((e) => e.id)).toContain(inId);
    expect(list.every((e) => e.scope === 1)).toBe(true);
    expect(ids(r)).not.toContain(outId);
  });

  it('scope=1 without calendar:inner:list is the usual no-permission answer', async () => {
    expect(await get(`${API}/range?${RANGE}&scope=1`, marketing)).toMatchObject({ success: false, code: 510, message: NO_PERMISSION });
    const r = await get(`${API}/range?${RANGE}`, marketing);
    expect(ids(r)).not.toContain(inId);
  });
});

describe('detail and options', () => {
  it('an inner entry reads as missing without calendar:inner:list', async () => {
    expect(await get(`${API}/queryById?id=${inId}`, marketing)).toMatchObject({ success: false, message: CALENDAR_MESSAGES.notFound });
    expect(((await get(`${API}/queryById?id=${outId}`, marketing)).result as CalendarEntryDetail).id).toBe(outId);
    expect(((await get(`${API}/queryById?id=${inId}`, jiaowu)).result as CalendarEntryDetail)).toMatchObject({ id: inId, scope: 1 });
  });

  it('an inner entry’s roll reads as missing too without calendar:inner:list', async () => {
    expect(await get(`/calendar/lessonStudent/list?calendarId=${inId}`, marketing)).toMatchObject({ success: false, message: CALENDAR_MESSAGES.notFound });
    expect(await get(`/calendar/lessonStudent/list?calendarId=${outId}`, marketing)).toMatchObject({ success: true });
    expect(await get(`/calendar/lessonStudent/list?calendarId=${inId}`, jiaowu)).toMatchObject({ success: true });
  });

  it('options list the classes of one scope; scope 1 needs the code', async () => {
    const names = (r: Res) => (r.result as { classes: { id: string }[] }).classes.map((c) => c.id);
    expect(names(await get(`${API}/options`, jiaowu))).toEqual(['cz_out']);
    expect(names(await get(`${API}/options?scope=0`, jiaowu))).toEqual(['cz_out']);
    expect(names(await get(`${API}/options?scope=1`, jiaowu))).toEqual(['cz_in']);
    expect(await get(`${API}/options?scope=1`, marketing)).toMatchObject({ success: false, code: 510 });
  });
});

describe('the 课表 lists', () => {
  it('课表 lists scope-0 sessions only, 内部班课表 scope-1 only', async () => {
    const outer = (await get('/calendar/tblCalendarList/list?pageSize=200', admin)).result as { records: { id: string }[] };
    const inner = (await get('/calendar/tblCalendarInnerList/list?pageSize=200', admin)).result as { records: { id: string; clazzId_dictText?: string }[] };
    expect(outer.records.map((r) => r.id)).toContain(outId);
    expect(outer.records.map((r) => r.id)).not.toContain(inId);
    expect(inner.records.map((r) => r.id)).toEqual([inId]);
    expect(await get(`/calendar/tblCalendarList/queryById?id=${inId}`, admin)).toMatchObject({ success: false });
  });

  it('内部班课表 needs calendar:inner:list and has no export', async () => {
    expect(await get('/calendar/tblCalendarInnerList/list', marketing)).toMatchObject({ success: false, code: 510 });
    expect(await get(`/calendar/tblCalendarInnerList/queryById?id=${inId}`, marketing)).toMatchObject({ success: false, code: 510 });
    const exp = await be.call('/calendar/tblCalendarInnerList/exportXls', { token: admin });
    expect(exp.body.success).toBe(false);
  });
});

describe('writes without calendar:inner:list', () => {
  beforeAll(async () => {
    // 教务 keeps add/edit/cancel/series but loses the inner-class code.
    await be.db.deleteFrom('sys_role_permission').where('role_id', '=', 'role_academic').where('permission_id', '=', 'perm_btn_inner_list').execute();
  });

  it('cannot add to an inner class, ask for scope 1, or run a series on an inner class', async () => {
    expect(await post(`${API}/add`, lesson('cz_in', '6'), jiaowu)).toMatchObject({ success: false, message: CALENDAR_MESSAGES.clazzNotFound });
    expect(await post(`${API}/add`, { type: 3, title: '会', clazzStartTime: '2031-05-06 14:00:00', clazzEndTime: '2031-05-06 15:00:00', scope: 1 }, jiaowu)).toMatchObject({ success: false, code: 510 });
    const series = { clazzId: 'cz_in', startDate: '2031-06-01', endDate: '2031-06-30', weekdays: [1], startTime: '10:00', endTime: '11:00', teachers: [{ teacherId: 'tc_s1', role: 1 }] };
    expect(await post('/calendar/scheduleSeries/preview', series, jiaowu)).toMatchObject({ success: false, message: CALENDAR_MESSAGES.clazzNotFound });
    expect(await post('/calendar/scheduleSeries/add', series, jiaowu)).toMatchObject({ success: false, message: CALENDAR_MESSAGES.clazzNotFound });
  });

  it('cannot edit or cancel an inner entry (it reads as missing); outer entries still work', async () => {
    expect(await post(`${API}/edit`, { id: inId, remark: 'x' }, jiaowu, 'PUT')).toMatchObject({ success: false, message: CALENDAR_MESSAGES.notFound });
    expect(await post(`${API}/cancel`, { id: inId }, jiaowu)).toMatchObject({ success: false, message: CALENDAR_MESSAGES.notFound });
    expect((await be.db.selectFrom('tbl_calendar').select(['remark', 'status']).where('id', '=', inId).executeTakeFirstOrThrow())).toEqual({ remark: null, status: 0 });
    expect(await post(`${API}/edit`, { id: outId, remark: '备注' }, jiaowu, 'PUT')).toMatchObject({ success: true });
  });
});
