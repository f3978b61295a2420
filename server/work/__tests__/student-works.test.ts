/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { WORK_MESSAGES, WORK_RULES } from '../../../features/work/works/work-resource';

/**
 * 学员作品 (issue #26 item 4) through the production handler: who sees which works (own, 校内共享, viewAll) in the
 * list, the page and the file; who may change them; the teacher's data rules on student and class; the stored
 * file judged by the server.
 */

let be: TestBackend;
let admin: string;
let jiaowu: string;
let teacher2: string;
let teacher: string;
let marketing: string;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

type Page = { records: Record<string, unknown>[]; total: number };
const put = async (data: Buffer, name: string) => (await be.storage!.put(data, { biz: 'work', originalName: name })).path;
const add = (json: Record<string, unknown>, token: string) => be.call('/edu/studentWork/add', { method: 'POST', token, json });
const list = async (query: string, token: string) => (await be.call(`/edu/studentWork/list?pageSize=50&${query}`, { token })).body.result as Page;
const titles = (p: Page) => p.records.map((r) => r.title).sort();

beforeAll(async () => {
  be = await startTestBackend();
  [admin, jiaowu, teacher2, teacher, marketing] = await Promise.all(['admin', 'jiaowu', 'teacher2', 'teacher', 'marketing'].map((u) => be.login(u)));
  const db = be.db;
  // teacher2 (周明) heads 作品班 with 小明 (current) and 小刚 (left); 小红 is in another class.
  await db.deleteFrom('tbl_teacher').where('user_id', '=', 'u_teacher2').execute();
  await db.insertInto('tbl_teacher').values({ id: 'sw_t2', name: '周明', user_id: 'u_teacher2' }).execute();
  await db.insertInto('tbl_course').values({ id: 'sw_c1', name: '作品课' }).execute();
  await db.insertInto('tbl_clazz').values([
    { id: 'sw_z1', name: '作品班', head_teacher: 'sw_t2', course_id: 'sw_c1', capacity: 10 },
    { id: 'sw_z2', name: '别人的班', capacity: 10 },
  ]).execute();
  await db.insertInto('tbl_student').values([
    { id: 'sw_s1', name: '小明', phone: '13900001001' },
    { id: 'sw_s2', name: '小红', phone: '13900001002' },
  ]).execute();
  await db.insertInto('tbl_clazz_student').values([
    { id: 'sw_m1', clazz_id: 'sw_z1', student_id: 'sw_s1', status: 1 },
    { id: 'sw_m2', clazz_id: 'sw_z2', student_id: 'sw_s2', status: 1 },
  ]).execute();
});
afterAll(async () => {
  await be.close();
});

let sharedId: string;
let privateId: string;

describe('学员作品', () => {
  it('a teacher uploads works for a student of its class: kind, size and course from the server', async () => {
    const file = await put(PNG, 'a.png');
    const r = await add({ title: '  春天的画  ', studentId: 'sw_s1', clazzId: 'sw_z1', file, fileName: 'C:\\fakepath\\春天.png', fileKind: 'video', fileSize: 1, shared: true, description: '水彩' }, teacher2);
    expect(r.body).toMatchObject({ success: true });
    sharedId = (r.body.result as { id: string }).id;
    expect(r.body.result).toMatchObject({
      title: '春天的画', fileKind: 'image', fileSize: PNG.length, fileName: '春天.png', courseId: 'sw_c1', shared: true, createBy: 'teacher2',
      studentId_dictText: '小明', clazzId_dictText: '作品班', courseId_dictText: '作品课',
    });
    const p = await add({ title: '私人作品', studentId: 'sw_s1', file: await put(PDF, 'b.pdf'), shared: false }, teacher2);
    expect(p.body).toMatchObject({ success: true, result: { fileKind: 'pdf', shared: false } });
    privateId = (p.body.result as { id: string }).id;
  });

  it('refuses students and classes the teacher does not teach, and a student outside the class', async () => {
    const file = await put(PNG, 'a.png');
    expect((await add({ title: 'x', studentId: 'sw_s2', file }, teacher2)).body.message).toBe(WORK_MESSAGES.studentNotTaught);
    expect((await add({ title: 'x', studentId: 'sw_s1', clazzId: 'sw_z2', file }, teacher2)).body.message).toBe(WORK_MESSAGES.clazzNotTaught);
    expect((await add({ title: 'x', studentId: 'sw_s2', clazzId: 'sw_z1', file }, jiaowu)).body.message).toBe(WORK_MESSAGES.notMember);
    expect((await add({ title: 'x', studentId: 'nope', file }, jiaowu)).body.message).toBe(WORK_MESSAGES.studentUnknown);
    expect((await add({ title: 'x', studentId: 'sw_s2', courseId: 'nope', file }, jiaowu)).body.message).toBe(WORK_MESSAGES.courseUnknown);
  });

  it('judges the stored file: format by name and first bytes, the kind’s size, existence', async () => {
    const cases: [Buffer, string, string][] = [
      [Buffer.from('plain text'), 'fake.png', WORK_MESSAGES.badFormat],
      [PNG, 'x.txt', WORK_MESSAGES.badFormat],
      [PDF, 'x.mp4', WORK_MESSAGES.badFormat],
      [Buffer.concat([PNG, Buffer.alloc(WORK_RULES.image.maxBytes)]), 'big.png', WORK_RULES.image.message],
    ];
    for (const [data, name, message] of cases) expect([name, (await add({ title: 'x', studentId: 'sw_s2', file: await put(data, name) }, jiaowu)).body.message]).toEqual([name, message]);
    for (const file of ['work/nothing.png', '../../etc/passwd.png']) expect((await add({ title: 'x', studentId: 'sw_s2', file }, jiaowu)).body.message).toBe(WORK_MESSAGES.fileMissing);
  });

  it('shows one’s own works, shared ones, and with viewAll all of the school’s — in the list, the page and the file', async () => {
    const mine = await list('', teacher2);
    expect(titles(mine)).toEqual(['春天的画', '私人作品']);
    expect(mine.records.find((r) => r.id === sharedId)).toMatchObject({ createBy_dictText: '周明', fileKind_dictText: '图片', shared_dictText: '是' });
    expect(titles(await list('', teacher))).toEqual(['春天的画']);
    expect(titles(await list('', marketing))).toEqual(['春天的画']);
    expect(titles(await list('', jiaowu))).toEqual(['春天的画', '私人作品']);
    expect((await be.call(`/edu/studentWork/queryById?id=${privateId}`, { token: teacher })).body.success).toBe(false);

    const page = async (id: string, token: string) => (await be.call(`/edu/studentWork/preview?id=${id}`, { token })).body;
    expect(await page(sharedId, teacher)).toMatchObject({ success: true, result: { studentName: '小明', clazzName: '作品班', courseName: '作品课', uploaderName: '周明', canEdit: false } });
    expect(await page(privateId, teacher)).toMatchObject({ success: false, code: 403, message: WORK_MESSAGES.noAccess });
    expect(await page('nope', teacher)).toMatchObject({ success: false, code: 404, message: WORK_MESSAGES.notFound });
    expect((await page(privateId, jiaowu)).result).toMatchObject({ canEdit: true });

    const file = (id: string, token: string, extra = '') => be.fetch(new Request(`http://backend/edu/studentWork/file?id=${id}${extra}`, { headers: { 'X-Access-Token': token } }));
    const img = await file(sharedId, teacher);
    expect([img.status, img.headers.get('content-type'), img.headers.get('content-disposition')?.split(';')[0]]).toEqual([200, 'image/png', 'inline']);
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await file(sharedId, teacher, '&download=1')).headers.get('content-disposition')).toContain("filename*=UTF-8''%E6%98%A5%E5%A4%A9.png");
    expect((await file(privateId, teacher)).status).toBe(404);
  });

  it('filters by 学员, 类型, 仅看共享 and a keyword over name and description', async () => {
    expect(titles(await list('studentId=sw_s1&fileKind=pdf', jiaowu))).toEqual(['私人作品']);
    expect(titles(await list('shared=true', jiaowu))).toEqual(['春天的画']);
    expect(titles(await list('keyword=水彩', jiaowu))).toEqual(['春天的画']);
    expect(titles(await list('keyword=%25', jiaowu))).toEqual([]);
  });

  it('only the uploader or a viewAll holder changes a work; marketing only looks', async () => {
    expect((await be.call('/edu/studentWork/edit', { method: 'PUT', token: teacher, json: { id: sharedId, title: '改' } })).body.message).toBe(WORK_MESSAGES.notOwnerEdit);
    expect((await be.call(`/edu/studentWork/delete?id=${sharedId}`, { method: 'DELETE', token: teacher })).body.message).toBe(WORK_MESSAGES.notOwnerDelete);
    expect((await add({ title: 'x', studentId: 'sw_s1', file: await put(PNG, 'a.png') }, marketing)).body.code).toBe(510);
    expect((await be.call('/edu/studentWork/edit', { method: 'PUT', token: jiaowu, json: { id: sharedId, title: '春天的画（修订）' } })).body.success).toBe(true);
    expect((await be.call(`/edu/studentWork/delete?id=${privateId}`, { method: 'DELETE', token: teacher2 })).body.success).toBe(true);
    expect(titles(await list('', admin))).toEqual(['春天的画（修订）']);
  });
});
