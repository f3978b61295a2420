/** @jest-environment node */
import ExcelJS from 'exceljs';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Envelope } from '../../../lib/envelope';

/*
 * 员工管理 and 工作交接 (issue #23 items 6, 8) through the production handler: 离职 blocked by held work and named
 * counts, the handover's preview = what it moves, one transaction (a clash in the receiver's timetable leaves
 * everything where it was), the refusals, the owner history, the notices and the lists.
 */

let be: TestBackend;
let admin: string;
let jiaowu: string;
let marketing: string;

type Page = { records: Record<string, unknown>[]; total: number };

beforeAll(async () => {
  be = await startTestBackend();
  [admin, jiaowu, marketing] = await Promise.all([be.login('admin'), be.login('jiaowu'), be.login('marketing')]);
}, 120_000);
afterAll(() => be?.close());

const post = async (path: string, json: unknown, token = jiaowu) => (await be.call(path, { method: 'POST', token, json })).body as Envelope;
const put = async (path: string, json: unknown, token = jiaowu) => (await be.call(path, { method: 'PUT', token, json })).body as Envelope;
const get = async (path: string, token = jiaowu) => (await be.call(path, { token })).body as Envelope;

let seq = 0;
const uniq = () => `${Date.now() % 100000}${++seq}`;
const HOUR = 3600_000;
/** Far in the future, a different hour per call: fresh teachers never meet the demo timetable. */
let slot = 0;
const future = () => new Date(Date.UTC(2031, 0, 5) + ++slot * 4 * HOUR);

async function user(realname: string, opts: { teacher?: boolean; phone?: string } = {}): Promise<{ id: string; teacherId: string | null }> {
  const id = `u_t${uniq()}`;
  await be.db.insertInto('sys_user').values({ id, username: id, realname, password_hash: 'x', phone: opts.phone ?? null }).execute();
  let teacherId: string | null = null;
  if (opts.teacher) {
    teacherId = `tch_${uniq()}`;
    await be.db.insertInto('tbl_teacher').values({ id: teacherId, user_id: id, name: realname, status: 1 }).execute();
  }
  return { id, teacherId };
}

const phone = () => `137${String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8)}`;

async function lead(ownBy: string) {
  const id = `ld_${uniq()}`;
  await be.db.insertInto('tbl_lead').values({ id, name: `线索${id}`, phone: phone(), own_by: ownBy, owner_time: new Date() }).execute();
  return id;
}
async function student(ownBy: string) {
  const id = `st_${uniq()}`;
  await be.db.insertInto('tbl_student').values({ id, name: `学员${id}`, phone: phone(), own_by: ownBy }).execute();
  return id;
}
async function clazz(values: { own_by?: string; head_teacher?: string; name?: string }) {
  const id = `cz_${uniq()}`;
  await be.db.insertInto('tbl_clazz').values({ id, name: values.name ?? `班级${id}`, capacity: 10, ...values }).execute();
  return id;
}
async function session(teacherId: string, start: Date, opts: { clazzId?: string; lessonNo?: number; status?: number } = {}) {
  const id = `cal_${uniq()}`;
  await be.db
    .insertInto('tbl_calendar')
    .values({ id, type: 0, clazz_id: opts.clazzId ?? null, lesson_no: opts.lessonNo ?? null, start_time: start, end_time: new Date(start.getTime() + 1.5 * HOUR), status: opts.status ?? 0, hours: '1.5' })
    .execute();
  await be.db.insertInto('tbl_calendar_teacher').values({ id: `ct_${uniq()}`, calendar_id: id, teacher_id: teacherId, role: 1 }).execute();
  return id;
}
async function task(assignee: string, status = 0) {
  const id = `tk_${uniq()}`;
  await be.db.insertInto('tbl_task').values({ id, title: `任务${id}`, assignee, status }).execute();
  return id;
}

const ownerOf = async (table: 'tbl_lead' | 'tbl_student' | 'tbl_clazz', id: string) => (await be.db.selectFrom(table).select('own_by').where('id', '=', id).executeTakeFirstOrThrow()).own_by;
const teachersOf = async (calendarId: string) => (await be.db.selectFrom('tbl_calendar_teacher').select('teacher_id').where('calendar_id', '=', calendarId).execute()).map((r) => r.teacher_id);
const ALL = ['lead', 'student', 'clazz', 'session', 'task'];

describe('离职 and 工作交接', () => {
  it('refuses 离职 naming the counts, previews the handover, moves it all, then allows 离职 and 复职', async () => {
    const from = await user('交接人甲', { teacher: true });
    const to = await user('接收人乙', { teacher: true });
    const leads = [await lead(from.id), await lead(from.id), await lead(from.id)];
    const students = [await student(from.id), await student(from.id)];
    const owned = await clazz({ own_by: from.id });
    const headed = await clazz({ head_teacher: from.teacherId!, own_by: 'u_admin' });
    const s1 = await session(from.teacherId!, future(), { clazzId: headed, lessonNo: 1 });
    const s2 = await session(from.teacherId!, future());
    const past = await session(from.teacherId!, new Date(Date.now() - 48 * HOUR));
    const cancelled = await session(from.teacherId!, future(), { status: 2 });
    const open = [await task(from.id, 0), await task(from.id, 1)];
    const done = await task(from.id, 2);

    const refused = await post('/edu/staff/leave', { id: from.id, leaveDate: '2026-12-01' });
    expect(refused).toMatchObject({ success: false, message: '该员工还有线索3条、学员2名、班级2个、未上课次2节、未完成任务2个，请先进行工作交接' });
    expect(refused.result).toMatchObject({ counts: { lead: 3, student: 2, clazz: 2, session: 2, task: 2 }, userId: from.id });

    const preview = await post('/edu/handover/preview', { fromUser: from.id, toUser: to.id, scopes: ALL });
    expect(preview).toMatchObject({ success: true, result: { lead: 3, student: 2, clazz: 2, session: 2, task: 2 } });
    const moved = await post('/edu/handover/add', { fromUser: from.id, toUser: to.id, scopes: ALL, reason: '调岗' });
    expect(moved).toMatchObject({ success: true, message: '工作交接完成' });
    expect((moved.result as { counts: unknown }).counts).toEqual(preview.result);

    for (const id of leads) expect(await ownerOf('tbl_lead', id)).toBe(to.id);
    for (const id of students) expect(await ownerOf('tbl_student', id)).toBe(to.id);
    expect(await ownerOf('tbl_clazz', owned)).toBe(to.id);
    expect((await be.db.selectFrom('tbl_clazz').select('head_teacher').where('id', '=', headed).executeTakeFirstOrThrow()).head_teacher).toBe(to.teacherId);
    expect(await teachersOf(s1)).toEqual([to.teacherId]);
    expect(await teachersOf(s2)).toEqual([to.teacherId]);
    // Past and cancelled sessions, and finished tasks, stay as they were.
    expect(await teachersOf(past)).toEqual([from.teacherId]);
    expect(await teachersOf(cancelled)).toEqual([from.teacherId]);
    const tasks = await be.db.selectFrom('tbl_task').select(['id', 'assignee']).where('id', 'in', [...open, done]).orderBy('id').execute();
    expect(Object.fromEntries(tasks.map((t) => [t.id, t.assignee]))).toEqual({ [open[0]]: to.id, [open[1]]: to.id, [done]: from.id });

    // Owner history: one 交接 per lead, with the reason and the operator.
    const history = await be.db.selectFrom('tbl_lead_owner_history').selectAll().where('lead_id', 'in', leads).execute();
    expect(history).toHaveLength(3);
    expect(history.every((h) => h.action === '交接' && h.from_user === from.id && h.to_user === to.id && h.reason === '调岗' && h.operator === 'jiaowu')).toBe(true);

    // Both users got the notice in their message centre.
    const handoverId = (moved.result as { id: string }).id;
    const notice = await be.db.selectFrom('sys_announcement').select(['id', 'titile', 'msg_category']).where('bus_id', '=', handoverId).executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ titile: '工作交接：交接人甲 → 接收人乙', msg_category: '2' });
    const sends = await be.db.selectFrom('sys_announcement_send').select('user_id').where('annt_id', '=', notice.id).execute();
    expect(sends.map((s) => s.user_id).sort()).toEqual([from.id, to.id].sort());

    // The list: newest first, names and counts.
    const list = (await get(`/edu/handover/list?fromUser=${from.id}`)).result as Page;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ id: handoverId, fromUser_dictText: '交接人甲', toUser_dictText: '接收人乙', countsText: '线索3条、学员2名、班级2个、未上课次2节、未完成任务2个', reason: '调岗', status: 1 });
    const all = (await get('/edu/handover/list?pageSize=50')).result as Page;
    expect(all.records[0].id).toBe(handoverId);

    // Nothing left: 离职 goes through, freezing the account; it can no longer receive work.
    expect(await post('/edu/handover/add', { fromUser: from.id, toUser: to.id, scopes: ALL })).toMatchObject({ success: false, message: '所选范围内没有需要交接的工作' });
    expect(await post('/edu/staff/leave', { id: from.id, leaveDate: '2026-12-01' })).toMatchObject({ success: true, message: '已设为离职' });
    const left = await be.db.selectFrom('sys_user').select(['staff_status', 'status', 'leave_date']).where('id', '=', from.id).executeTakeFirstOrThrow();
    expect(left).toMatchObject({ staff_status: 2, status: 2 });
    const leaveDate: unknown = left.leave_date;
    expect(leaveDate instanceof Date ? leaveDate.toISOString().slice(0, 10) : leaveDate).toBe('2026-12-01');
    expect(await post('/edu/staff/leave', { id: from.id, leaveDate: '2026-12-01' })).toMatchObject({ success: false, message: '该员工已离职' });
    await lead(to.id);
    expect(await post('/edu/handover/add', { fromUser: to.id, toUser: from.id, scopes: ['lead'] })).toMatchObject({ success: false, message: '接收人已离职，不能接收工作' });

    expect(await post('/edu/staff/rejoin', { id: from.id })).toMatchObject({ success: true, message: '已复职' });
    expect(await be.db.selectFrom('sys_user').select(['staff_status', 'status', 'leave_date']).where('id', '=', from.id).executeTakeFirstOrThrow()).toEqual({ staff_status: 1, status: 1, leave_date: null });
    expect(await post('/edu/staff/rejoin', { id: from.id })).toMatchObject({ success: false, message: '该员工在职，无需复职' });
  });

  it('moves nothing when the receiver has a clashing session (one transaction), naming the clash', async () => {
    const from = await user('交接人丙', { teacher: true });
    const to = await user('接收人丁', { teacher: true });
    const l = await lead(from.id);
    const t = await task(from.id);
    const at = future();
    const mine = await session(from.teacherId!, at);
    const busyClazz = await clazz({ name: `冲突班${uniq()}` });
    await session(to.teacherId!, new Date(at.getTime() + 0.5 * HOUR), { clazzId: busyClazz, lessonNo: 4 });

    const r = await post('/edu/handover/add', { fromUser: from.id, toUser: to.id, scopes: ALL });
    expect(r.success).toBe(false);
    expect(r.message).toMatch(/^接替教师 接收人丁 在 \d{4}-\d{2}-\d{2} \d{2}:\d{2}-\d{2}:\d{2} 已有课次「冲突班\d+ 第4次课」，本次交接未移交任何工作$/);
    // The leads moved before the sessions in the transaction: rolled back with it.
    expect(await ownerOf('tbl_lead', l)).toBe(from.id);
    expect((await be.db.selectFrom('tbl_task').select('assignee').where('id', '=', t).executeTakeFirstOrThrow()).assignee).toBe(from.id);
    expect(await teachersOf(mine)).toEqual([from.teacherId]);
    expect(await be.db.selectFrom('tbl_lead_owner_history').select('id').where('lead_id', '=', l).execute()).toHaveLength(0);
    expect(await be.db.selectFrom('tbl_work_handover').select('id').where('from_user', '=', from.id).execute()).toHaveLength(0);

    // Without the sessions in scope the rest moves.
    expect(await post('/edu/handover/add', { fromUser: from.id, toUser: to.id, scopes: ['lead', 'task'] })).toMatchObject({ success: true, result: { counts: { lead: 1, task: 1, session: 0 } } });
    expect(await ownerOf('tbl_lead', l)).toBe(to.id);
  });

  it('refuses a handover to oneself, without scopes, to a 离职 user, or of sessions to a user without a teacher record', async () => {
    const from = await user('交接人戊', { teacher: true });
    const plain = await user('无教师档案');
    await session(from.teacherId!, future());
    await lead(from.id);
    expect(await post('/edu/handover/add', { fromUser: from.id, toUser: from.id, scopes: ['lead'] })).toMatchObject({ success: false, message: '交接人与接收人不能相同' });
    expect(await post('/edu/handover/add', { fromUser: from.id, toUser: plain.id, scopes: [] })).toMatchObject({ success: false, message: '请选择交接范围' });
    expect(await post('/edu/handover/add', { fromUser: from.id, toUser: plain.id, scopes: ['lead', 'salary'] })).toMatchObject({ success: false, message: '交接范围不正确' });
    expect(await post('/edu/handover/add', { fromUser: from.id, toUser: 'u_nobody', scopes: ['lead'] })).toMatchObject({ success: false, message: '接收人不存在' });
    // The demo's 孙冰 is 离职 (server/seed/staff.ts).
    expect(await post('/edu/handover/add', { fromUser: from.id, toUser: 'u_frozen', scopes: ['lead'] })).toMatchObject({ success: false, message: '接收人已离职，不能接收工作' });
    expect(await post('/edu/handover/preview', { fromUser: from.id, toUser: plain.id, scopes: ['session'] })).toMatchObject({ success: true, result: { session: 1 } });
    expect(await post('/edu/handover/add', { fromUser: from.id, toUser: plain.id, scopes: ['session'] })).toMatchObject({ success: false, message: expect.stringContaining('接收人没有在职的教师档案') });
  });

  it('never sets the administrator account or oneself 离职', async () => {
    expect(await post('/edu/staff/leave', { id: 'u_admin', leaveDate: '2026-12-01' })).toMatchObject({ success: false, message: '管理员账号不允许此操作！' });
    expect(await post('/edu/staff/leave', { id: 'u_academic', leaveDate: '2026-12-01' })).toMatchObject({ success: false, message: '不能将当前登录用户设为离职' });
    expect(await post('/edu/staff/leave', { id: 'u_teacher', leaveDate: '2026-02-30' })).toMatchObject({ success: false, message: '请选择离职日期' });
  });
});

describe('员工 list and edit', () => {
  it('lists staff with department, campus and masked phones, filters on the server, edits 岗位 and 校区', async () => {
    const s = await user(`员工己${uniq()}`, { phone: '13912345678' });
    await be.db.insertInto('sys_user_depart').values({ id: `ud_${uniq()}`, user_id: s.id, dep_id: 'dep_jwc' }).execute();
    // 岗位 is a 职务 code (issue #24); a name is stored as its code, and an unknown one is refused.
    expect(await put('/edu/staff/edit', { id: s.id, post: '教务主管', campusId: 'loc_bj_zgc' })).toMatchObject({ success: true });
    expect(await put('/edu/staff/edit', { id: s.id, post: '不存在的岗位' })).toMatchObject({ success: false });
    expect(await put('/edu/staff/edit', { id: s.id, post: '教务主管', campusId: 'loc_nowhere' })).toMatchObject({ success: false, message: '校区不存在，请重新选择' });

    const mine = (await get(`/edu/staff/list?id=${s.id}`)).result as Page;
    expect(mine.records[0]).toMatchObject({ post: 'academic_head', post_dictText: '教务主管', campusId: 'loc_bj_zgc', campusId_dictText: '中关村校区', phone: '139****5678', selecteddeparts: 'dep_jwc', staffStatus: 1, staffStatus_dictText: '在职' });
    // The administrator reads phones in 用户管理 anyway: in full here too.
    expect(((await get(`/edu/staff/list?id=${s.id}`, admin)).result as Page).records[0]).toMatchObject({ phone: '13912345678' });
    // A masked caller's phone filter matches nothing.
    expect(((await get('/edu/staff/list?phone=*139123*')).result as Page).total).toBe(0);
    expect(((await get('/edu/staff/list?phone=*139123*', admin)).result as Page).total).toBeGreaterThan(0);

    const byDepart = (await get('/edu/staff/list?departId=dep_jwc&pageSize=50')).result as Page;
    expect(byDepart.records.map((r) => r.id)).toEqual(expect.arrayContaining([s.id, 'u_academic']));
    expect(byDepart.records.map((r) => r.id)).not.toContain('u_teacher2');
    const left = (await get('/edu/staff/list?staffStatus=2&pageSize=50')).result as Page;
    expect(left.records.map((r) => r.id)).toContain('u_frozen');
    expect(left.records.every((r) => r.staffStatus === 2)).toBe(true);
    const sorted = (await get('/edu/staff/list?column=realname&order=asc&pageSize=3')).result as Page;
    expect(sorted.records).toHaveLength(3);

    // The export is the engine's, through the same hooks: campus names and masked phones.
    const res = await be.fetch(new Request(`http://backend/edu/staff/exportXls?id=${s.id}`, { headers: { 'X-Access-Token': jiaowu, 'x-jiaowu-client-ip': '10.0.0.1' } }));
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const rows: string[][] = [];
    book.worksheets[0].eachRow((row) => void rows.push((row.values as unknown[]).map(String)));
    expect(rows.find((r) => r.includes('139****5678'))).toEqual(expect.arrayContaining(['中关村校区', '教务主管', '在职']));
  });

  it('refuses a user without the codes (510)', async () => {
    for (const r of [
      await get('/edu/staff/list', marketing),
      await post('/edu/staff/leave', { id: 'u_teacher', leaveDate: '2026-12-01' }, marketing),
      await put('/edu/staff/edit', { id: 'u_teacher', post: 'x' }, marketing),
      await get('/edu/handover/list', marketing),
      await post('/edu/handover/preview', { fromUser: 'u_teacher', scopes: ['lead'] }, marketing),
      await post('/edu/handover/add', { fromUser: 'u_teacher', toUser: 'u_teacher2', scopes: ['lead'] }, marketing),
    ]) {
      expect(r).toMatchObject({ success: false, code: 510 });
    }
  });
});
