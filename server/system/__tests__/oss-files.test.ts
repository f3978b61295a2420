/** @jest-environment node */
import { createHash } from 'node:crypto';
import { OSS_FILE_MESSAGES } from '../../../features/system/files/oss-file-resource';
import { UPLOAD_MESSAGES } from '../../../lib/upload/rules';
import { registerStoredFiles } from '../oss-files';
import { BUCKET_DELETE_CODE, TRAILING_SLASH_MESSAGE } from '../../storage/storage';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Envelope } from '../../../lib/envelope';

/** 文件管理 (issue #24 item 9) through the production handler: registry, list, where used, delete, object-store rules. */

let be: TestBackend;
let admin: string;
let teacher: string;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
type Page = { records: Record<string, unknown>[]; total: number };

beforeAll(async () => {
  be = await startTestBackend();
  [admin, teacher] = await Promise.all(['admin', 'teacher2'].map((u) => be.login(u)));
  await be.db.insertInto('tbl_course').values({ id: 'ossC', name: '文件课程' }).execute();
});
afterAll(async () => {
  await be.close();
});

async function upload(url: string, name: string, data: Buffer, token = admin, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await be.fetch(new Request(`http://backend${url}`, { method: 'POST', body: form, headers: { 'X-Access-Token': token } }));
  return (await res.json()) as Envelope;
}

const list = async (query: string, token = admin) => (await be.call(`/sys/oss/file/list?${query}`, { token })).body;
const records = async (query: string) => ((await list(query)).result as Page).records;
const del = (q: string, token = admin) => be.call(`/sys/oss/file/${q}`, { method: 'DELETE', token });

describe('文件管理', () => {
  let photo = '';

  it('registers every upload with name, size, type and uploader; the list filters by them on the server', async () => {
    const up = await upload('/sys/common/upload', '校园照片.png', PNG, admin, { biz: 'editor' });
    expect(up.success).toBe(true);
    photo = String(up.result);
    const rows = await records(`fileName=${encodeURIComponent('*校园照片*')}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fileName: '校园照片.png', url: photo, fileType: 'image', fileSize: PNG.length, createBy: 'admin', contentType: 'image/png', usedBy: '', missing: false });

    // 文件管理's own upload (its permission, folder oss) and the sliced upload register too.
    const own = await upload('/sys/oss/file/upload', '课表.txt', Buffer.from('第一周 语文 数学\n'), admin);
    expect(own).toMatchObject({ success: true, message: OSS_FILE_MESSAGES.uploaded });
    expect(String(own.result)).toMatch(/^oss\//);
    const data = Buffer.from('分片上传的文本\n'.repeat(10));
    const init = (await be.call('/sys/upload/slice/init', { method: 'POST', token: teacher, json: { name: '讲义.txt', size: data.length, lastModified: 1 } })).body.result as { uploadId: string };
    const sha1 = createHash('sha1').update(data).digest('hex');
    await be.fetch(new Request(`http://backend/sys/upload/slice/${init.uploadId}/0?sha1=${sha1}`, { method: 'PUT', headers: { 'X-Access-Token': teacher }, body: new Uint8Array(data) }));
    expect((await be.call(`/sys/upload/slice/${init.uploadId}/finish`, { method: 'POST', token: teacher })).body.success).toBe(true);

    const docs = await records('fileType=document&column=fileName&order=asc');
    expect(docs.map((r) => [r.fileName, r.createBy])).toEqual(expect.arrayContaining([['课表.txt', 'admin'], ['讲义.txt', 'teacher2']]));
    expect(docs.every((r) => r.fileType === 'document')).toBe(true);
    expect((await records('createBy=teacher2')).map((r) => r.fileName)).toEqual(['讲义.txt']);
    expect(await records('fileName=*校园照片*&createTime_begin=2000-01-01 00:00:00&createTime_end=2000-01-02 00:00:00')).toEqual([]);
    // The name rules of the general upload apply to 文件管理's upload.
    expect((await upload('/sys/oss/file/upload', 'a,b.txt', Buffer.from('x'), admin)).message).toBe(UPLOAD_MESSAGES.badName);
  });

  it('names the records using a file, refuses its delete while used, and deletes row and bytes after', async () => {
    await be.db.insertInto('tbl_course_material').values({ id: 'ossM1', course_id: 'ossC', name: '开学照片', material_type: 3, file_path: photo }).execute();
    const [row] = await records(`url=${encodeURIComponent(photo)}`);
    expect(row.usedBy).toBe('课程资料：开学照片');
    const refused = await del(`delete?id=${String(row.id)}`);
    expect(refused.body).toMatchObject({ success: false, message: OSS_FILE_MESSAGES.inUse('课程资料：开学照片') });
    expect(await be.storage.exists(photo)).toBe(true);

    // A soft-deleted material no longer holds the file.
    await be.db.updateTable('tbl_course_material').set({ del_flag: 1 }).where('id', '=', 'ossM1').execute();
    expect((await del(`delete?id=${String(row.id)}`)).body).toMatchObject({ success: true, message: OSS_FILE_MESSAGES.deleted });
    expect(await be.storage.exists(photo)).toBe(false);
    expect(await records(`url=${encodeURIComponent(photo)}`)).toEqual([]);
    expect((await del(`delete?id=${String(row.id)}`)).body.message).toBe(OSS_FILE_MESSAGES.notFound);
  });

  it('applies the object-store rules to a delete by path: no folder keys, never the bucket (10003)', async () => {
    expect((await del('deleteByUrl?url=oss/')).body).toMatchObject({ success: false, message: TRAILING_SLASH_MESSAGE });
    for (const url of ['', '/', '.']) expect((await del(`deleteByUrl?url=${encodeURIComponent(url)}`)).body).toMatchObject({ success: false, code: BUCKET_DELETE_CODE });
    const up = await upload('/sys/oss/file/upload', '头像.png', PNG, admin);
    await be.db.updateTable('sys_user').set({ avatar: String(up.result) }).where('username', '=', 'teacher2').execute();
    expect((await del(`deleteByUrl?url=${encodeURIComponent(String(up.result))}`)).body.message).toMatch(/^该文件正在被使用（用户头像：.+），不能删除$/);
    // Rich text refers to the file through its static URL.
    await be.db.insertInto('sys_announcement').values({ id: 'ossA1', titile: '开学通知', msg_content: `<p><img src="/jeecg-boot/sys/common/static/${String(up.result)}"></p>` }).execute();
    expect((await records(`url=${encodeURIComponent(String(up.result))}`))[0].usedBy).toMatch(/^用户头像：.+；通知公告：开学通知$/);
    // A brochure's blocks (jsonb) and a student's work hold their files too.
    const pic = await upload('/sys/oss/file/upload', '简章配图.png', PNG, admin);
    await be.db.insertInto('tbl_prospectus').values({ id: 'ossP1', title: '春季招生', template: 'prospectus', blocks: JSON.stringify([{ type: 'images', images: [String(pic.result)] }]) }).execute();
    await be.db.insertInto('tbl_student').values({ id: 'ossS', name: '王小画', phone: '13911112222' }).execute();
    await be.db.insertInto('tbl_student_work').values({ id: 'ossW1', title: '水彩画', student_id: 'ossS', file: String(pic.result), file_kind: 'image' }).execute();
    expect((await records(`url=${encodeURIComponent(String(pic.result))}`))[0].usedBy).toBe('学员作品：水彩画；招生简章：春季招生');
  });

  it('registers files already on disk once (the start-up scan)', async () => {
    const stored = await be.storage.put(PNG, { biz: 'old', originalName: 'x.png' });
    await be.storage.put(Buffer.from('r'), { biz: 'import-errors', originalName: 'e.xlsx' });
    expect(await registerStoredFiles(be.db, be.storage)).toBe(1);
    expect(await registerStoredFiles(be.db, be.storage)).toBe(0);
    expect(await records(`url=${encodeURIComponent(stored.path)}`)).toEqual([expect.objectContaining({ fileType: 'image', fileSize: PNG.length, createBy: null })]);
  });

  it('answers 510 to a user without the 文件管理 codes', async () => {
    expect((await list('', teacher)).code).toBe(510);
    expect((await del('delete?id=x', teacher)).body.code).toBe(510);
    expect((await upload('/sys/oss/file/upload', 'a.txt', Buffer.from('x'), teacher)).code).toBe(510);
  });
});
