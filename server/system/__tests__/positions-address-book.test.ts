/** @jest-environment node */
import { POSITION_MESSAGES } from '../../../features/system/position/position-resource';
import { linkId } from '../../core/ids';
import { readXlsxRows } from '../../excel/read';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Envelope } from '../../../lib/envelope';

/**
 * 职务 and 通讯录 (issue #24 items 2 and 4) through the production handler: codes unique with a clear message, a
 * held position neither deleted nor re-coded, the user form's 职务 checked and shown by name, and the address
 * book by department (sub-departments included) with phones masked, a phone search unable to widen, and export.
 */

let be: TestBackend;
let admin: string;
let jiaowu: string;
let teacher2: string;

type Body = Envelope;
type Rec = Record<string, unknown>;
type Page = { records: Rec[]; total: number };

const call = async (path: string, init: Parameters<TestBackend['call']>[1] = {}) => (await be.call(path, { token: admin, ...init })).body as Body;
const get = (path: string, token = admin) => call(path, { token });
const post = (path: string, json: unknown, token = admin) => call(path, { method: 'POST', json, token });
const put = (path: string, json: unknown, token = admin) => call(path, { method: 'PUT', json, token });
const del = (path: string, token = admin) => call(path, { method: 'DELETE', token });
const records = (b: Body) => (b.result as Page).records;

const book = (query: string, token = admin) => get(`/sys/user/queryByOrgCodeForAddressList?pageNo=1&pageSize=50&${query}`, token);

async function exportRows(query: string, token: string): Promise<Record<string, string>[]> {
  const res = await be.fetch(new Request(`http://backend/sys/addressList/exportXls?${query}`, { headers: { 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1' } }));
  expect(res.headers.get('content-type')).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const rows: Record<string, string>[] = [];
  for await (const row of readXlsxRows(Buffer.from(await res.arrayBuffer()))) rows.push(row.values);
  return rows;
}

beforeAll(async () => {
  be = await startTestBackend();
  // 教务 may read the address book and export it, but not see full phone numbers.
  for (const p of ['perm_isystem_address', 'perm_btn_address_list', 'perm_btn_address_export']) {
    await be.db.insertInto('sys_role_permission').values({ id: linkId('role_academic', p), role_id: 'role_academic', permission_id: p }).onConflict((oc) => oc.doNothing()).execute();
  }
  [admin, jiaowu, teacher2] = await Promise.all([be.login('admin'), be.login('jiaowu'), be.login('teacher2')]);
}, 120_000);
afterAll(() => be.close());

describe('职务 (/sys/position/*)', () => {
  it('adds a position; a duplicate code is refused by name, on add and on edit', async () => {
    expect(await post('/sys/position/add', { code: 'counsellor', name: '班主任', postRank: '3' })).toMatchObject({ success: true });
    expect(await post('/sys/position/add', { code: 'headmaster', name: '副校长' })).toMatchObject({ success: false, message: POSITION_MESSAGES.codeExists });
    const mine = records(await get('/sys/position/list?code=counsellor'))[0];
    expect(mine).toMatchObject({ name: '班主任', postRank_dictText: '中级' });
    expect(await put('/sys/position/edit', { id: mine.id, code: 'faculty', name: '班主任' })).toMatchObject({ success: false, message: POSITION_MESSAGES.codeExists });
    // 拼音 order on the name (ban < jiao shi < jiao wu), not code point order (教 U+6559 < 班 U+73ED).
    expect(records(await get('/sys/position/list?column=name&order=asc&pageSize=3')).map((p) => p.name)).toEqual(['班主任', '教师', '教务主管']);
  });

  it('refuses to delete or re-code a position users hold, and says how many', async () => {
    // The seed turned the demo users' 招生顾问 into the code (marketing and marketing2).
    expect(await del('/sys/position/delete?id=seedpos_enroll_advisor')).toMatchObject({ success: false, message: POSITION_MESSAGES.inUse(2) });
    expect(await del('/sys/position/deleteBatch?ids=seedpos_headmaster,seedpos_enroll_advisor')).toMatchObject({ success: false, message: POSITION_MESSAGES.inUse(2) });
    expect(await be.db.selectFrom('sys_position').select('id').where('id', 'in', ['seedpos_headmaster', 'seedpos_enroll_advisor']).execute()).toHaveLength(2);
    expect(await put('/sys/position/edit', { id: 'seedpos_enroll_advisor', code: 'advisor2', name: '招生顾问' })).toMatchObject({ success: false, message: POSITION_MESSAGES.codeInUse(2) });
    expect(await del('/sys/position/delete?id=seedpos_headmaster')).toMatchObject({ success: true });
  });

  it('needs the 职务 codes (510)', async () => {
    expect(await post('/sys/position/add', { code: 'x1', name: '某职务' }, teacher2)).toMatchObject({ success: false, code: 510 });
    expect(await del('/sys/position/delete?id=seedpos_faculty', teacher2)).toMatchObject({ success: false, code: 510 });
  });
});

describe('用户管理 职务 (sys_user.post: position codes)', () => {
  const edit = (post: string) => put('/sys/user/edit', { id: 'u_teacher2', username: 'teacher2', realname: '周明', post });

  it('refuses unknown codes, stores codes (a name becomes its code) and lists them by name', async () => {
    expect(await edit('math_teacher,no_such_post')).toMatchObject({ success: false, message: POSITION_MESSAGES.unknownPost(['no_such_post']) });
    expect(await edit('math_teacher,英语教师')).toMatchObject({ success: true });
    expect((await be.db.selectFrom('sys_user').select('post').where('id', '=', 'u_teacher2').executeTakeFirstOrThrow()).post).toBe('math_teacher,english_teacher');
    expect(records(await get('/sys/user/list?username=teacher2'))[0]).toMatchObject({ post: 'math_teacher,english_teacher', post_dictText: '数学教师,英语教师' });
  });

  it('keeps a value the user already holds though no position has it (free text from before)', async () => {
    await be.db.updateTable('sys_user').set({ post: '旧职务甲' }).where('id', '=', 'u_frozen').execute();
    expect(await put('/sys/user/edit', { id: 'u_frozen', username: 'frozen', realname: '孙冰', post: '旧职务甲' })).toMatchObject({ success: true });
    expect(await put('/sys/user/edit', { id: 'u_frozen', username: 'frozen', realname: '孙冰', post: '旧职务乙' })).toMatchObject({ success: false });
  });
});

describe('通讯录 (/sys/user/queryByOrgCodeForAddressList)', () => {
  it('lists a department with its sub-departments, one record per user, 职务 by name', async () => {
    const bj = records(await book('orgCode=A01A03&column=workNo&order=asc'));
    expect(bj.map((r) => r.realname)).toEqual(['李文静', '周明']);
    // 李文静 is also in 上海校区, outside the chosen subtree; 周明 sits in 英语教研组 below 北京校区.
    expect(bj.map((r) => r.departName)).toEqual(['北京校区', '英语教研组']);
    expect(bj[1]).toMatchObject({ userId: 'u_teacher2', workNo: 'T0002', post_dictText: '数学教师,英语教师', phone: '13800000002', email: 'zhouming@example.edu.cn' });
    expect(records(await book('orgCode=A01A03A02')).map((r) => r.realname)).toEqual(['周明']);
    expect(records(await book('realname=*文静*')).map((r) => r.userId)).toEqual(['u_teacher']);
  });

  it('masks phones without system:addressBook:phone; a phone search from such a caller matches nothing', async () => {
    const masked = records(await book('orgCode=A01A03&column=workNo&order=asc', jiaowu));
    expect(masked.map((r) => r.phone)).toEqual(['138****0001', '138****0002']);
    expect((await book('phone=*13800000002*', jiaowu)).result).toMatchObject({ records: [], total: 0 });
    expect((await book('phone=*0002*', jiaowu)).result).toMatchObject({ total: 0 });
    expect(records(await book('phone=*13800000002*')).map((r) => r.userId)).toEqual(['u_teacher2']);
  });

  it('exports what the list shows, masked the same way', async () => {
    const rows = await exportRows('orgCode=A01A03&column=workNo&order=asc', jiaowu);
    expect(rows.map((r) => [r['姓名'], r['工号'], r['部门'], r['职务'], r['手机']])).toEqual([
      ['李文静', 'T0001', '北京校区', '数学教师', '138****0001'],
      ['周明', 'T0002', '英语教研组', '数学教师,英语教师', '138****0002'],
    ]);
    expect((await exportRows('orgCode=A01A03&selections=u_teacher2', admin)).map((r) => r['手机'])).toEqual(['13800000002']);
  });

  it('answers 510 to a caller without the codes', async () => {
    expect(await book('orgCode=A01', teacher2)).toMatchObject({ success: false, code: 510 });
    const res = await be.call('/sys/addressList/exportXls?orgCode=A01', { token: teacher2 });
    expect(res.body).toMatchObject({ success: false, code: 510 });
  });
});
