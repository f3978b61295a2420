/** @jest-environment node */
import { startTestBackend, type TestBackend } from './helpers';

/**
 * Issue 20 A.3, A.4, A.6 and the role list's sort: each call exactly as JeecgBoot's own Vue 2 client
 * (ant-design-vue-jeecg 3.4.0) sends it, and the answer in the shape that client reads:
 * PermissionList.vue / PermissionModal.vue (菜单管理), UserRoleModal.vue (角色授权), RoleList.vue.
 * The client adds `_t` to every GET (request.js) and sends a row back as it got it (Object.assign).
 */

let be: TestBackend;
let admin: string;
let teacher: string;

beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
  teacher = await be.login('teacher');
}, 120_000);
afterAll(() => be.close());

type Body = Awaited<ReturnType<TestBackend['call']>>['body'];
type Tree = Record<string, unknown> & { id: string; key: string; children: Tree[] | null };
type Model = Record<string, unknown> & { key: string; children: Model[] | null };

const T = '_t=1700000000';
const get = (path: string, token = admin) => be.call(`${path}${path.includes('?') ? '&' : '?'}${T}`, { token }).then((r) => r.body);
const send = (method: 'POST' | 'PUT', path: string, json: unknown, token = admin) => be.call(path, { method, token, json }).then((r) => r.body);
const del = (path: string, token = admin) => be.call(path, { method: 'DELETE', token }).then((r) => r.body);

const walk = <N extends { children: N[] | null }>(nodes: N[], out: N[] = []): N[] => {
  for (const n of nodes) {
    out.push(n);
    walk(n.children ?? [], out);
  }
  return out;
};
const liveIds = async () => (await be.db.selectFrom('sys_permission').select('id').where('del_flag', '=', 0).execute()).map((r) => r.id).sort();
const permissionList = async () => (await get('/sys/permission/list')).result as Tree[];
const findIn = (tree: Tree[], id: string) => walk(tree).find((n) => n.id === id);

/** JeecgBoot's SysPermissionTree properties (Jackson: both `leaf` and `isLeaf`). */
const SYS_PERMISSION_TREE_FIELDS = [
  'id', 'key', 'title', 'parentId', 'name', 'perms', 'permsType', 'icon', 'component', 'componentName', 'url', 'redirect', 'sortNo', 'menuType',
  'leaf', 'isLeaf', 'route', 'keepAlive', 'description', 'delFlag', 'createBy', 'createTime', 'updateBy', 'updateTime', 'alwaysShow', 'hidden', 'hideTab',
  'status', 'internalOrExternal', 'children',
];
/** JeecgBoot's TreeModel properties. */
const TREE_MODEL_FIELDS = ['key', 'title', 'slotTitle', 'isLeaf', 'leaf', 'icon', 'ruleFlag', 'scopedSlots', 'parentId', 'label', 'value', 'children'];

describe('who may call them', () => {
  it('a user without the codes gets 510; without a token 401', async () => {
    for (const path of ['/sys/permission/list', '/sys/permission/queryTreeList', '/sys/role/queryTreeList']) {
      expect(await get(path, teacher)).toMatchObject({ success: false, code: 510 });
      expect((await be.call(path)).status).toBe(401);
    }
  });
});

describe('菜单管理 (PermissionList.vue → getPermissionList)', () => {
  it('GET /sys/permission/list answers SysPermissionTree nodes: names, ids, children null on leaves, every live row once', async () => {
    const b = await get('/sys/permission/list');
    expect(b).toMatchObject({ success: true, code: 200 });
    const tree = b.result as Tree[];
    const all = walk(tree);
    expect(all.map((n) => n.id).sort()).toEqual(await liveIds());
    for (const n of all) {
      expect(Object.keys(n)).toEqual(expect.arrayContaining(SYS_PERMISSION_TREE_FIELDS));
      expect(n.key).toBe(n.id);
      expect(n.title).toBe(n.name);
      expect(typeof n.name === 'string' && n.name.length > 0).toBe(true);
      expect(n.leaf).toBe(n.isLeaf);
      expect(n.isLeaf).toBe(n.children === null);
      if (n.children) expect(n.children.every((c) => c.parentId === n.id)).toBe(true);
    }
    expect(findIn(tree, 'perm_isystem')).toMatchObject({ name: '系统管理', menuType: 0, url: '/isystem', component: 'layouts/RouteView', icon: 'setting', parentId: null, isLeaf: false, delFlag: 0 });
    expect(findIn(tree, 'perm_btn_log_list')).toMatchObject({ name: '查看登录日志', menuType: 2, perms: 'system:log:list', permsType: '1', status: '1', children: null });
    // Top level first in sort_no order, as JeecgBoot's orderByAsc(sortNo).
    const sorts = tree.map((n) => n.sortNo as number);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  });

  it('编辑 (PermissionModal.edit → editPermission) sends the row back whole: the same row changes, no row is added', async () => {
    const before = await permissionList();
    const record = findIn(before, 'perm_isystem_log')!;
    expect(record.children!.length).toBeGreaterThan(0);
    // The modal edits a copy of the row as listed, children and all, and PUTs it.
    const model = { ...record, name: '登录记录', sortNo: 12.5, keepAlive: true };
    expect(await send('PUT', '/sys/permission/edit', model)).toMatchObject({ success: true, message: '修改成功！' });
    const after = await permissionList();
    expect(walk(after).length).toBe(walk(before).length);
    expect(findIn(after, 'perm_isystem_log')).toMatchObject({ id: 'perm_isystem_log', name: '登录记录', sortNo: 12.5, keepAlive: true, url: '/isystem/log', component: 'system/LogList', parentId: 'perm_isystem' });
    expect(findIn(after, 'perm_isystem_log')!.children!.map((c) => c.id)).toEqual(record.children!.map((c) => c.id));
    expect(walk(after).filter((n) => n.name === '登录记录')).toHaveLength(1);
  });

  it('添加下级 a 按钮/权限, then 编辑 it and 删除 it by id (handleDelete(record.id))', async () => {
    // handleAddSub: edit({status:'1', permsType:'1', route:true, parentId}) and the user picks 按钮/权限.
    const added = await send('POST', '/sys/permission/add', { status: '1', permsType: '1', route: true, parentId: 'perm_isystem_log', menuType: 2, name: '导出登录日志', perms: 'system:log:exportXls' });
    expect(added).toMatchObject({ success: true, message: '添加成功！' });
    let tree = await permissionList();
    const row = findIn(tree, 'perm_isystem_log')!.children!.find((c) => c.perms === 'system:log:exportXls')!;
    expect(row).toMatchObject({ name: '导出登录日志', menuType: 2, isLeaf: true, children: null });
    const count = walk(tree).length;

    expect(await send('PUT', '/sys/permission/edit', { ...row, name: '导出日志', permsType: '2' })).toMatchObject({ success: true });
    tree = await permissionList();
    expect(walk(tree).length).toBe(count);
    expect(findIn(tree, row.id)).toMatchObject({ name: '导出日志', permsType: '2', perms: 'system:log:exportXls' });

    expect(await del(`/sys/permission/delete?id=${encodeURIComponent(row.id)}`)).toMatchObject({ success: true, message: '删除成功!' });
    tree = await permissionList();
    expect(findIn(tree, row.id)).toBeUndefined();
    expect(walk(tree).length).toBe(count - 1);
    expect((await be.db.selectFrom('sys_permission').select('del_flag').where('id', '=', row.id).executeTakeFirstOrThrow()).del_flag).toBe(1);
    // The id=undefined the compact tree used to cause is refused, not guessed.
    expect(await del('/sys/permission/delete?id=undefined')).toMatchObject({ success: false });
  });

  it('批量删除 sends the selected keys with a trailing comma (JeecgListMixin.batchDel)', async () => {
    const ids: string[] = [];
    for (const name of ['批量一', '批量二']) {
      await send('POST', '/sys/permission/add', { status: '1', permsType: '1', parentId: 'perm_isystem_log', menuType: 2, name, perms: `system:log:${name === '批量一' ? 'b1' : 'b2'}` });
      ids.push(walk(await permissionList()).find((n) => n.name === name)!.id);
    }
    expect(await del(`/sys/permission/deleteBatch?ids=${ids.join(',')},`)).toMatchObject({ success: true });
    const tree = await permissionList();
    for (const id of ids) expect(findIn(tree, id)).toBeUndefined();
  });

  it('GET /sys/permission/queryTreeList (the modal\'s 上级菜单) answers {treeList, ids} of TreeModel nodes', async () => {
    const b = await get('/sys/permission/queryTreeList');
    expect(b).toMatchObject({ success: true, code: 200 });
    const { treeList, ids } = b.result as { treeList: Model[]; ids: string[] };
    expect([...ids].sort()).toEqual(await liveIds());
    const all = walk(treeList);
    expect(all.map((n) => n.key).sort()).toEqual(await liveIds());
    for (const n of all) {
      expect(Object.keys(n).sort()).toEqual([...TREE_MODEL_FIELDS].sort());
      expect(n.value).toBe(n.key);
      expect(n.isLeaf).toBe(n.children === null);
      // Issue #39: `leaf`, the name the stock client reads to draw the tree, agrees with isLeaf.
      expect(n.leaf).toBe(n.isLeaf);
    }
    // new TreeModel(permission): title, slotTitle and label are the name; no data-rule slot.
    expect(all.find((n) => n.key === 'perm_isystem')).toMatchObject({ title: '系统管理', slotTitle: '系统管理', label: '系统管理', icon: 'setting', parentId: null, isLeaf: false, ruleFlag: null, scopedSlots: null });
  });
});

describe('the 授权标识 uniqueness check (PermissionModal.validatePerms → duplicateCheck)', () => {
  const check = (params: Record<string, string>) => get(`/sys/duplicate/check?${new URLSearchParams(params)}`);
  const perms = (fieldVal: string, dataId?: string) => check({ tableName: 'sys_permission', fieldName: 'perms', fieldVal, ...(dataId ? { dataId } : {}) });
  const taken = (b: Body) => expect(b).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
  const free = (b: Body) => expect(b).toMatchObject({ success: true, message: '该值可用！' });

  it('a code in use is taken, except on its own row (dataId); a new code is free', async () => {
    taken(await perms('system:log:list'));
    free(await perms('system:log:list', 'perm_btn_log_list'));
    taken(await perms('system:log:list', 'perm_btn_user_add'));
    free(await perms('system:nothing:here'));
    expect(await perms('')).toMatchObject({ success: true, code: 500, message: '数据为空,不作处理！' });
  });

  it('a deleted button frees its code (menus are deleted softly)', async () => {
    await send('POST', '/sys/permission/add', { status: '1', permsType: '1', parentId: 'perm_isystem_log', menuType: 2, name: '临时按钮', perms: 'system:log:temp' });
    const id = walk(await permissionList()).find((n) => n.perms === 'system:log:temp')!.id;
    taken(await perms('system:log:temp'));
    await del(`/sys/permission/delete?id=${id}`);
    free(await perms('system:log:temp'));
  });

  it('stays a whitelist: other columns and tables are refused, never queried', async () => {
    for (const [tableName, fieldName] of [
      ['sys_permission', 'name'],
      ['sys_permission', 'url'],
      ['sys_permission', 'perms; drop table sys_user'],
      ['sys_permission where 1=1 --', 'perms'],
      ['sys_user_session', 'token_hash'],
    ]) {
      expect(await check({ tableName, fieldName, fieldVal: 'x' })).toMatchObject({ success: false, message: '不支持对该表字段做重复校验' });
    }
  });
});

describe('角色授权 (UserRoleModal.vue)', () => {
  it('GET /sys/role/queryTreeList answers {treeList, ids}: TreeModel nodes with the hasDatarule slot; a grant round trip keeps its ids', async () => {
    const b = await get('/sys/role/queryTreeList');
    expect(b).toMatchObject({ success: true, code: 200 });
    const { treeList, ids } = b.result as { treeList: Model[]; ids: string[] };
    expect([...ids].sort()).toEqual(await liveIds());
    const all = walk(treeList);
    expect(all.map((n) => n.key).sort()).toEqual(await liveIds());
    for (const n of all) {
      expect(Object.keys(n)).toEqual(expect.arrayContaining(TREE_MODEL_FIELDS));
      expect(n).toMatchObject({ value: n.key, scopedSlots: { title: 'hasDatarule' } });
      expect(typeof n.slotTitle === 'string' && n.slotTitle.length > 0).toBe(true);
      expect(typeof n.ruleFlag).toBe('number');
      expect(n.isLeaf).toBe(n.children === null);
    }
    expect(all.find((n) => n.key === 'perm_btn_log_list')).toMatchObject({ slotTitle: '查看登录日志', parentId: 'perm_isystem_log', isLeaf: true, children: null });

    // loadData → queryRolePermission → checkedKeys; handleSubmit sends them back with lastpermissionIds.
    const granted = (await get('/sys/permission/queryRolePermission?roleId=role_marketing')).result as string[];
    expect(granted.every((id) => ids.includes(id))).toBe(true);
    // With its parent: a role holds the path to what it holds (issue #21).
    const checked = [...granted, 'perm_isystem', 'perm_isystem_online'];
    const saved = await send('POST', '/sys/permission/saveRolePermission', { roleId: 'role_marketing', permissionIds: checked.join(','), lastpermissionIds: granted.join(',') });
    expect(saved).toMatchObject({ success: true, message: '保存成功！' });
    expect(((await get('/sys/permission/queryRolePermission?roleId=role_marketing')).result as string[]).sort()).toEqual([...checked].sort());
  });
});

describe('角色管理 list (RoleList.vue → /sys/role/list)', () => {
  const FIELD = 'id,,,roleName,roleCode,description,createTime,updateTime,action';
  const ROLES = [
    { id: 'role_sort_a', role_code: 'sort_a', create_time: new Date('2020-01-01T00:00:00Z'), update_time: new Date('2020-03-01T00:00:00Z') },
    { id: 'role_sort_b', role_code: 'sort_b', create_time: new Date('2020-02-01T00:00:00Z'), update_time: new Date('2020-01-15T00:00:00Z') },
    { id: 'role_sort_c', role_code: 'sort_c', create_time: new Date('2020-03-01T00:00:00Z'), update_time: new Date('2020-02-01T00:00:00Z') },
  ];
  beforeAll(async () => {
    for (const r of ROLES) await be.db.insertInto('sys_role').values({ ...r, role_name: `排序${r.role_code}`, description: null, create_by: 'admin', update_by: 'admin' }).execute();
  });
  const listed = async (query: string) => {
    const b = await get(`/sys/role/list?${query}`);
    expect(b).toMatchObject({ success: true });
    const records = (b.result as { records: Record<string, unknown>[] }).records;
    return records.filter((r) => String(r.id).startsWith('role_sort_')).map((r) => r.id);
  };

  it('the stock default (column=createTime&order=desc) and no column at all both list the newest first, as JeecgBoot', async () => {
    expect(await listed(`column=createTime&order=desc&field=${FIELD}&pageNo=1&pageSize=50`)).toEqual(['role_sort_c', 'role_sort_b', 'role_sort_a']);
    expect(await listed('pageNo=1&pageSize=50')).toEqual(['role_sort_c', 'role_sort_b', 'role_sort_a']);
  });

  it('the 更新时间 column header sorts by updateTime (it used to be refused), and records carry it', async () => {
    expect(await listed(`column=updateTime&order=desc&field=${FIELD}&pageNo=1&pageSize=50`)).toEqual(['role_sort_a', 'role_sort_c', 'role_sort_b']);
    expect(await listed(`column=updateTime&order=asc&field=${FIELD}&pageNo=1&pageSize=50`)).toEqual(['role_sort_b', 'role_sort_c', 'role_sort_a']);
    const b = await get(`/sys/role/list?column=updateTime&order=desc&pageNo=1&pageSize=50`);
    const a = (b.result as { records: Record<string, unknown>[] }).records.find((r) => r.id === 'role_sort_a');
    expect(a).toMatchObject({ roleCode: 'sort_a', createTime: '2020-01-01 08:00:00', updateTime: '2020-03-01 08:00:00' });
    // Still a whitelist of the entity's sortable properties.
    expect(await get('/sys/role/list?column=roleCode;drop&order=desc')).toMatchObject({ success: false });
  });
});
