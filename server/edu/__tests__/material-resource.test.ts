/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { MATERIAL_MESSAGES } from '../../../features/edu/material/material-resource';

let backend: TestBackend;
let admin: string;
let courseId: string;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(16)]);

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.login('admin');
  const r = await backend.call('/course/tblCourse/add', { method: 'POST', token: admin, json: { name: '资料测试课程', mode: 2, unit: 1, status: 1 } });
  expect(r.body.success).toBe(true);
  const list = (await backend.call('/course/tblCourse/list?name=资料测试课程', { token: admin })).body.result as { records: { id: string }[] };
  courseId = list.records[0].id;
});
afterAll(async () => {
  await backend.close();
});

const put = async (data: Buffer, name: string) => (await backend.storage!.put(data, { biz: 'material', originalName: name })).path;
const add = (json: Record<string, unknown>, token = admin) => backend.call('/edu/tblCourseMaterial/add', { method: 'POST', token, json });

describe('课程资料 resource', () => {
  it('adds a document, reads the size from the storage and lists it with the course name', async () => {
    const filePath = await put(PDF, 'a.pdf');
    const r = await add({ courseId, name: '第一课讲义', materialType: 4, filePath, fileSize: 999999 });
    expect(r.body).toMatchObject({ success: true });
    const list = (await backend.call(`/edu/tblCourseMaterial/list?courseId=${courseId}&materialType=4`, { token: admin })).body.result as { records: Record<string, unknown>[] };
    const row = list.records.find((x) => x.name === '第一课讲义')!;
    expect(row).toMatchObject({ courseId, courseId_dictText: '资料测试课程', filePath, materialType: 4 });
    expect(Number(row.fileSize)).toBe(PDF.length);
  });

  it('keeps the uploaded file’s own name (cleaned) beside the generated storage name; an edit without a new file keeps it', async () => {
    const filePath = await put(PDF, '第二课 讲义.pdf');
    expect((await add({ courseId, name: '第二课讲义', materialType: 4, filePath, fileName: 'C:\\fakepath\\第二课 讲义.pdf' })).body.success).toBe(true);
    const find = async () => {
      const list = (await backend.call('/edu/tblCourseMaterial/list?name=第二课讲义', { token: admin })).body.result as { records: Record<string, unknown>[] };
      return list.records[0];
    };
    const row = await find();
    expect(row).toMatchObject({ fileName: '第二课 讲义.pdf', filePath });
    expect(String(row.filePath)).not.toContain('讲义');
    expect((await backend.call('/edu/tblCourseMaterial/edit', { method: 'PUT', token: admin, json: { id: row.id, remark: '改', fileName: 'evil.exe' } })).body.success).toBe(true);
    expect((await find()).fileName).toBe('第二课 讲义.pdf');
    const next = await put(PDF, 'b.pdf');
    expect((await backend.call('/edu/tblCourseMaterial/edit', { method: 'PUT', token: admin, json: { id: row.id, filePath: next, fileName: '\u0007../第三课.pdf' } })).body.success).toBe(true);
    expect((await find()).fileName).toBe('第三课.pdf');
  });

  it('refuses a file whose extension does not match the type', async () => {
    const filePath = await put(PDF, 'a.pdf');
    const r = await add({ courseId, name: 'x', materialType: 3, filePath });
    expect(r.body).toMatchObject({ success: false, message: MATERIAL_MESSAGES.typeMismatch });
  });

  it('refuses a renamed file whose content is not of the type', async () => {
    const filePath = await put(Buffer.from('plain text'), 'fake.pdf');
    const r = await add({ courseId, name: 'x', materialType: 4, filePath });
    expect(r.body).toMatchObject({ success: false, message: MATERIAL_MESSAGES.typeMismatch });
  });

  it('refuses a path the storage does not have, and traversal', async () => {
    for (const filePath of ['material/nothing.pdf', '../../etc/passwd.pdf', '/etc/x.pdf']) {
      const r = await add({ courseId, name: 'x', materialType: 4, filePath });
      expect([filePath, r.body.message]).toEqual([filePath, MATERIAL_MESSAGES.fileMissing]);
    }
  });

  it('refuses an unknown course', async () => {
    const r = await add({ courseId: 'nope', name: 'x', materialType: 4, filePath: await put(PDF, 'a.pdf') });
    expect(r.body).toMatchObject({ success: false, message: MATERIAL_MESSAGES.courseUnknown });
  });

  it('a cover only for videos, and only an image', async () => {
    const video = await put(MP4, 'v.mp4');
    const cover = await put(PNG, 'c.png');
    expect((await add({ courseId, name: 'v', materialType: 2, filePath: video, coverPath: cover })).body.success).toBe(true);
    expect((await add({ courseId, name: 'v2', materialType: 2, filePath: video, coverPath: await put(PDF, 'c.pdf') })).body.message).toBe(MATERIAL_MESSAGES.coverNotImage);
    expect((await add({ courseId, name: 'd', materialType: 4, filePath: await put(PDF, 'a.pdf'), coverPath: cover })).body.message).toBe(MATERIAL_MESSAGES.coverOnlyVideo);
  });

  it('an edit that changes the type re-checks the file', async () => {
    const filePath = await put(PNG, 'p.png');
    expect((await add({ courseId, name: '图片资料', materialType: 3, filePath })).body.success).toBe(true);
    const list = (await backend.call('/edu/tblCourseMaterial/list?name=图片资料', { token: admin })).body.result as { records: { id: string }[] };
    const r = await backend.call('/edu/tblCourseMaterial/edit', { method: 'PUT', token: admin, json: { id: list.records[0].id, materialType: 1 } });
    expect(r.body).toMatchObject({ success: false, message: MATERIAL_MESSAGES.typeMismatch });
  });

  it('follows the permission codes: marketing (not a teaching role, issue #21) neither lists nor adds', async () => {
    const marketing = await backend.login('marketing');
    expect((await backend.call('/edu/tblCourseMaterial/list', { token: marketing })).body.code).toBe(510);
    const r = await add({ courseId, name: 'x', materialType: 4, filePath: await put(PDF, 'a.pdf') }, marketing);
    expect(r.body.success).toBe(false);
    expect(r.body.code).toBe(510);
  });
});
