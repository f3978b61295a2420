/** @jest-environment node */
import { sql } from 'kysely';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { readXlsxRows } from '../../excel/read';
import { defaultRange, weekOf } from '../../../lib/dashboard/date-range';
import type { FigureAnswer, FigureRow, WorkplaceAnswer } from '../../../lib/dashboard/dashboard-api';

// 仪表盘 (issue #26 item 2) through the production handler: the analysis figures on a fixture of fixed dates
// (Jan–Mar 2025, beside the demo seed, whose rows are all from this year), each checked against constants and a
// direct SQL count; the tenant scope; the permission; the workplace of a teacher and of marketing.

let be: TestBackend;
let admin: string;
let teacher: string;
let marketing: string;

const RANGE = 'begin=2025-01-01&end=2025-03-31';
const at = (wall: string) => new Date(`${wall}+08:00`);

beforeAll(async () => {
  be = await startTestBackend();
  [admin, teacher, marketing] = await Promise.all([be.login('admin'), be.login('teacher2'), be.login('marketing')]);
  await seedFixture(be);
});
afterAll(() => be?.close());

/** Rows written straight into the tables (tenant 1 unless given): what 学员, 线索, 课时包, 点名 and 作业 would leave. */
async function seedFixture({ db }: TestBackend) {
  const teacherRow = await db.selectFrom('tbl_teacher').select('id').where('user_id', '=', 'u_teacher2').where('del_flag', '=', 0).executeTakeFirst();
  const t2 = teacherRow?.id ?? 'dsh_tch';
  if (!teacherRow) await sql`insert into tbl_teacher (id, user_id, name, status) values (${t2}, 'u_teacher2', '看板老师', 1)`.execute(db);
  const venues = [
    ['dsh_loc_a', '看板场地甲'],
    ['dsh_loc_b', '看板场地乙'],
  ];
  for (const [id, name] of venues) {
    await sql`insert into tbl_location (id, name, province, city, detail_location, max_member, status, del_flag, create_by)
      values (${id}, ${name}, '310000', '310100', '看板路 1 号', 50, 1, 0, 'admin')`.execute(db);
  }
  await sql`insert into tbl_course (id, name, mode, unit, status) values ('dsh_course', '看板课程', 2, 1, 1)`.execute(db);
  await sql`insert into tbl_clazz (id, name, course_id, location_id, capacity, head_teacher) values
    ('dsh_clazz_a', '看板甲班', 'dsh_course', 'dsh_loc_a', 20, ${t2}), ('dsh_clazz_b', '看板乙班', 'dsh_course', 'dsh_loc_b', 20, null)`.execute(db);
  // 学员: three in January, one (历史) in February; a prospect, a deleted one and an April one do not count.
  const students: [string, number, number, string, number][] = [
    ['dsh_s1', 1, 0, '2025-01-05 09:00', 1],
    ['dsh_s2', 1, 0, '2025-01-20 09:00', 1],
    ['dsh_s3', 1, 0, '2025-01-31 23:59', 1],
    ['dsh_s4', 2, 0, '2025-02-01 00:00', 1],
    ['dsh_s5', 0, 0, '2025-02-10 09:00', 1],
    ['dsh_s6', 1, 1, '2025-02-11 09:00', 1],
    ['dsh_s7', 1, 0, '2025-04-01 00:00', 1],
    ['dsh_t2s', 1, 0, '2025-01-15 09:00', 2],
  ];
  let phone = 13990000000;
  for (const [id, type, del, created, tenant] of students) {
    await sql`insert into tbl_student (id, name, phone, student_type, status, del_flag, create_time, tenant_id)
      values (${id}, ${'看板' + id}, ${String(phone++)}, ${type}, 1, ${del}, ${at(created)}, ${tenant})`.execute(db);
  }
  // 线索: two converted in February, one in March, one not converted; one of tenant 2.
  const leads: [string, string | null, number][] = [
    ['dsh_l1', '2025-02-03 10:00', 1],
    ['dsh_l2', '2025-02-28 10:00', 1],
    ['dsh_l3', '2025-03-31 23:00', 1],
    ['dsh_l4', null, 1],
    ['dsh_t2l', '2025-02-03 10:00', 2],
  ];
  for (const [id, converted, tenant] of leads) {
    await sql`insert into tbl_lead (id, name, phone, convert_time, own_by, tenant_id)
      values (${id}, ${'看板' + id}, ${String(phone++)}, ${converted ? at(converted) : null}, 'u_marketing', ${tenant})`.execute(db);
  }
  // 课时包: 1800.00 + 900.50 in January, 3600 in March; a deleted one and tenant 2's do not count in tenant 1.
  const packages: [string, string, string, string, number, number][] = [
    ['dsh_p1', 'dsh_s1', '1800.00', '2025-01-06 10:00', 0, 1],
    ['dsh_p2', 'dsh_s2', '900.50', '2025-01-21 10:00', 0, 1],
    ['dsh_p3', 'dsh_s4', '3600', '2025-03-02 10:00', 0, 1],
    ['dsh_p4', 'dsh_s4', '500', '2025-03-03 10:00', 1, 1],
    ['dsh_t2p', 'dsh_t2s', '999', '2025-01-16 10:00', 0, 2],
  ];
  for (const [id, student, amount, created, del, tenant] of packages) {
    await sql`insert into tbl_student_course (id, student_id, course_id, buy_qty, amount, del_flag, create_time, tenant_id)
      values (${id}, ${student}, 'dsh_course', 40, ${amount}, ${del}, ${at(created)}, ${tenant})`.execute(db);
  }
  // 课次: checked ones in January (甲) and February (乙); an unchecked and a deleted one in March; tenant 2's in January.
  const sessions: [string, string | null, string | null, string, number, number, number][] = [
    ['dsh_c1', 'dsh_clazz_a', 'dsh_loc_a', '2025-01-10 10:00', 1, 0, 1],
    ['dsh_c2', 'dsh_clazz_b', 'dsh_loc_b', '2025-02-14 10:00', 1, 0, 1],
    ['dsh_c3', 'dsh_clazz_a', 'dsh_loc_a', '2025-03-05 10:00', 0, 0, 1],
    ['dsh_c4', 'dsh_clazz_a', 'dsh_loc_a', '2025-03-06 10:00', 1, 1, 1],
    ['dsh_t2c', null, 't2_loc_1', '2025-01-10 10:00', 1, 0, 2],
  ];
  for (const [id, clazz, loc, start, status, del, tenant] of sessions) {
    const s = at(start);
    await sql`insert into tbl_calendar (id, type, clazz_id, course_id, start_time, end_time, location_id, status, del_flag, tenant_id)
      values (${id}, 0, ${clazz}, 'dsh_course', ${s}, ${new Date(s.getTime() + 7_200_000)}, ${loc}, ${status}, ${del}, ${tenant})`.execute(db);
  }
  // 点名: c1 到课, 迟到, 缺席; c2 到课, 请假; c3 待签; c4 (deleted) 到课; tenant 2 到课.
  const roll: [string, string, string, number, number][] = [
    ['dsh_r1', 'dsh_c1', 'dsh_s1', 1, 1],
    ['dsh_r2', 'dsh_c1', 'dsh_s2', 2, 1],
    ['dsh_r3', 'dsh_c1', 'dsh_s3', 4, 1],
    ['dsh_r4', 'dsh_c2', 'dsh_s1', 1, 1],
    ['dsh_r5', 'dsh_c2', 'dsh_s4', 3, 1],
    ['dsh_r6', 'dsh_c3', 'dsh_s1', 0, 1],
    ['dsh_r7', 'dsh_c4', 'dsh_s1', 1, 1],
    ['dsh_t2r', 'dsh_t2c', 'dsh_t2s', 1, 2],
  ];
  for (const [id, cal, student, arrival, tenant] of roll) {
    await sql`insert into tbl_lesson_student (id, calendar_id, student_id, arrival_status, tenant_id) values (${id}, ${cal}, ${student}, ${arrival}, ${tenant})`.execute(db);
  }
  // 课消: r1 took 2 + 0.5 (two packages) and had a revoked 2; r2 2; r4 2; r5's leave was charged 1; tenant 2's 3.
  const consume: [string, string, string, string, string, number, number][] = [
    ['dsh_k1', 'dsh_r1', 'dsh_c1', 'dsh_s1', '2', 0, 1],
    ['dsh_k2', 'dsh_r1', 'dsh_c1', 'dsh_s1', '0.5', 0, 1],
    ['dsh_k3', 'dsh_r1', 'dsh_c1', 'dsh_s1', '2', 1, 1],
    ['dsh_k4', 'dsh_r2', 'dsh_c1', 'dsh_s2', '2', 0, 1],
    ['dsh_k5', 'dsh_r4', 'dsh_c2', 'dsh_s1', '2', 0, 1],
    ['dsh_k6', 'dsh_r5', 'dsh_c2', 'dsh_s4', '1', 0, 1],
    ['dsh_k7', 'dsh_r7', 'dsh_c4', 'dsh_s1', '2', 0, 1],
    ['dsh_t2k', 'dsh_t2r', 'dsh_t2c', 'dsh_t2s', '3', 0, 2],
  ];
  for (const [id, rollId, cal, student, hours, status, tenant] of consume) {
    await sql`insert into tbl_consume_log (id, student_course_id, student_id, calendar_id, lesson_student_id, hours, hours_before, hours_after, status, tenant_id)
      values (${id}, 'dsh_p1', ${student}, ${cal}, ${rollId}, ${hours}, 40, 38, ${status}, ${tenant})`.execute(db);
  }
  // 作业: 甲班 January (已提交, 已批改, 未提交), 乙班 February 已截止 (未提交, 需订正), a draft that does not count.
  const homework: [string, string, number, string][] = [
    ['dsh_h1', 'dsh_clazz_a', 1, '2025-01-11 10:00'],
    ['dsh_h2', 'dsh_clazz_b', 2, '2025-02-15 10:00'],
    ['dsh_h3', 'dsh_clazz_a', 0, '2025-02-16 10:00'],
  ];
  for (const [id, clazz, status, created] of homework) {
    await sql`insert into tbl_homework (id, clazz_id, title, status, create_time, create_by) values (${id}, ${clazz}, ${'看板作业' + id}, ${status}, ${at(created)}, 'jiaowu')`.execute(db);
  }
  const submissions: [string, string, string, number][] = [
    ['dsh_hs1', 'dsh_h1', 'dsh_s1', 1],
    ['dsh_hs2', 'dsh_h1', 'dsh_s2', 2],
    ['dsh_hs3', 'dsh_h1', 'dsh_s3', 0],
    ['dsh_hs4', 'dsh_h2', 'dsh_s1', 0],
    ['dsh_hs5', 'dsh_h2', 'dsh_s4', 3],
    ['dsh_hs6', 'dsh_h3', 'dsh_s1', 1],
  ];
  for (const [id, hw, student, status] of submissions) {
    await sql`insert into tbl_homework_student (id, homework_id, student_id, status, submitted_time) values (${id}, ${hw}, ${student}, ${status}, ${status ? at('2025-01-12 10:00') : null})`.execute(db);
  }
  // This week: a session of 甲班 taught by teacher2, and a cancelled one that is not on the week.
  const monday = weekOf(new Date()).from;
  for (const [id, hour, status] of [
    ['dsh_week1', 1, 0],
    ['dsh_week2', 4, 2],
  ] as const) {
    const s = new Date(monday.getTime() + hour * 3_600_000);
    await sql`insert into tbl_calendar (id, type, clazz_id, course_id, start_time, end_time, location_id, status, lesson_no)
      values (${id}, 0, 'dsh_clazz_a', 'dsh_course', ${s}, ${new Date(s.getTime() + 3_600_000)}, 'dsh_loc_a', ${status}, 7)`.execute(db);
    await sql`insert into tbl_calendar_teacher (id, calendar_id, teacher_id, role) values (${id + '_t'}, ${id}, ${t2}, 1)`.execute(db);
  }
}

const figure = async (key: string, query = RANGE, token = admin, tenant?: number) => {
  const r = await be.call(`/dashboard/analysis/${key}?${query}`, { token, headers: tenant ? { 'tenant-id': String(tenant) } : {} });
  expect(r.body).toMatchObject({ success: true });
  return (r.body.result as FigureAnswer).rows;
};
const sum = (rows: FigureRow[], key: string) => rows.reduce((n, r) => n + Number(r[key]), 0);
/** A direct count or sum, for comparison with a figure (raw SQL: not scoped by the tenant plugin, so it names the tenant). */
const one = async (query: string): Promise<number> => Number((await sql<{ n: string | number }>`${sql.raw(query)}`.execute(be.db)).rows[0]?.n ?? 0);
const FROM = "'2025-01-01T00:00:00+08:00'";
const TO = "'2025-04-01T00:00:00+08:00'";

test('enrolments and conversions by month: the fixture\'s numbers, equal to a direct count in tenant 1', async () => {
  const rows = await figure('enrolment');
  expect(rows).toEqual([
    { month: '2025-01', students: 3, converted: 0 },
    { month: '2025-02', students: 1, converted: 2 },
    { month: '2025-03', students: 0, converted: 1 },
  ]);
  expect(sum(rows, 'students')).toBe(
    await one(`select count(*) n from tbl_student where tenant_id = 1 and del_flag = 0 and student_type <> 0 and create_time >= ${FROM} and create_time < ${TO}`),
  );
  expect(sum(rows, 'converted')).toBe(await one(`select count(*) n from tbl_lead where tenant_id = 1 and del_flag = 0 and convert_time >= ${FROM} and convert_time < ${TO}`));
});

test('课消 by month and by venue, and the venue filter; equal to a direct sum of the checked lessons\' consumption', async () => {
  expect(await figure('consumption')).toEqual([
    { month: '2025-01', lessons: 2, hours: 4.5 },
    { month: '2025-02', lessons: 1, hours: 3 },
    { month: '2025-03', lessons: 0, hours: 0 },
  ]);
  const byVenue = await figure('consumptionByVenue');
  expect(byVenue).toEqual([
    { venue: '看板场地甲', lessons: 2, hours: 4.5 },
    { venue: '看板场地乙', lessons: 1, hours: 3 },
  ]);
  const direct = await one(
    `select coalesce(sum(cl.hours), 0) n from tbl_consume_log cl join tbl_calendar c on c.id = cl.calendar_id
     where c.tenant_id = 1 and cl.status = 0 and c.status = 1 and c.del_flag = 0 and c.location_id = 'dsh_loc_a' and c.start_time >= ${FROM} and c.start_time < ${TO}`,
  );
  expect(byVenue[0].hours).toBe(direct);
  expect(await figure('consumption', `${RANGE}&locationId=dsh_loc_a`)).toEqual([
    { month: '2025-01', lessons: 2, hours: 4.5 },
    { month: '2025-02', lessons: 0, hours: 0 },
    { month: '2025-03', lessons: 0, hours: 0 },
  ]);
  expect(await figure('consumptionByVenue', `${RANGE}&locationId=dsh_loc_b`)).toEqual([{ venue: '看板场地乙', lessons: 1, hours: 3 }]);
});

test('attendance by class, homework completion and revenue by month', async () => {
  // Classes come in name order (the database's collation): compared as a set.
  const attendance = await figure('attendance');
  expect(attendance).toHaveLength(2);
  expect(attendance).toEqual(expect.arrayContaining([
    { clazz: '看板乙班', expected: 2, attended: 1, rate: 50 },
    { clazz: '看板甲班', expected: 3, attended: 2, rate: 66.7 },
  ]));
  const hw = await figure('homework');
  expect(hw).toEqual(expect.arrayContaining([
    { clazz: '看板甲班', assigned: 3, finished: 2, rate: 66.7 },
    { clazz: '看板乙班', assigned: 2, finished: 0, rate: 0 },
  ]));
  expect(hw).toHaveLength(2);
  expect(await figure('homework', `${RANGE}&locationId=dsh_loc_b`)).toEqual([{ clazz: '看板乙班', assigned: 2, finished: 0, rate: 0 }]);
  const revenue = await figure('revenue');
  expect(revenue).toEqual([
    { month: '2025-01', packages: 2, amount: 2700.5 },
    { month: '2025-02', packages: 0, amount: 0 },
    { month: '2025-03', packages: 1, amount: 3600 },
  ]);
  expect(sum(revenue, 'amount')).toBe(
    await one(`select coalesce(sum(amount), 0) n from tbl_student_course where tenant_id = 1 and del_flag = 0 and create_time >= ${FROM} and create_time < ${TO}`),
  );
  // The venue filter does not apply to packages (they have no venue): same rows.
  expect(await figure('revenue', `${RANGE}&locationId=dsh_loc_b`)).toEqual(revenue);
});

test('each tenant sees its own figures only', async () => {
  expect((await figure('enrolment', RANGE, admin, 2)).map((r) => r.students)).toEqual([1, 0, 0]);
  expect((await figure('enrolment', RANGE, admin, 2)).map((r) => r.converted)).toEqual([0, 1, 0]);
  expect(await figure('consumptionByVenue', RANGE, admin, 2)).toEqual([{ venue: '南校区教学楼', lessons: 1, hours: 3 }]);
  expect((await figure('revenue', RANGE, admin, 2))[0]).toEqual({ month: '2025-01', packages: 1, amount: 999 });
  // Tenant 1's answer above left tenant 2's rows out, which an unscoped count includes.
  expect(await one(`select count(*) n from tbl_student where del_flag = 0 and student_type <> 0 and create_time >= ${FROM} and create_time < ${TO}`)).toBe(5);
});

test('the default range, bad filters, and 510 without dashboard:analysis', async () => {
  const r = await be.call('/dashboard/analysis/revenue', { token: admin });
  const answer = r.body.result as FigureAnswer;
  expect({ begin: answer.begin, end: answer.end }).toEqual(defaultRange(new Date()));
  expect(answer.rows).toHaveLength(6);
  for (const [query, message] of [
    ['begin=2025-03-01&end=2025-01-01', '开始日期不能晚于结束日期'],
    ['begin=2025-02-30&end=2025-03-01', '日期格式不正确，应为 YYYY-MM-DD'],
    ['begin=2020-01-01&end=2025-01-01', '日期范围不能超过24个月'],
    [`${RANGE}&locationId=a'b`, '场地不正确'],
  ]) {
    expect((await be.call(`/dashboard/analysis/enrolment?${query}`, { token: admin })).body).toMatchObject({ success: false, message });
  }
  expect((await be.call(`/dashboard/analysis/nope?${RANGE}`, { token: admin })).body).toMatchObject({ success: false, message: '未知的统计项' });
  for (const path of [`/dashboard/analysis/enrolment?${RANGE}`, `/dashboard/analysis/revenue/exportXls?${RANGE}`]) {
    expect((await be.call(path, { token: teacher })).body).toMatchObject({ success: false, code: 510 });
  }
});

test('a figure exports its rows as a workbook', async () => {
  const res = await be.fetch(new Request(`http://backend/dashboard/analysis/consumptionByVenue/exportXls?${RANGE}`, { headers: { 'X-Access-Token': admin } }));
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('.xlsx'));
  const rows: string[][] = [];
  for await (const row of readXlsxRows(Buffer.from(await res.arrayBuffer()), { titleRows: 2 })) rows.push(Object.values(row.values).map(String));
  expect(rows).toEqual([
    ['看板场地甲', '2', '4.5'],
    ['看板场地乙', '1', '3'],
  ]);
});

test('工作台 of a teacher: this week\'s sessions and homework to grade; no tasks or follow-ups', async () => {
  const r = await be.call('/dashboard/workplace', { token: teacher });
  const w = r.body.result as WorkplaceAnswer;
  expect(w.tasks).toBeNull();
  expect(w.followUps).toBeNull();
  expect(w.sessions!.records.map((s) => s.id)).toContain('dsh_week1');
  expect(w.sessions!.records.map((s) => s.id)).not.toContain('dsh_week2');
  expect(w.sessions!.records.find((s) => s.id === 'dsh_week1')).toMatchObject({ clazzName: '看板甲班', lessonNo: 7, place: '看板场地甲' });
  const week = weekOf(new Date());
  expect(w.sessions!.total).toBe(
    await one(
      `select count(*) n from tbl_calendar c where c.del_flag = 0 and c.type = 0 and c.status in (0, 1) and c.start_time >= '${week.from.toISOString()}' and c.start_time < '${week.to.toISOString()}'
       and exists (select 1 from tbl_calendar_teacher ct join tbl_teacher t on t.id = ct.teacher_id where ct.calendar_id = c.id and t.user_id = 'u_teacher2')`,
    ),
  );
  // 甲班 (teacher2 heads it): dsh_h1 has one 已提交 submission; the draft dsh_h3 has one too.
  expect(w.homework!.records).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'dsh_h1', waiting: 1, clazzName: '看板甲班' })]));
  expect(w.homework!.records.map((h) => h.id)).not.toContain('dsh_h2');
});

test('工作台 of marketing: tasks and follow-ups due, counted as SQL counts them; unread announcements', async () => {
  const r = await be.call('/dashboard/workplace', { token: marketing });
  const w = r.body.result as WorkplaceAnswer;
  expect(w.homework).toBeNull();
  expect(w.sessions).toEqual({ total: 0, records: [] });
  expect(w.tasks!.total).toBe(await one(`select count(*) n from tbl_task where assignee = 'u_marketing' and del_flag = 0 and status in (0, 1)`));
  expect(w.tasks!.total).toBeGreaterThan(0);
  const due = await one(
    `select count(*) n from tbl_lead where own_by = 'u_marketing' and del_flag = 0 and convert_time is null and tenant_id = 1
     and next_follow_time < (date_trunc('day', now() at time zone 'Asia/Shanghai') + interval '1 day') at time zone 'Asia/Shanghai'`,
  );
  expect(w.followUps!.total).toBe(due);
  expect(w.followUps!.total).toBeGreaterThan(0);
  expect(w.followUps!.records.length).toBe(Math.min(due, 8));
  // The bell's count: reading /sys/annountCement/listByUser gives the same number of unread announcements.
  const bell = await be.call('/sys/annountCement/listByUser?pageSize=50', { token: marketing });
  const b = bell.body.result as { anntMsgTotal: number; sysMsgTotal: number };
  expect(w.announcements.total).toBe(b.anntMsgTotal + b.sysMsgTotal);
  // 新消息通知 switched off for 系统公告: the workplace counts as the bell still does.
  expect(b.anntMsgTotal).toBeGreaterThan(0);
  await be.call('/sys/user/notifySetting', { method: 'PUT', token: marketing, json: { announcement: false, task: true, homework: true, approval: true } });
  const muted = (await be.call('/dashboard/workplace', { token: marketing })).body.result as WorkplaceAnswer;
  const mutedBell = (await be.call('/sys/annountCement/listByUser?pageSize=50', { token: marketing })).body.result as { anntMsgTotal: number; sysMsgTotal: number };
  expect(mutedBell.anntMsgTotal).toBe(0);
  expect(muted.announcements.total).toBe(mutedBell.sysMsgTotal);
  await be.call('/sys/user/notifySetting', { method: 'PUT', token: marketing, json: { announcement: true, task: true, homework: true, approval: true } });
});

test('a role\'s 首页配置 can be set to 工作台 (and only to a menu page); its users land there', async () => {
  const add = (url: string) => be.call('/sys/sysRoleIndex/add', { method: 'POST', token: admin, json: { roleCode: 'teacher', url, priority: 0, status: '1' } });
  expect((await add('/evil/page')).body).toMatchObject({ success: false, message: '首页必须是菜单中的页面' });
  expect((await add('/dashboard/workplace')).body).toMatchObject({ success: true });
  const account = await be.call('/sys/user/getAccountInfoFromToken', { token: teacher });
  expect((account.body.result as { homePath: string }).homePath).toBe('/dashboard/workplace');
  const row = await be.call('/sys/sysRoleIndex/queryByCode?roleCode=teacher', { token: admin });
  expect(row.body.result).toMatchObject({ roleCode: 'teacher', url: '/dashboard/workplace', component: 'dashboard/Workplace' });
  await be.call(`/sys/sysRoleIndex/delete?id=${(row.body.result as { id: string }).id}`, { method: 'DELETE', token: admin });
});
