/** @jest-environment node */
import { MATERIAL_MESSAGES } from '../../../features/edu/material/material-resource';
import { WORKBOOK_MESSAGES } from '../../../features/learntools/workbook/workbook-resource';
import { checkMaterialFile, MB, UPLOAD_MESSAGES } from '../../../lib/upload/rules';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

/**
 * 课件 (课程资料 with chapters, visibility and counted downloads) and 练习册 (items, rename, delete guard),
 * issue #22, through the production request handler.
 */

let be: TestBackend;
let admin: string;
let academic: string;
let teacher: string;
let teacher2: string;
let marketing: string;

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

type Page = { records: Record<string, unknown>[]; total: number };

beforeAll(async () => {
  be = await startTestBackend();
  [admin, academic, teacher, teacher2, marketing] = await Promise.all(['admin', 'jiaowu', 'teacher', 'teacher2', 'marketing'].map((u) => be.login(u)));
  const db = be.db;
  await db.insertInto('tbl_course').values([{ id: 'cwA', name: '课件课程甲' }, { id: 'cwB', name: '课件课程乙' }]).execute();
  await db.insertInto('tbl_course_chapter').values([
    { id: 'chA1', course_id: 'cwA', title: '第一章' },
    { id: 'chB1', course_id: 'cwB', title: '乙第一章' },
  ]).execute();
  // teacher is 班主任 of a class of course A (through the teacher record the seed links to the account).
  const tch = await db.selectFrom('tbl_teacher').select('id').where('user_id', '=', 'u_teacher').where('del_flag', '=', 0).executeTakeFirstOrThrow();
  await db.insertInto('tbl_clazz').values({ id: 'cwZ', name: '课件甲班', course_id: 'cwA', capacity: 10, head_teacher: tch.id }).execute();
  // marketing gets 练习册 rename only (plus the list to find the row).
  await db.insertInto('sys_role_permission').values(
    ['perm_learn', 'perm_learn_workbook', 'perm_btn_workbook_list', 'perm_btn_workbook_rename'].map((p) => ({ id: `rp_cw_${p}`.slice(0, 32), role_id: 'role_marketing', permission_id: p })),
  ).onConflict((oc) => oc.doNothing()).execute();
});
afterAll(async () => {
  await be.close();
});

const put = async (data: Buffer, name: string) => (await be.storage!.put(data, { biz: 'material', originalName: name })).path;
const addMaterial = (json: Record<string, unknown>, token = academic) => be.call('/edu/tblCourseMaterial/add', { method: 'POST', token, json });
const listMaterials = async (token: string, q = '') => (await be.call(`/edu/tblCourseMaterial/list?pageSize=100${q}`, { token })).body.result as Page;
const idOf = async (name: string) => (await be.db.selectFrom('tbl_course_material').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const download = (id: string, token: string, extra = '') => be.fetch(new Request(`http://backend/edu/tblCourseMaterial/download?id=${id}${extra}`, { headers: { 'X-Access-Token': token } }));

describe('课件', () => {
  it('files a material under a chapter of its own course only', async () => {
    const filePath = await put(PDF, 'a.pdf');
    expect((await addMaterial({ courseId: 'cwA', chapterId: 'chB1', name: '错章节', materialType: 6, filePath })).body).toMatchObject({ success: false, message: MATERIAL_MESSAGES.chapterNotOfCourse });
    expect((await addMaterial({ courseId: 'cwA', chapterId: 'chA1', name: '甲讲义', materialType: 6, filePath, fileName: '甲 讲义.pdf', visibility: 1 })).body.success).toBe(true);
    const row = (await listMaterials(academic, '&courseId=cwA')).records.find((r) => r.name === '甲讲义')!;
    expect(row).toMatchObject({ chapterId: 'chA1', chapterId_dictText: '第一章', materialType_dictText: 'PDF', visibility: 1, downloadCount: 0 });
    // Moving it to another course keeps the old chapter: refused.
    const moved = await be.call('/edu/tblCourseMaterial/edit', { method: 'PUT', token: academic, json: { id: row.id, courseId: 'cwB' } });
    expect(moved.body.message).toBe(MATERIAL_MESSAGES.chapterNotOfCourse);
  });

  it('refuses a file of the wrong type, on the form and at upload, with the size limit in Chinese', async () => {
    expect((await addMaterial({ courseId: 'cwA', name: 'x', materialType: 6, filePath: await put(PNG, 'p.png') })).body.message).toBe(MATERIAL_MESSAGES.typeMismatch);
    expect((await addMaterial({ courseId: 'cwA', name: 'x', materialType: 5, filePath: await put(PDF, 'a.pdf') })).body.message).toBe(MATERIAL_MESSAGES.typeMismatch);
    const form = new FormData();
    form.append('biz', 'material');
    form.append('kind', 'pdf');
    form.append('file', new Blob([PNG]), 'p.png');
    const up = await be.fetch(new Request('http://backend/sys/common/upload', { method: 'POST', body: form, headers: { 'X-Access-Token': academic } }));
    expect(((await up.json()) as { message: string }).message).toBe(UPLOAD_MESSAGES.badFormat);
    expect(checkMaterialFile({ name: 'a.pdf', size: 51 * MB }, 'pdf')).toBe('文件过大（最大 50 MB）');
    expect(checkMaterialFile({ name: 'a.pptx', size: MB }, 'ppt')).toBeNull();
    expect(checkMaterialFile({ name: 'a.pdf', size: MB }, 'document')).toBeNull();
  });

  it('visibility 1: only the course’s teachers (and 教务) see and download it', async () => {
    const filePath = await put(PDF, 'b.pdf');
    expect((await addMaterial({ courseId: 'cwB', name: '乙内部', materialType: 6, filePath, visibility: 1 })).body.success).toBe(true);
    expect((await addMaterial({ courseId: 'cwB', name: '乙公开', materialType: 6, filePath, visibility: 0 })).body.success).toBe(true);
    const names = async (token: string) => (await listMaterials(token, '&name=*甲讲义*')).records.map((r) => r.name).concat((await listMaterials(token, '&courseId=cwB')).records.map((r) => r.name)).sort();
    expect(await names(academic)).toEqual(['乙公开', '乙内部', '甲讲义'].sort());
    expect(await names(teacher)).toEqual(['乙公开', '甲讲义'].sort());
    expect(await names(teacher2)).toEqual(['乙公开']);
    const hidden = await idOf('乙内部');
    expect((await be.call(`/edu/tblCourseMaterial/queryById?id=${hidden}`, { token: teacher })).body.success).toBe(false);
    expect((await download(hidden, teacher)).status).toBe(404);
    expect((await download(await idOf('甲讲义'), teacher2)).status).toBe(404);
    expect((await download(await idOf('甲讲义'), teacher)).status).toBe(200);
    expect((await download(hidden, academic)).status).toBe(200);
  });

  it('downloads stream the file under its own name and are counted; the preview is not', async () => {
    const id = await idOf('甲讲义');
    const before = (await be.db.selectFrom('tbl_course_material').select('download_count').where('id', '=', id).executeTakeFirstOrThrow()).download_count;
    const res = await download(id, academic);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="_ __.pdf"; filename*=UTF-8''${encodeURIComponent('甲 讲义.pdf')}`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    const preview = await download(id, academic, '&preview=1');
    expect(preview.headers.get('content-disposition')).toMatch(/^inline;/);
    await preview.arrayBuffer();
    const row = (await listMaterials(academic, '&column=downloadCount&order=desc&courseId=cwA')).records.find((r) => r.id === id)!;
    expect(row.downloadCount).toBe(before + 1);
  });

  it('needs edu:material:list for the download (510)', async () => {
    const res = await download(await idOf('乙公开'), marketing);
    expect(((await res.json()) as { code: number }).code).toBe(510);
  });
});

describe('练习册', () => {
  let wbId: string;
  const item = (json: Record<string, unknown>, token = teacher) => be.call('/learntools/tblWorkbook/item/add', { method: 'POST', token, json: { workbookId: wbId, ...json } });

  beforeAll(async () => {
    const r = await be.call('/learntools/tblWorkbook/add', { method: 'POST', token: teacher, json: { name: '测试练习册', courseId: 'cwA', grade: '初一', status: 0 } });
    expect(r.body.success).toBe(true);
    wbId = (r.body.result as { id: string }).id;
  });

  it('validates items per type and sums the list’s count and total', async () => {
    expect((await item({ type: 1, stem: '选一个', options: ['甲', '乙'], answer: 'C', score: 2 })).body.message).toBe('单选题的答案必须是其中一个选项的字母');
    expect((await item({ type: 3, stem: '对吗', answer: '是', score: 1 })).body.message).toMatch(/判断题/);
    expect((await item({ type: 4, stem: '填空', answer: 'x', score: -1 })).body.message).toBe('分值不能小于0');
    expect((await item({ type: 1, stem: '选一个', options: ['甲', '乙'], answer: 'b', score: 2 })).body.result).toMatchObject({ answer: 'B', options: ['甲', '乙'], type_dictText: '单选', sort: 1 });
    expect((await item({ type: 2, stem: '选多个', options: ['甲', '乙', '丙'], answer: 'c,a', score: 3.5 })).body.result).toMatchObject({ answer: 'A,C', sort: 2 });
    const items = (await be.call(`/learntools/tblWorkbook/item/list?workbookId=${wbId}`, { token: teacher })).body.result as { id: string }[];
    expect(items).toHaveLength(2);
    const page = (await be.call('/learntools/tblWorkbook/list?name=*测试练习册*', { token: teacher })).body.result as Page;
    expect(page.records[0]).toMatchObject({ itemCount: 2, totalScore: 5.5, courseId_dictText: '课件课程甲', status_dictText: '草稿' });
    expect((await be.call('/learntools/tblWorkbook/item/edit', { method: 'PUT', token: teacher, json: { id: items[1].id, type: 2, stem: '选多个', options: ['甲'], answer: 'A', score: 1 } })).body.message).toBe('请至少填写2个选项');
  });

  it('renames with only the rename code; edit and items stay refused (510)', async () => {
    const r = await be.call('/learntools/tblWorkbook/rename', { method: 'PUT', token: marketing, json: { id: wbId, name: ' 新名字 ' } });
    expect(r.body).toMatchObject({ success: true, message: WORKBOOK_MESSAGES.renamed });
    expect((await be.db.selectFrom('tbl_workbook').select('name').where('id', '=', wbId).executeTakeFirstOrThrow()).name).toBe('新名字');
    expect((await be.call('/learntools/tblWorkbook/rename', { method: 'PUT', token: marketing, json: { id: wbId, name: '  ' } })).body.message).toBe(WORKBOOK_MESSAGES.nameRequired);
    expect((await be.call('/learntools/tblWorkbook/edit', { method: 'PUT', token: marketing, json: { id: wbId, name: 'x' } })).body.code).toBe(510);
    expect((await item({ type: 3, stem: 's', answer: '对', score: 1 }, marketing)).body.code).toBe(510);
    const other = await be.login('teacher2');
    await be.db.deleteFrom('sys_role_permission').where('role_id', '=', 'role_teacher').where('permission_id', '=', 'perm_btn_workbook_rename').execute();
    await be.db.deleteFrom('sys_role_permission').where('role_id', '=', 'role_teacher').where('permission_id', '=', 'perm_btn_workbook_edit').execute();
    expect((await be.call('/learntools/tblWorkbook/rename', { method: 'PUT', token: other, json: { id: wbId, name: 'y' } })).body.code).toBe(510);
  });

  it('refuses to delete a workbook published homework uses, with the count', async () => {
    expect((await be.call('/learntools/tblWorkbook/edit', { method: 'PUT', token: admin, json: { id: wbId, status: 1 } })).body.success).toBe(true);
    const hw = (n: number, status: number) => ({ id: `hw_cw_${n}`, clazz_id: 'cwZ', title: `作业${n}`, source: 1, workbook_id: wbId, status });
    await be.db.insertInto('tbl_homework').values([hw(1, 1), hw(2, 1), hw(3, 0)]).execute();
    expect((await be.call(`/learntools/tblWorkbook/delete?id=${wbId}`, { method: 'DELETE', token: admin })).body.message).toBe(WORKBOOK_MESSAGES.inUse(2));
    expect((await be.call(`/learntools/tblWorkbook/deleteBatch?ids=${wbId}`, { method: 'DELETE', token: admin })).body.message).toBe('该练习册被2份已发布的作业使用，不能删除');
    await be.db.updateTable('tbl_homework').set({ status: 2 }).where('workbook_id', '=', wbId).execute();
    expect((await be.call(`/learntools/tblWorkbook/delete?id=${wbId}`, { method: 'DELETE', token: admin })).body.success).toBe(true);
  });

  it('publishing needs items', async () => {
    const r = await be.call('/learntools/tblWorkbook/add', { method: 'POST', token: academic, json: { name: '空练习册', status: 1 } });
    expect(r.body.message).toBe(WORKBOOK_MESSAGES.publishEmpty);
  });
});
