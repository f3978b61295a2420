/** @jest-environment node */
import { sql } from 'kysely';
import { PG_RESERVED_WORDS, validateFieldName } from '../../../lib/online/form-rules';
import type { CgformField, CgformHead, CgformSaveBody, CgformSyncPreview, CgformVersion, CgformEnhanceJsHistory } from '../../../lib/online/wire';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Envelope } from '../../../lib/envelope';

/**
 * Issue #25, the form designer through the production handler: validation (system tables, SQL in names,
 * keywords), the DDL it generates and runs (this suite also runs on PGlite when the backend suites run on
 * PostgreSQL: scripts/jest/suites.js PGLITE_SAMPLE), altering a table with rows, versions, the JS 增强 history and
 * 添加到菜单 with its permission codes. The demo form 教材领用登记 comes from the seed.
 */

let be: TestBackend;
let admin: string;
let jiaowu: string;

beforeAll(async () => {
  be = await startTestBackend();
  [admin, jiaowu] = await Promise.all([be.login('admin'), be.login('jiaowu')]);
});
afterAll(() => be?.close());

const f = (name: string, over: Partial<CgformField> = {}): CgformField => ({
  dbFieldName: name,
  dbFieldTxt: name,
  dbType: 'string',
  dbLength: 50,
  dbPointLength: 0,
  dbDefaultVal: null,
  dbIsNull: 1,
  fieldShowType: 'text',
  fieldLength: null,
  dictField: null,
  fieldValidType: null,
  isShowForm: 1,
  isShowList: 1,
  isQuery: 0,
  queryMode: 'single',
  sortFlag: 0,
  isReadOnly: 0,
  mainTable: null,
  mainField: null,
  orderNum: 0,
  ...over,
});

const api = async <T = unknown>(path: string, init: { method?: string; json?: unknown; token?: string } = {}) => {
  const r = await be.call(path, { method: init.method ?? 'GET', json: init.json, token: init.token ?? admin });
  return r.body as Envelope<T>;
};
const add = (body: CgformSaveBody) => api<CgformHead>('/online/cgform/api/addAll', { method: 'POST', json: body });
const edit = (body: CgformSaveBody) => api<CgformHead>('/online/cgform/api/editAll', { method: 'PUT', json: body });
const fieldsOf = async (headId: string) => (await api<CgformField[]>(`/online/cgform/field/listByHeadId?headId=${headId}`)).result;
const preview = async (headId: string) => (await api<CgformSyncPreview>(`/online/cgform/api/synchPreview/${headId}`)).result;
const sync = (headId: string, method = 'normal') => api(`/online/cgform/api/doDbSynch/${headId}/${method}`, { method: 'POST' });
const rows = async (q: string) => (await sql.raw<Record<string, unknown>>(q).execute(be.db)).rows;
const columns = async (table: string) =>
  Object.fromEntries(
    (
      await sql<{ name: string; type: string; notnull: boolean }>`
        select attname as name, format_type(atttypid, atttypmod) as type, attnotnull as notnull from pg_attribute
        where attrelid = to_regclass(${table}) and attnum > 0 and not attisdropped`.execute(be.db)
    ).rows.map((r) => [r.name, `${r.type}${r.notnull ? ' not null' : ''}`]),
  );

describe('validation', () => {
  it('refuses every reserved key word of the running engine as a field name', async () => {
    const { rows: words } = await sql<{ word: string }>`select word from pg_get_keywords() where catcode in ('R', 'T')`.execute(be.db);
    expect(words.length).toBeGreaterThan(50);
    expect(words.filter((w) => !PG_RESERVED_WORDS.has(w.word))).toEqual([]);
    expect(words.filter((w) => !validateFieldName(w.word)?.includes('SQL关键字'))).toEqual([]);
  });

  it('refuses a system table, SQL in a table name, a key word as a field name and an unknown dictionary, storing nothing', async () => {
    const before = (await api<{ total: number }>('/online/cgform/head/list')).result.total;
    const head = { tableName: 'ok_table', tableTxt: '测试', tableType: 1 as const };
    expect((await add({ head: { ...head, tableName: 'sys_user' }, fields: [f('name')] })).message).toBe('表名不能以 sys_ 开头（系统表保留）');
    expect((await add({ head: { ...head, tableName: 'x; drop table sys_user' }, fields: [f('name')] })).message).toBe('表名只能由小写字母、数字和下划线组成，以字母开头，长度2到40个字符');
    expect((await add({ head, fields: [f('order')] })).message).toBe('字段 order：字段名不能使用SQL关键字：order');
    expect((await add({ head, fields: [f('create_time')] })).message).toContain('系统生成的列');
    expect((await add({ head, fields: [f('state', { fieldShowType: 'list', dictField: 'no_such_dict' })] })).message).toBe('字段 state：字典 no_such_dict 不存在');
    expect((await add({ head, fields: [f('state', { fieldShowType: 'list', dictField: 'textbook_receive_status', dbDefaultVal: '9' })] })).message).toBe('字段 state：默认值 9 不在字典 textbook_receive_status 中');
    expect((await add({ head: { ...head, tableName: 'textbook_receive' }, fields: [f('name')] })).message).toBe('表名 textbook_receive 已存在');
    expect((await api<{ total: number }>('/online/cgform/head/list')).result.total).toBe(before);
  });

  it('needs the designer codes', async () => {
    expect((await api('/online/cgform/head/list', { token: jiaowu })).code).toBe(510);
    expect((await api('/online/cgform/api/addAll', { method: 'POST', token: jiaowu, json: {} })).code).toBe(510);
  });
});

describe('the demo form', () => {
  it('is synchronised, with rows, in 表单应用 (issue #39) for 管理员 and 教务 with its codes', async () => {
    const list = (await api<{ records: CgformHead[] }>('/online/cgform/head/list?tableName=*textbook*')).result.records;
    expect(list.map((h) => [h.tableName, h.tableTxt, h.isDbSynch])).toEqual([['textbook_receive', '教材领用登记', 'Y']]);
    expect(await rows('select student_name, quantity, status, tenant_id from tbl_onl_textbook_receive order by create_time limit 1')).toEqual([{ student_name: '张小明', quantity: 1, status: '1', tenant_id: 1 }]);
    const perms = await api<{ auth: { action: string }[] }>('/sys/permission/getUserPermissionByToken', { token: jiaowu });
    expect(perms.result.auth.map((a) => a.action).filter((a) => a.startsWith('online:form:textbook_receive:')).sort()).toEqual(
      ['add', 'delete', 'deleteBatch', 'edit', 'exportXls', 'importExcel', 'list'].map((a) => `online:form:textbook_receive:${a}`),
    );
    const menu = await rows(`select parent_id, component from sys_permission where url = '/online/cgformList/textbook_receive' and del_flag = 0`);
    expect(menu).toEqual([{ parent_id: 'perm_online_apps', component: 'modules/online/cgform/auto/OnlCgformAutoList' }]);
  });
});

describe('DDL, sync and alter', () => {
  let id: string;
  const base = () => ({ tableName: 'book_loan', tableTxt: '图书借阅', tableType: 1 as const });

  it('creates the table from the definition, per-tenant unique', async () => {
    const r = await add({
      head: base(),
      fields: [
        f('title', { dbLength: 20, dbIsNull: 0, fieldValidType: 'only' }),
        f('qty', { dbType: 'int' }),
        f('price', { dbType: 'BigDecimal', dbLength: 8, dbPointLength: 2 }),
        f('due', { dbType: 'Date', fieldShowType: 'date' }),
        f('note', { dbLength: 10 }),
      ],
    });
    expect(r.success).toBe(true);
    id = r.result.id;
    expect([r.result.isDbSynch, r.result.formVersion]).toEqual(['N', 1]);
    const p = await preview(id);
    expect(p.kind).toBe('create');
    expect(p.statements[0]).toBe(
      'create table "tbl_onl_book_loan" ("id" varchar(32) primary key, "title" varchar(20) not null, "qty" integer, "price" numeric(8,2), "due" date, "note" varchar(10), ' +
        '"create_by" varchar(50), "create_time" timestamptz not null default now(), "update_by" varchar(50), "update_time" timestamptz, "tenant_id" integer not null default 1)',
    );
    expect(p.statements[1]).toMatch(/^create unique index "uq_[0-9a-f]{24}" on "tbl_onl_book_loan" \("tenant_id", "title"\)$/);
    expect((await sync(id)).success).toBe(true);
    expect((await api<CgformHead>(`/online/cgform/head/queryById?id=${id}`)).result.isDbSynch).toBe('Y');
    expect(await columns('tbl_onl_book_loan')).toMatchObject({ title: 'character varying(20) not null', qty: 'integer', price: 'numeric(8,2)', due: 'date', tenant_id: 'integer not null' });
    expect((await preview(id)).kind).toBe('none');
    await rows(`insert into tbl_onl_book_loan (id, title, qty, price, note, tenant_id) values ('r1', 'A', 1, 9.5, 'x', 1), ('r2', 'B', 2, null, '12', 1), ('r3', 'A', 3, null, null, 2)`);
    await expect(rows(`insert into tbl_onl_book_loan (id, title, tenant_id) values ('r4', 'A', 1)`)).rejects.toThrow();
  });

  it('refuses changes the stored rows cannot take (conversion, duplicates, missing values, force), keeping the data', async () => {
    await rows(`update tbl_onl_book_loan set note = 'x' where id = 'r2'`);
    const fields = await fieldsOf(id);
    const changed = fields.map((x) => (x.dbFieldName === 'note' ? { ...x, dbType: 'int' as const, fieldValidType: 'only' } : x.dbFieldName === 'due' ? { ...x, dbIsNull: 0 as const } : x));
    const r = await edit({ head: { ...base(), id }, fields: changed });
    expect([r.success, r.result.isDbSynch, r.result.formVersion]).toEqual([true, 'N', 2]);
    const p = await preview(id);
    expect(p.blocked).toBe(true);
    const reasons = [
      '字段 due 设为必填，但表中有 3 行没有值，同步将被拒绝（请先设置默认值或取消必填）',
      '字段 note 将从 文本(10) 改为 整数：2 行的值无法转换，同步将被拒绝',
      '字段 note 设为唯一，但表中有 1 组重复的值，同步将被拒绝',
    ];
    expect(p.warnings).toEqual(reasons);
    expect((await sync(id)).message).toBe(reasons.join('；'));
    expect((await sync(id, 'force')).message).toContain('表中已有 3 行数据，不能强制同步（强制同步会删除并重建表）');
    expect(await rows(`select note from tbl_onl_book_loan where id = 'r1'`)).toEqual([{ note: 'x' }]);
    expect((await edit({ head: { ...base(), id, tableName: 'book_loan2' }, fields })).message).toBe('表已同步到数据库，不能修改表名');
  });

  it('renames, keeps a dropped column as a backup, fills a new required field from its default', async () => {
    const fields = (await fieldsOf(id)).map((x) => (x.dbFieldName === 'note' ? { ...x, dbType: 'string' as const, fieldValidType: null } : x.dbFieldName === 'due' ? { ...x, dbIsNull: 1 as const } : x));
    const next = fields.filter((x) => x.dbFieldName !== 'price').map((x) => (x.dbFieldName === 'qty' ? { ...x, dbFieldName: 'amount' } : x));
    await edit({ head: { ...base(), id }, fields: [...next, f('code', { dbIsNull: 0 })] });
    expect((await preview(id)).warnings).toContain('字段 code 设为必填，但表中有 3 行没有值，同步将被拒绝（请先设置默认值或取消必填）');
    await edit({ head: { ...base(), id }, fields: [...next, f('code', { dbIsNull: 0, dbDefaultVal: 'C1' })] });
    const p = await preview(id);
    expect(p).toMatchObject({ kind: 'alter', rowCount: 3, blocked: false, dropped: [{ field: 'price', backupColumn: 'price__bak_1', nonEmptyRows: 1, backedUp: false }] });
    expect(p.statements).toEqual([
      'alter table "tbl_onl_book_loan" rename column "price" to "price__bak_1"',
      'alter table "tbl_onl_book_loan" rename column "qty" to "amount"',
      'alter table "tbl_onl_book_loan" add column "code" varchar(50)',
      'update "tbl_onl_book_loan" set "code" = $1 where "code" is null',
      'alter table "tbl_onl_book_loan" alter column "code" set not null',
    ]);
    expect((await sync(id)).success).toBe(true);
    expect(await rows(`select amount, code, price__bak_1 from tbl_onl_book_loan where id = 'r1'`)).toEqual([{ amount: 1, code: 'C1', price__bak_1: '9.50' }]);
    expect((await preview(id)).dropped).toEqual([{ field: 'price', backupColumn: 'price__bak_1', nonEmptyRows: 1, backedUp: true }]);
  });

  it('keeps the form synchronised on a label-only edit; drops a backup only when confirmed', async () => {
    const fields = await fieldsOf(id);
    const r = await edit({ head: { ...base(), id, tableTxt: '图书借阅登记' }, fields: fields.map((x) => ({ ...x, dbFieldTxt: `${x.dbFieldName}!` })) });
    expect(r.result.isDbSynch).toBe('Y');
    expect((await api(`/online/cgform/api/confirmDrop/${id}`, { method: 'POST', json: { fields: ['nope'] } })).message).toBe('备份列 nope 不存在');
    expect((await api(`/online/cgform/api/confirmDrop/${id}`, { method: 'POST', json: { fields: ['price'] } })).success).toBe(true);
    expect(Object.keys(await columns('tbl_onl_book_loan'))).not.toContain('price__bak_1');
    expect((await preview(id)).dropped).toEqual([]);
  });

  it('keeps every version of the definition', async () => {
    const versions = (await api<CgformVersion[]>(`/online/cgform/api/versions/${id}`)).result;
    expect(versions.map((v) => v.formVersion)).toEqual([5, 4, 3, 2, 1]);
    const first = (await api<CgformSaveBody>(`/online/cgform/api/version/${versions[4].id}`)).result;
    expect(first.fields.map((x) => x.dbFieldName)).toEqual(['title', 'qty', 'price', 'due', 'note']);
  });

  it('adds the form to a menu once, with its codes, usable at once by the admin who adds it', async () => {
    const r = await api<{ id: string; created: boolean }>(`/online/cgform/head/addMenu/${id}`, { method: 'POST', json: { parentId: 'perm_edu', name: '图书借阅' } });
    expect(r.result.created).toBe(true);
    const again = await api<{ id: string; created: boolean }>(`/online/cgform/head/addMenu/${id}`, { method: 'POST', json: { parentId: 'perm_edu' } });
    expect(again.result).toMatchObject({ id: r.result.id, created: false });
    const auth = async (token: string) => (await api<{ auth: { action: string }[] }>('/sys/permission/getUserPermissionByToken', { token })).result.auth.map((a) => a.action);
    expect(await auth(admin)).toEqual(expect.arrayContaining(['online:form:book_loan:list', 'online:form:book_loan:importExcel']));
    expect((await auth(jiaowu)).filter((a) => a.includes('book_loan'))).toEqual([]);
    expect((await api(`/online/cgform/head/addMenu/${id}`, { method: 'POST', token: jiaowu, json: {} })).code).toBe(510);
  });

  it('deletes a form with rows only when forced, with its table and menu', async () => {
    expect((await api(`/online/cgform/head/delete?id=${id}`, { method: 'DELETE' })).message).toBe('表中有 3 行数据，不能删除；确认连同数据一起删除请选择强制删除');
    expect((await api(`/online/cgform/head/delete?id=${id}&force=1`, { method: 'DELETE' })).success).toBe(true);
    expect(await columns('tbl_onl_book_loan')).toEqual({});
    expect(await rows(`select id from sys_permission where url = '/online/cgformList/book_loan' and del_flag = 0`)).toEqual([]);
  });
});

describe('one-to-many', () => {
  it('a child table references its main table, synchronised after it', async () => {
    const main = (await add({ head: { tableName: 'purchase', tableTxt: '采购单', tableType: 2 }, fields: [f('supplier')] })).result;
    const child = await add({ head: { tableName: 'purchase_line', tableTxt: '采购明细', tableType: 3 }, fields: [f('purchase_id', { mainTable: 'purchase', mainField: 'id' }), f('item')] });
    expect(child.success).toBe(true);
    expect((await api<CgformHead>(`/online/cgform/head/queryById?id=${main.id}`)).result.subTableStr).toBe('purchase_line');
    expect((await sync(child.result.id)).message).toBe('主表 purchase 还没有同步到数据库，请先同步主表');
    expect((await edit({ head: { tableName: 'purchase', tableTxt: '采购单', tableType: 1, id: main.id }, fields: [f('supplier')] })).message).toBe('该表有附表（purchase_line），不能修改表类型');
    expect((await api(`/online/cgform/head/addMenu/${child.result.id}`, { method: 'POST', json: {} })).message).toBe('附表不能单独添加到菜单，请添加它的主表');
    expect((await api(`/online/cgform/head/addMenu/${main.id}`, { method: 'POST', json: {} })).message).toBe('表单未同步数据库，请先同步数据库再添加到菜单');
    expect((await sync(main.id)).success).toBe(true);
    expect((await sync(child.result.id)).success).toBe(true);
    await rows(`insert into tbl_onl_purchase (id) values ('p1')`);
    await rows(`insert into tbl_onl_purchase_line (id, purchase_id, item) values ('l1', 'p1', 'x')`);
    await expect(rows(`insert into tbl_onl_purchase_line (id, purchase_id) values ('l2', 'nope')`)).rejects.toThrow();
    expect((await api(`/online/cgform/head/delete?id=${main.id}&force=1`, { method: 'DELETE' })).message).toBe('请先删除附表：purchase_line');
    await rows(`delete from tbl_onl_purchase where id = 'p1'`);
    expect(await rows(`select id from tbl_onl_purchase_line`)).toEqual([]);
  });
});

describe('JS 增强', () => {
  it('keeps the newest 16 versions per form and type, newest first', async () => {
    const head = (await api<{ records: CgformHead[] }>('/online/cgform/head/list?tableName=textbook_receive')).result.records[0];
    const post = (cgJs: string, cgJsType = 'list') => api(`/online/cgform/head/enhanceJs/${head.id}`, { method: 'POST', json: { cgJsType, cgJs } });
    for (let i = 1; i <= 17; i++) expect((await post(`// v${i}`)).success).toBe(true);
    await post('// form v1', 'form');
    const history = (await api<CgformEnhanceJsHistory[]>(`/online/cgform/head/enhanceJsHistory/${head.id}?type=list`)).result;
    expect(history.map((h) => h.cgJs)).toEqual(Array.from({ length: 16 }, (_, i) => `// v${17 - i}`));
    expect((await api<{ cgJs: string }>(`/online/cgform/head/enhanceJs/${head.id}?type=list`)).result.cgJs).toBe('// v17');
    expect((await api<CgformEnhanceJsHistory[]>(`/online/cgform/head/enhanceJsHistory/${head.id}?type=form`)).result).toHaveLength(1);
    expect((await post('x'.repeat(64 * 1024 + 1))).message).toBe('JS增强代码不能超过64KB');
    expect((await post('x', 'sql')).message).toBe('JS增强类型只能是 list 或 form');
  });
});
