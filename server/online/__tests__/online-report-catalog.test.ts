/** @jest-environment node */
import { sql } from 'kysely';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { checkReportSql } from '../report-sql';
import type { CgreportItem, CgreportParam, CgreportSaveBody, ReportTableInfo } from '../../../lib/online/wire';

/**
 * Issue #39 (point 10) through the production handler: the designer's table and column browser (exactly the report
 * SQL's allowlist, Chinese names, search, paging, permission), dictionary columns answered as texts, and params with a
 * dictionary or a date type.
 */

let be: TestBackend;
let admin: string;
let teacher: string;

type Page<T> = { total: number; records: T[] };
const get = async (path: string, token = admin) => (await be.call(path, { token })).body;
const post = async (path: string, json: unknown, token = admin) => (await be.call(path, { method: 'POST', json, token })).body;

const item = (fieldName: string, extra: Partial<CgreportItem> = {}): CgreportItem => ({
  fieldName, fieldTxt: fieldName, fieldWidth: null, fieldType: 'String', isShow: 1, isOrder: 0, isSearch: 0, searchMode: null, dictCode: null, orderNum: 0, ...extra,
});
const param = (paramName: string, extra: Partial<CgreportParam> = {}): CgreportParam => ({ paramName, paramTxt: paramName, paramValue: null, orderNum: 0, ...extra });
const body = (code: string, cgrSql: string, items: CgreportItem[], params: CgreportParam[] = []): CgreportSaveBody => ({ head: { code, name: `报表${code}`, cgrSql }, items, params });

async function tables(query = ''): Promise<Page<ReportTableInfo>> {
  const r = await get(`/online/cgreport/head/tables?pageSize=200&${query}`);
  expect(r).toMatchObject({ success: true });
  return r.result as Page<ReportTableInfo>;
}

beforeAll(async () => {
  be = await startTestBackend();
  [admin, teacher] = await Promise.all([be.login('admin'), be.login('teacher2')]);
}, 120_000);
afterAll(async () => {
  await be?.close();
});

describe('the table and column browser', () => {
  it('lists exactly what a report may read: every listed table passes the SQL check, every other table of the schema is refused', async () => {
    const all = (await tables()).records;
    const listed = new Set(all.map((t) => t.tableName));
    expect(listed.has('tbl_location')).toBe(true);
    expect(listed.has('sys_dict')).toBe(true);
    for (const hidden of ['sys_permission', 'sys_role_permission', 'onl_cgreport_head', 'sys_data_source']) expect(listed.has(hidden)).toBe(false);
    const schema = await sql<{ t: string }>`select table_name as t from information_schema.tables where table_schema = current_schema()`.execute(be.db);
    for (const { t } of schema.rows) {
      // sys_user: by named columns only (the browser lists them); a whole row is refused.
      const probe = t === 'sys_user' ? 'select username from sys_user' : `select * from ${t}`;
      const accepted = await checkReportSql(probe).then(
        () => true,
        () => false,
      );
      expect([t, accepted]).toEqual([t, listed.has(t)]);
    }
  });

  it('never lists a credential column, and every listed sys_user column may be named in a report', async () => {
    const user = (await tables('keyword=sys_user')).records.find((t) => t.tableName === 'sys_user')!;
    const names = user.columns.map((c) => c.columnName);
    expect(names).toEqual(expect.arrayContaining(['username', 'realname']));
    expect(names.filter((n) => /password|salt/i.test(n))).toEqual([]);
    await expect(checkReportSql(`select ${names.join(', ')} from sys_user`)).resolves.toBeTruthy();
  });

  it('names tables and columns in Chinese: a database comment first, then the resource definitions, the online forms and the shared columns', async () => {
    const all = (await tables()).records;
    const byName = (t: string) => all.find((x) => x.tableName === t)!;
    const loc = byName('tbl_location');
    expect(loc.tableTxt).toBe('场地');
    const col = (t: ReportTableInfo, c: string) => t.columns.find((x) => x.columnName === c);
    expect(col(loc, 'name')).toMatchObject({ columnTxt: '场地名称' });
    expect(col(loc, 'create_time')?.columnTxt).toBeTruthy();
    expect(byName('sys_dict').tableTxt).toBeTruthy();
    // The seeded online form (教材领用登记): its 表描述 and 字段备注.
    const form = byName('tbl_onl_textbook_receive');
    expect(form.tableTxt).toBe('教材领用登记');
    expect(col(form, 'textbook_name')).toMatchObject({ columnTxt: '教材名称' });

    await sql`comment on column tbl_location.name is '场地名称（注释）'`.execute(be.db);
    await sql`comment on table tbl_location is '场地表'`.execute(be.db);
    try {
      const again = (await tables('keyword=tbl_location')).records.find((t) => t.tableName === 'tbl_location')!;
      expect(again.tableTxt).toBe('场地表');
      expect(col(again, 'name')?.columnTxt).toBe('场地名称（注释）');
    } finally {
      await sql`comment on column tbl_location.name is null`.execute(be.db);
      await sql`comment on table tbl_location is null`.execute(be.db);
    }
  });

  it('searches by table or column, in names and Chinese texts, and pages by table', async () => {
    const byText = (await tables(`keyword=${encodeURIComponent('教材名称')}`)).records.map((t) => t.tableName);
    expect(byText).toContain('tbl_onl_textbook_receive');
    expect(byText).not.toContain('tbl_location');
    const byColumn = (await tables('keyword=MAX_MEMBER')).records.map((t) => t.tableName);
    expect(byColumn).toContain('tbl_location');
    const total = (await tables()).total;
    const p = await get('/online/cgreport/head/tables?pageNo=2&pageSize=3');
    expect(p.result).toMatchObject({ total, current: 2, size: 3 });
    expect((p.result as Page<ReportTableInfo>).records).toHaveLength(3);
  });

  it('is for report designers only (online:cgreport:add or edit)', async () => {
    const r = await get('/online/cgreport/head/tables', teacher);
    expect(r).toMatchObject({ success: false, code: 510 });
  });
});

describe('dictionaries in reports', () => {
  const SQL = 'select username, sex from sys_user where username in (${who}, \'jiaowu\') and (${born}::date is null or create_time <= ${born}::date)';

  it('a dictionary column is answered with its text (<field>_dictText) and its options (dictOptions)', async () => {
    const saved = await post('/online/cgreport/head/add', body('rpt39_dict', 'select username, sex from sys_user where username = \'admin\'', [item('username'), item('sex', { fieldTxt: '性别', dictCode: 'sex' })]));
    expect(saved).toMatchObject({ success: true });
    await be.db.updateTable('sys_user').set({ sex: 1 }).where('username', '=', 'admin').execute();
    const cols = (await get('/online/cgreport/api/getColumnsAndData/rpt39_dict')).result as { dictOptions: Record<string, unknown[]>; data: Page<Record<string, unknown>> };
    expect(cols.dictOptions.sex).toEqual(expect.arrayContaining([expect.objectContaining({ value: '1', text: '男' })]));
    expect(cols.data.records).toEqual([expect.objectContaining({ username: 'admin', sex: '1', sex_dictText: '男' })]);
  });

  it('a dictionary that does not exist is refused on save, for a column and for a param', async () => {
    const col = await post('/online/cgreport/head/add', body('rpt39_nodict', 'select username from sys_user', [item('username', { dictCode: 'no_such_dict' })]));
    expect(col).toMatchObject({ success: false, message: '字段 username：字典 no_such_dict 不存在' });
    const prm = await post('/online/cgreport/head/add', body('rpt39_nodict', 'select username from sys_user where sex = ${s}::int', [item('username')], [param('s', { dictCode: 'no_such_dict' })]));
    expect(prm).toMatchObject({ success: false, message: '参数 s：字典 no_such_dict 不存在' });
  });

  it('a param keeps its dictionary and type, and getParamsInfo answers them for the query form', async () => {
    const saved = await post(
      '/online/cgreport/head/add',
      body('rpt39_params', SQL, [item('username'), item('sex', { dictCode: 'sex' })], [param('who', { paramTxt: '用户', paramValue: 'admin', dictCode: 'sex', orderNum: 1 }), param('born', { paramTxt: '出生不晚于', paramType: 'Date', orderNum: 2 })]),
    );
    expect(saved).toMatchObject({ success: true });
    const info = await get('/online/cgreport/api/getParamsInfo/rpt39_params');
    // Set only where the designer set them: a plain param answers JeecgBoot's four keys.
    expect(info.result).toEqual([
      { paramName: 'who', paramTxt: '用户', paramValue: 'admin', orderNum: 1, dictCode: 'sex' },
      { paramName: 'born', paramTxt: '出生不晚于', paramValue: null, orderNum: 2, paramType: 'Date' },
    ]);
    const listed = await get(`/online/cgreport/param/listByHeadId?headId=${(saved.result as { id: string }).id}`);
    expect(listed.result).toEqual(expect.arrayContaining([expect.objectContaining({ paramName: 'born', paramType: 'Date' })]));
    const ok = await get('/online/cgreport/api/getData/rpt39_params?self_born=2100-01-01');
    expect(ok).toMatchObject({ success: true });
    expect((ok.result as Page<unknown>).total).toBe(2);
    const before = await get('/online/cgreport/api/getData/rpt39_params?self_born=2000-01-01');
    expect((before.result as Page<unknown>).total).toBe(0);
  });

  it('a date param refuses anything but a date, as a value and as a default', async () => {
    const r = await get('/online/cgreport/api/getData/rpt39_params?self_born=tomorrow');
    expect(r).toMatchObject({ success: false, message: '参数 出生不晚于 应为日期（yyyy-MM-dd）' });
    const bad = await post('/online/cgreport/head/add', body('rpt39_baddate', 'select username from sys_user where ${d}::date is not null', [item('username')], [param('d', { paramType: 'Date', paramValue: '2026/12/07' })]));
    expect(bad).toMatchObject({ success: false });
    expect(bad.message).toContain('参数 d 应为日期（yyyy-MM-dd）（默认值）');
    const badType = await post('/online/cgreport/head/add', body('rpt39_baddate', 'select username from sys_user where ${d}::date is not null', [item('username')], [param('d', { paramType: 'Number' as never })]));
    expect(badType.message).toContain('参数 d 的类型不正确');
  });
});
