/** @jest-environment node */
import { linkId } from '../../core/ids';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Envelope } from '../../../lib/envelope';

/*
 * 批量添加课时包 (server/edu/student-package-routes.ts) through the production handler: the same checks as
 * the single add, all rows in one transaction, both permission codes of the single add.
 */

let be: TestBackend;
let jiaowu: string;


beforeAll(async () => {
  be = await startTestBackend();
  jiaowu = await be.login('jiaowu');
}, 120_000);
afterAll(() => be?.close());

const URL = '/edu/tblStudentCourse/addBatch';
const post = async (path: string, json: unknown, token = jiaowu) => (await be.call(path, { method: 'POST', token, json })).body as Envelope;
const idOf = (r: Envelope) => String((r.result as { id: string }).id);
let seq = 0;
const uniq = () => `${Date.now() % 100000}${++seq}`;
const phone = () => `139${String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8)}`;

async function student(): Promise<string> {
  const r = await post('/edu/tblStudent/add', { name: `学员${uniq()}`, phone: phone() });
  expect(r).toMatchObject({ success: true });
  return idOf(r);
}

async function course(unit: number): Promise<string> {
  const r = await post('/course/tblCourse/add', { name: `课程${uniq()}`, unit });
  expect(r).toMatchObject({ success: true });
  return idOf(r);
}

const packagesOf = (studentId: string) =>
  be.db.selectFrom('tbl_student_course').select(['course_id', 'unit', 'buy_qty', 'gift_qty', 'amount', 'valid_to', 'remark', 'status', 'create_by', 'create_time']).where('student_id', '=', studentId).orderBy('buy_qty').execute();

describe('POST /edu/tblStudentCourse/addBatch', () => {
  it('adds every row with the course unit, status 0 and the audit columns', async () => {
    const [s, c1, c2] = [await student(), await course(2), await course(3)];
    const r = await post(URL, {
      studentId: s,
      rows: [
        { courseId: c1, buyQty: 10, amount: 100 },
        { courseId: c2, buyQty: 20, giftQty: 2, amount: '300.5', validTo: '2027-06-30', remark: '续费' },
      ],
    });
    expect(r).toMatchObject({ success: true, result: { count: 2 } });
    const rows = await packagesOf(s);
    expect(rows.map((p) => [p.course_id, p.unit, Number(p.buy_qty), Number(p.gift_qty), Number(p.amount), p.remark, p.status, p.create_by])).toEqual([
      [c1, 2, 10, 0, 100, null, 0, 'jiaowu'],
      [c2, 3, 20, 2, 300.5, '续费', 0, 'jiaowu'],
    ]);
    expect(rows[1].valid_to).toBeTruthy();
    expect(rows[0].create_time).toBeInstanceOf(Date);
  });

  it('one bad row refuses the whole batch, naming the row', async () => {
    const [s, c] = [await student(), await course(1)];
    const unknown = await post(URL, { studentId: s, rows: [{ courseId: c, buyQty: 1 }, { courseId: 'nope', buyQty: 2 }] });
    expect(unknown).toMatchObject({ success: false, message: '第2行：所选课程不存在，请重新选择' });
    const negative = await post(URL, { studentId: s, rows: [{ courseId: c, buyQty: 1 }, { courseId: c, buyQty: 2 }, { courseId: c, buyQty: 3, giftQty: -1 }] });
    expect(negative).toMatchObject({ success: false, message: '第3行：赠送数量不能为负数' });
    expect(await post(URL, { studentId: s, rows: [{ courseId: c, buyQty: -5 }] })).toMatchObject({ success: false, message: '第1行：购买数量不能为负数' });
    expect(await post(URL, { studentId: s, rows: [{ courseId: c, buyQty: 1, amount: 1.234 }] })).toMatchObject({ success: false, message: '第1行：请输入正确的金额!' });
    expect(await post(URL, { studentId: s, rows: [{ courseId: c }] })).toMatchObject({ success: false, message: '第1行：请输入购买数量!' });
    expect(await packagesOf(s)).toEqual([]);
  });

  it('refuses an unknown student, an empty batch and more than 50 rows', async () => {
    const c = await course(1);
    expect(await post(URL, { studentId: 'nobody', rows: [{ courseId: c, buyQty: 1 }] })).toMatchObject({ success: false, message: '第1行：学员不存在，请刷新后重试' });
    const s = await student();
    expect(await post(URL, { studentId: s, rows: [] })).toMatchObject({ success: false, message: '请至少添加一个课时包' });
    const many = Array.from({ length: 51 }, () => ({ courseId: c, buyQty: 1 }));
    expect(await post(URL, { studentId: s, rows: many })).toMatchObject({ success: false, message: '一次最多添加50个课时包' });
    expect(await packagesOf(s)).toEqual([]);
  });

  it('needs edu:student:add and edu:student:edit (a teacher has neither)', async () => {
    const [s, c] = [await student(), await course(1)];
    const teacher2 = await be.login('teacher2');
    expect((await post(URL, { studentId: s, rows: [{ courseId: c, buyQty: 1 }] }, teacher2)).code).toBe(510);
    const anonymous = await be.call(URL, { method: 'POST', json: { studentId: s, rows: [{ courseId: c, buyQty: 1 }] } });
    expect(anonymous.status).toBe(401);
    expect(await packagesOf(s)).toEqual([]);

    // :add alone is not enough (the single add's hook wants :edit too); both codes let the batch through.
    const grant = async (code: string) => {
      const perm = await be.db.selectFrom('sys_permission').select('id').where('perms', '=', code).executeTakeFirstOrThrow();
      await be.db.insertInto('sys_role_permission').values({ id: linkId('role_teacher', perm.id), role_id: 'role_teacher', permission_id: perm.id }).onConflict((oc) => oc.doNothing()).execute();
    };
    await grant('edu:student:add');
    expect((await post(URL, { studentId: s, rows: [{ courseId: c, buyQty: 1 }] }, teacher2)).code).toBe(510);
    expect(await packagesOf(s)).toEqual([]);
    await grant('edu:student:edit');
    expect(await post(URL, { studentId: s, rows: [{ courseId: c, buyQty: 1 }] }, teacher2)).toMatchObject({ success: true });
    expect((await packagesOf(s)).map((p) => p.create_by)).toEqual(['teacher2']);
  });
});
