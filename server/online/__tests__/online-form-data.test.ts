/** @jest-environment node */
import { sql } from 'kysely';
import { onlineFormCodes } from '../../../lib/permissions/codes';
import { linkId } from '../../core/ids';
import { insertMenuAdminRows, menuAdminCalls } from '../../testing/permission-admin-fixture';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

/**
 * Issue #25's generated CRUD through the production handler: a designed main form with one child form (their
 * definition rows and tables made here, as 同步数据库 leaves them), served by the resource engine at
 * /online/cgform/api/crud/{code}/* and JeecgBoot's getColumns / getData / form / exportXls paths, with the form's
 * permission codes, its menu's data rules and one transaction for the main row and its child rows.
 */

let be: TestBackend;
let admin: string;
let jiaowu: string;
let teacher: string;

const MAIN = 'h2_receive';
const CHILD = 'h2_receive_item';
const MENU = 'h2_menu_receive';
const API = '/online/cgform/api';

const field = (headId: string, name: string, txt: string, order: number, over: Record<string, unknown> = {}) => ({
  id: `${headId}_${name}`.slice(0, 32),
  cgform_head_id: headId,
  db_field_name: name,
  db_field_txt: txt,
  order_num: order,
  synced_name: name,
  ...over,
});

beforeAll(async () => {
  be = await startTestBackend();
  const db = be.db;
  await insertMenuAdminRows(be);
  await db.insertInto('sys_dict').values({ id: 'dict_h2_status', dict_name: '领用状态', dict_code: 'h2_status', description: null, create_by: null, update_by: null, update_time: null }).execute();
  for (const [v, t, i] of [['1', '已领取', 1], ['2', '已退回', 2]] as const) {
    await db.insertInto('sys_dict_item').values({ id: `dict_h2_status_${v}`, dict_id: 'dict_h2_status', item_value: v, item_text: t, sort_order: i, description: null, create_by: null, update_by: null, update_time: null }).execute();
  }
  const head = (id: string, name: string, txt: string, type: number) => ({ id, table_name: name, physical_table: `tbl_onl_${name}`, table_txt: txt, table_type: type, is_db_synch: 'Y', sub_table_str: type === 2 ? CHILD : null });
  await db.insertInto('onl_cgform_head').values([head('h2main', MAIN, '教材领用', 2), head('h2child', CHILD, '领用明细', 3)]).execute();
  await db
    .insertInto('onl_cgform_field')
    .values([
      field('h2main', 'student_name', '学员姓名', 1, { db_length: 20, db_is_null: 0, is_query: 1, sort_flag: 1 }),
      field('h2main', 'qty', '数量', 2, { db_type: 'int', db_default_val: '1', is_query: 1, query_mode: 'group', sort_flag: 1 }),
      field('h2main', 'status', '领用状态', 3, { field_show_type: 'list', dict_field: 'h2_status', is_query: 1 }),
      field('h2main', 'code', '编号', 4, { field_valid_type: 'only' }),
      field('h2main', 'receive_date', '领用日期', 6, { db_type: 'Date', field_show_type: 'date', is_show_list: 0 }),
      field('h2child', 'receive_id', '领用单', 0, { main_table: MAIN, main_field: 'id', is_show_form: 0, is_show_list: 0 }),
      field('h2child', 'book', '教材', 1, { db_is_null: 0 }),
      field('h2child', 'amount', '册数', 2, { db_type: 'int' }),
    ])
    .execute();
  const generated = sql.raw(`id varchar(32) primary key, create_by varchar(50), create_time timestamptz not null default now(), update_by varchar(50), update_time timestamptz, tenant_id int not null default 1`);
  await sql`create table tbl_onl_h2_receive (${generated}, student_name varchar(20) not null, qty integer, status varchar(32), code varchar(32), receive_date date)`.execute(db);
  await sql`create unique index tbl_onl_h2_receive_code on tbl_onl_h2_receive (tenant_id, code)`.execute(db);
  // The check constraint stands for any refusal the database makes after the main row is written (the rollback test).
  await sql`create table tbl_onl_h2_receive_item (${generated}, receive_id varchar(32) references tbl_onl_h2_receive (id) on delete cascade, book varchar(32) not null, amount integer check (amount >= 0))`.execute(db);
  await db.insertInto('onl_cgform_enhance_js').values({ id: 'h2js', cgform_head_id: 'h2main', cg_js_type: 'list', cg_js: 'buttons.push({key:"hi",text:"你好"})', content: null, update_by: null, update_time: null }).execute();

  // The form's menu row and its buttons (as 添加到菜单 makes them), granted to 教务 (role_academic) only.
  const codes = onlineFormCodes(MAIN);
  const base = { perms_type: '1', component_name: null, redirect: null, description: null, create_by: null, update_by: null, update_time: null, icon: null };
  await db.insertInto('sys_permission').values({ ...base, id: MENU, parent_id: null, name: '教材领用', url: `/online/cgformList/${MAIN}`, component: 'modules/online/cgform/auto/OnlCgformAutoList', menu_type: 1, perms: null, is_leaf: false }).execute();
  const actions = ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'] as const;
  for (const a of actions) {
    await db.insertInto('sys_permission').values({ ...base, id: `${MENU}_${a}`, parent_id: MENU, name: a, url: null, component: null, menu_type: 2, perms: codes[a], is_leaf: true }).execute();
  }
  for (const id of [MENU, ...actions.map((a) => `${MENU}_${a}`)]) {
    await db.insertInto('sys_role_permission').values({ id: linkId('role_academic', id), role_id: 'role_academic', permission_id: id }).execute();
  }
  [admin, jiaowu, teacher] = await Promise.all([be.login('admin'), be.login('jiaowu'), be.login('teacher2')]);
}, 120_000);
afterAll(() => be.close());

const { get, post, put, del, fails } = menuAdminCalls(() => ({ be, admin }));
type Rec = Record<string, unknown> & { id: string };
const mainCount = async () => Number((await sql<{ n: string }>`select count(*) as n from tbl_onl_h2_receive`.execute(be.db)).rows[0].n);

describe('permission codes of the form', () => {
  it('refuses a user without online:form:<code> codes with 510 on every path', async () => {
    for (const b of [
      await get(`${API}/getColumns/${MAIN}`, teacher),
      await get(`${API}/crud/${MAIN}/list`, teacher),
      await get(`${API}/getData/${MAIN}`, teacher),
      await post(`${API}/crud/${MAIN}/add`, { student_name: '张三' }, teacher),
      await post(`${API}/form/${MAIN}`, { student_name: '张三' }, teacher),
    ]) {
      expect(b).toMatchObject({ success: false, code: 510 });
    }
    expect(await mainCount()).toBe(0);
  });

  it('answers a form that is unknown, not synchronised or a child table with a clear message', async () => {
    fails(await get(`${API}/crud/no_such_form/list`, jiaowu), '未找到对应的在线表单');
    fails(await get(`${API}/crud/x;drop/list`, jiaowu), '未找到对应的在线表单');
    fails(await get(`${API}/crud/${CHILD}/list`, jiaowu), '附表请在其主表中使用');
    await be.db.updateTable('onl_cgform_head').set({ is_db_synch: 'N' }).where('id', '=', 'h2child').execute();
    fails(await get(`${API}/crud/${MAIN}/list`, jiaowu), '子表「领用明细」未同步数据库');
    await be.db.updateTable('onl_cgform_head').set({ is_db_synch: 'Y' }).where('id', '=', 'h2child').execute();
    await be.db.updateTable('onl_cgform_head').set({ is_db_synch: 'N' }).where('id', '=', 'h2main').execute();
    fails(await get(`${API}/getColumns/${MAIN}`, jiaowu), '表单未同步数据库');
    await be.db.updateTable('onl_cgform_head').set({ is_db_synch: 'Y' }).where('id', '=', 'h2main').execute();
  });
});

describe('the generated CRUD', () => {
  let firstId: string;

  it('getColumns answers the definition, child tables, dictionary options and enhance scripts', async () => {
    const b = await get(`${API}/getColumns/${MAIN}`, jiaowu);
    expect(b.success).toBe(true);
    const r = b.result as { def: { api: string; perm: string; fields: { name: string }[] }; subTables: { tableName: string; fk: string; def: { fields: { name: string }[] } }[]; dictOptions: Record<string, { value: string; text: string }[]>; enhance: { list: string; form: string }; enhanceJs: string; columns: { dataIndex: string }[] };
    expect(r.def).toMatchObject({ api: `${API}/crud/${MAIN}`, perm: `online:form:${MAIN}` });
    expect(r.columns.map((c) => c.dataIndex)).toEqual(['student_name', 'qty', 'status', 'code', 'createTime']);
    expect(r.subTables).toEqual([expect.objectContaining({ tableName: CHILD, tableTxt: '领用明细', fk: 'receive_id' })]);
    expect(r.dictOptions.status.map((o) => o.text)).toEqual(['已领取', '已退回']);
    expect(r.enhance).toEqual({ list: 'buttons.push({key:"hi",text:"你好"})', form: '' });
    expect(r.enhanceJs).toBe('buttons.push({key:"hi",text:"你好"})');
    // The head id works as the code too (JeecgBoot's client sends it).
    expect((await get(`${API}/getColumns/h2main`, jiaowu)).success).toBe(true);
  });

  it('adds a main row with its child rows; the definition validates both (required, type, unique)', async () => {
    const add = await post(`${API}/crud/${MAIN}/add`, { student_name: '张三', status: '1', code: 'A1', receive_date: '2026-11-20', [CHILD]: [{ id: '__new_1', book: '语文', amount: 2 }, { book: '数学' }] }, jiaowu);
    expect(add).toMatchObject({ success: true, message: '添加成功！', result: { student_name: '张三', qty: 1, status: '1', receive_date: '2026-11-20' } });
    firstId = (add.result as Rec).id;
    const one = await get(`${API}/crud/${MAIN}/queryById?id=${firstId}`, jiaowu);
    const items = (one.result as Record<string, Rec[]>)[CHILD];
    expect(items.map((i) => [i.book, i.amount, i.receive_id])).toEqual([
      ['语文', 2, firstId],
      ['数学', null, firstId],
    ]);
    expect(items.every((i) => i.id.length === 32)).toBe(true);

    fails(await post(`${API}/crud/${MAIN}/add`, { status: '1' }, jiaowu), '请输入学员姓名!');
    fails(await post(`${API}/crud/${MAIN}/add`, { student_name: '李四', qty: 'x' }, jiaowu), '数量必须是整数');
    fails(await post(`${API}/crud/${MAIN}/add`, { student_name: '李四', code: 'A1' }, jiaowu), '该值不可用，系统中已存在！');
    fails(await post(`${API}/crud/${MAIN}/add`, { student_name: '李四', [CHILD]: [{ book: '语文' }, { amount: 1 }] }, jiaowu), '领用明细第2行：请输入教材!');
    fails(await post(`${API}/crud/${MAIN}/add`, { student_name: '李四', [CHILD]: 'x' }, jiaowu), '领用明细数据格式错误');
    expect(await mainCount()).toBe(1);
  });

  it('writes the main row and its child rows in one transaction: a refused child row leaves nothing', async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const b = await post(`${API}/form/${MAIN}`, { student_name: '王五', [CHILD]: [{ book: '语文', amount: 1 }, { book: '数学', amount: -1 }] }, jiaowu);
    quiet.mockRestore();
    expect(b).toMatchObject({ success: false, message: '操作失败，请稍后重试' });
    expect(await mainCount()).toBe(1);
    expect(Number((await sql<{ n: string }>`select count(*) as n from tbl_onl_h2_receive_item`.execute(be.db)).rows[0].n)).toBe(2);
  });

  it('edit replaces the child set (update kept, delete missing, insert new); JeecgBoot\'s form/{code}/{id} reads it', async () => {
    const before = ((await get(`${API}/form/${MAIN}/${firstId}`, jiaowu)).result as Record<string, Rec[]>)[CHILD];
    const kept = before.find((i) => i.book === '语文')!;
    const e = await put(`${API}/crud/${MAIN}/edit`, { id: firstId, student_name: '张三丰', [CHILD]: [{ id: kept.id, book: '语文（下）', amount: 3 }, { id: '__new_9', book: '英语', amount: 1 }] }, jiaowu);
    expect(e).toMatchObject({ success: true, result: { student_name: '张三丰', code: 'A1' } });
    const after = ((await get(`${API}/form/${MAIN}/${firstId}`, jiaowu)).result as Record<string, Rec[]>)[CHILD];
    expect(after.map((i) => [i.id === kept.id, i.book, i.amount]).sort()).toEqual([
      [false, '英语', 1],
      [true, '语文（下）', 3],
    ]);
    // A partial edit without the child key leaves the rows alone.
    expect((await put(`${API}/form/${MAIN}`, { id: firstId, qty: 5 }, jiaowu)).success).toBe(true);
    expect(((await get(`${API}/form/${MAIN}/${firstId}`, jiaowu)).result as Record<string, Rec[]>)[CHILD]).toHaveLength(2);
  });

  it('lists through the engine (search, range, sort, _dictText) on both paths; getQueryInfo names the query fields', async () => {
    await post(`${API}/crud/${MAIN}/add`, { student_name: '李四', qty: 9, status: '2', code: 'B2' }, jiaowu);
    const l = await get(`${API}/crud/${MAIN}/list?student_name=*李*&pageNo=1&pageSize=10`, jiaowu);
    expect(l.result).toMatchObject({ total: 1, records: [{ student_name: '李四', status_dictText: '已退回' }] });
    const sorted = await get(`${API}/getData/${MAIN}?column=qty&order=asc&qty_begin=1`, jiaowu);
    expect((sorted.result as { records: Rec[] }).records.map((r) => r.qty)).toEqual([5, 9]);
    fails(await get(`${API}/getData/${MAIN}?column=code&order=asc`, jiaowu), /将要排序的列字段不存在/);
    const info = await get(`${API}/getQueryInfo/${MAIN}`, jiaowu);
    expect(info.result).toEqual([
      expect.objectContaining({ field: 'student_name', mode: 'single' }),
      expect.objectContaining({ field: 'qty', mode: 'group' }),
      expect.objectContaining({ field: 'status', view: 'list', dictCode: 'h2_status' }),
    ]);
  });

  it('a data rule on the form\'s menu restricts its list (the rule editor knows the form\'s fields)', async () => {
    const cols = await get(`/sys/permission/ruleColumns?permissionId=${MENU}`);
    expect((cols.result as { resources: { title: string }[] }).resources).toEqual([{ name: `onl_${MAIN}`, title: '教材领用' }]);
    const rule = await post('/sys/permission/addPermissionRule', { permissionId: MENU, ruleName: '只看已退回', ruleColumn: 'status', ruleConditions: '=', ruleValue: '2', status: '1' });
    expect(rule.success).toBe(true);
    fails(await post('/sys/permission/addPermissionRule', { permissionId: MENU, ruleName: 'x', ruleColumn: 'nope', ruleConditions: '=', ruleValue: '2', status: '1' }), /不是「教材领用」的可查询字段/);
    await be.db.updateTable('sys_role_permission').set({ data_rule_ids: (rule.result as Rec).id }).where('id', '=', linkId('role_academic', MENU)).execute();
    const l = await get(`${API}/crud/${MAIN}/list`, jiaowu);
    expect((l.result as { records: Rec[] }).records.map((r) => r.student_name)).toEqual(['李四']);
    fails(await get(`${API}/form/${MAIN}/${firstId}`, jiaowu), '未找到对应数据');
    await be.db.updateTable('sys_role_permission').set({ data_rule_ids: null }).where('id', '=', linkId('role_academic', MENU)).execute();
  });

  it('exports through JeecgBoot\'s exportXls path', async () => {
    const res = await be.fetch(new Request(`http://backend${API}/exportXls/${MAIN}`, { headers: { 'X-Access-Token': jiaowu, 'x-jiaowu-client-ip': '10.0.0.1' } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    await res.arrayBuffer();
  });

  it('a new definition version is served at once (the cached definition is rebuilt)', async () => {
    await sql`alter table tbl_onl_h2_receive add column remark varchar(100)`.execute(be.db);
    await be.db.insertInto('onl_cgform_field').values(field('h2main', 'remark', '备注', 5, { db_length: 100 })).execute();
    await be.db.updateTable('onl_cgform_head').set({ form_version: 2 }).where('id', '=', 'h2main').execute();
    const e = await put(`${API}/crud/${MAIN}/edit`, { id: firstId, remark: '补发' }, jiaowu);
    expect(e).toMatchObject({ success: true, result: { remark: '补发' } });
  });

  it('deletes one row (its child rows go with it) and several through JeecgBoot\'s form/{code}/{ids}', async () => {
    expect(await del(`${API}/form/${MAIN}/${firstId}`, jiaowu)).toMatchObject({ success: true, message: '删除成功!' });
    expect(Number((await sql<{ n: string }>`select count(*) as n from tbl_onl_h2_receive_item`.execute(be.db)).rows[0].n)).toBe(0);
    const ids = ((await get(`${API}/crud/${MAIN}/list`, jiaowu)).result as { records: Rec[] }).records.map((r) => r.id);
    expect(await del(`${API}/form/${MAIN}/${ids.join(',')},other`, jiaowu)).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await mainCount()).toBe(0);
  });
});
