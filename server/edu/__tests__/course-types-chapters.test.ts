/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { readXlsxRows } from '../../excel/read';
import { CHAPTER_MESSAGES, COURSE_TYPE_FILTER_PARAM, COURSE_TYPE_MESSAGES, type TreeNodeWire } from '../../../lib/edu/course-type-api';

/* 课程分类 and 章节 (issue #22): tree answers, moves, delete refusals, sibling names, the course filter, codes. */

let be: TestBackend;
let admin: string;
let teacher: string;

const T = '/course/courseType';
const C = '/course/chapter';
type Res = Awaited<ReturnType<TestBackend['call']>>;

const post = (url: string, json: unknown, token = admin) => be.call(url, { method: 'POST', token, json });
const put = (url: string, json: unknown, token = admin) => be.call(url, { method: 'PUT', token, json });
const del = (url: string, id: string, token = admin) => be.call(`${url}/delete?id=${id}`, { method: 'DELETE', token });
const idOf = (r: Res) => {
  expect(r.body).toMatchObject({ success: true });
  return (r.body.result as { id: string }).id;
};
const typeTree = async (token = admin) => (await be.call(`${T}/tree`, { token })).body.result as TreeNodeWire[];
const chapterTree = async (courseId: string, token = admin) => (await be.call(`${C}/tree?courseId=${courseId}`, { token })).body.result as TreeNodeWire[];
const find = (nodes: TreeNodeWire[], id: string): TreeNodeWire | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
};
const titles = (nodes: TreeNodeWire[] | undefined) => (nodes ?? []).map((n) => n.title);
const addType = async (name: string, parentId?: string) => idOf(await post(`${T}/add`, { name, parentId }));

beforeAll(async () => {
  be = await startTestBackend();
  [admin, teacher] = await Promise.all([be.login('admin'), be.login('teacher')]);
  await be.db.insertInto('tbl_course').values([{ id: 'cc1', name: '章节课程' }, { id: 'cc2', name: '另一门课' }]).execute();
}, 120_000);
afterAll(() => be.close());

describe('课程分类', () => {
  it('answers the seeded tree whole, siblings by sort, leaves without children', async () => {
    const tree = await typeTree(teacher);
    const math = tree.find((n) => n.title === '数学')!;
    expect(math).toMatchObject({ id: 'ctype_math', key: 'ctype_math', value: 'ctype_math', parentId: null, isLeaf: false });
    expect(titles(math.children)).toEqual(['初中数学', '小学数学']);
    expect(math.children![0]).toMatchObject({ parentId: 'ctype_math', sort: 0, isLeaf: true });
    expect(math.children![0].children).toBeUndefined();
    expect(titles(tree).slice(0, 3)).toEqual(['数学', '英语', '科学']);
  });

  it('needs a session to read and its own codes to write: a teacher gets 510', async () => {
    expect((await be.call(`${T}/tree`)).status).toBe(401);
    for (const r of [
      await post(`${T}/add`, { name: '教师加的' }, teacher),
      await put(`${T}/edit`, { id: 'ctype_art', name: '美育' }, teacher),
      await del(T, 'ctype_code', teacher),
      await post(`${T}/move`, { id: 'ctype_code', parentId: 'ctype_art', sort: 0 }, teacher),
      await post(`${C}/add`, { courseId: 'cc1', title: '教师加的' }, teacher),
      await put(`${C}/edit`, { id: 'x', title: 'y' }, teacher),
      await del(C, 'x', teacher),
      await post(`${C}/move`, { id: 'x', parentId: null, sort: 0 }, teacher),
    ]) expect(r.body).toMatchObject({ success: false, code: 510 });
    expect(find(await typeTree(), 'ctype_code')).toMatchObject({ parentId: null });
  });

  it('keeps names unique among siblings only', async () => {
    const a = await addType('名称A');
    const b = await addType('名称B');
    expect(idOf(await post(`${T}/add`, { name: '同名', parentId: a }))).toBeTruthy();
    expect(idOf(await post(`${T}/add`, { name: '同名', parentId: b }))).toBeTruthy();
    expect((await post(`${T}/add`, { name: ' 同名 ', parentId: a })).body).toMatchObject({ success: false, message: COURSE_TYPE_MESSAGES.duplicate('同名') });
    expect((await post(`${T}/add`, { name: '  ' })).body.message).toBe(COURSE_TYPE_MESSAGES.nameRequired);
    expect((await put(`${T}/edit`, { id: b, name: '名称A' })).body.message).toBe(COURSE_TYPE_MESSAGES.duplicate('名称A'));
    expect((await put(`${T}/edit`, { id: b, name: '名称B2' })).body).toMatchObject({ success: true });
    // A move into a parent that already has the name is refused too.
    const sameB = find(await typeTree(), b)!.children![0].id;
    expect((await post(`${T}/move`, { id: sameB, parentId: a, sort: 0 })).body.message).toBe(COURSE_TYPE_MESSAGES.duplicate('同名'));
    expect((await post(`${T}/add`, { name: '孤儿', parentId: 'nope' })).body.message).toBe(COURSE_TYPE_MESSAGES.parentNotFound);
  });

  it('moves and reorders, never under the node itself or its descendants', async () => {
    const p = await addType('移动P');
    const q = await addType('移动Q', p);
    const r = await addType('移动R', q);
    const s1 = await addType('移动S1');
    expect((await post(`${T}/move`, { id: p, parentId: r, sort: 0 })).body.message).toBe(COURSE_TYPE_MESSAGES.intoItself);
    expect((await post(`${T}/move`, { id: p, parentId: p, sort: 0 })).body.message).toBe(COURSE_TYPE_MESSAGES.intoItself);
    expect(find(await typeTree(), p)?.parentId).toBeNull();
    // R up to P, first; then S1 into P between R and Q.
    expect((await post(`${T}/move`, { id: r, parentId: p, sort: 0 })).body).toMatchObject({ success: true });
    expect((await post(`${T}/move`, { id: s1, parentId: p, sort: 1 })).body).toMatchObject({ success: true });
    const node = find(await typeTree(), p)!;
    expect(titles(node.children)).toEqual(['移动R', '移动S1', '移动Q']);
    expect(node.children!.map((n) => n.sort)).toEqual([0, 1, 2]);
    // Back to the top level, past the end = last.
    expect((await post(`${T}/move`, { id: s1, parentId: null, sort: 999 })).body).toMatchObject({ success: true });
    const tree = await typeTree();
    expect(tree[tree.length - 1].id).toBe(s1);
  });

  it('refuses to delete a type whose subtree files courses (with the count), or with children; deletes a free leaf', async () => {
    const top = await addType('删除顶');
    const mid = await addType('删除中', top);
    const leaf = await addType('删除叶', mid);
    for (const [id, name] of [['dc1', '课一'], ['dc2', '课二'], ['dc3', '课三']]) expect((await post('/course/tblCourse/add', { name, typeId: id === 'dc3' ? mid : leaf })).body).toMatchObject({ success: true });
    expect((await del(T, top)).body).toMatchObject({ success: false, message: '该分类下有3门课程，不能删除' });
    expect((await del(T, leaf)).body.message).toBe(COURSE_TYPE_MESSAGES.usedByCourses(2));
    // Once the courses are gone (deleted courses do not count), the parent is still refused for its child.
    await be.db.updateTable('tbl_course').set({ del_flag: 1 }).where('type_id', 'in', [mid, leaf]).execute();
    expect((await del(T, top)).body.message).toBe(COURSE_TYPE_MESSAGES.hasChildren);
    expect((await del(T, leaf)).body).toMatchObject({ success: true });
    expect(find(await typeTree(), leaf)).toBeUndefined();
    expect((await del(T, leaf)).body.message).toBe(COURSE_TYPE_MESSAGES.notFound);
  });
});

describe('课程管理 by type', () => {
  it('checks, names and filters the type, descendants included, on the server', async () => {
    const root = await addType('筛选根');
    const child = await addType('筛选子', root);
    const other = await addType('筛选外');
    expect((await post('/course/tblCourse/add', { name: '筛选课X', typeId: 'ghost' })).body.message).toBe(COURSE_TYPE_MESSAGES.unknownType);
    for (const [name, typeId] of [['筛选课1', root], ['筛选课2', child], ['筛选课3', other], ['筛选课4', '']]) expect((await post('/course/tblCourse/add', { name, typeId })).body).toMatchObject({ success: true });
    const list = async (params: string) => {
      const r = await be.call(`/course/tblCourse/list?name=*筛选课*&pageSize=50&column=name&order=asc&${params}`, { token: teacher });
      return (r.body.result as { records: Record<string, unknown>[] }).records;
    };
    const all = await list('');
    expect(all.map((r) => [r.name, r.typeId_dictText])).toEqual([['筛选课1', '筛选根'], ['筛选课2', '筛选子'], ['筛选课3', '筛选外'], ['筛选课4', null]]);
    expect((await list(`${COURSE_TYPE_FILTER_PARAM}=${root}`)).map((r) => r.name)).toEqual(['筛选课1', '筛选课2']);
    expect((await list(`${COURSE_TYPE_FILTER_PARAM}=${child}`)).map((r) => r.name)).toEqual(['筛选课2']);
    // The plain field param is one type exactly.
    expect((await list(`typeId=${root}`)).map((r) => r.name)).toEqual(['筛选课1']);
    // The export keeps the filter, sent plainly or inside paramsStr, and names the type.
    for (const q of [`${COURSE_TYPE_FILTER_PARAM}=${root}&name=*筛选课*`, `paramsStr=${encodeURIComponent(JSON.stringify({ [COURSE_TYPE_FILTER_PARAM]: root, name: '*筛选课*' }))}`]) {
      const res = await be.fetch(new Request(`http://backend/course/tblCourse/exportXls?column=name&order=asc&${q}`, { headers: { 'X-Access-Token': admin, 'x-jiaowu-client-ip': '10.0.0.1' } }));
      const rows: Record<string, string>[] = [];
      for await (const row of readXlsxRows(Buffer.from(await res.arrayBuffer()))) rows.push(row.values);
      expect(rows.map((r) => [r['名称'], r['课程分类']])).toEqual([['筛选课1', '筛选根'], ['筛选课2', '筛选子']]);
    }
  });
});

describe('章节', () => {
  it('answers a course tree ordered by sort; add child, rename, move', async () => {
    const one = idOf(await post(`${C}/add`, { courseId: 'cc1', title: '第一章' }));
    const two = idOf(await post(`${C}/add`, { courseId: 'cc1', title: '第二章' }));
    const sub = idOf(await post(`${C}/add`, { courseId: 'cc1', parentId: one, title: '1.1 小节' }));
    expect(idOf(await post(`${C}/add`, { courseId: 'cc2', title: '第一章' }))).toBeTruthy();
    expect((await post(`${C}/add`, { courseId: 'cc1', title: '第一章' })).body.message).toBe(CHAPTER_MESSAGES.duplicate('第一章'));
    // A parent of another course is not a parent here.
    const foreign = (await chapterTree('cc2'))[0].id;
    expect((await post(`${C}/add`, { courseId: 'cc1', parentId: foreign, title: '串门' })).body.message).toBe(CHAPTER_MESSAGES.parentNotFound);
    expect((await post(`${C}/move`, { id: sub, parentId: foreign, sort: 0 })).body.message).toBe(CHAPTER_MESSAGES.parentNotFound);
    expect((await post(`${C}/add`, { courseId: 'ghost', title: 'x' })).body.message).toBe(CHAPTER_MESSAGES.courseNotFound);
    expect((await put(`${C}/edit`, { id: two, title: '第二章 方程' })).body).toMatchObject({ success: true });
    expect((await post(`${C}/move`, { id: one, parentId: sub, sort: 0 })).body.message).toBe(CHAPTER_MESSAGES.intoItself);
    expect((await post(`${C}/move`, { id: two, parentId: null, sort: 0 })).body).toMatchObject({ success: true });
    const tree = await chapterTree('cc1', teacher);
    expect(titles(tree)).toEqual(['第二章 方程', '第一章']);
    expect(tree[1]).toMatchObject({ id: one, key: one, value: one, parentId: null, sort: 1, isLeaf: false });
    expect(tree[1].children).toEqual([{ id: sub, key: sub, value: sub, title: '1.1 小节', parentId: one, sort: 0, isLeaf: true }]);
    expect((await be.call(`${C}/tree`, { token: admin })).body).toMatchObject({ success: false, message: '请选择课程' });
  });

  it('refuses to delete a chapter used by live template lessons or 课件, naming the counts', async () => {
    const ch = idOf(await post(`${C}/add`, { courseId: 'cc2', title: '使用中' }));
    const kid = idOf(await post(`${C}/add`, { courseId: 'cc2', parentId: ch, title: '使用中的小节' }));
    await be.db.insertInto('tbl_teach_template').values([{ id: 'tpl1', course_id: 'cc2', name: '模板' }, { id: 'tpl9', course_id: 'cc2', name: '已删模板', del_flag: 1 }]).execute();
    await be.db
      .insertInto('tbl_teach_template_item')
      .values([
        { id: 'ti1', template_id: 'tpl1', lesson_no: 1, chapter_id: kid, title: '第1次课' },
        { id: 'ti2', template_id: 'tpl1', lesson_no: 2, chapter_id: kid, title: '第2次课' },
        { id: 'ti9', template_id: 'tpl9', lesson_no: 1, chapter_id: kid, title: '已删' },
      ])
      .execute();
    await be.db
      .insertInto('tbl_course_material')
      .values([
        { id: 'cm1', course_id: 'cc2', name: '课件', material_type: 6, file_path: 'x/a.pdf', chapter_id: kid },
        { id: 'cm9', course_id: 'cc2', name: '已删课件', material_type: 6, file_path: 'x/b.pdf', chapter_id: kid, del_flag: 1 },
      ])
      .execute();
    expect((await del(C, ch)).body).toMatchObject({ success: false, message: '该章节被2个教学模板课次、1份课件使用，不能删除' });
    await be.db.deleteFrom('tbl_teach_template_item').where('template_id', '=', 'tpl1').execute();
    expect((await del(C, kid)).body.message).toBe('该章节被1份课件使用，不能删除');
    await be.db.updateTable('tbl_course_material').set({ del_flag: 1 }).where('id', '=', 'cm1').execute();
    expect((await del(C, ch)).body.message).toBe(CHAPTER_MESSAGES.hasChildren);
    expect((await del(C, kid)).body).toMatchObject({ success: true });
    expect((await del(C, ch)).body).toMatchObject({ success: true });
    expect(find(await chapterTree('cc2'), ch)).toBeUndefined();
  });
});
