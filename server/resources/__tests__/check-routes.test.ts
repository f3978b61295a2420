/** @jest-environment node */
import { sql } from 'kysely';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { checkRuleValue, parseRuleJson } from '../../system/check-routes';
import { registerResource, unregisterResource } from '../registry';
import { createFixtureTable, FIXTURE, grantCodes } from './helpers';

let be: TestBackend;
let token: string;
let teacher: string;

beforeAll(async () => {
  be = await startTestBackend();
  await createFixtureTable(be.db);
  registerResource({ ...FIXTURE, customColumnsTable: 'jw_fixture_custom' });
  await sql`insert into jw_fixture (id, name, code) values ('f1', '一', 'C001'), ('f2', '二', 'C002')`.execute(be.db);
  await grantCodes(be.db, 'role_admin', ['test:fixture:add']);
  token = await be.login('admin');
  teacher = await be.login('teacher');
}, 120_000);
afterAll(async () => {
  unregisterResource(FIXTURE.name);
  await be.close();
});

const get = (path: string) => be.call(path, { token });
const dup = (q: Record<string, string>) => get(`/sys/duplicate/check?${new URLSearchParams(q)}`);

describe('GET /sys/duplicate/check', () => {
  it('answers per contract §7: empty, free, taken, and taken except the edited row', async () => {
    expect((await dup({ tableName: 'jw_fixture', fieldName: 'code', fieldVal: '' })).body).toMatchObject({ success: true, code: 500, message: '数据为空,不作处理！' });
    expect((await dup({ tableName: 'jw_fixture', fieldName: 'code' })).body).toMatchObject({ success: true, code: 500, message: '数据为空,不作处理！' });
    expect((await dup({ tableName: 'jw_fixture', fieldName: 'code', fieldVal: 'C009' })).body).toMatchObject({ success: true, code: 200, message: '该值可用！', result: '该值可用！' });
    expect((await dup({ tableName: 'jw_fixture', fieldName: 'code', fieldVal: 'C001' })).body).toMatchObject({ success: false, code: 500, message: '该值不可用，系统中已存在！' });
    expect((await dup({ tableName: 'jw_fixture', fieldName: 'code', fieldVal: 'C001', dataId: 'f1' })).body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await dup({ tableName: 'jw_fixture', fieldName: 'code', fieldVal: 'C001', dataId: 'f2' })).body.success).toBe(false);
  });

  it('accepts the camelCase field name and the fixed allow-list of system tables', async () => {
    expect((await dup({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' })).body.message).toBe('该值不可用，系统中已存在！');
    expect((await dup({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: 'u_admin' })).body.message).toBe('该值可用！');
    expect((await dup({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'nobody' })).body.message).toBe('该值可用！');
  });

  it.each([
    ['a field that is not unique', 'jw_fixture', 'name'],
    ['a write-only column', 'jw_fixture', 'secret'],
    ['a password hash', 'sys_user', 'password_hash'],
    ['an unregistered table', 'sys_user_session', 'token_hash'],
    ['information_schema', 'information_schema.tables', 'table_name'],
    ['a quoted table', 'jw_fixture"; drop table jw_fixture; --', 'code'],
    ['a SQL column', 'jw_fixture', "code = code or '1'='1"],
    ['a comment', 'jw_fixture', 'code--'],
    ['a prototype key', 'constructor', 'name'],
  ])('refuses %s without touching SQL', async (_, tableName, fieldName) => {
    expect((await dup({ tableName, fieldName, fieldVal: 'x' })).body).toMatchObject({ success: false, message: '不支持对该表字段做重复校验' });
  });

  it('binds hostile values as data', async () => {
    for (const fieldVal of ["' or '1'='1", "C001' --", "x'; drop table jw_fixture; --", '%', '_']) {
      expect((await dup({ tableName: 'jw_fixture', fieldName: 'code', fieldVal })).body.message).toBe('该值可用！');
    }
    expect((await sql<{ n: number }>`select count(*)::int as n from jw_fixture`.execute(be.db)).rows[0].n).toBe(2);
  });

  it('answers only a caller who may add or edit such rows (a phone on file is not for anyone to probe)', async () => {
    const asTeacher = (q: Record<string, string>) => be.call(`/sys/duplicate/check?${new URLSearchParams(q)}`, { token: teacher });
    const probes: Record<string, string>[] = [
      { tableName: 'jw_fixture', fieldName: 'code', fieldVal: 'C001' },
      { tableName: 'tbl_student', fieldName: 'phone', fieldVal: '13900000000' },
      { tableName: 'sys_user', fieldName: 'phone', fieldVal: '13800000001' },
      { tableName: 'sys_user', fieldName: 'phone', fieldVal: '13800000001', dataId: 'u_admin' },
    ];
    for (const q of probes) {
      expect((await asTeacher(q)).body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    }
    // Their own account row: the one sys_user check a user without 用户管理 may make.
    expect((await asTeacher({ tableName: 'sys_user', fieldName: 'phone', fieldVal: '13800000001', dataId: 'u_teacher' })).body.message).toBe('该值可用！');
    expect(['该值可用！', '该值不可用，系统中已存在！']).toContain(String((await dup({ tableName: 'tbl_student', fieldName: 'phone', fieldVal: '13900000000' })).body.message));
  });

  it('needs a token', async () => {
    expect((await be.call('/sys/duplicate/check?tableName=jw_fixture&fieldName=code&fieldVal=C001')).status).toBe(401);
  });
});

describe('GET /sys/checkRule/checkByCode', () => {
  const check = (ruleCode: string, value: string) => get(`/sys/checkRule/checkByCode?${new URLSearchParams({ ruleCode, value })}`);

  it('passes a good value and explains a bad one', async () => {
    expect((await check('common', 'abc_123')).body).toMatchObject({ success: true, code: 200 });
    const r = await check('common', '1abc');
    expect(r.body).toMatchObject({
      success: false,
      code: 500,
      message: '第一位只能是字母',
      result: { digits: '1', pattern: '^[a-zA-Z]$', message: '第一位只能是字母', beginIndex: 0, endIndex: 1, checkValue: '1', passed: false },
    });
    expect((await check('common', 'ab-c')).body).toMatchObject({ success: false, message: '只能填写数字、大小写字母、下划线', result: { checkValue: 'ab-c' } });
    expect((await check('location_code', 'BJ0001')).body.success).toBe(true);
    expect((await check('location_code', 'BJ00x1')).body).toMatchObject({ success: false, message: '第三到六位必须是数字', result: { beginIndex: 2, endIndex: 6, checkValue: '00x1' } });
  });

  it('URL-decodes the value once (the Vue client encodeURIComponent()s it)', async () => {
    expect((await check('common', encodeURIComponent('abc_123'))).body.success).toBe(true);
    expect((await check('common', encodeURIComponent('ab c'))).body.success).toBe(false);
  });

  it.each(['', 'nope', "common' or '1'='1", 'common; drop table sys_check_rule'])('unknown code %j → 该编码不存在', async (code) => {
    expect((await check(code, 'x')).body).toMatchObject({ success: false, message: '该编码不存在' });
  });

  it('evaluates rules like JeecgBoot (pure)', () => {
    const rules = parseRuleJson('[{"digits":"2","pattern":"^[A-Z]{2}$","message":"前两位"},{"digits":"3","pattern":"^\\\\d{3}$","message":"数字"}]')!;
    expect(checkRuleValue(rules, 'AB123')).toBeNull();
    expect(checkRuleValue(rules, '')).toBeNull();
    expect(checkRuleValue(rules, 'AB1')).toMatchObject({ message: '数字', checkValue: '1' });
    expect(parseRuleJson('{"digits":"*"}')).toBeNull();
    expect(parseRuleJson('[{"digits":"x","pattern":".","message":"m"}]')).toBeNull();
    expect(parseRuleJson('not json')).toBeNull();
  });
});

describe('GET /sys/sysTableColumn/list', () => {
  it('lists custom columns of a registered resource table, by sort', async () => {
    await be.db
      .insertInto('sys_table_column')
      .values([
        { id: 'c2', table_name: 'jw_fixture', name: '备注', jdbc_field: 'remark', show_type: 'input', option_item: null, prompt: '请输入备注', sort: 2, create_by: null, update_by: null, update_time: null },
        { id: 'c1', table_name: 'jw_fixture', name: '来源', jdbc_field: 'source', show_type: 'select', option_item: 'lead_source', prompt: null, sort: 1, create_by: null, update_by: null, update_time: null },
      ])
      .execute();
    const r = await get('/sys/sysTableColumn/list?tableName=jw_fixture&column=sort&order=asc');
    const page = r.body.result as { records: Record<string, unknown>[]; total: number };
    expect(page.total).toBe(2);
    expect(page.records.map((x) => x.jdbcField)).toEqual(['source', 'remark']);
    expect(page.records[0]).toMatchObject({ name: '来源', jdbcField: 'source', showType: 'select', optionItem: 'lead_source', prompt: null, sort: 1 });
    expect((await get('/sys/sysTableColumn/list?tableId=jw_fixture_custom')).body.success).toBe(true);
  });

  it.each(['', 'sys_user_session', "jw_fixture' or '1'='1", 'information_schema.columns'])('refuses table %j', async (t) => {
    expect((await get(`/sys/sysTableColumn/list?tableName=${encodeURIComponent(t)}`)).body).toMatchObject({ success: false, message: '不支持的表名' });
  });
});
