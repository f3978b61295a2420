/** @jest-environment node */
import ExcelJS from 'exceljs';
import { readXlsxRows } from '../../excel/read';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { linkId } from '../../core/ids';
import { DICT_MISSING, ITEM_VALUE_TAKEN, registerDictResources, SORT_ORDER_RANGE, SORT_ORDER_REQUIRED, STATUS_INVALID, STATUS_REQUIRED } from '../catalog-dict';

/**
 * 数据字典 / 字典项 administration through the production handler. The button rows are the ones the
 * seed gets (reported to the integrator); inserted here when missing so this suite stands alone.
 */
const BUTTONS: [id: string, perms: string][] = [
  ['perm_btn_dict_list', 'system:dict:list'],
  ['perm_btn_dict_add', 'system:dict:add'],
  ['perm_btn_dict_edit', 'system:dict:edit'],
  ['perm_btn_dict_delete', 'system:dict:delete'],
  ['perm_btn_dict_delete_batch', 'system:dict:deleteBatch'],
  ['perm_btn_dict_export', 'system:dict:exportXls'],
  ['perm_btn_dict_import', 'system:dict:importExcel'],
  ['perm_btn_dict_item_list', 'system:dictItem:list'],
  ['perm_btn_dict_item_add', 'system:dictItem:add'],
  ['perm_btn_dict_item_edit', 'system:dictItem:edit'],
  ['perm_btn_dict_item_delete', 'system:dictItem:delete'],
  ['perm_btn_dict_item_delete_batch', 'system:dictItem:deleteBatch'],
];

let be: TestBackend;
let admin: string;

async function grant(roleId: string, permIds: string[]) {
  for (const id of permIds) {
    await be.db.insertInto('sys_role_permission').values({ id: linkId(roleId, id), role_id: roleId, permission_id: id }).onConflict((oc) => oc.doNothing()).execute();
  }
}

beforeAll(async () => {
  registerDictResources();
  be = await startTestBackend();
  let sort = 170;
  for (const [id, perms] of BUTTONS) {
    await be.db
      .insertInto('sys_permission')
      .values({ id, parent_id: null, name: perms, url: null, component: null, component_name: null, redirect: null, description: null, menu_type: 2, perms, perms_type: '1', sort_no: sort++, icon: null, is_leaf: true })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  await grant('role_admin', BUTTONS.map(([id]) => id));
  admin = await be.login('admin');
}, 120_000);
afterAll(() => be.close());

type Page = { records: Record<string, unknown>[]; total: number };
type Body = Awaited<ReturnType<TestBackend['call']>>['body'];

const get = async (path: string, token = admin): Promise<Body> => (await be.call(path, { token })).body;
const post = async (path: string, json: unknown, token = admin): Promise<Body> => (await be.call(path, { method: 'POST', token, json })).body;
const put = async (path: string, json: unknown, token = admin): Promise<Body> => (await be.call(path, { method: 'PUT', token, json })).body;
const del = async (path: string, token = admin): Promise<Body> => (await be.call(path, { method: 'DELETE', token })).body;
const records = (b: Body) => (b.result as Page).records;
const dictIdOf = async (code: string) => (await be.db.selectFrom('sys_dict').select('id').where('dict_code', '=', code).executeTakeFirstOrThrow()).id;
const itemIdOf = async (dictId: string, value: string) =>
  (await be.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', dictId).where('item_value', '=', value).executeTakeFirstOrThrow()).id;

describe('数据字典 CRUD', () => {
  it('refuses hostile or malformed codes, and a code that is taken', async () => {
    for (const dictCode of ["a'; drop table sys_dict;--", 'sys_user,realname,id', 'a b', '年级', '../x']) {
      expect(await post('/sys/dict/add', { dictName: '坏编码', dictCode })).toMatchObject({ success: false, message: '字典编码只能包含字母、数字和下划线' });
    }
    expect(await post('/sys/dict/add', { dictName: '', dictCode: 'x1' })).toMatchObject({ success: false, message: '请输入字典名称!' });
    expect(await post('/sys/dict/add', { dictName: '性别二', dictCode: 'sex' })).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect(await be.db.selectFrom('sys_dict').select('id').where('dict_name', 'in', ['坏编码', '性别二']).execute()).toEqual([]);
  });

  it('adds, searches, sorts and edits a dictionary; hostile sort columns are refused', async () => {
    const added = await post('/sys/dict/add', { dictName: '年级', dictCode: 'grade_level', description: '学生年级' });
    expect(added).toMatchObject({ success: true, message: '添加成功！', result: { dictName: '年级', dictCode: 'grade_level', description: '学生年级' } });
    const found = await get('/sys/dict/list?dictCode=*grade*');
    expect(records(found).map((r) => r.dictCode)).toEqual(['grade_level']);
    const byCode = records(await get('/sys/dict/list?column=dictCode&order=asc&pageSize=100')).map((r) => String(r.dictCode));
    expect(byCode).toEqual([...byCode].sort());
    for (const column of ['dict_code;drop table sys_dict', 'delFlag', 'id) or (1=1']) {
      const r = await get(`/sys/dict/list?column=${encodeURIComponent(column)}&order=asc`);
      expect(r.success).toBe(false);
      expect(r.message).toContain('请注意，将要排序的列字段不存在');
    }
    // A search value is a bound LIKE pattern, never SQL.
    expect(records(await get(`/sys/dict/list?dictName=${encodeURIComponent("*' or '1'='1*")}`))).toEqual([]);

    const id = await dictIdOf('grade_level');
    expect(await put('/sys/dict/edit', { id, dictName: '学生年级' })).toMatchObject({ success: true, result: { dictName: '学生年级', dictCode: 'grade_level' } });
  });

  it('a user without the codes gets 510; a list-only role cannot write', async () => {
    const teacher = await be.login('teacher');
    expect((await get('/sys/dict/list', teacher)).code).toBe(510);
    expect((await post('/sys/dict/add', { dictName: 'x', dictCode: 'x_teacher' }, teacher)).code).toBe(510);
    expect((await get(`/sys/dictItem/list?dictId=${await dictIdOf('sex')}`, teacher)).code).toBe(510);
    expect((await post('/sys/dictItem/add', { dictId: await dictIdOf('sex'), itemText: 'x', itemValue: '9' }, teacher)).code).toBe(510);

    await grant('role_academic', ['perm_btn_dict_list', 'perm_btn_dict_item_list']);
    const academic = await be.login('jiaowu');
    expect((await get('/sys/dict/list', academic)).success).toBe(true);
    expect((await get(`/sys/dictItem/list?dictId=${await dictIdOf('sex')}`, academic)).success).toBe(true);
    expect((await post('/sys/dictItem/add', { dictId: await dictIdOf('sex'), itemText: 'x', itemValue: '9' }, academic)).code).toBe(510);
    expect((await del(`/sys/dict/delete?id=${await dictIdOf('sex')}`, academic)).code).toBe(510);
    expect((await put('/sys/dictItem/edit', { id: await itemIdOf(await dictIdOf('sex'), '1'), itemText: '男生' }, academic)).code).toBe(510);
  });
});

describe('数据字典 export / import', () => {
  const raw = (path: string, init: RequestInit = {}) => {
    const headers = new Headers({ 'X-Access-Token': admin, 'x-jiaowu-client-ip': '10.0.0.1' });
    return be.fetch(new Request(`http://backend${path}`, { ...init, headers }));
  };

  const exported = async () => {
    const res = await raw('/sys/dict/exportXls?column=dictCode&order=asc');
    const rows: Record<string, string>[] = [];
    for await (const row of readXlsxRows(Buffer.from(await res.arrayBuffer()))) rows.push(row.values);
    return rows;
  };

  it('exports under the form labels', async () => {
    const rows = await exported();
    expect(Object.keys(rows[0])).toEqual(['字典名称', '字典编码', '描述', '创建时间']);
  });

  // Found here: exportXls once converted rows twice, so fields whose column differs from their name
  // (dict_code ≠ dictCode) exported empty.
  it('exports the values of camelCase fields', async () => {
    expect((await exported()).find((r) => r['字典编码'] === 'sex')).toMatchObject({ 字典名称: '性别' });
  });

  it('imports good rows and reports a bad code and a taken one', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('数据字典');
    ws.addRow(['数据字典']);
    ws.addRow(['']);
    ws.addRow(['字典名称', '字典编码', '描述']);
    ws.addRow(['科目', 'imp_subject', '导入']);
    ws.addRow(['坏编码', "imp'bad", '']);
    ws.addRow(['重复', 'sex', '']);
    const form = new FormData();
    form.append('files[]', new Blob([Buffer.from(await wb.xlsx.writeBuffer())]), 'dicts.xlsx');
    const answer = (await (await raw('/sys/dict/importExcel', { method: 'POST', body: form })).json()) as Body;
    expect(answer).toMatchObject({ success: true, code: 201, result: { totalCount: 3, errorCount: 2, successCount: 1 } });
    expect(await be.db.selectFrom('sys_dict').select(['dict_name', 'description']).where('dict_code', '=', 'imp_subject').executeTakeFirst()).toEqual({ dict_name: '科目', description: '导入' });
    expect(await be.db.selectFrom('sys_dict').select('id').where('dict_name', 'in', ['坏编码', '重复']).execute()).toEqual([]);
  });
});

describe('字典项', () => {
  let gradeId: string;
  beforeAll(async () => {
    gradeId = await dictIdOf('grade_level');
  });

  it('adds items to their dictionary; the value is unique within it, not across dictionaries', async () => {
    expect(await post('/sys/dictItem/add', { dictId: gradeId, itemText: '二年级', itemValue: '2', sortOrder: 2 })).toMatchObject({ success: true, result: { dictId: gradeId, itemValue: '2', status: 1 } });
    expect(await post('/sys/dictItem/add', { dictId: gradeId, itemText: '一年级', itemValue: '1', sortOrder: 1 })).toMatchObject({ success: true });
    // '1' is also a value of 性别: other dictionaries do not count.
    expect(await post('/sys/dictItem/add', { dictId: gradeId, itemText: '一年级(重复)', itemValue: '1', sortOrder: 3 })).toMatchObject({ success: false, message: ITEM_VALUE_TAKEN });
    expect(await post('/sys/dictItem/add', { itemText: '无主', itemValue: 'x' })).toMatchObject({ success: false, message: '请输入所属字典!' });
    expect(await post('/sys/dictItem/add', { dictId: 'no_such_dict', itemText: '无主', itemValue: 'x' })).toMatchObject({ success: false, message: DICT_MISSING });
  });

  it('refuses hostile sort orders and statuses before they reach the database', async () => {
    const base = { dictId: gradeId, itemText: '坏', itemValue: 'bad' };
    expect(await post('/sys/dictItem/add', { ...base, sortOrder: '1; drop table sys_dict_item' })).toMatchObject({ success: false, message: '排序值必须是整数' });
    expect(await post('/sys/dictItem/add', { ...base, sortOrder: '99999999999' })).toMatchObject({ success: false, message: SORT_ORDER_RANGE });
    expect(await post('/sys/dictItem/add', { ...base, sortOrder: { $gt: 1 } })).toMatchObject({ success: false });
    expect(await post('/sys/dictItem/add', { ...base, status: 5 })).toMatchObject({ success: false, message: STATUS_INVALID });
    // Cleared in the form: refused with a message, not a NOT NULL error.
    expect(await post('/sys/dictItem/add', { ...base, sortOrder: null })).toMatchObject({ success: false, message: SORT_ORDER_REQUIRED });
    expect(await post('/sys/dictItem/add', { ...base, status: '' })).toMatchObject({ success: false, message: STATUS_REQUIRED });
    expect(await be.db.selectFrom('sys_dict_item').select('id').where('item_value', '=', 'bad').execute()).toEqual([]);
    const r = await get(`/sys/dictItem/list?dictId=${gradeId}&column=${encodeURIComponent('sort_order desc, (select 1)')}`);
    expect(r.success).toBe(false);
  });

  it('lists one dictionary by sort order, and nothing without dictId', async () => {
    const page = await get(`/sys/dictItem/list?dictId=${gradeId}`);
    expect(records(page).map((r) => r.itemText)).toEqual(['一年级', '二年级']);
    expect(records(page)[0]).toMatchObject({ status: 1, status_dictText: '启用' });
    for (const q of ['', 'dictId=', `dictId=${encodeURIComponent('*')}`, `dictId=${encodeURIComponent(`${gradeId},dict_sex`)}`, `dictId=${encodeURIComponent(`!${gradeId}`)}`]) {
      expect(await get(`/sys/dictItem/list?${q}`)).toMatchObject({ success: true, result: { records: [], total: 0 } });
    }
  });

  it('an edit shows at once through getDictItems and queryAllDictItems, and never moves the item', async () => {
    const twoId = await itemIdOf(gradeId, '2');
    expect(await put('/sys/dictItem/edit', { id: twoId, itemText: '初二', sortOrder: 0, dictId: await dictIdOf('sex') })).toMatchObject({ success: true, result: { dictId: gradeId } });
    expect(await put('/sys/dictItem/edit', { id: twoId, itemValue: '1' })).toMatchObject({ success: false, message: ITEM_VALUE_TAKEN });
    expect(await put('/sys/dictItem/edit', { id: twoId, itemValue: '2', description: '同值保存' })).toMatchObject({ success: true });

    expect((await get('/sys/dict/getDictItems/grade_level')).result).toEqual([
      { value: '2', text: '初二', title: '初二', label: '初二' },
      { value: '1', text: '一年级', title: '一年级', label: '一年级' },
    ]);
    expect(await get('/sys/dict/refleshCache')).toMatchObject({ success: true });
    expect((await get('/sys/dict/queryAllDictItems')).result).toMatchObject({ grade_level: [{ value: '2', text: '初二' }, { value: '1', text: '一年级' }] });

    // A disabled item leaves the all-items answer (the client cache) but stays in getDictItems.
    await put('/sys/dictItem/edit', { id: await itemIdOf(gradeId, '1'), status: '0' });
    expect((await get('/sys/dict/queryAllDictItems')).result).toMatchObject({ grade_level: [{ value: '2', text: '初二' }] });
    expect((await get('/sys/dict/getDictItems/grade_level')).result).toHaveLength(2);

    // Renaming the code moves the items with it.
    await put('/sys/dict/edit', { id: gradeId, dictCode: 'grade_level2' });
    expect((await get('/sys/dict/getDictItems/grade_level')).result).toEqual([]);
    expect((await get('/sys/dict/getDictItems/grade_level2')).result).toHaveLength(2);
  });

  it('deletes items one by one or in a batch', async () => {
    const a = await post('/sys/dictItem/add', { dictId: gradeId, itemText: '三年级', itemValue: '3' });
    const b = await post('/sys/dictItem/add', { dictId: gradeId, itemText: '四年级', itemValue: '4' });
    const ids = [a, b].map((r) => String((r.result as { id: string }).id));
    expect(await del(`/sys/dictItem/delete?id=${ids[0]}`)).toMatchObject({ success: true, message: '删除成功!' });
    expect(await del(`/sys/dictItem/deleteBatch?ids=${ids[1]}`)).toMatchObject({ success: true });
    expect(await be.db.selectFrom('sys_dict_item').select('id').where('id', 'in', ids).execute()).toEqual([]);
  });

  it('deleting a dictionary removes its items with it, and frees the code', async () => {
    expect(await be.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', gradeId).execute()).toHaveLength(2);
    expect(await del(`/sys/dict/delete?id=${gradeId}`)).toMatchObject({ success: true });
    expect(await be.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', gradeId).execute()).toEqual([]);
    expect((await get('/sys/dict/getDictItems/grade_level2')).result).toEqual([]);
    expect(await post('/sys/dict/add', { dictName: '年级', dictCode: 'grade_level2' })).toMatchObject({ success: true });

    const other = await post('/sys/dict/add', { dictName: '临时', dictCode: 'tmp_batch' });
    const otherId = String((other.result as { id: string }).id);
    await post('/sys/dictItem/add', { dictId: otherId, itemText: '甲', itemValue: 'a' });
    expect(await del(`/sys/dict/deleteBatch?ids=${otherId},${await dictIdOf('grade_level2')}`)).toMatchObject({ success: true });
    expect(await be.db.selectFrom('sys_dict').select('id').where('dict_code', 'in', ['tmp_batch', 'grade_level2']).execute()).toEqual([]);
    expect(await be.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', otherId).execute()).toEqual([]);
  });
});
