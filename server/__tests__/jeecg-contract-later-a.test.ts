/** @jest-environment node */
import type { Kysely } from 'kysely';
import { startTestBackend, type TestBackend } from './helpers';
import { startFakePg } from '../testing/fake-pg';
import { closeAllSourcePools, DB_TYPE_UNSUPPORTED } from '../online/datasources';
import { PASSWORD_AGAIN } from '../online/datasource-connect';
import { up as migrateDbType } from '../db/migrations/0049-datasource-db-type';
import { CATEGORY_CODE_RULE_CLASS, FILL_CLASS_MESSAGES, ORDER_NUMBER_RULE_CLASS } from '../../lib/rules/fill-rule-class';
import { nextSiblingCode } from '../system/category';

/*
 * Issue #45 (later families, part a): calls of JeecgBoot's stock Vue 2 client (v3.4.0) in the shapes it sends —
 * SysFillRuleModal's ruleClass / ruleParams and the list's 功能测试, SysDataSourceModal (its dictionary, codes, duplicate
 * check, edit without code, 测试 without id or password, deleteBatch), the log list's dictionary texts, the four
 * dictionaries its pages read, 数据日志's look-ups against its list, and checkByCode without a code.
 */

let be: TestBackend;
let admin: string;
let teacher: string;

beforeAll(async () => {
  // The fake PostgreSQL servers below listen on loopback (ONLINE_DATASOURCE_ALLOW_LOOPBACK=1).
  be = await startTestBackend({ dataSourceAllowLoopback: true });
  [admin, teacher] = await Promise.all([be.login('admin'), be.login('teacher')]);
}, 120_000);

afterAll(async () => {
  await closeAllSourcePools();
  await be.close();
});

/** getAction / postAction / putAction / deleteAction as JeecgBoot's client sends them (`_t` on GETs). */
const get = async (path: string, token = admin, headers?: Record<string, string>) =>
  (await be.call(`${path}${path.includes('?') ? '&' : '?'}_t=${Math.floor(Date.now() / 1000)}`, { token, headers })).body;
const post = async (path: string, json: unknown, token = admin) => (await be.call(path, { method: 'POST', json, token })).body;
const put = async (path: string, json: unknown, token = admin) => (await be.call(path, { method: 'PUT', json, token })).body;
const del = async (path: string, token = admin) => (await be.call(path, { method: 'DELETE', token })).body;
type Page = { records: Record<string, unknown>[]; total: number };

// ---------------------------------------------------------------- dictionaries

describe('the dictionaries the stock pages read', () => {
  it('database_type, operate_type, quartz_status and cgform_table_type have JeecgBoot’s items', async () => {
    const items = async (code: string) => ((await get(`/sys/dict/getDictItems/${code}`)).result as { value: string; text: string }[]).map((i) => [i.value, i.text]);
    const dbTypes = await items('database_type');
    expect(dbTypes).toContainEqual(['6', 'postgresql']);
    expect(dbTypes).toContainEqual(['4', 'MYSQL5.7+']);
    expect(dbTypes).toHaveLength(15);
    expect(await items('operate_type')).toEqual([['1', '查询'], ['2', '添加'], ['3', '修改'], ['4', '删除'], ['5', '导入'], ['6', '导出']]);
    expect(await items('quartz_status')).toEqual([['0', '正常'], ['-1', '停止']]);
    expect(await items('cgform_table_type')).toEqual([['1', '单表'], ['2', '主表'], ['3', '附表']]);
  });
});

// ---------------------------------------------------------------- sys/log/list

describe('GET /sys/log/list (LogList.vue)', () => {
  it('answers logType_dictText for the login log and the operation log, operateType_dictText for the latter', async () => {
    await be.db.insertInto('sys_log').values({ log_type: 1, log_content: '用户名: admin,登录成功！', username: 'admin', userid: 'u_admin', ip: '10.0.0.1' }).execute();
    const login = (await get('/sys/log/list?logType=1&pageNo=1&pageSize=10')).result as Page;
    expect(login.records.length).toBeGreaterThan(0);
    expect(login.records[0]).toMatchObject({ logType: 1, logType_dictText: '登录日志' });
    const ops = (await get('/sys/log/list?logType=2&pageNo=1&pageSize=10')).result as Page;
    expect(ops.records.length).toBeGreaterThan(0);
    for (const r of ops.records) expect(r).toMatchObject({ logType: 2, logType_dictText: '操作日志', operateType_dictText: expect.any(String) });
  });
});

// ---------------------------------------------------------------- 多数据源

describe('多数据源 (SysDataSourceModal)', () => {
  const form = (port: number, extra: Record<string, unknown> = {}) => ({
    code: 'jc_src',
    name: '对接库',
    dbType: '6',
    dbDriver: 'org.postgresql.Driver',
    dbUrl: `jdbc:postgresql://127.0.0.1:${port}/school`,
    dbUsername: 'reader',
    dbPassword: 'St0red-pw',
    remark: '',
    ...extra,
  });

  it('takes JeecgBoot’s codes: 6 is PostgreSQL, 4 (MySQL 5.7+) and the others are refused; the list answers dbDriver', async () => {
    expect(await post('/sys/dataSource/add', form(5432, { dbType: '4' }))).toMatchObject({ success: false, message: DB_TYPE_UNSUPPORTED });
    expect(await post('/sys/dataSource/add', form(5432, { dbType: '1', dbUrl: 'jdbc:mysql://127.0.0.1:3306/x' }))).toMatchObject({ success: false, message: DB_TYPE_UNSUPPORTED });
    expect(await post('/online/cgreport/api/testConnection', { dbType: '2', dbUrl: 'jdbc:postgresql://127.0.0.1:5432/x', dbUsername: 'a', dbPassword: 'b' })).toMatchObject({ success: false, message: DB_TYPE_UNSUPPORTED });
    expect(await post('/sys/dataSource/add', form(5432, { code: 'jc_types' }))).toMatchObject({ success: true, message: '添加成功！' });
    const page = (await get('/sys/dataSource/list?pageNo=1&pageSize=10&code=jc_types')).result as Page;
    expect(page.records).toEqual([expect.objectContaining({ code: 'jc_types', dbType: '6', dbType_dictText: 'PostgreSQL', dbDriver: 'org.postgresql.Driver' })]);
    expect(JSON.stringify(page)).not.toMatch(/St0red-pw|dbPassword/);
  });

  it('sources stored under the old code 4 become JeecgBoot’s 6 (migration 0049)', async () => {
    await be.db.insertInto('sys_data_source').values({ id: 'jc_old_src', code: 'jc_old', name: '旧库', db_type: '4', db_url: 'postgres://10.1.2.3/x', db_username: 'a', db_password: null }).execute();
    await migrateDbType(be.db as unknown as Kysely<unknown>);
    const row = await be.db.selectFrom('sys_data_source').select(['db_type', 'db_driver']).where('id', '=', 'jc_old_src').executeTakeFirstOrThrow();
    expect(row).toEqual({ db_type: '6', db_driver: 'org.postgresql.Driver' });
  });

  it('checks the code through /sys/duplicate/check, for those who may add or edit a source', async () => {
    await post('/sys/dataSource/add', form(5432, { code: 'jc_dup' }));
    const id = ((await get('/sys/dataSource/list?code=jc_dup')).result as Page).records[0].id as string;
    const check = (val: string, dataId = '', token = admin) => get(`/sys/duplicate/check?tableName=sys_data_source&fieldName=code&fieldVal=${val}${dataId ? `&dataId=${dataId}` : ''}`, token);
    expect(await check('jc_dup')).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect(await check('jc_free')).toMatchObject({ success: true, message: '该值可用！' });
    expect(await check('jc_dup', id)).toMatchObject({ success: true });
    expect(await check('jc_dup', '', teacher)).toMatchObject({ success: false, code: 510 });
  });

  it('edit without code (the modal clears it) keeps the code; 测试 without id or password uses the stored one at the stored address only', async () => {
    const saved = await startFakePg('ask-password');
    const other = await startFakePg('ask-password');
    try {
      expect(await post('/sys/dataSource/add', form(saved.port, { code: 'jc_edit' }))).toMatchObject({ success: true });
      const record = ((await get('/sys/dataSource/list?code=jc_edit')).result as Page).records[0];
      const byId = (await get(`/sys/dataSource/queryById?id=${String(record.id)}`)).result as Record<string, unknown>;
      // handleOk: Object.assign(model, values), code set to undefined (dropped by JSON), password left empty.
      const { code: _code, ...edited } = { ...byId, ...form(saved.port), name: '对接库（改）', dbPassword: '' };
      expect(await put('/sys/dataSource/edit', edited)).toMatchObject({ success: true, message: '编辑成功！' });
      const row = await be.db.selectFrom('sys_data_source').select(['code', 'name']).where('id', '=', String(record.id)).executeTakeFirstOrThrow();
      expect(row).toEqual({ code: 'jc_edit', name: '对接库（改）' });

      // handleTest: the six fields only, no id; the password field is empty on an existing source.
      const test = (port: number, dbUsername = 'reader') =>
        post('/online/cgreport/api/testConnection', { dbType: '6', dbDriver: 'org.postgresql.Driver', dbUrl: `jdbc:postgresql://127.0.0.1:${port}/school`, dbName: undefined, dbUsername, dbPassword: '' });
      await test(saved.port);
      expect(saved.passwords).toEqual(['St0red-pw']);
      // Another server or user: the stored password never goes there (the test has no password, as before).
      await test(other.port);
      await test(saved.port, 'postgres');
      expect(other.passwords).toEqual(['']);
      expect(saved.passwords).toEqual(['St0red-pw', '']);
      // With an id (our screen) the rule is the same as before: another address needs the password again.
      expect(await post('/online/cgreport/api/testConnection', { id: record.id, dbUrl: `postgres://127.0.0.1:${other.port}/school`, dbUsername: 'reader', dbPassword: '' })).toMatchObject({
        success: false,
        message: PASSWORD_AGAIN,
      });
    } finally {
      await Promise.all([saved.close(), other.close()]);
    }
  });

  it('DELETE /sys/dataSource/deleteBatch deletes all or none', async () => {
    for (const code of ['jc_b1', 'jc_b2', 'jc_b3']) expect(await post('/sys/dataSource/add', form(5432, { code }))).toMatchObject({ success: true });
    const ids = async () => Object.fromEntries((await be.db.selectFrom('sys_data_source').select(['id', 'code']).where('code', 'in', ['jc_b1', 'jc_b2', 'jc_b3']).execute()).map((r) => [r.code, r.id]));
    const before = await ids();
    const report = await post('/online/cgreport/head/add', {
      head: { code: 'jc_on_b3', name: '用库报表', cgrSql: 'select 1 as one', dbSource: 'jc_b3' },
      items: [{ fieldName: 'one', fieldTxt: 'one', fieldWidth: null, fieldType: 'String', isShow: 1, isOrder: 0, isSearch: 0, searchMode: null, dictCode: null, orderNum: 0 }],
      params: [],
    });
    expect(report).toMatchObject({ success: true });
    expect(await del(`/sys/dataSource/deleteBatch?ids=${before.jc_b1},${before.jc_b3}`)).toMatchObject({ success: false, message: expect.stringMatching(/jc_b3 正被报表使用/) });
    expect(Object.keys(await ids()).sort()).toEqual(['jc_b1', 'jc_b2', 'jc_b3']);
    expect(await del(`/sys/dataSource/deleteBatch?ids=${before.jc_b1},${before.jc_b2},`)).toMatchObject({ success: true, message: '批量删除成功！' });
    expect(Object.keys(await ids())).toEqual(['jc_b3']);
    expect(await del(`/sys/dataSource/deleteBatch?ids=${before.jc_b3}`, teacher)).toMatchObject({ success: false, code: 510 });
  });
});

// ---------------------------------------------------------------- 填值规则

describe('填值规则 (SysFillRuleModal, SysFillRuleList)', () => {
  it('adds a rule by JeecgBoot’s OrderNumberRule class; the list answers ruleClass / ruleParams; 功能测试 runs it', async () => {
    const add = await post('/sys/fillRule/add', { ruleName: '订单流水号', ruleCode: 'shop_order_num', ruleClass: ORDER_NUMBER_RULE_CLASS, ruleParams: '{"prefix":"CN"}' });
    expect(add).toMatchObject({ success: true, message: '添加成功！' });
    const page = (await get('/sys/fillRule/list?pageNo=1&pageSize=10&ruleCode=shop_order_num')).result as Page;
    expect(page.records[0]).toMatchObject({ ruleCode: 'shop_order_num', ruleClass: ORDER_NUMBER_RULE_CLASS, ruleParams: '{"prefix":"CN"}' });
    expect(JSON.parse(String(page.records[0].ruleParams))).toEqual({ prefix: 'CN' });
    const test = await get('/sys/fillRule/testFillRule?ruleCode=shop_order_num');
    expect(test).toMatchObject({ success: true, result: expect.stringMatching(/^CN\d{14}\d{2}$/) });
    const byName = await put('/sys/fillRule/executeRuleByCode/shop_order_num', { name: 'abc' });
    expect(byName.result).toMatch(/^CN\d{14}\d{2}abc$/);
    expect(await get('/sys/fillRule/testFillRule?ruleCode=no_such_rule')).toMatchObject({ success: false, message: '填值规则不存在：no_such_rule' });
    expect(await get('/sys/fillRule/testFillRule?ruleCode=shop_order_num', teacher)).toMatchObject({ success: false, code: 510 });
  });

  it('the seeded pattern rules are answered as the class "pattern"; that class adds a pattern rule too', async () => {
    const seeded = ((await get('/sys/fillRule/list?ruleCode=student_no')).result as Page).records[0];
    expect(seeded).toMatchObject({ ruleClass: 'pattern' });
    expect(JSON.parse(String(seeded.ruleParams))).toEqual({ pattern: seeded.rulePattern, resetPeriod: seeded.resetPeriod });
    expect(await post('/sys/fillRule/add', { ruleName: '单据号', ruleCode: 'jc_doc_no', ruleClass: 'pattern', ruleParams: '{"pattern":"DJ{yyyy}{seq:3}","resetPeriod":"yearly"}' })).toMatchObject({ success: true });
    expect((await get('/sys/fillRule/testFillRule?ruleCode=jc_doc_no')).result).toMatch(/^DJ\d{4}\d{3}$/);
  });

  it('CategoryCodeRule: the next 分类字典 code under the form’s pid, under the rule’s pid with an empty form', async () => {
    expect(await post('/sys/fillRule/add', { ruleName: '分类字典编码', ruleCode: 'jc_category_code', ruleClass: CATEGORY_CODE_RULE_CLASS, ruleParams: '{"pid":""}' })).toMatchObject({ success: true });
    const root = await be.db.selectFrom('sys_category').select('code').where('pid', '=', '0').execute();
    const parent = await be.db.selectFrom('sys_category').select(['id', 'code']).where('pid', '=', '0').orderBy('code').executeTakeFirstOrThrow();
    const children = await be.db.selectFrom('sys_category').select('code').where('pid', '=', parent.id).execute();
    const next = (prefix: string, codes: { code: string }[]) => nextSiblingCode(prefix, codes.map((c) => c.code));
    expect((await get('/sys/fillRule/testFillRule?ruleCode=jc_category_code')).result).toBe(next('', root));
    expect((await put('/sys/fillRule/executeRuleByCode/jc_category_code', { pid: parent.id })).result).toBe(next(parent.code, children));
    expect(await put('/sys/fillRule/executeRuleByCode/jc_category_code', { pid: 'no_such_parent' })).toMatchObject({ success: false, message: '分类字典中没有父级节点：no_such_parent' });
    // The rule's own parent, for an empty form (JeecgBoot's params.pid); the list answers it back.
    const record = ((await get('/sys/fillRule/list?ruleCode=jc_category_code')).result as Page).records[0];
    expect(record).toMatchObject({ ruleClass: CATEGORY_CODE_RULE_CLASS, ruleParams: '{"pid":""}' });
    expect(await put('/sys/fillRule/edit', { ...record, ruleParams: JSON.stringify({ pid: parent.id }) })).toMatchObject({ success: true });
    expect((await get('/sys/fillRule/testFillRule?ruleCode=jc_category_code')).result).toBe(next(parent.code, children));
  });

  it('refuses what it cannot run with a clear message', async () => {
    const add = (ruleClass: string, ruleParams: string, ruleCode = 'jc_bad') => post('/sys/fillRule/add', { ruleName: '规则', ruleCode, ruleClass, ruleParams });
    expect(await add('org.jeecg.modules.system.rule.OrgCodeRule', '{"parentId":""}')).toMatchObject({ success: false, message: FILL_CLASS_MESSAGES.selfNumbered('部门') });
    expect(await add('com.example.Evil', '')).toMatchObject({ success: false, message: FILL_CLASS_MESSAGES.unknown('com.example.Evil') });
    expect(await add(ORDER_NUMBER_RULE_CLASS, '[1]')).toMatchObject({ success: false, message: FILL_CLASS_MESSAGES.params });
    expect(await add(ORDER_NUMBER_RULE_CLASS, '{"prefix":"A{seq:9}"}')).toMatchObject({ success: false, message: FILL_CLASS_MESSAGES.prefix });
    expect(await be.db.selectFrom('sys_fill_rule').select('id').where('rule_code', '=', 'jc_bad').executeTakeFirst()).toBeUndefined();
  });

  it('an edit with the whole record: new parameters take effect; a changed pattern with the old class keeps the pattern', async () => {
    await post('/sys/fillRule/add', { ruleName: '订单', ruleCode: 'jc_edit_rule', ruleClass: ORDER_NUMBER_RULE_CLASS, ruleParams: '{"prefix":"AA"}' });
    const record = ((await get('/sys/fillRule/list?ruleCode=jc_edit_rule')).result as Page).records[0];
    expect(await put('/sys/fillRule/edit', { ...record, ruleParams: '{"prefix":"BB"}' })).toMatchObject({ success: true });
    const stored = () => be.db.selectFrom('sys_fill_rule').select(['rule_pattern', 'reset_period']).where('rule_code', '=', 'jc_edit_rule').executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ rule_pattern: 'BB{yyyyMMddHHmmss}{seq:2}{field:name}', reset_period: 'daily' });
    const again = ((await get('/sys/fillRule/list?ruleCode=jc_edit_rule')).result as Page).records[0];
    expect(await put('/sys/fillRule/edit', { ...again, rulePattern: 'BB{yyyy}{seq:4}', resetPeriod: 'yearly' })).toMatchObject({ success: true });
    expect(await stored()).toEqual({ rule_pattern: 'BB{yyyy}{seq:4}', reset_period: 'yearly' });
  });
});

// ---------------------------------------------------------------- checkByCode, 数据日志

describe('GET /sys/checkRule/checkByCode', () => {
  it('an empty code is no rule (该编码不存在, as JeecgBoot’s controller); an empty value passes', async () => {
    expect(await get('/sys/checkRule/checkByCode?ruleCode=&value=abc')).toMatchObject({ success: false, message: '该编码不存在' });
    await post('/sys/checkRule/add', { ruleName: '两位大写', ruleCode: 'jc_upper', ruleJson: '[{"digits":"2","pattern":"^[A-Z]+$","message":"前两位须为大写字母"}]' });
    expect(await get('/sys/checkRule/checkByCode?ruleCode=jc_upper&value=')).toMatchObject({ success: true });
    expect(await get('/sys/checkRule/checkByCode?ruleCode=jc_upper&value=ab1')).toMatchObject({ success: false, message: '前两位须为大写字母' });

    // A rule stored without segments (JeecgBoot's blank rule JSON; a row from its SQL) checks nothing.
    await be.db.insertInto('sys_check_rule').values({ id: 'jc_blank_rule', rule_name: '空规则', rule_code: 'jc_blank', rule_json: '', rule_description: null, create_by: null, update_by: null, update_time: null }).execute();
    expect(await get('/sys/checkRule/checkByCode?ruleCode=jc_blank&value=anything')).toMatchObject({ success: true });
  });
});

describe('数据日志 (DataLogList.vue, 数据比较)', () => {
  it('a caller in a tenant finds the versions the list shows it, the seeded ones without a tenant included', async () => {
    const t1 = { 'tenant-id': '1' };
    const list = (await get('/sys/dataLog/list?pageNo=1&pageSize=50', admin, t1)).result as Page;
    const seeded = list.records.find((r) => String(r.id) === 'demo_dl_0_2');
    expect(seeded).toBeDefined();
    const versions = await get(`/sys/dataLog/queryDataVerList?dataTable=${String(seeded!.dataTable)}&dataId=${String(seeded!.dataId)}`, admin, t1);
    expect(versions).toMatchObject({ success: true });
    expect((versions.result as { id: string }[]).map((v) => v.id)).toEqual(['demo_dl_0_2', 'demo_dl_0_1']);
    expect(await get('/sys/dataLog/queryCompareList?dataId1=demo_dl_0_1&dataId2=demo_dl_0_2', admin, t1)).toMatchObject({ success: true });
    expect(await get('/sys/dataLog/compare?dataId1=demo_dl_0_1&dataId2=demo_dl_0_2', admin, t1)).toMatchObject({ success: true });
    // Another tenant's version stays out of both.
    await be.db.insertInto('sys_data_log').values({ id: 'jc_dl_t2', data_table: String(seeded!.dataTable), data_id: String(seeded!.dataId), data_content: '{}', data_version: 3, tenant_id: 2 }).execute();
    expect(((await get(`/sys/dataLog/queryDataVerList?dataTable=${String(seeded!.dataTable)}&dataId=${String(seeded!.dataId)}`, admin, t1)).result as unknown[]).length).toBe(2);
    expect(await get('/sys/dataLog/compare?dataId1=demo_dl_0_2&dataId2=jc_dl_t2', admin, t1)).toMatchObject({ success: false, message: '未找到版本信息' });
  });
});
