/** @jest-environment node */
import { sql } from 'kysely';
import { DAY_MS } from '../../../lib/crm/pool-rules';
import { findJobClass } from '../../system/quartz-jobs';
import { runAutoReturn } from '../lead-auto-return';
import { startOfShanghaiMonth } from '../lead-pool';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Envelope } from '../../../lib/envelope';

/*
 * 线索池, 转化, 试听 and 招生工作台 (server/crm/lead-pool-routes.ts) through the production handler, on the demo
 * seed (10 pool leads lead_demo_34…43, marketing = 王晓雨 with the marketing flag, marketing2 without). Runs on
 * PostgreSQL in CI's PG stage too, where the concurrent claim really races two connections.
 */

let be: TestBackend;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  be = await startTestBackend();
  for (const u of ['admin', 'jiaowu', 'marketing', 'marketing2']) tokens[u] = await be.login(u);
}, 120_000);
afterAll(() => be?.close());

const post = async (path: string, json: unknown, who: string) => (await be.call(path, { method: 'POST', token: tokens[who], json })).body as Envelope;
const put = async (path: string, json: unknown, who: string) => (await be.call(path, { method: 'PUT', token: tokens[who], json })).body as Envelope;
const get = async (path: string, who: string) => (await be.call(path, { token: tokens[who] })).body as Envelope;
const lead = (id: string) => be.db.selectFrom('tbl_lead').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const history = (id: string) => be.db.selectFrom('tbl_lead_owner_history').select(['action', 'from_user', 'to_user', 'operator', 'reason']).where('lead_id', '=', id).orderBy('create_time').execute();
const CONFIG = { enabled: 1, contactExpireDays: 15, dealExpireDays: 60, notifyEnabled: 1, notifyDays: 3, maxOwned: 200 };

let seq = 0;
/** A lead written straight into the table (the lead screens are another module's). */
async function insertLead(over: Record<string, unknown> = {}): Promise<string> {
  const id = `lp_test_${++seq}`;
  await be.db
    .insertInto('tbl_lead')
    .values({ id, name: `测试线索${seq}`, phone: `1377777${String(1000 + seq)}`, child_name: `孩子${seq}`, own_by: 'u_marketing', owner_time: new Date(), ...over })
    .execute();
  return id;
}

describe('线索池 list, 领取, 分配', () => {
  it('lists the pool, paged on the server, with masked phones and the last owner', async () => {
    const r = await get('/crm/leadPool/list?pageNo=1&pageSize=5&column=poolTime&order=desc', 'marketing');
    const page = r.result as { records: Record<string, unknown>[]; total: number };
    const { n } = await be.db.selectFrom('tbl_lead').select(sql<string>`count(*)`.as('n')).where('own_by', 'is', null).where('del_flag', '=', 0).executeTakeFirstOrThrow();
    expect(page.total).toBe(Number(n));
    expect(page.records).toHaveLength(5);
    expect(page.records[0].phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(page.records.every((x) => x.lastOwner_dictText === '王晓雨')).toBe(true);
    expect((await get('/crm/leadPool/list?column=phone&order=asc', 'marketing')).success).toBe(false);
    expect((await get('/crm/leadPool/list', 'jiaowu')).code).toBe(510);
  });

  it('claims a pool lead and records 领取', async () => {
    const r = await post('/crm/leadPool/claim', { id: 'lead_demo_34' }, 'marketing2');
    expect(r).toMatchObject({ success: true, result: { count: 1 } });
    const l = await lead('lead_demo_34');
    expect([l.own_by, l.pool_reason, l.pool_time]).toEqual(['u_marketing2', null, null]);
    expect(l.owner_time).toBeInstanceOf(Date);
    expect((await history('lead_demo_34')).at(-1)).toMatchObject({ action: '领取', from_user: null, to_user: 'u_marketing2', operator: 'marketing2' });
  });

  it('two people claiming one lead at once: exactly one wins', async () => {
    const [a, b] = await Promise.all([post('/crm/leadPool/claim', { id: 'lead_demo_35' }, 'marketing'), post('/crm/leadPool/claim', { ids: ['lead_demo_35'] }, 'marketing2')]);
    expect([a.success, b.success].filter(Boolean)).toHaveLength(1);
    expect([a, b].find((x) => !x.success)?.message).toBe('该线索已被他人领取');
    expect((await history('lead_demo_35')).filter((h) => h.action === '领取')).toHaveLength(1);
    const winner = a.success ? 'u_marketing' : 'u_marketing2';
    expect((await lead('lead_demo_35')).own_by).toBe(winner);
  });

  it('refuses a claim over max_owned and leaves the lead in the pool', async () => {
    const { n } = await be.db.selectFrom('tbl_lead').select(sql<string>`count(*)`.as('n')).where('own_by', '=', 'u_marketing2').where('convert_time', 'is', null).where('del_flag', '=', 0).executeTakeFirstOrThrow();
    expect(await put('/crm/leadPool/config', { ...CONFIG, maxOwned: Number(n) }, 'admin')).toMatchObject({ success: true });
    const r = await post('/crm/leadPool/claim', { id: 'lead_demo_36' }, 'marketing2');
    expect(r).toMatchObject({ success: false, message: `已达到可拥有线索上限（${n}条），请先处理已有线索` });
    expect((await lead('lead_demo_36')).own_by).toBeNull();
    expect(await put('/crm/leadPool/config', CONFIG, 'admin')).toMatchObject({ success: true });
  });

  it('assigns as a manager only, to an active 在职 user', async () => {
    expect((await post('/crm/leadPool/assign', { ids: ['lead_demo_36'], userId: 'u_marketing' }, 'marketing2')).code).toBe(510);
    expect(await post('/crm/leadPool/assign', { ids: ['lead_demo_36'], userId: 'u_frozen' }, 'admin')).toMatchObject({ success: false, message: '所选人员不存在、已停用或已离职' });
    await be.db.updateTable('sys_user').set({ staff_status: 2 }).where('id', '=', 'u_teacher2').execute();
    expect((await post('/crm/leadPool/assign', { ids: ['lead_demo_36'], userId: 'u_teacher2' }, 'admin')).success).toBe(false);
    await be.db.updateTable('sys_user').set({ staff_status: 1 }).where('id', '=', 'u_teacher2').execute();
    const r = await post('/crm/leadPool/assign', { ids: 'lead_demo_36,lead_demo_37', userId: 'u_marketing' }, 'admin');
    expect(r).toMatchObject({ success: true, result: { count: 2 } });
    expect((await history('lead_demo_37')).at(-1)).toMatchObject({ action: '分配', to_user: 'u_marketing', operator: 'admin' });
    // All or nothing: one of the two is gone now.
    expect(await post('/crm/leadPool/assign', { ids: ['lead_demo_37', 'lead_demo_38'], userId: 'u_marketing' }, 'admin')).toMatchObject({ success: false });
    expect((await lead('lead_demo_38')).own_by).toBeNull();
  });

  it('validates the settings and guards them with crm:pool:config', async () => {
    expect((await get('/crm/leadPool/config', 'marketing')).code).toBe(510);
    expect(await put('/crm/leadPool/config', { ...CONFIG, dealExpireDays: 10 }, 'admin')).toMatchObject({ success: false, message: '未成交回收天数必须大于未跟进回收天数' });
    expect(await put('/crm/leadPool/config', { ...CONFIG, maxOwned: 'abc' }, 'admin')).toMatchObject({ success: false, message: '每人可拥有线索上限必须是1到100000之间的整数' });
    expect((await get('/crm/leadPool/config', 'admin')).result).toMatchObject({ ...CONFIG, updateBy: 'admin' });
  });
});

describe('automatic return on a fixed clock', () => {
  // Before every demo lead's ownership began, so only the leads written here can be due.
  const NOW = new Date('2020-06-01T00:00:00Z');
  const ago = (d: number) => new Date(NOW.getTime() - d * DAY_MS);

  it('returns the due leads, records 自动回收 and warns each owner once', async () => {
    const base = { own_by: 'u_marketing2', create_time: ago(100) };
    const quiet = await insertLead({ ...base, owner_time: ago(20) });
    const noDeal = await insertLead({ ...base, owner_time: ago(70), last_follow_time: ago(1) });
    const soon = await insertLead({ ...base, owner_time: ago(13) });
    const locked = await insertLead({ ...base, owner_time: ago(20), locked: 1 });
    const converted = await insertLead({ ...base, owner_time: ago(20), convert_time: ago(2) });
    const fresh = await insertLead({ ...base, owner_time: ago(5) });
    expect(findJobClass('org.jeecg.modules.crm.job.LeadAutoReturnJob')?.label).toBe('线索自动回收');

    expect(await runAutoReturn(be.db, NOW)).toEqual({ enabled: true, returned: 2, warnedLeads: 1, warnedOwners: 1 });
    for (const id of [quiet, noDeal]) {
      expect(await lead(id)).toMatchObject({ own_by: null, pool_reason: '自动回收', pool_time: NOW });
    }
    expect((await history(quiet)).at(-1)).toEqual({ action: '自动回收', from_user: 'u_marketing2', to_user: null, operator: 'system', reason: '超过15天未跟进' });
    expect((await history(noDeal)).at(-1)?.reason).toBe('超过60天未成交');
    for (const id of [soon, locked, converted, fresh]) expect((await lead(id)).own_by).toBe('u_marketing2');
    expect((await lead(soon)).return_warned_time).toEqual(NOW);
    const msgs = await be.db
      .selectFrom('sys_announcement as a')
      .innerJoin('sys_announcement_send as s', 's.annt_id', 'a.id')
      .select(['a.msg_content', 'a.msg_category'])
      .where('s.user_id', '=', 'u_marketing2')
      .where('a.titile', '=', '线索即将自动回收')
      .execute();
    expect(msgs).toHaveLength(1);
    expect(msgs[0].msg_category).toBe('2');
    expect(msgs[0].msg_content).toContain('您有1条线索');
    expect(msgs[0].msg_content).toContain('2020-06-03');

    // The next day: nothing more is due and the warning is not repeated.
    expect(await runAutoReturn(be.db, new Date(NOW.getTime() + DAY_MS / 2))).toMatchObject({ returned: 0, warnedOwners: 0 });
  });
});

describe('转化 and 试听', () => {
  let courseId: string;
  let future: string;
  let past: string;
  beforeAll(async () => {
    const c = await post('/course/tblCourse/add', { name: '试听测试课程', unit: 1 }, 'jiaowu');
    courseId = String((c.result as { id: string }).id);
    const at = (h: number) => new Date(Date.now() + h * 3600_000);
    future = 'lp_cal_future';
    past = 'lp_cal_past';
    await be.db
      .insertInto('tbl_calendar')
      .values([
        { id: future, type: 0, title: '试听课', course_id: courseId, start_time: at(48), end_time: at(50), hours: '2' },
        { id: past, type: 0, title: '已上课', course_id: courseId, start_time: at(-48), end_time: at(-46), hours: '2' },
      ])
      .execute();
  });

  const pkg = { buyQty: 20, giftQty: 2, amount: 3000, validFrom: '2026-01-01', validTo: '2026-12-31' };

  it('converts into a student with a 课时包 in one transaction, once', async () => {
    const id = await insertLead({ phone: '13766660001', grade: '三年级', channel: 2 });
    // Not marketing2's and it sees only its own (leads.ts's visibility rule).
    expect(await post('/crm/tblLead/convert', { leadId: id, courseId, ...pkg }, 'marketing2')).toMatchObject({ success: false, message: '未找到对应数据' });
    // A bad course fails after the student was written: nothing stays.
    expect(await post('/crm/tblLead/convert', { leadId: id, courseId: 'no_such_course', ...pkg }, 'marketing')).toMatchObject({ success: false, message: '所选课程不存在，请重新选择' });
    expect(await be.db.selectFrom('tbl_student').select('id').where('phone', '=', '13766660001').execute()).toHaveLength(0);

    const r = await post('/crm/tblLead/convert', { leadId: id, courseId, ...pkg }, 'marketing');
    expect(r).toMatchObject({ success: true, message: '转化成功', result: { reused: null } });
    const { studentId, studentCourseId } = r.result as { studentId: string; studentCourseId: string };
    const s = await be.db.selectFrom('tbl_student').selectAll().where('id', '=', studentId).executeTakeFirstOrThrow();
    expect([s.name, s.phone, s.student_type, s.own_by, s.guardian, s.grade, s.source]).toEqual([`孩子${seq}`, '13766660001', 1, 'u_marketing', `测试线索${seq}`, '三年级', 2]);
    const p = await be.db.selectFrom('tbl_student_course').selectAll().where('id', '=', studentCourseId).executeTakeFirstOrThrow();
    expect([p.student_id, p.course_id, Number(p.buy_qty), Number(p.gift_qty), Number(p.remain_qty), p.status]).toEqual([studentId, courseId, 20, 2, 22, 0]);
    expect(p.valid_from).toBeTruthy();
    expect(await lead(id)).toMatchObject({ student_id: studentId, follow_status: 5 });
    expect((await lead(id)).convert_time).toBeInstanceOf(Date);
    expect(await post('/crm/tblLead/convert', { leadId: id, courseId, ...pkg }, 'marketing')).toMatchObject({ success: false, message: '该线索已转化为学员，不能重复转化' });
  });

  it('books a 试听 (member_type 2) for 教务, refuses duplicates and past sessions; conversion reuses its student', async () => {
    const id = await insertLead({ own_by: 'u_marketing2', phone: '13766660002', follow_status: 1 });
    expect(await post('/crm/tblLead/trial', { leadId: id, calendarId: past, studentName: '小试听' }, 'jiaowu')).toMatchObject({ success: false, message: '只能预约未开始的课次' });
    const r = await post('/crm/tblLead/trial', { leadId: id, calendarId: future, studentName: '小试听' }, 'jiaowu');
    expect(r).toMatchObject({ success: true });
    const { studentId } = r.result as { studentId: string };
    expect((await be.db.selectFrom('tbl_student').select('student_type').where('id', '=', studentId).executeTakeFirstOrThrow()).student_type).toBe(0);
    const roll = await be.db.selectFrom('tbl_lesson_student').select(['member_type']).where('calendar_id', '=', future).where('student_id', '=', studentId).execute();
    expect(roll).toEqual([{ member_type: 2 }]);
    expect(await lead(id)).toMatchObject({ student_id: studentId, follow_status: 2 });
    expect(await post('/crm/tblLead/trial', { leadId: id, calendarId: future, studentName: '小试听' }, 'jiaowu')).toMatchObject({ success: false, message: '该学员已在此课次中，不能重复预约' });

    const { trials } = (await get(`/crm/tblLead/trials?leadId=${id}`, 'marketing2')).result as { trials: { calendarId: string; title: string }[] };
    expect(trials.map((t) => [t.calendarId, t.title])).toEqual([[future, '试听课']]);
    const sessions = (await get('/crm/tblLead/trialSessions?pageNo=1&pageSize=50&keyword=试听', 'jiaowu')).result as { records: { id: string; headcount: number }[]; total: number };
    expect(sessions.records.find((x) => x.id === future)?.headcount).toBe(1);
    expect(sessions.records.some((x) => x.id === past)).toBe(false);

    const c = await post('/crm/tblLead/convert', { leadId: id, courseId, buyQty: 10 }, 'marketing2');
    expect(c).toMatchObject({ success: true, result: { studentId, reused: 'lead' } });
    expect((await be.db.selectFrom('tbl_student').select('student_type').where('id', '=', studentId).executeTakeFirstOrThrow()).student_type).toBe(1);
  });
});

describe('招生工作台 and the role home', () => {
  it('summary numbers match SQL', async () => {
    const r = (await get('/crm/workbench/summary', 'marketing')).result as Record<string, number | null>;
    const count = async (where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) => Number((await where(base()).executeTakeFirstOrThrow()).n);
    const base = () => be.db.selectFrom('tbl_lead').select(sql<string>`count(*)`.as('n')).where('del_flag', '=', 0);
    expect(r.poolSize).toBe(await count((q) => q.where('own_by', 'is', null)));
    expect(r.myLeads).toBe(await count((q) => q.where('own_by', '=', 'u_marketing')));
    const month = startOfShanghaiMonth(new Date());
    expect(r.convertedThisMonth).toBe(await count((q) => q.where('own_by', '=', 'u_marketing').where('convert_time', '>=', month)));
    expect(r.convertedThisMonth).toBeGreaterThanOrEqual(1);
    expect(r.teamConvertedThisMonth).toBe(await count((q) => q.where('convert_time', '>=', month)));
    const { n } = await be.db.selectFrom('tbl_task').select(sql<string>`count(*)`.as('n')).where('assignee', '=', 'u_marketing').where('del_flag', '=', 0).where('status', 'in', [0, 1]).executeTakeFirstOrThrow();
    expect(r.openTasks).toBe(Number(n));
    expect((r.dueToday as number) + (r.overdue as number)).toBeGreaterThan(0);
    expect(((await get('/crm/workbench/summary', 'marketing2')).result as { teamConvertedThisMonth: unknown }).teamConvertedThisMonth).toBeNull();
  });

  it('marketing lands on its workbench (its seeded 首页配置), admin on the 行事历', async () => {
    expect(((await get('/sys/user/getAccountInfoFromToken', 'marketing')).result as { homePath: unknown }).homePath).toBe('/crm/workbench');
    expect(((await get('/sys/user/getAccountInfoFromToken', 'admin')).result as { homePath: unknown }).homePath).toBe('/calpanel/CalendarPanel');
  });
});
