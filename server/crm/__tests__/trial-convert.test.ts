/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Envelope } from '../../../lib/envelope';

/*
 * 预约试听 then 转化 of a parent's lead (issue #39 item 1, item 8; server/crm/lead-convert.ts): the trial makes the
 * student the child (typed 学员姓名) with the lead as 监护人, never the parent; 转化 uses what is typed, renaming the
 * trial's student; the trial's session list puts the lead's 意向课程 first and marks full classes. Starts from the
 * prepared demo database.
 */

let be: TestBackend;
let marketing: string;

beforeAll(async () => {
  be = await startTestBackend();
  marketing = await be.login('marketing');
}, 120_000);
afterAll(() => be?.close());

const post = async (path: string, json: unknown) => (await be.call(path, { method: 'POST', token: marketing, json })).body as Envelope;
const get = async (path: string) => (await be.call(path, { token: marketing })).body as Envelope;
const student = (id: string) => be.db.selectFrom('tbl_student').select(['name', 'phone', 'guardian', 'guardian_phone', 'student_type']).where('id', '=', id).executeTakeFirstOrThrow();
const leadRow = (id: string) => be.db.selectFrom('tbl_lead').select(['child_name', 'student_id']).where('id', '=', id).executeTakeFirstOrThrow();

let seq = 0;
/** A brochure-style lead (the parent's name, no child named), owned by marketing. */
async function parentLead(over: Record<string, unknown> = {}): Promise<{ id: string; phone: string }> {
  const id = `tc_lead_${++seq}`;
  const phone = `1355555${String(1000 + seq)}`;
  await be.db.insertInto('tbl_lead').values({ id, name: `刘妈妈${seq}`, phone, channel: 7, own_by: 'u_marketing', owner_time: new Date(), ...over }).execute();
  return { id, phone };
}

let courseA: string;
let courseB: string;
const at = (h: number) => new Date(Date.now() + h * 3600_000);

beforeAll(async () => {
  [courseA, courseB] = ['tc_course_a', 'tc_course_b'];
  await be.db.insertInto('tbl_course').values([{ id: courseA, name: '试听意向课', unit: 1 }, { id: courseB, name: '试听其他课', unit: 1 }]).execute();
  await be.db
    .insertInto('tbl_clazz')
    .values([
      { id: 'tc_full', name: '试听已满班', course_id: courseA, capacity: 1 },
      { id: 'tc_open', name: '试听空位班', course_id: courseA, capacity: 10 },
    ])
    .execute();
  await be.db
    .insertInto('tbl_calendar')
    .values([
      // The other course's session starts first: 意向课程 must still come first.
      { id: 'tc_cal_other', type: 0, title: '试听其他', course_id: courseB, start_time: at(20), end_time: at(21), hours: '1' },
      { id: 'tc_cal_full', type: 0, title: '试听已满', clazz_id: 'tc_full', course_id: courseA, start_time: at(30), end_time: at(31), hours: '1' },
      { id: 'tc_cal_open', type: 0, title: '试听空位', clazz_id: 'tc_open', course_id: courseA, start_time: at(40), end_time: at(41), hours: '1' },
    ])
    .execute();
  const taken = await be.db.selectFrom('tbl_student').select('id').where('del_flag', '=', 0).executeTakeFirstOrThrow();
  await be.db.insertInto('tbl_lesson_student').values({ id: 'tc_ls_taken', calendar_id: 'tc_cal_full', student_id: taken.id }).execute();
});

describe('预约试听 names the child, keeps the parent as 监护人', () => {
  it('asks for 学员姓名 and makes the student the child with the lead as 监护人', async () => {
    const { id, phone } = await parentLead();
    expect(await post('/crm/tblLead/trial', { leadId: id, calendarId: 'tc_cal_open' })).toMatchObject({ success: false, message: '请填写学员姓名' });
    expect(await post('/crm/tblLead/trial', { leadId: id, calendarId: 'tc_cal_open', studentName: '  ' })).toMatchObject({ success: false, message: '请填写学员姓名' });
    const r = await post('/crm/tblLead/trial', { leadId: id, calendarId: 'tc_cal_open', studentName: '刘小乐' });
    expect(r).toMatchObject({ success: true, result: { studentName: '刘小乐', reused: null } });
    const { studentId } = r.result as { studentId: string };
    expect(await student(studentId)).toEqual({ name: '刘小乐', phone, guardian: `刘妈妈${seq}`, guardian_phone: phone, student_type: 0 });
    // The lead now names its child.
    expect(await leadRow(id)).toEqual({ child_name: '刘小乐', student_id: studentId });

    // 转化 with the same name: the trial's student, no rename, the guardian kept.
    const c = await post('/crm/tblLead/convert', { leadId: id, courseId: courseA, buyQty: 10, studentName: '刘小乐' });
    expect(c).toMatchObject({ success: true, message: '转化成功，已使用试听时建立的学员（刘小乐）', result: { studentId, reused: 'lead', renamedFrom: null } });
    expect(await student(studentId)).toMatchObject({ name: '刘小乐', guardian: `刘妈妈${seq}`, student_type: 1 });
  });

  it('转化 uses the typed 学员姓名: the trial student is renamed (and says so), the guardian stays', async () => {
    const { id } = await parentLead({ child_name: '小乐' });
    const r = await post('/crm/tblLead/trial', { leadId: id, calendarId: 'tc_cal_open', studentName: '小乐' });
    const { studentId } = r.result as { studentId: string };
    const c = await post('/crm/tblLead/convert', { leadId: id, courseId: courseA, buyQty: 10, studentName: '刘小乐' });
    expect(c).toMatchObject({ success: true, message: '转化成功，已使用试听时建立的学员，姓名由“小乐”改为“刘小乐”', result: { studentId, studentName: '刘小乐', renamedFrom: '小乐' } });
    expect(await student(studentId)).toMatchObject({ name: '刘小乐', guardian: `刘妈妈${seq}`, student_type: 1 });
  });

  it('a student named after the parent by the old flow gets the typed name and the parent as 监护人', async () => {
    const { id, phone } = await parentLead();
    const r = await post('/crm/tblLead/trial', { leadId: id, calendarId: 'tc_cal_open', studentName: `刘妈妈${seq}` });
    const { studentId } = r.result as { studentId: string };
    // Typing the parent's own name means the lead is the learner: no 监护人.
    expect(await student(studentId)).toMatchObject({ name: `刘妈妈${seq}`, guardian: null });
    const c = await post('/crm/tblLead/convert', { leadId: id, courseId: courseA, buyQty: 10, studentName: '刘小欢' });
    expect(c).toMatchObject({ success: true, result: { studentName: '刘小欢', renamedFrom: `刘妈妈${seq}` } });
    expect(await student(studentId)).toMatchObject({ name: '刘小欢', guardian: `刘妈妈${seq}`, guardian_phone: phone });
  });
});

describe('预约试听 session list', () => {
  type Session = { id: string; intended: boolean; full: boolean; allowOver: boolean; headcount: number; capacity: number | null };
  const sessions = async (query: string) => (await get(`/crm/tblLead/trialSessions?${query}`)).result as { records: Session[]; total: number };

  it("lists the lead's 意向课程 first, marks full classes, pages on the server", async () => {
    const { id } = await parentLead({ intention_course_id: courseA });
    const page = await sessions(`leadId=${id}&keyword=试听&pageNo=1&pageSize=2`);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.records.map((s) => [s.id, s.intended, s.full])).toEqual([
      ['tc_cal_full', true, true],
      ['tc_cal_open', true, false],
    ]);
    expect(page.records[0]).toMatchObject({ headcount: 1, capacity: 1, allowOver: false });
    const next = await sessions(`leadId=${id}&keyword=试听&pageNo=2&pageSize=2`);
    expect(next.records[0]).toMatchObject({ id: 'tc_cal_other', intended: false });
    // Without a lead: by time only.
    expect((await sessions('keyword=试听&pageNo=1&pageSize=1')).records[0]).toMatchObject({ id: 'tc_cal_other', intended: false });
    // A full class refuses the trial (the capacity rule of joining members).
    const r = await post('/crm/tblLead/trial', { leadId: id, calendarId: 'tc_cal_full', studentName: '刘小满' });
    expect(r.success).toBe(false);
    expect(r.message).toBe('超出班级容量（容量1人，已有1人）');
  });

  it("answers 未找到对应数据 for a lead the caller cannot see", async () => {
    const { id } = await parentLead({ own_by: 'u_marketing2' });
    const marketing2 = await be.login('marketing2');
    expect(await be.call(`/crm/tblLead/trialSessions?leadId=${id}`, { token: marketing2 })).toMatchObject({ body: { success: true } });
    const { id: other } = await parentLead();
    expect((await be.call(`/crm/tblLead/trialSessions?leadId=${other}`, { token: marketing2 })).body).toMatchObject({ success: false, message: '未找到对应数据' });
  });
});
