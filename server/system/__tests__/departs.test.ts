/** @jest-environment node */
import { linkId } from '../../core/ids';
import { nextOrgCode, nextSegment } from '../departs';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

let be: TestBackend;
let admin: string;
let teacher: string;

/** The button rows the seed will carry (report: perm_btn_depart_*); inserted here until it does. */
const DEPART_BUTTONS = [
  ['perm_btn_depart_list', 'system:depart:list'],
  ['perm_btn_depart_add', 'system:depart:add'],
  ['perm_btn_depart_edit', 'system:depart:edit'],
  ['perm_btn_depart_delete', 'system:depart:delete'],
  ['perm_btn_depart_delete_batch', 'system:depart:deleteBatch'],
] as const;

beforeAll(async () => {
  be = await startTestBackend();
  for (const [id, perms] of DEPART_BUTTONS) {
    await be.db.insertInto('sys_permission').values({ id, parent_id: 'perm_isystem', name: perms, menu_type: 2, perms, perms_type: '1', sort_no: 150 }).onConflict((oc) => oc.doNothing()).execute();
    await be.db.insertInto('sys_role_permission').values({ id: linkId('role_admin', id), role_id: 'role_admin', permission_id: id }).onConflict((oc) => oc.doNothing()).execute();
  }
  admin = await be.login('admin');
  teacher = await be.login('teacher');
}, 120_000);
afterAll(() => be.close());

type Node = { id: string; key: string; value: string; title: string; isLeaf: boolean; orgCode: string; orgType: string; parentId: string | null; departName: string; children: Node[] | null };

const get = (path: string, token = admin) => be.call(path, { token });
const add = (json: Record<string, unknown>, token = admin) => be.call('/sys/sysDepart/add', { method: 'POST', token, json });
const edit = (json: Record<string, unknown>, token = admin) => be.call('/sys/sysDepart/edit', { method: 'PUT', token, json });
const del = (query: string, token = admin) => be.call(`/sys/sysDepart/${query}`, { method: 'DELETE', token });
const tree = async (token = admin) => (await get('/sys/sysDepart/queryTreeList', token)).body.result as Node[];
const find = (nodes: Node[], id: string): Node | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
};

describe('org codes (YouBianCodeUtil scheme)', () => {
  it('steps A01 → A02, A99 → B01 and stops after Z99', () => {
    expect(nextSegment(null)).toBe('A01');
    expect(nextSegment('A01')).toBe('A02');
    expect(nextSegment('A09')).toBe('A10');
    expect(nextSegment('A99')).toBe('B01');
    expect(nextSegment('Z99')).toBeNull();
  });

  it('continues after the largest code of the level, ignoring codes of other levels and shapes', () => {
    expect(nextOrgCode('', [])).toBe('A01');
    expect(nextOrgCode('', ['A01', 'A01A05', 'B02', 'A99'])).toBe('B03');
    expect(nextOrgCode('A01', ['A01', 'A01A01', 'A01A03', 'A01A02A09', 'A02A07', 'A01X'])).toBe('A01A04');
    expect(() => nextOrgCode('A01', ['A01Z99'])).toThrow('同级部门编码已用完');
  });
});

describe('reading the tree', () => {
  it('queryTreeList answers SysDepartTreeModel nodes, nested, children null on leaves, any session may read', async () => {
    const nodes = await tree(teacher);
    expect(nodes.map((n) => n.id)).toEqual(['dep_root']);
    const root = nodes[0];
    expect(root).toMatchObject({ key: 'dep_root', value: 'dep_root', title: '星辰教育集团', departName: '星辰教育集团', orgCode: 'A01', isLeaf: false, parentId: null, orgCategory: '1', status: '1' });
    expect(root).toHaveProperty('fax');
    expect(root.children!.map((n) => n.departName)).toEqual(['教务处', '市场部', '北京校区', '上海校区']);
    expect(find(nodes, 'dep_bj')!.children!.map((n) => n.id)).toEqual(expect.arrayContaining(['dep_bj_math', 'dep_bj_eng']));
    // Every live row is in the tree once; a leaf says so and has children null, never [].
    const seen: Node[] = [];
    const walk = (list: Node[]) => list.forEach((n) => (seen.push(n), walk(n.children ?? [])));
    walk(nodes);
    const live = await be.db.selectFrom('sys_depart').select('id').where('del_flag', '=', '0').execute();
    expect(seen.map((n) => n.id).sort()).toEqual(live.map((r) => r.id).sort());
    for (const n of seen) {
      if (n.isLeaf) expect(n.children).toBeNull();
      else expect(n.children!.length).toBeGreaterThan(0);
    }
    expect(seen.some((n) => n.isLeaf)).toBe(true);
  });

  it('queryTreeList?ids= answers only those departments, nested among themselves', async () => {
    const r = await get('/sys/sysDepart/queryTreeList?ids=dep_bj,dep_bj_eng,dep_mkt');
    const nodes = r.body.result as Node[];
    expect(nodes.map((n) => n.id).sort()).toEqual(['dep_bj', 'dep_mkt']);
    expect(find(nodes, 'dep_bj')!.children!.map((n) => n.id)).toEqual(['dep_bj_eng']);
  });

  it('queryDepartTreeSync loads one level with exact leaf flags', async () => {
    const roots = (await get('/sys/sysDepart/queryDepartTreeSync', teacher)).body.result as Node[];
    expect(roots.map((n) => [n.id, n.isLeaf, n.children])).toEqual([['dep_root', false, null]]);
    const kids = (await get('/sys/sysDepart/queryDepartTreeSync?pid=dep_bj')).body.result as Node[];
    const rows = await be.db.selectFrom('sys_depart').select(['id', 'parent_id']).where('del_flag', '=', '0').execute();
    const expected = rows.filter((r) => r.parent_id === 'dep_bj').map((r) => [r.id, !rows.some((c) => c.parent_id === r.id)]);
    expect(kids.map((n) => [n.id, n.isLeaf])).toEqual(expect.arrayContaining(expected));
    expect(kids).toHaveLength(expected.length);
    expect(kids.every((n) => n.children === null)).toBe(true);
    // A leaf has no children to load.
    const leaf = rows.find((r) => !rows.some((c) => c.parent_id === r.id))!;
    expect((await get(`/sys/sysDepart/queryDepartTreeSync?pid=${leaf.id}`)).body.result).toEqual([]);
  });

  it('searchBy finds by name (LIKE wildcards are literal) and says 未查询匹配数据！ otherwise', async () => {
    const r = await get(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('教研')}`, teacher);
    expect((r.body.result as Node[]).map((n) => n.departName)).toEqual(['数学教研组', '英语教研组']);
    const none = await get(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('%')}`);
    expect(none.body).toMatchObject({ success: false, message: '未查询匹配数据！' });
  });

  it('queryAllParentId answers the path root-first by id or org code; getDepartName and queryIdTree', async () => {
    const byId = (await get('/sys/sysDepart/queryAllParentId?departId=dep_bj_eng')).body.result as Record<string, { parentIds: string[]; parentMap: Record<string, { departName: string }> }>;
    expect(byId.dep_bj_eng.parentIds).toEqual(['dep_root', 'dep_bj', 'dep_bj_eng']);
    expect(byId.dep_bj_eng.parentMap.dep_bj.departName).toBe('北京校区');
    const byCode = (await get('/sys/sysDepart/queryAllParentId?orgCode=A01A02')).body.result as Record<string, { parentIds: string[] }>;
    expect(byCode.A01A02.parentIds).toEqual(['dep_root', 'dep_mkt']);
    expect((await get('/sys/sysDepart/queryAllParentId')).body.success).toBe(false);
    expect((await get('/sys/sysDepart/getDepartName?orgCode=A01A03')).body.result).toBe('北京校区');
    expect((await get('/sys/sysDepart/getDepartName?orgCode=ZZZ')).body.success).toBe(false);
    const ids = (await get('/sys/sysDepart/queryIdTree')).body.result as { key: string; title: string; children: { key: string }[] }[];
    expect(ids[0]).toMatchObject({ key: 'dep_root', value: 'dep_root', title: '星辰教育集团' });
    expect(ids[0].children.map((n) => n.key)).toContain('dep_bj');
  });

  it('needs a session', async () => {
    const r = await be.call('/sys/sysDepart/queryTreeList');
    expect(r.status).toBe(401);
  });
});

describe('writing', () => {
  it('a teacher gets 510 on every write', async () => {
    const answers = [
      await add({ departName: '偷偷加' }, teacher),
      await edit({ id: 'dep_bj', departName: '改名' }, teacher),
      await del('delete?id=dep_bj_math', teacher),
      await del('deleteBatch?ids=dep_bj_math', teacher),
    ];
    for (const r of answers) expect(r.body).toMatchObject({ success: false, code: 510 });
    expect(find(await tree(), 'dep_bj')!.departName).toBe('北京校区');
  });

  it('add generates the code on the server (a sent orgCode is ignored), sets the level and answers the node', async () => {
    const child = await add({ parentId: 'dep_bj', departName: '物理教研组', orgCode: 'HACK01', orgType: '9', departOrder: 3, orgCategory: '3', mobile: '13912345678', fax: '010-66668888', memo: '新组' });
    expect(child.body).toMatchObject({ success: true, message: '添加成功！' });
    expect(child.body.result).toMatchObject({ orgCode: 'A01A03A03', orgType: '3', parentId: 'dep_bj', departName: '物理教研组', orgCategory: '3', fax: '010-66668888', isLeaf: true, children: null, status: '1' });
    const root = await add({ departName: '第二集团' });
    expect(root.body.result).toMatchObject({ orgCode: 'A02', orgType: '1', parentId: null, orgCategory: '1' });
    const under = await add({ parentId: (root.body.result as Node).id, departName: '分部' });
    expect(under.body.result).toMatchObject({ orgCode: 'A02A01', orgType: '2', orgCategory: '2' });
  });

  it('add validates the input and the parent', async () => {
    expect((await add({ departName: '  ' })).body).toMatchObject({ success: false, message: '请输入机构/部门名称!' });
    expect((await add({ departName: '坏手机', mobile: '123' })).body).toMatchObject({ success: false, message: '请输入正确的手机号码' });
    expect((await add({ departName: '坏类型', orgCategory: '7' })).body).toMatchObject({ success: false, message: '机构类型不正确' });
    expect((await add({ departName: '孤儿', parentId: 'dep_nope' })).body).toMatchObject({ success: false, message: '上级部门不存在' });
  });

  it('负责人 must be live users and 所在地区 a known region code (widened to 6 digits)', async () => {
    const r = await add({ parentId: 'dep_bj_eng', departName: '英语一组', directorUserIds: 'u_teacher2, u_teacher,u_teacher2', areaCode: '310115' });
    expect(r.body.result).toMatchObject({ departName: '英语一组', directorUserIds: 'u_teacher2,u_teacher', areaCode: '310115' });
    const id = (r.body.result as { id: string }).id;
    expect((await edit({ id, areaCode: '3101' })).body.result).toMatchObject({ areaCode: '310100' });
    expect((await edit({ id, areaCode: '900000' })).body.result).toMatchObject({ areaCode: '900000' });
    for (const areaCode of ['999999', "31'01", '1']) expect((await edit({ id, areaCode })).body).toMatchObject({ success: false, message: '所在地区不正确' });
    expect((await edit({ id, directorUserIds: 'u_teacher,nobody' })).body).toMatchObject({ success: false, message: '所选负责人不存在，请刷新后重试' });
    expect((await edit({ id, directorUserIds: '', areaCode: null })).body.result).toMatchObject({ directorUserIds: null, areaCode: null });
  });

  it('concurrent adds under one parent get distinct codes', async () => {
    const answers = await Promise.all([1, 2, 3].map((i) => add({ parentId: 'dep_sh', departName: `并发${i}` })));
    const codes = answers.map((a) => (a.body.result as Node).orgCode).sort();
    expect(codes).toEqual(['A01A04A01', 'A01A04A02', 'A01A04A03']);
  });

  it('edit changes details but never the code; a parent change is refused', async () => {
    const r = await edit({ id: 'dep_mkt', departName: '市场招生部', orgCode: 'B99', address: '北京市海淀区', parentId: 'dep_root' });
    expect(r.body).toMatchObject({ success: true, message: '修改成功!' });
    expect(r.body.result).toMatchObject({ departName: '市场招生部', orgCode: 'A01A02', address: '北京市海淀区', parentId: 'dep_root' });
    const moved = await edit({ id: 'dep_mkt', departName: '市场部', parentId: 'dep_bj' });
    expect(moved.body).toMatchObject({ success: false, message: expect.stringContaining('不支持修改上级部门') });
    const row = await be.db.selectFrom('sys_depart').select(['parent_id', 'org_code', 'depart_name']).where('id', '=', 'dep_mkt').executeTakeFirstOrThrow();
    expect(row).toEqual({ parent_id: 'dep_root', org_code: 'A01A02', depart_name: '市场招生部' });
    expect((await edit({ id: 'dep_nope', departName: 'x' })).body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('delete refuses a department with sub-departments or users, and leaves no orphan', async () => {
    const withKids = await del('delete?id=dep_bj');
    expect(withKids.body).toMatchObject({ success: false, message: '部门「北京校区」下还有子部门，请先删除子部门' });
    const staffed = (await add({ parentId: 'dep_jwc', departName: '有人组' })).body.result as Node;
    const t2 = await be.db.selectFrom('sys_user').select('id').where('username', '=', 'teacher2').executeTakeFirstOrThrow();
    await be.db.insertInto('sys_user_depart').values({ id: linkId(t2.id, staffed.id), user_id: t2.id, dep_id: staffed.id }).execute();
    const withUsers = await del(`delete?id=${staffed.id}`);
    expect(withUsers.body).toMatchObject({ success: false, message: '部门「有人组」下还有用户，请先将用户移出该部门' });
    expect((await be.db.selectFrom('sys_user_depart').select('id').where('dep_id', '=', staffed.id).execute()).length).toBe(1);
    // Batch: a parent goes with its whole live subtree or not at all.
    const x = (await add({ parentId: 'dep_jwc', departName: '上层' })).body.result as Node;
    const y = (await add({ parentId: x.id, departName: '下层' })).body.result as Node;
    expect((await del(`deleteBatch?ids=${x.id}`)).body).toMatchObject({ success: false, message: '部门「上层」下还有子部门，请先删除子部门' });
    expect(find(await tree(), y.id)).toBeDefined();
    expect((await del(`deleteBatch?ids=${x.id},${y.id}`)).body.success).toBe(true);
    expect(find(await tree(), x.id)).toBeUndefined();
    expect(find(await tree(), y.id)).toBeUndefined();
  });

  it('a user whose current department it is also blocks the delete', async () => {
    const dep = (await add({ parentId: 'dep_jwc', departName: '临时组' })).body.result as Node;
    await be.db.updateTable('sys_user').set({ org_code: dep.orgCode }).where('username', '=', 'jiaowu').execute();
    expect((await del(`delete?id=${dep.id}`)).body).toMatchObject({ success: false, message: expect.stringContaining('下还有用户') });
    await be.db.updateTable('sys_user').set({ org_code: 'A01A01' }).where('username', '=', 'jiaowu').execute();
    expect((await del(`delete?id=${dep.id}`)).body).toMatchObject({ success: true, message: '删除部门成功!' });
  });

  it('delete is soft: the code stays reserved, so the next department gets a new one; links of recycled users go', async () => {
    const a = (await add({ parentId: 'dep_jwc', departName: '甲' })).body.result as Node;
    const gone = await be.db.selectFrom('sys_user').select('id').where('username', '=', 'frozen').executeTakeFirstOrThrow();
    await be.db.updateTable('sys_user').set({ del_flag: 1 }).where('id', '=', gone.id).execute();
    await be.db.insertInto('sys_user_depart').values({ id: linkId(gone.id, a.id), user_id: gone.id, dep_id: a.id }).execute();
    expect((await del(`deleteBatch?ids=${a.id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await be.db.selectFrom('sys_user_depart').select('id').where('dep_id', '=', a.id).execute()).toEqual([]);
    const stored = await be.db.selectFrom('sys_depart').select(['del_flag', 'org_code']).where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(stored.del_flag).toBe('1');
    const b = (await add({ parentId: 'dep_jwc', departName: '乙' })).body.result as Node;
    expect(b.orgCode > stored.org_code).toBe(true);
    expect((await get(`/sys/sysDepart/getDepartName?orgCode=${stored.org_code}`)).body.success).toBe(false);
    // A deleted department cannot be edited, deleted again or used as a parent.
    expect((await edit({ id: a.id, departName: '复活' })).body.success).toBe(false);
    expect((await del(`delete?id=${a.id}`)).body.success).toBe(false);
    expect((await add({ parentId: a.id, departName: '子' })).body).toMatchObject({ success: false, message: '上级部门不存在' });
    await be.db.updateTable('sys_user').set({ del_flag: 0 }).where('id', '=', gone.id).execute();
  });
});
