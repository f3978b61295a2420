/** @jest-environment node */
import { CLAZZ_GROUP_URL } from '../../../lib/edu/progress-types';
import ExcelJS from 'exceljs';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Envelope } from '../../../lib/envelope';

/*
 * The teaching resources (issue 7 §4–6, §8) through the production handler; clazz-member-routes.ts is
 * mounted by server/app.ts ahead of the resource engine.
 */

let be: TestBackend;
let admin: string;
let jiaowu: string;
let marketing: string;

type Page = { records: Record<string, unknown>[]; total: number };

beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
  jiaowu = await be.login('jiaowu');
  marketing = await be.login('marketing');
}, 120_000);
afterAll(() => be?.close());

const post = async (path: string, json: unknown, token = jiaowu) => (await be.call(path, { method: 'POST', token, json })).body as Envelope;
const put = async (path: string, json: unknown, token = jiaowu) => (await be.call(path, { method: 'PUT', token, json })).body as Envelope;
const get = async (path: string, token = jiaowu) => (await be.call(path, { token })).body as Envelope;
const del = async (path: string, token = jiaowu) => (await be.call(path, { method: 'DELETE', token })).body as Envelope;
const idOf = (r: Envelope) => String((r.result as { id: string }).id);

let seq = 0;
const uniq = () => `${Date.now() % 100000}${++seq}`;
const phone = () => `139${String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8)}`;
const HOUR = 3600_000;

async function venue(name = `测试场地${uniq()}`): Promise<string> {
  const id = `loc_${uniq()}`;
  await be.db.insertInto('tbl_location').values({ id, name, province: '110000', city: '110000', detail_location: `${name}的地址`, max_member: 100 }).execute();
  return id;
}

async function student(name = `学员${uniq()}`): Promise<string> {
  const r = await post('/edu/tblStudent/add', { name, phone: phone() });
  expect(r).toMatchObject({ success: true });
  return idOf(r);
}

async function clazz(body: Record<string, unknown>): Promise<string> {
  const r = await post('/clazz/tblClazz/add', { name: `班级${uniq()}`, ...body });
  expect(r).toMatchObject({ success: true });
  return idOf(r);
}

async function teacher(name: string): Promise<string> {
  const r = await post('/edu/tblTeacher/add', { name, phone: phone(), status: 1 });
  expect(r).toMatchObject({ success: true });
  return idOf(r);
}

/** A teaching session (type 0) starting `inHours` from now, lasting 1.5 h, with its teachers. */
async function session(opts: { clazzId?: string | null; inHours: number; teachers?: string[]; roomId?: string; lessonNo?: number; type?: number; status?: number }): Promise<string> {
  const id = `cal_${uniq()}`;
  const start = new Date(Date.now() + opts.inHours * HOUR);
  await be.db
    .insertInto('tbl_calendar')
    .values({ id, type: opts.type ?? 0, clazz_id: opts.clazzId ?? null, lesson_no: opts.lessonNo ?? null, start_time: start, end_time: new Date(start.getTime() + 1.5 * HOUR), room_id: opts.roomId ?? null, status: opts.status ?? 0, hours: '1.5' })
    .execute();
  for (const t of opts.teachers ?? []) await be.db.insertInto('tbl_calendar_teacher').values({ id: `ct_${uniq()}`, calendar_id: id, teacher_id: t, role: 1 }).execute();
  return id;
}

const roll = async (calendarId: string) =>
  (await be.db.selectFrom('tbl_lesson_student').select(['student_id', 'member_type', 'arrival_status']).where('calendar_id', '=', calendarId).execute()).map((r) => r.student_id).sort();

describe('学员', () => {
  it('deduplicates by phone and checks the pattern', async () => {
    const p = phone();
    expect(await post('/edu/tblStudent/add', { name: '张三', phone: p })).toMatchObject({ success: true });
    expect(await post('/edu/tblStudent/add', { name: '张三二', phone: p })).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect(await post('/edu/tblStudent/add', { name: '李四', phone: '12345' })).toMatchObject({ success: false, message: '请输入正确的手机号码!' });
    expect(await post('/edu/tblStudent/add', { name: '李四', phone: phone(), studentType: 9 })).toMatchObject({ success: false, message: '类型的值不正确' });
  });

  it('shows 课时包 as the sum of remaining hours; a package needs edu:student:edit and a live course', async () => {
    const s = await student();
    const course = idOf(await post('/course/tblCourse/add', { name: `课程${uniq()}`, unit: 2 }));
    expect(await post('/edu/tblStudentCourse/add', { studentId: s, courseId: 'nope', buyQty: 10 })).toMatchObject({ success: false, message: '所选课程不存在，请重新选择' });
    // 金额 as a JSON number keeps the money pattern (numeric(10,2) would round 1.234 silently).
    expect(await post('/edu/tblStudentCourse/add', { studentId: s, courseId: course, buyQty: 10, amount: 1.234 })).toMatchObject({ success: false, message: '请输入正确的金额!' });
    expect(await post('/edu/tblStudentCourse/add', { studentId: s, courseId: course, buyQty: 10, giftQty: 2 })).toMatchObject({ success: true });
    expect(await post('/edu/tblStudentCourse/add', { studentId: s, courseId: course, buyQty: 5 })).toMatchObject({ success: true });
    // A teacher holds edu:student:list only.
    const teacher2 = await be.login('teacher2');
    expect((await post('/edu/tblStudentCourse/add', { studentId: s, courseId: course, buyQty: 5 }, teacher2)).code).toBe(510);
    const pkg = await be.db.selectFrom('tbl_student_course').select(['unit', 'remain_qty']).where('student_id', '=', s).execute();
    expect(pkg.map((p) => [p.unit, Number(p.remain_qty)]).sort((x, y) => x[1] - y[1])).toEqual([
      [2, 5],
      [2, 12],
    ]);
    const page = (await get(`/edu/tblStudent/list?id=${s}`)).result as Page;
    expect(page.records[0]).toMatchObject({ hoursLeft: 17 });
  });

  it('imports good rows in one go and reports a duplicate phone per row', async () => {
    const taken = phone();
    await post('/edu/tblStudent/add', { name: '已有学员', phone: taken });
    const [a, b] = [phone(), phone()];
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('学员');
    ws.addRow(['学员']);
    ws.addRow(['']);
    ws.addRow(['姓名', '手机', '性别', '年级', '类型']);
    ws.addRow(['导入甲', a, '男', '初二', '在读']);
    ws.addRow(['导入乙', b, '女', '高一', '潜在']);
    ws.addRow(['导入丙', a, '男', '初二', '在读']);
    ws.addRow(['导入丁', taken, '女', '初一', '在读']);
    const form = new FormData();
    form.append('files[]', new Blob([Buffer.from(await wb.xlsx.writeBuffer())]), 'students.xlsx');
    const res = await be.fetch(new Request('http://backend/edu/tblStudent/importExcel', { method: 'POST', body: form, headers: { 'X-Access-Token': jiaowu, 'x-jiaowu-client-ip': '10.0.0.1' } }));
    const body = (await res.json()) as Envelope;
    expect(body).toMatchObject({ success: true, code: 201 });
    expect(body.result).toMatchObject({ totalCount: 4, errorCount: 2, successCount: 2 });
    const landed = await be.db.selectFrom('tbl_student').select(['name', 'grade', 'student_type', 'gender']).where('name', 'like', '导入%').orderBy('name').execute();
    expect(landed).toEqual([
      { name: '导入乙', grade: '高一', student_type: 0, gender: 2 },
      { name: '导入甲', grade: '初二', student_type: 1, gender: 1 },
    ]);
    const { readXlsxRows } = await import('../../excel/read');
    const report = await be.fetch(new Request(`http://backend${String((body.result as { fileUrl: string }).fileUrl)}`, { headers: { 'X-Access-Token': jiaowu, 'x-jiaowu-client-ip': '10.0.0.1' } }));
    const errors: Record<string, string>[] = [];
    for await (const row of readXlsxRows(Buffer.from(await report.arrayBuffer()))) errors.push(row.values);
    expect(errors.map((e) => [e['姓名'], e['错误信息']])).toEqual([
      ['导入丙', '手机与第4行重复'],
      ['导入丁', `手机“${taken}”已存在`],
    ]);
  });
});

describe('班级 members (R4)', () => {
  it('refuses over capacity, and over the default room unless 可超额', async () => {
    const c = await clazz({ capacity: 2 });
    const [s1, s2, s3] = [await student(), await student(), await student()];
    expect(await post('/clazz/tblClazz/addMembers', { clazzId: c, studentIds: [s1, s2, s3] })).toMatchObject({ success: false, message: '超出班级容量（容量2人，已有0人）' });
    expect(await post('/clazz/tblClazz/addMembers', { clazzId: c, studentIds: [s1, s2] })).toMatchObject({ success: true });
    expect(await post('/clazz/tblClazz/addMembers', { clazzId: c, studentIds: [s3] })).toMatchObject({ success: false, message: '超出班级容量（容量2人，已有2人）' });
    // 可超额 lifts the class's limit.
    expect(await put('/clazz/tblClazz/edit', { id: c, allowOver: 1 })).toMatchObject({ success: true });
    expect(await post('/clazz/tblClazz/addMembers', { clazzId: c, studentIds: [s3] })).toMatchObject({ success: true });
    const listed = (await get(`/clazz/tblClazz/list?id=${c}`)).result as Page;
    expect(listed.records[0]).toMatchObject({ memberCount: 3 });

    // The default room is the tighter limit when the class may not exceed.
    const loc = await venue();
    const room = idOf(await post('/edu/tblRoom/add', { locationId: loc, name: '小教室', capacity: 1 }));
    const c2 = await clazz({ capacity: 30, locationId: loc, roomId: room });
    expect(await post('/clazz/tblClazz/addMembers', { clazzId: c2, studentIds: [s1, s2] })).toMatchObject({ success: false, message: '超出默认教室「小教室」的容量（容量1人，已有0人）' });
    expect(await put('/clazz/tblClazz/edit', { id: c2, allowOver: 1 })).toMatchObject({ success: true });
    expect(await post('/clazz/tblClazz/addMembers', { clazzId: c2, studentIds: [s1, s2] })).toMatchObject({ success: true });
    const shown = ((await get(`/clazz/tblClazz/list?id=${c2}`)).result as Page).records[0];
    expect(shown).toMatchObject({ roomId_dictText: '小教室', memberCount: 2 });
  });

  it('puts new members on future rolls, takes leavers off unchecked ones, reactivates, refuses a closed class', async () => {
    const c = await clazz({ capacity: 10 });
    const [s1, s2] = [await student(), await student()];
    const past = await session({ clazzId: c, inHours: -48 });
    const next = await session({ clazzId: c, inHours: 24, lessonNo: 1 });
    const later = await session({ clazzId: c, inHours: 72, lessonNo: 2 });
    expect(await post('/clazz/tblClazz/addMembers', { clazzId: c, studentIds: [s1, s2] })).toMatchObject({ success: true });
    expect(await roll(past)).toEqual([]);
    expect(await roll(next)).toEqual([s1, s2].sort());
    expect(await roll(later)).toEqual([s1, s2].sort());

    // s1's row of `later` was already called (e.g. 请假 recorded ahead): it stays.
    await be.db.updateTable('tbl_lesson_student').set({ arrival_status: 3 }).where('calendar_id', '=', later).where('student_id', '=', s1).execute();
    expect(await post('/clazz/tblClazz/removeMember', { clazzId: c, studentId: s1 })).toMatchObject({ success: true });
    expect(await roll(next)).toEqual([s2]);
    expect(await roll(later)).toEqual([s1, s2].sort());
    const members = (await get(`/clazz/tblClazz/members?clazzId=${c}`)).result as { studentId: string; status_dictText: string; leaveDate: string | null }[];
    expect(members.find((m) => m.studentId === s1)).toMatchObject({ status_dictText: '已退班', leaveDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(await post('/clazz/tblClazz/removeMember', { clazzId: c, studentId: s1 })).toMatchObject({ success: false, message: '该学员不是本班的在读成员' });

    expect(await post('/clazz/tblClazz/addMembers', { clazzId: c, studentIds: [s1] })).toMatchObject({ success: true });
    const again = (await get(`/clazz/tblClazz/members?clazzId=${c}`)).result as { studentId: string; status: number; leaveDate: string | null }[];
    expect(again.filter((m) => m.studentId === s1)).toEqual([expect.objectContaining({ status: 1, leaveDate: null })]);
    expect(await roll(next)).toEqual([s1, s2].sort());

    expect(await put('/clazz/tblClazz/edit', { id: c, status: 2 })).toMatchObject({ success: true });
    expect(await post('/clazz/tblClazz/addMembers', { clazzId: c, studentIds: [await student()] })).toMatchObject({ success: false, message: '该班级已结班，不能添加成员' });
  });

  it('checks the class form and refuses deleting a class with future sessions', async () => {
    expect(await post('/clazz/tblClazz/add', { name: '零容量', capacity: 0 })).toMatchObject({ success: false, message: '容量须为正整数' });
    expect(await post('/clazz/tblClazz/add', { name: '日期', capacity: 5, startDate: '2026-09-01', endDate: '2026-08-01' })).toMatchObject({ success: false, message: '结班日期不能早于开班日期' });
    const c = await clazz({ capacity: 5 });
    await session({ clazzId: c, inHours: 30 });
    await session({ clazzId: c, inHours: 60 });
    expect(await del(`/clazz/tblClazz/delete?id=${c}`)).toMatchObject({ success: false, message: '该班级还有2个未上的课次，不能删除' });
    expect(await del(`/clazz/tblClazz/deleteBatch?ids=${c}`)).toMatchObject({ success: false, message: '该班级还有2个未上的课次，不能删除' });
    const idle = await clazz({ capacity: 5 });
    await session({ clazzId: idle, inHours: -30 });
    expect(await del(`/clazz/tblClazz/delete?id=${idle}`)).toMatchObject({ success: true });
  });

  it('answers 510 to marketing on classes: editing, adding members, and (issue #21: not its job) listing them', async () => {
    const c = await clazz({ capacity: 5 });
    expect((await put('/clazz/tblClazz/edit', { id: c, name: '改名' }, marketing)).code).toBe(510);
    expect((await post('/clazz/tblClazz/addMembers', { clazzId: c, studentIds: [await student()] }, marketing)).code).toBe(510);
    expect((await get(`/clazz/tblClazz/members?clazzId=${c}`, marketing)).code).toBe(510);
  });
});

describe('教师', () => {
  it('refuses 离职 while the teacher has future sessions', async () => {
    const t = await teacher(`离职测试${uniq()}`);
    await session({ inHours: 5, teachers: [t] });
    await session({ inHours: -5, teachers: [t] });
    expect(await put('/edu/tblTeacher/edit', { id: t, status: 2 })).toMatchObject({ success: false, message: '该教师还有1个未上的课次，请先调整或调动' });
    expect(await del(`/edu/tblTeacher/delete?id=${t}`)).toMatchObject({ success: false, message: '该教师还有1个未上的课次，不能删除' });
    const free = await teacher(`空闲${uniq()}`);
    expect(await put('/edu/tblTeacher/edit', { id: free, status: 2 })).toMatchObject({ success: true });
  });

  it('调动 is blocked by future sessions, refused on a clash, then completed with a 接替教师', async () => {
    const zhou = await teacher('周明远');
    const wang = await teacher('王接替');
    const c = await clazz({ capacity: 5, name: '初二数学A班' });
    const s1 = await session({ clazzId: c, inHours: 24 * 3, teachers: [zhou], lessonNo: 3 });
    const s2 = await session({ clazzId: c, inHours: 24 * 5, teachers: [zhou], lessonNo: 4 });
    const today = new Date(Date.now() + 8 * HOUR).toISOString().slice(0, 10);
    const body = { teacherId: zhou, toDepartId: 'dep_sh', effectiveDate: today, reason: '支援上海' };
    expect(await post('/edu/tblTeacher/transfer', body)).toMatchObject({ success: false, message: '该教师在生效日期后还有2个未上的课次，请指定接替教师' });

    // 王接替 already teaches at s1's time (another class): refused, naming the clash; nothing moved.
    const other = await clazz({ capacity: 5, name: '初三物理班' });
    const busy = await session({ clazzId: other, inHours: 24 * 3 + 0.5, teachers: [wang], lessonNo: 1 });
    const clash = await post('/edu/tblTeacher/transfer', { ...body, reassignTo: wang });
    expect(clash).toMatchObject({ success: false, code: 409 });
    expect(clash.message).toMatch(/^接替教师 王接替 在 \d{4}-\d{2}-\d{2} \d{2}:\d{2}-\d{2}:\d{2} 已有课次「初三物理班 第1次课」$/);
    expect((await be.db.selectFrom('tbl_teacher').select('depart_id').where('id', '=', zhou).executeTakeFirstOrThrow()).depart_id).toBeNull();

    await be.db.updateTable('tbl_calendar').set({ status: 2 }).where('id', '=', busy).execute();
    expect(await post('/edu/tblTeacher/transfer', { ...body, reassignTo: wang })).toMatchObject({ success: true, result: { reassigned: 2 } });
    const owners = await be.db.selectFrom('tbl_calendar_teacher').select(['calendar_id', 'teacher_id']).where('calendar_id', 'in', [s1, s2]).execute();
    expect(owners.map((o) => o.teacher_id)).toEqual([wang, wang]);
    expect((await be.db.selectFrom('tbl_teacher').select('depart_id').where('id', '=', zhou).executeTakeFirstOrThrow()).depart_id).toBe('dep_sh');
    const history = (await get(`/edu/tblTeacher/transferList?teacherId=${zhou}`)).result as Record<string, unknown>[];
    expect(history).toEqual([expect.objectContaining({ toDepartName: '上海校区', effectiveDate: today, reassignToName: '王接替', reassigned: 2, reason: '支援上海' })]);

    // No sessions left: a plain transfer needs no 接替教师.
    expect(await post('/edu/tblTeacher/transfer', { ...body, toDepartId: 'dep_bj' })).toMatchObject({ success: true, result: { reassigned: 0 } });
    // Only edu:teacher:transfer may.
    expect((await post('/edu/tblTeacher/transfer', body, marketing)).code).toBe(510);
  });
});

describe('教室, 节假日, 课表', () => {
  it('keeps room names unique per venue', async () => {
    const [a, b] = [await venue(), await venue()];
    expect(await post('/edu/tblRoom/add', { locationId: a, name: '201教室', capacity: 20 })).toMatchObject({ success: true });
    expect(await post('/edu/tblRoom/add', { locationId: a, name: '201教室', capacity: 30 })).toMatchObject({ success: false, message: '该场地已有同名教室' });
    expect(await post('/edu/tblRoom/add', { locationId: b, name: '201教室', capacity: 30 })).toMatchObject({ success: true });
    expect(await post('/edu/tblRoom/add', { locationId: b, name: '202教室', capacity: -1 })).toMatchObject({ success: false, message: '容量须为正整数' });
    const r = (await get(`/edu/tblRoom/list?locationId=${a}`)).result as Page;
    expect(r.records).toHaveLength(1);
    expect(r.records[0].locationId_dictText).toMatch(/^测试场地\d+$/); // the venue's name, not its address (issue #21)
  });

  it('refuses a holiday ending before it starts, on add and on edit', async () => {
    expect(await post('/calendar/tblHoliday/add', { name: '国庆', startDate: '2026-10-07', endDate: '2026-10-01' })).toMatchObject({ success: false, message: '结束日期不能早于开始日期' });
    const ok = await post('/calendar/tblHoliday/add', { name: '国庆', startDate: '2026-10-01', endDate: '2026-10-07' });
    expect(ok).toMatchObject({ success: true });
    expect(await put('/calendar/tblHoliday/edit', { id: idOf(ok), startDate: '2026-10-08' })).toMatchObject({ success: false, message: '结束日期不能早于开始日期' });
    expect(await put('/calendar/tblHoliday/edit', { id: idOf(ok), startDate: '2026-10-07' })).toMatchObject({ success: true });
  });

  it('lists teaching sessions only, by clazzStartTime ascending, with names', async () => {
    const t = await teacher('课表老师');
    const c = await clazz({ capacity: 5, name: '课表班' });
    const late = await session({ clazzId: c, inHours: 500, teachers: [t], lessonNo: 2 });
    const early = await session({ clazzId: c, inHours: 400, teachers: [t], lessonNo: 1 });
    const meeting = await session({ clazzId: null, inHours: 450, type: 4 });
    const page = (await get(`/calendar/tblCalendarList/list?clazzId=${c}&pageSize=50`, admin)).result as Page;
    expect(page.records.map((r) => r.id)).toEqual([early, late]);
    expect(page.records[0]).toMatchObject({ clazzId_dictText: '课表班', lessonNo: 1, teachers: '课表老师', status_dictText: '未开始', clazzStartTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    const all = ((await get('/calendar/tblCalendarList/list?pageSize=200', admin)).result as Page).records;
    expect(all.map((r) => r.id)).not.toContain(meeting);
    const times = all.map((r) => String(r.clazzStartTime));
    expect(times).toEqual([...times].sort());
    const desc = ((await get('/calendar/tblCalendarList/list?pageSize=200&column=clazzStartTime&order=desc', admin)).result as Page).records.map((r) => String(r.clazzStartTime));
    expect(desc).toEqual([...times].sort().reverse());
    // Read-only: no add / edit / delete.
    expect((await post('/calendar/tblCalendarList/add', { clazzId: c }, admin)).success).toBe(false);
  });

  it('课表: mine=1 keeps the sessions of the caller\'s teacher record, upcoming=1 starts at today (issue #21)', async () => {
    // The seed links a teacher record to the demo account teacher (李文静): "my" sessions are that record's.
    const own = (await be.db.selectFrom('tbl_teacher').select('id').where('user_id', '=', 'u_teacher').where('del_flag', '=', 0).executeTakeFirstOrThrow()).id;
    const other = await teacher('别的老师');
    const c = await clazz({ capacity: 5, name: '我的课表班' });
    const past = await session({ clazzId: c, inHours: -48, teachers: [own] });
    const mine = await session({ clazzId: c, inHours: 600, teachers: [own] });
    const theirs = await session({ clazzId: c, inHours: 610, teachers: [other] });
    const token = await be.login('teacher');
    const ids = async (query: string) => ((await get(`/calendar/tblCalendarList/list?clazzId=${c}&pageSize=50${query}`, token)).result as Page).records.map((r) => r.id);
    expect(await ids('')).toEqual([past, mine, theirs]);
    expect(await ids('&mine=1')).toEqual([past, mine]);
    expect(await ids('&upcoming=1')).toEqual([mine, theirs]);
    expect(await ids('&mine=1&upcoming=1')).toEqual([mine]);
  });
});

describe('学员 privacy: the demo roles’ data rules and masked phone numbers (issue #21)', () => {
  const mask = (p: string) => `${p.slice(0, 3)}****${p.slice(7)}`;
  const list = async (query: string, token: string) => (await get(`/edu/tblStudent/list?pageSize=100&${query}`, token)).result as Page;
  const namesOf = (p: Page) => p.records.map((r) => r.name).sort();

  it('a teacher reaches the current students of the classes it teaches, and only those classes, with phones masked', async () => {
    const teacher2 = await be.login('teacher2');
    const tch = `tch_priv${uniq()}`;
    // The seed links a teacher record to each demo teacher account; this test brings its own.
    await be.db.deleteFrom('tbl_teacher').where('user_id', '=', 'u_teacher2').execute();
    await be.db.insertInto('tbl_teacher').values({ id: tch, user_id: 'u_teacher2', name: '周明' }).execute();
    const [taught, left, other] = [`在读${uniq()}`, `退班${uniq()}`, `别班${uniq()}`];
    const phones = [phone(), phone()];
    const s1 = idOf(await post('/edu/tblStudent/add', { name: taught, phone: phones[0], guardianPhone: phones[1] }));
    const s2 = await student(left);
    const s3 = await student(other);
    const mine = `clz_priv${uniq()}`;
    const theirs = `clz_priv${uniq()}`;
    await be.db.insertInto('tbl_clazz').values([{ id: mine, name: `我的班${uniq()}`, head_teacher: tch, capacity: 10 }, { id: theirs, name: `别人的班${uniq()}`, capacity: 10 }]).execute();
    await be.db.insertInto('tbl_clazz_student').values([
      { id: `cm_${uniq()}`, clazz_id: mine, student_id: s1, status: 1 },
      { id: `cm_${uniq()}`, clazz_id: mine, student_id: s2, status: 2 },
      { id: `cm_${uniq()}`, clazz_id: theirs, student_id: s3, status: 1 },
    ]).execute();

    const page = await list('', teacher2);
    expect(namesOf(page)).toEqual([taught]);
    expect(page.records[0]).toMatchObject({ phone: mask(phones[0]), guardianPhone: mask(phones[1]) });
    expect((await get(`/edu/tblStudent/queryById?id=${s1}`, teacher2)).result).toMatchObject({ phone: mask(phones[0]) });
    expect(await get(`/edu/tblStudent/queryById?id=${s3}`, teacher2)).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(((await get('/clazz/tblClazz/list?pageSize=100', teacher2)).result as Page).records.map((r) => r.id)).toEqual([mine]);
    // 班级成员 and 分组 answer with the same masking (the phone column beside a class's members).
    const memberPhones = async (token: string) => ((await get(`/clazz/tblClazz/members?clazzId=${mine}`, token)).result as { studentId: string; phone: string }[]).find((m) => m.studentId === s1)?.phone;
    expect(await memberPhones(teacher2)).toBe(mask(phones[0]));
    expect(await memberPhones(jiaowu)).toBe(phones[0]);
    const grp = `grp_${uniq()}`;
    await be.db.insertInto('tbl_clazz_group').values({ id: grp, clazz_id: mine, name: '一组', sort: 1 }).execute();
    await be.db.insertInto('tbl_clazz_group_member').values({ id: `gm_${uniq()}`, group_id: grp, student_id: s1 }).execute();
    const groupPhone = async (token: string) => ((await get(`${CLAZZ_GROUP_URL.list}?clazzId=${mine}`, token)).result as { members: { phone: string }[] }[])[0].members[0].phone;
    expect(await groupPhone(teacher2)).toBe(mask(phones[0]));
    expect(await groupPhone(jiaowu)).toBe(phones[0]);
    // A filter on a phone field would reveal the digits one query at a time: it matches nothing.
    expect((await list(`phone=${phones[0].slice(0, 5)}*`, teacher2)).total).toBe(0);
    // 教务 holds edu:student:phone: every student, full numbers, phone filters work.
    const all = await list(`phone=${phones[0]}`, jiaowu);
    expect(all.records).toEqual([expect.objectContaining({ id: s1, phone: phones[0], guardianPhone: phones[1] })]);
  });

  it('marketing reaches the students it owns; an edit sending the masked number back keeps the stored one', async () => {
    const p = phone();
    const mine = idOf(await post('/edu/tblStudent/add', { name: `市场的${uniq()}`, phone: p }, marketing));
    const notMine = await student();
    const page = await list('', marketing);
    expect(page.records.map((r) => r.id)).toContain(mine);
    expect(page.records.map((r) => r.id)).not.toContain(notMine);
    expect(page.records.every((r) => r.ownBy === 'u_marketing')).toBe(true);
    expect(page.records.find((r) => r.id === mine)).toMatchObject({ phone: mask(p) });
    expect(await put('/edu/tblStudent/edit', { id: mine, name: '改名了', phone: mask(p) }, marketing)).toMatchObject({ success: true });
    expect(await be.db.selectFrom('tbl_student').select(['name', 'phone']).where('id', '=', mine).executeTakeFirstOrThrow()).toEqual({ name: '改名了', phone: p });
    expect(await put('/edu/tblStudent/edit', { id: mine, phone: '138****9999' }, marketing)).toMatchObject({ success: false, message: '请输入正确的手机号码!' });
    const next = phone();
    expect(await put('/edu/tblStudent/edit', { id: mine, phone: next }, marketing)).toMatchObject({ success: true });
    expect((await be.db.selectFrom('tbl_student').select('phone').where('id', '=', mine).executeTakeFirstOrThrow()).phone).toBe(next);
    expect(await put('/edu/tblStudent/edit', { id: notMine, name: 'x' }, marketing)).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('the export masks too, for a user with export but without edu:student:phone', async () => {
    const p = phone();
    const name = `导出${uniq()}`;
    await post('/edu/tblStudent/add', { name, phone: p });
    const exportPhones = async () => {
      const res = await be.fetch(new Request(`http://backend/edu/tblStudent/exportXls?name=${encodeURIComponent(name)}`, { headers: { 'X-Access-Token': jiaowu, 'x-jiaowu-client-ip': '10.0.0.1' } }));
      const { readXlsxRows } = await import('../../excel/read');
      const rows: Record<string, string>[] = [];
      for await (const row of readXlsxRows(Buffer.from(await res.arrayBuffer()))) rows.push(row.values);
      return rows.map((r) => r['手机']);
    };
    expect(await exportPhones()).toEqual([p]);
    const link = await be.db.deleteFrom('sys_role_permission').where('role_id', '=', 'role_academic').where('permission_id', '=', 'perm_btn_stu_phone').returningAll().executeTakeFirstOrThrow();
    try {
      expect(await exportPhones()).toEqual([mask(p)]);
    } finally {
      await be.db.insertInto('sys_role_permission').values(link).execute();
    }
  });
});
