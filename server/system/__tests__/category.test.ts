/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { linkId } from '../../core/ids';
import { nextSiblingCode, seedCategories } from '../category';
import { TREE_CONDITION_FIELD, TREE_CONDITION_INVALID } from '../../resources/dicts';

let be: TestBackend;
let admin: string;
let teacher: string;

/** The button codes the routes enforce, granted to role_admin here (the seed's menu is owned elsewhere). */
const CODES = ['system:category:add', 'system:category:edit', 'system:category:delete'];

beforeAll(async () => {
  be = await startTestBackend();
  for (const code of CODES) {
    const id = `perm_test_${code.split(':')[2]}`;
    await be.db.insertInto('sys_permission').values({ id, parent_id: 'perm_isystem', name: code, url: null, component: null, component_name: null, redirect: null, menu_type: 2, perms: code, perms_type: '1', icon: null, description: null, create_by: null, update_by: null, update_time: null }).execute();
    await be.db.insertInto('sys_role_permission').values({ id: linkId('role_admin', id), role_id: 'role_admin', permission_id: id }).execute();
  }
  admin = await be.login('admin');
  teacher = await be.login('teacher');
});
afterAll(() => be.close());

const get = (path: string) => be.call(path, { token: teacher });
const enc = encodeURIComponent;
type Node = { key: string; title: string; leaf: boolean; code: string; parentId: string; children?: Node[] };
const titles = (r: { body: { result: unknown } }) => (r.body.result as Node[]).map((n) => n.title);
const row = (id: string) => be.db.selectFrom('sys_category').selectAll().where('id', '=', id).executeTakeFirst();

describe('reads (a session is enough)', () => {
  it('rootList pages the roots; a name filter searches the whole tree', async () => {
    const r = await get('/sys/category/rootList?pageNo=1&pageSize=10');
    expect(r.body.result).toMatchObject({ total: 2, current: 1, size: 10 });
    const records = (r.body.result as { records: Record<string, unknown>[] }).records;
    expect(records.map((x) => x.name)).toEqual(['课程分类', '学段']);
    expect(records[0]).toMatchObject({ id: 'cat_course', pid: '0', code: 'A01', hasChild: '1', sysOrgCode: 'A01', createBy: 'system' });
    expect(records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const search = await get(`/sys/category/rootList?name=${enc('数')}`);
    expect((search.body.result as { records: { name: string }[] }).records.map((x) => x.name)).toEqual(['数学']);
  });

  it('childList and getChildListBatch', async () => {
    expect(((await get('/sys/category/childList?pid=cat_stage')).body.result as { name: string }[]).map((x) => x.name)).toEqual(['小学', '初中', '高中']);
    const batch = await get('/sys/category/getChildListBatch?parentIds=cat_course,cat_stage');
    expect(batch.body.result).toMatchObject({ total: 7 });
  });

  it('loadTreeRoot: children of the pcode node; async=false nests the whole subtree', async () => {
    expect(titles(await get('/sys/category/loadTreeRoot?async=true&pcode=A01'))).toEqual(['语文', '数学', '英语', '科学']);
    expect(titles(await get('/sys/category/loadTreeRoot?async=true&pcode=0'))).toEqual(['课程分类', '学段']);
    const full = (await get('/sys/category/loadTreeRoot?async=false&pcode=0')).body.result as Node[];
    expect(full[1].children!.map((n) => n.title)).toEqual(['小学', '初中', '高中']);
    expect(full[1].children![0]).toEqual({ key: 'cat_stage_primary', title: '小学', leaf: true, parentId: 'cat_stage', value: 'cat_stage_primary', code: 'A02A01' });
    expect((await get('/sys/category/loadTreeRoot?async=true&pcode=ZZZ')).body).toMatchObject({ success: false, message: '该编码【ZZZ】不存在，请核实!' });
  });

  it('loadTreeChildren?pid', async () => {
    expect(titles(await get('/sys/category/loadTreeChildren?pid=cat_stage'))).toEqual(['小学', '初中', '高中']);
  });

  it('loadTreeData: pid, or pcode, with a whitelisted condition', async () => {
    expect(titles(await get(`/sys/category/loadTreeData?pcode=A01&condition=${enc(JSON.stringify({ name: '英%' }))}`))).toEqual(['英语']);
    expect(titles(await get(`/sys/category/loadTreeData?pid=cat_stage&pcode=A01`))).toEqual(['小学', '初中', '高中']);
    expect(titles(await get(`/sys/category/loadTreeData?pcode=0&condition=${enc(JSON.stringify({ createBy: 'system', sysOrgCode: 'A01' }))}`))).toEqual(['课程分类', '学段']);
    expect((await get('/sys/category/loadTreeData')).body).toMatchObject({ success: false, message: '加载分类字典树参数有误.[null]!' });
    expect((await get('/sys/category/loadTreeData?pcode=NOPE')).body).toMatchObject({ success: false, message: '加载分类字典树参数有误.[code]!' });
  });

  it.each([
    ['{bad', TREE_CONDITION_INVALID],
    ['"name"', TREE_CONDITION_INVALID],
    [JSON.stringify({ pid: '0' }), TREE_CONDITION_FIELD],
    [JSON.stringify({ '1=1 or name': 'x' }), TREE_CONDITION_FIELD],
    [JSON.stringify({ table_name: '%' }), TREE_CONDITION_FIELD],
  ])('loadTreeData refuses the condition %s', async (condition, message) => {
    expect((await get(`/sys/category/loadTreeData?pcode=0&condition=${enc(condition)}`)).body).toMatchObject({ success: false, code: 500, message });
  });

  it('loadDictItem answers names in id order (also with the trailing slash)', async () => {
    expect((await get('/sys/category/loadDictItem/?ids=cat_course_math,zzz,cat_stage')).body.result).toEqual(['数学', '学段']);
    expect((await get('/sys/category/loadDictItem?ids=cat_course_math,zzz&delNotExist=false')).body.result).toEqual(['数学', 'zzz']);
    expect((await get(`/sys/category/loadDictItem?ids=${enc("'; drop table sys_category; --")}`)).body.result).toEqual([]);
    expect((await get('/sys/category/loadDictItem?ids=')).body).toMatchObject({ success: false, message: 'ids 不能为空' });
  });

  it('loadAllData?code: code prefix as DictModel (value id, text name)', async () => {
    const r = await get('/sys/category/loadAllData?code=A02');
    expect((r.body.result as { text: string }[]).map((x) => x.text)).toEqual(['学段', '小学', '初中', '高中']);
    expect((r.body.result as unknown[])[0]).toEqual({ value: 'cat_stage', text: '学段', title: '学段', label: '学段' });
    expect((await get(`/sys/category/loadAllData?code=${enc('%')}`)).body).toMatchObject({ success: false, message: '无数据,参数有误.[code]' });
  });

  it('checkCode: a child code must start with the parent code', async () => {
    expect((await get('/sys/category/checkCode?pid=cat_course&code=A01A09')).body.success).toBe(true);
    expect((await get('/sys/category/checkCode?pid=cat_course&code=A02A09')).body).toMatchObject({ success: false, message: '编码不符合规范,须以"A01"开头!' });
    expect((await get('/sys/category/checkCode?pid=cat_course&code=')).body).toMatchObject({ success: false, message: '错误,类型编码为空!' });
  });

  it('loadOne only on category fields', async () => {
    expect((await get('/sys/category/loadOne?field=code&val=A01')).body.result).toMatchObject({ name: '课程分类' });
    expect((await get('/sys/category/loadOne?field=password&val=x')).body).toMatchObject({ success: false });
  });

  it('needs a session', async () => {
    expect((await be.call('/sys/category/rootList')).status).toBe(401);
  });
});

describe('writes (permission codes)', () => {
  const call = (token: string, path: string, method: string, json?: unknown) => be.call(path, { token, method, json });

  it('without system:category:* the answer is 510 and nothing changes', async () => {
    expect((await call(teacher, '/sys/category/add', 'POST', { pid: '0', name: '测试' })).body.code).toBe(510);
    expect((await call(teacher, '/sys/category/edit', 'PUT', { id: 'cat_course', name: 'x' })).body.code).toBe(510);
    expect((await call(teacher, '/sys/category/delete?id=cat_course', 'DELETE')).body.code).toBe(510);
    expect((await row('cat_course'))?.name).toBe('课程分类');
  });

  it('add: generated code under the parent, parent marked has_child; a wrong prefix or duplicate is refused', async () => {
    const r = await call(admin, '/sys/category/add', 'POST', { pid: 'cat_course_math', name: '奥数' });
    expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
    const added = await be.db.selectFrom('sys_category').selectAll().where('name', '=', '奥数').executeTakeFirstOrThrow();
    expect(added).toMatchObject({ pid: 'cat_course_math', code: 'A01A02A01', has_child: '0', create_by: 'admin' });
    expect((await row('cat_course_math'))?.has_child).toBe('1');

    expect((await call(admin, '/sys/category/add', 'POST', { pid: 'cat_course', name: '错', code: 'A02A09' })).body).toMatchObject({ success: false, message: '编码不符合规范,须以"A01"开头!' });
    expect((await call(admin, '/sys/category/add', 'POST', { pid: 'cat_course', name: '重', code: 'A01A01' })).body).toMatchObject({ success: false, message: '编码已存在' });
    expect((await call(admin, '/sys/category/add', 'POST', { pid: '0', name: ' ' })).body).toMatchObject({ success: false, message: '请输入类型名称' });
    expect((await call(admin, '/sys/category/add', 'POST', { pid: '0', name: 'x', code: "A9'--" })).body.success).toBe(false);

    const root = await call(admin, '/sys/category/add', 'POST', { name: '兴趣班' });
    expect(root.body.success).toBe(true);
    expect((await be.db.selectFrom('sys_category').select('code').where('name', '=', '兴趣班').executeTakeFirstOrThrow()).code).toBe('A03');
  });

  it('edit: renames; refuses moving under its own subtree and recoding a node with children', async () => {
    expect((await call(admin, '/sys/category/edit', 'PUT', { id: 'cat_course_science', name: '自然科学', pid: 'cat_course' })).body).toMatchObject({ success: true, message: '修改成功!' });
    expect((await row('cat_course_science'))?.name).toBe('自然科学');
    expect((await call(admin, '/sys/category/edit', 'PUT', { id: 'cat_course', name: '课程分类', pid: 'cat_course_math' })).body.success).toBe(false);
    expect((await call(admin, '/sys/category/edit', 'PUT', { id: 'cat_stage', name: '学段', code: 'A09' })).body).toMatchObject({ success: false, message: '该分类下有子节点，不能修改编码' });
    expect((await call(admin, '/sys/category/edit', 'PUT', { id: 'nope', name: 'x' })).body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('edit: moving a leaf keeps both parents’ has_child right', async () => {
    expect((await call(admin, '/sys/category/add', 'POST', { pid: 'cat_stage_senior', name: '高一', code: 'A02A03A01' })).body.success).toBe(true);
    const id = (await be.db.selectFrom('sys_category').select('id').where('code', '=', 'A02A03A01').executeTakeFirstOrThrow()).id;
    expect((await call(admin, '/sys/category/edit', 'PUT', { id, name: '高一', pid: 'cat_stage_junior', code: 'A02A02A01' })).body.success).toBe(true);
    expect((await row('cat_stage_senior'))?.has_child).toBe('0');
    expect((await row('cat_stage_junior'))?.has_child).toBe('1');
  });

  it('delete: removes the subtree and clears the parent has_child', async () => {
    const child = await be.db.selectFrom('sys_category').select('id').where('name', '=', '奥数').executeTakeFirstOrThrow();
    expect((await call(admin, `/sys/category/delete?id=${child.id}`, 'DELETE')).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await row('cat_course_math'))?.has_child).toBe('0');

    expect((await call(admin, '/sys/category/deleteBatch?ids=cat_stage', 'DELETE')).body.success).toBe(true);
    const left = await be.db.selectFrom('sys_category').select('id').where('code', 'like', 'A02%').execute();
    expect(left).toEqual([]);
    expect((await call(admin, '/sys/category/delete?id=nope', 'DELETE')).body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('the demo seed is idempotent and leaves an edited tree alone', async () => {
    const before = await be.db.selectFrom('sys_category').select('id').execute();
    await seedCategories(be.db);
    expect(await be.db.selectFrom('sys_category').select('id').execute()).toHaveLength(before.length);
  });
});

describe('nextSiblingCode (JeecgBoot YouBianCodeUtil)', () => {
  it.each([
    ['', [], 'A01'],
    ['', ['A01', 'A02'], 'A03'],
    ['A01', ['A01A98', 'A01A99'], 'A01B01'],
    ['A01', ['A01B05', 'A01A07', 'X'], 'A01B06'],
  ])('prefix %p after %p → %p', (prefix, codes, expected) => {
    expect(nextSiblingCode(prefix, codes)).toBe(expected);
  });
});
