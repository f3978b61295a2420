/** @jest-environment node */
import { sql } from 'kysely';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { decryptSecret, secretKey } from '../../core/secret';
import { closeAllSourcePools } from '../datasources';
import { CONNECT_FAILED, dataSourceLog, PASSWORD_AGAIN } from '../datasource-connect';
import { ADDRESS_REFUSED } from '../address-rule';
import { startFakePg } from '../../testing/fake-pg';
import { READER_ROLE } from '../report-run';
import { REPORT_TIMEOUT_MESSAGE } from '../../../lib/online/report-rules';
import type { CgreportItem, CgreportSaveBody } from '../../../lib/online/wire';

/**
 * Issue #25's report designer through the production handler: every refused report of the issue, params bound (never
 * spliced), paging / sort / filters, tenants, access, the data sources (password encrypted and never answered, 测试连接),
 * and the seeded 各校区本月课消 against a direct count. Runs on PGlite and PostgreSQL (PGLITE_SAMPLE).
 */

let be: TestBackend;
let admin: string;
let jiaowu: string;
let teacher: string;
const pgUrl = process.env.TEST_DATABASE_URL;

type Page = { total: number; records: Record<string, unknown>[] };

const post = async (path: string, json: unknown, token = admin) => (await be.call(path, { method: 'POST', json, token })).body;
const put = async (path: string, json: unknown, token = admin) => (await be.call(path, { method: 'PUT', json, token })).body;
const get = async (path: string, token = admin) => (await be.call(path, { token })).body;
const data = async (code: string, query = '', token = admin) => {
  const r = await get(`/online/cgreport/api/getData/${code}?${query}`, token);
  expect(r).toMatchObject({ success: true });
  return r.result as Page;
};

const item = (fieldName: string, extra: Partial<CgreportItem> = {}): CgreportItem => ({
  fieldName, fieldTxt: fieldName, fieldWidth: null, fieldType: 'String', isShow: 1, isOrder: 0, isSearch: 0, searchMode: null, dictCode: null, orderNum: 0, ...extra,
});
async function addReport(code: string, cgrSql: string, items: CgreportItem[], params: string[] = [], dbSource: string | null = null): Promise<string> {
  const body: CgreportSaveBody = { head: { code, name: `报表${code}`, cgrSql, dbSource }, items, params: params.map((p, i) => ({ paramName: p, paramTxt: p, paramValue: null, orderNum: i })) };
  const r = await post('/online/cgreport/head/add', body);
  expect(r).toMatchObject({ success: true });
  return (r.result as { id: string }).id;
}

const LOCS = [
  { id: 'rpt_loc_a', name: 'RPTLOC-甲', max_member: 30 },
  { id: 'rpt_loc_b', name: 'RPTLOC-乙', max_member: 10 },
  { id: 'rpt_loc_c', name: 'RPTLOC-丙', max_member: 20 },
];

beforeAll(async () => {
  // The slow report below stops at 0.3 s instead of 5 s (PostgreSQL; PGlite refuses it from the plan's cost first).
  process.env.REPORT_STATEMENT_TIMEOUT_MS = '300';
  // The test PostgreSQL and the fake servers below listen on loopback (ONLINE_DATASOURCE_ALLOW_LOOPBACK=1).
  be = await startTestBackend({ dataSourceAllowLoopback: true });
  [admin, jiaowu, teacher] = await Promise.all([be.login('admin'), be.login('jiaowu'), be.login('teacher2')]);
  const loc = (l: (typeof LOCS)[number], tenant = 1) => ({ ...l, province: '110000', city: '110000', detail_location: '地址', tenant_id: tenant });
  await be.db.insertInto('tbl_location').values([...LOCS.map((l) => loc(l)), loc({ id: 'rpt_loc_t2', name: 'RPTLOC-别的租户', max_member: 99 }, 2)]).execute();
}, 120_000);
afterAll(async () => {
  delete process.env.REPORT_STATEMENT_TIMEOUT_MS;
  await closeAllSourcePools();
  await be?.close();
});

describe('refused reports (issue #25 "bad input"), each with a message naming what is refused', () => {
  const REFUSED: [string, RegExp][] = [
    ['select 1 as a; select 2 as b', /只能包含一条 SELECT 语句/],
    ['drop table tbl_location', /不允许 CREATE\/ALTER\/DROP 等 DDL/],
    ['create table rpt_x (a int)', /DDL/],
    ['alter table sys_user add column x int', /DDL/],
    ["update sys_user set realname = 'x'", /不允许 INSERT\/UPDATE\/DELETE/],
    ['delete from tbl_location', /不允许 INSERT\/UPDATE\/DELETE/],
    ['with d as (delete from tbl_location returning id) select id from d', /不允许 INSERT\/UPDATE\/DELETE/],
    ['select id from tbl_location for update', /FOR UPDATE/],
    ['select id into rpt_copy from tbl_location', /SELECT INTO/],
    ["select nextval('rpt_seq') as n", /不允许调用函数 nextval/],
    ["select set_config('role', 'postgres', false) as s", /不允许调用函数 set_config/],
    ["select pg_read_file('/etc/passwd') as f", /不允许调用函数 pg_read_file/],
    ["select lo_import('/etc/passwd') as f", /不允许调用函数 lo_import/],
    ['select pg_sleep(10) as s', /不允许调用函数 pg_sleep/],
    ['select id from tbl_location where pg_catalog.pg_sleep(1) is null', /不允许调用函数 pg_catalog\.pg_sleep/],
    ['select username, password_hash from sys_user', /不允许读取密码字段/],
    ['select u.username from sys_user u where u.password = $$x$$', /不允许读取密码字段/],
    ["select username from sys_user natural join (select 'x' as password_hash) t", /NATURAL JOIN/],
    ["select u.username from sys_user u join (select 'x' as password_hash) t using (password_hash)", /不允许读取密码字段/],
    ['select * from sys_user', /不允许 select \* 读取用户表/],
    ['select u.* from sys_user u', /用户表（sys_user）/],
    ['select u::text as t from sys_user u', /不允许读取用户表（sys_user）的整行/],
    ['select relname from pg_catalog.pg_class', /不允许指定模式/],
    ['select table_name from information_schema.tables', /不允许指定模式/],
    ['select token_hash from sys_user_session', /不允许读取表 sys_user_session/],
    ["select 'sys_user'::regclass as r", /不允许转换为类型 regclass/],
    ["select id from tbl_location where name like '%${kw}%'", /不能写在引号内/],
    ['select id from tbl_location where id = $1', /不要直接写 \$1/],
    ['selec 1', /SQL 语法错误/],
  ];

  it('解析SQL refuses each, and nothing changed', async () => {
    const before = await be.db.selectFrom('tbl_location').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    for (const [text, message] of REFUSED) {
      const r = await post('/online/cgreport/head/parseSql', { sql: text, params: {} });
      expect({ text, success: r.success }).toEqual({ text, success: false });
      expect(r.message).toMatch(message);
    }
    const after = await be.db.selectFrom('tbl_location').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await be.db.selectFrom('sys_user').select('realname').where('username', '=', 'admin').executeTakeFirst()).toEqual({ realname: '管理员' });
  });

  it('saving refuses the same SQL, a code of a built-in report and a changed code; nothing is stored', async () => {
    const r = await post('/online/cgreport/head/add', { head: { code: 'rpt_sleep', name: '睡', cgrSql: 'select pg_sleep(10) as s' }, items: [item('s')], params: [] });
    expect(r).toMatchObject({ success: false, message: expect.stringMatching(/pg_sleep/) });
    const clash = await post('/online/cgreport/head/add', { head: { code: 'depart_post', name: '岗位', cgrSql: 'select 1 as a' }, items: [item('a')], params: [] });
    expect(clash).toMatchObject({ success: false, message: '报表编码 depart_post 已被系统内置报表使用，请换一个' });
    const undeclared = await post('/online/cgreport/head/add', { head: { code: 'rpt_p', name: 'P', cgrSql: 'select 1 as a where 1 = ${x}' }, items: [item('a')], params: [] });
    expect(undeclared).toMatchObject({ success: false, message: 'SQL 使用了参数 ${x}，请在参数中声明它' });
    const notColumn = await post('/online/cgreport/head/add', { head: { code: 'rpt_c', name: 'C', cgrSql: 'select 1 as a' }, items: [item('b')], params: [] });
    expect(notColumn).toMatchObject({ success: false, message: '字段 b 不在SQL的查询结果中，请重新解析SQL' });
    expect(await be.db.selectFrom('onl_cgreport_head').select('code').where('code', 'in', ['rpt_sleep', 'depart_post', 'rpt_p', 'rpt_c']).execute()).toEqual([]);

    const id = await addReport('rpt_fixed', 'select 1 as a', [item('a')]);
    const renamed = await put('/online/cgreport/head/edit', { head: { id, code: 'rpt_fixed2', name: 'x', cgrSql: 'select 1 as a' }, items: [item('a')], params: [] });
    expect(renamed).toMatchObject({ success: false, message: '报表编码不能修改' });
  });

  it('stops a report that runs past the timeout, with a message, and keeps serving', async () => {
    await addReport('rpt_slow', 'select count(*) as n from generate_series(1, 100000) a, generate_series(1, 100000) b', [item('n', { fieldType: 'Integer' })]);
    const r = await get('/online/cgreport/api/getData/rpt_slow');
    expect(r).toMatchObject({ success: false, message: REPORT_TIMEOUT_MESSAGE });
    expect((await data('depart_post')).total).toBeGreaterThanOrEqual(0);
  });
});

describe('running designer reports', () => {
  it('binds params as values: a value with SQL in it is just a value', async () => {
    await addReport('rpt_by_name', 'select id as loc_id, name as loc_name from tbl_location where name = ${nm}', [item('loc_id'), item('loc_name')], ['nm']);
    expect((await data('rpt_by_name', `self_nm=${encodeURIComponent('RPTLOC-甲')}`)).records).toEqual([{ loc_id: 'rpt_loc_a', loc_name: 'RPTLOC-甲' }]);
    for (const hostile of ["x' or '1'='1", "'; drop table tbl_location; --", 'RPTLOC-甲\' or name like \'%']) {
      expect(await data('rpt_by_name', `self_nm=${encodeURIComponent(hostile)}`)).toEqual({ total: 0, records: [] });
    }
    expect(await be.db.selectFrom('tbl_location').select('id').where('id', '=', 'rpt_loc_a').executeTakeFirst()).toBeDefined();
  });

  it('pages, sorts (sortable items only) and filters on the server, within the caller\'s tenant', async () => {
    await addReport('rpt_locs', "select name as loc_name, max_member, id as hidden_id from tbl_location where name like 'RPTLOC%'", [
      item('loc_name', { isOrder: 1, isSearch: 1, searchMode: 'single' }),
      item('max_member', { fieldType: 'Integer', isOrder: 1, isSearch: 1, searchMode: 'group' }),
      item('hidden_id', { isShow: 0 }),
    ]);
    // RPTLOC-别的租户 is tenant 2's: never seen from tenant 1.
    const all = await data('rpt_locs', 'column=max_member&order=asc&pageSize=10');
    expect(all).toEqual({ total: 3, records: [{ loc_name: 'RPTLOC-乙', max_member: 10 }, { loc_name: 'RPTLOC-丙', max_member: 20 }, { loc_name: 'RPTLOC-甲', max_member: 30 }] });
    const page2 = await data('rpt_locs', 'column=max_member&order=desc&pageSize=2&pageNo=2');
    expect(page2).toEqual({ total: 3, records: [{ loc_name: 'RPTLOC-乙', max_member: 10 }] });
    expect((await data('rpt_locs', `loc_name=${encodeURIComponent('丙')}`)).records).toEqual([{ loc_name: 'RPTLOC-丙', max_member: 20 }]);
    expect((await data('rpt_locs', 'max_member_begin=15&max_member_end=25')).records).toEqual([{ loc_name: 'RPTLOC-丙', max_member: 20 }]);
    expect(await get('/online/cgreport/api/getData/rpt_locs?column=hidden_id')).toMatchObject({ success: false });

    const cols = (await get('/online/cgreport/api/getRpColumns/rpt_locs')).result as { columns: { dataIndex: string; sorter: boolean }[]; chart: unknown; cgRpConfigName: string };
    expect(cols.columns.map((c) => [c.dataIndex, c.sorter])).toEqual([['loc_name', true], ['max_member', true]]);
    expect(cols).toMatchObject({ chart: null, cgRpConfigName: '报表rpt_locs' });
    expect((await get('/online/cgreport/api/getQueryInfo/rpt_locs')).result).toEqual([
      { label: 'loc_name', field: 'loc_name', view: 'string', mode: 'single' },
      { label: 'max_member', field: 'max_member', view: 'int', mode: 'group' },
    ]);
    const res = await be.fetch(new Request('http://backend/online/cgreport/api/exportXls/rpt_locs?column=max_member&order=asc', { headers: { 'X-Access-Token': admin } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/spreadsheet|excel|octet/);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('runs under a reader role that may read only the tables reports used, never the credentials', async () => {
    await addReport('rpt_users', "select username, realname from sys_user where username = 'admin'", [item('username'), item('realname')]);
    expect((await data('rpt_users')).records).toEqual([{ username: 'admin', realname: '管理员' }]);
    const r = await sql<{ users: boolean; pw: boolean; sessions: boolean }>`select
      has_column_privilege(${READER_ROLE}, 'sys_user', 'username', 'select') as users,
      has_column_privilege(${READER_ROLE}, 'sys_user', 'password_hash', 'select') as pw,
      has_table_privilege(${READER_ROLE}, 'sys_user_session', 'select') as sessions`.execute(be.db);
    expect(r.rows[0]).toEqual({ users: true, pw: false, sessions: false });
  });

  it('lets holders of the report\'s codes or of the designer read it, and nobody else', async () => {
    expect(await get('/online/cgreport/api/getData/rpt_locs', teacher)).toMatchObject({ success: false, code: 510 });
    expect(await get('/online/cgreport/api/getData/rpt_locs', jiaowu)).toMatchObject({ success: false, code: 510 });
    expect(await get('/online/cgreport/head/list', jiaowu)).toMatchObject({ success: false, code: 510 });
    expect(await post('/online/cgreport/head/parseSql', { sql: 'select 1 as a' }, jiaowu)).toMatchObject({ success: false, code: 510 });
    expect(await get('/online/cgreport/api/getData/no_such_report')).toMatchObject({ success: false, message: '该报表不存在或已删除' });
  });

  it('解析SQL proposes items and params and previews at most 10 rows', async () => {
    const r = await post('/online/cgreport/head/parseSql', { sql: "select name as loc_name, max_member from tbl_location where name like 'RPTLOC%' and max_member >= ${m} order by max_member", params: { m: '15' } });
    expect(r).toMatchObject({ success: true });
    const result = r.result as { items: CgreportItem[]; params: { paramName: string }[]; preview: unknown[] };
    expect(result.items.map((i) => [i.fieldName, i.fieldType])).toEqual([['loc_name', 'String'], ['max_member', 'Integer']]);
    expect(result.params.map((p) => p.paramName)).toEqual(['m']);
    expect(result.preview).toEqual([{ loc_name: 'RPTLOC-丙', max_member: 20 }, { loc_name: 'RPTLOC-甲', max_member: 30 }]);
  });

  it('adds a report to the menu once, for the adder\'s roles, and deleting it removes the menu rows', async () => {
    const id = (await be.db.selectFrom('onl_cgreport_head').select('id').where('code', '=', 'rpt_locs').executeTakeFirstOrThrow()).id;
    const first = await post(`/online/cgreport/head/addMenu/${id}`, { parentId: 'perm_edu', name: '场地人数' });
    expect(first).toMatchObject({ success: true, result: { url: '/online/cgreport/rpt_locs', created: true } });
    expect(await post(`/online/cgreport/head/addMenu/${id}`, { parentId: 'perm_edu' })).toMatchObject({ success: true, result: { created: false } });
    const buttons = await be.db.selectFrom('sys_permission').select('perms').where('parent_id', '=', (first.result as { id: string }).id).orderBy('perms').execute();
    expect(buttons.map((b) => b.perms)).toEqual(['online:report:rpt_locs:exportXls', 'online:report:rpt_locs:list']);
    expect(await be.call(`/online/cgreport/head/delete?id=${id}`, { method: 'DELETE', token: jiaowu }).then((r) => r.body)).toMatchObject({ code: 510 });
    expect((await be.call(`/online/cgreport/head/delete?id=${id}`, { method: 'DELETE', token: admin })).body).toMatchObject({ success: true });
    const menu = await be.db.selectFrom('sys_permission').select('del_flag').where('url', '=', '/online/cgreport/rpt_locs').executeTakeFirstOrThrow();
    expect(menu.del_flag).toBe(1);
    expect(await get('/online/cgreport/api/getData/rpt_locs')).toMatchObject({ success: false, message: '该报表不存在或已删除' });
  });
});

describe('数据源', () => {
  const PASSWORD = 'S3cret-数据源-pw';
  let dsId: string;

  it('stores the password encrypted, never answers it, and refuses what is not PostgreSQL', async () => {
    const r = await post('/sys/dataSource/add', { code: 'rpt_ds', name: '测试库', dbType: '6', dbUrl: 'jdbc:postgresql://127.0.0.1:5432/school', dbUsername: 'reader', dbPassword: PASSWORD });
    expect(r).toMatchObject({ success: true, result: { code: 'rpt_ds', dbName: 'school', dbUsername: 'reader' } });
    dsId = (r.result as { id: string }).id;
    const listed = await get('/sys/dataSource/list?code=rpt_ds');
    const byId = await get(`/sys/dataSource/queryById?id=${dsId}`);
    for (const answer of [r, listed, byId]) expect(JSON.stringify(answer)).not.toMatch(/S3cret|dbPassword|db_password/);
    const stored = await be.db.selectFrom('sys_data_source').select('db_password').where('id', '=', dsId).executeTakeFirstOrThrow();
    expect(stored.db_password).toMatch(/^v1:/);
    expect(stored.db_password).not.toContain('S3cret');
    expect(decryptSecret(stored.db_password, secretKey(be.config))).toBe(PASSWORD);
    // An edit without a password keeps the stored one.
    expect(await put('/sys/dataSource/edit', { id: dsId, code: 'rpt_ds', name: '测试库2', dbUrl: 'postgres://127.0.0.1:5432/school', dbUsername: 'reader', dbPassword: '' })).toMatchObject({ success: true });
    const kept = await be.db.selectFrom('sys_data_source').select('db_password').where('id', '=', dsId).executeTakeFirstOrThrow();
    expect(decryptSecret(kept.db_password, secretKey(be.config))).toBe(PASSWORD);
    expect(await post('/sys/dataSource/add', { code: 'rpt_my', name: 'MySQL', dbUrl: 'jdbc:mysql://127.0.0.1:3306/x', dbUsername: 'a', dbPassword: 'b' })).toMatchObject({
      success: false,
      message: expect.stringMatching(/^只支持 PostgreSQL 数据源/),
    });
    expect(await get('/sys/dataSource/list', jiaowu)).toMatchObject({ success: false, code: 510 });
  });

  it('测试连接 answers one message for every failure; the detail goes to the log (issue #38)', async () => {
    const warn = jest.spyOn(dataSourceLog(), 'warn');
    const hangUp = await startFakePg('hang-up');
    const asks = await startFakePg('ask-password');
    try {
      const test = (dbUrl: string) => post('/online/cgreport/api/testConnection', { dbUrl, dbUsername: 'x', dbPassword: 'y' });
      // Closed port, a server that hangs up, a refused password: nothing tells them apart.
      for (const dbUrl of ['postgres://127.0.0.1:1/nothing', `postgres://127.0.0.1:${hangUp.port}/x`, `jdbc:postgresql://127.0.0.1:${asks.port}/x`]) {
        expect(await test(dbUrl)).toEqual(expect.objectContaining({ success: false, message: CONNECT_FAILED }));
      }
      expect(hangUp.connections).toBe(1);
      expect(asks.passwords).toEqual(['y']);
      const logged = warn.mock.calls.map(([fields]) => JSON.stringify(fields)).join('\n');
      expect(logged).toMatch(/ECONNREFUSED 127\.0\.0\.1:1/);
      expect(logged).toMatch(/password authentication failed/);
    } finally {
      warn.mockRestore();
      await Promise.all([hangUp.close(), asks.close()]);
    }
  });

  it('测试连接 and reports never reach link-local, multicast or unspecified addresses (issue #38)', async () => {
    for (const host of ['169.254.169.254', '[::ffff:169.254.169.254]', '[fe80::1]', '224.0.0.1', '0.0.0.0']) {
      const started = Date.now();
      expect(await post('/online/cgreport/api/testConnection', { dbUrl: `postgres://${host}:5432/x`, dbUsername: 'x', dbPassword: 'y' })).toMatchObject({ success: false, message: ADDRESS_REFUSED });
      expect(Date.now() - started).toBeLessThan(1000); // refused before any connection attempt (its timeout is 5 s)
    }
    expect(await post('/sys/dataSource/add', { code: 'rpt_meta', name: '元数据', dbUrl: 'postgres://169.254.169.254/x', dbUsername: 'x', dbPassword: 'y' })).toMatchObject({ success: true });
    await addReport('rpt_on_meta', 'select 1 as one', [item('one')], [], 'rpt_meta');
    expect(await get('/online/cgreport/api/getData/rpt_on_meta')).toMatchObject({ success: false, message: ADDRESS_REFUSED });
  });

  it('a stored password goes only to the stored host, port, database and user (issue #38)', async () => {
    const saved = await startFakePg('ask-password');
    const other = await startFakePg('ask-password');
    try {
      const url = `jdbc:postgresql://127.0.0.1:${saved.port}/school`;
      const add = await post('/sys/dataSource/add', { code: 'rpt_pw', name: '口令', dbUrl: url, dbUsername: 'reader', dbPassword: PASSWORD });
      const id = (add.result as { id: string }).id;
      const test = (dbUrl: string, dbUsername = 'reader') => post('/online/cgreport/api/testConnection', { id, dbUrl, dbUsername, dbPassword: '' });
      // Another port, another name for the host, another database, another user: asked again, nothing connects.
      for (const [dbUrl, user] of [
        [`postgres://127.0.0.1:${other.port}/school`, 'reader'],
        [`postgres://localhost:${saved.port}/school`, 'reader'],
        [`postgres://127.0.0.1:${saved.port}/other`, 'reader'],
        [url, 'postgres'],
      ]) {
        expect(await test(dbUrl, user)).toMatchObject({ success: false, message: PASSWORD_AGAIN });
      }
      expect([saved.connections, other.connections]).toEqual([0, 0]);
      // The same server written the other way (postgres:// for jdbc:postgresql://) gets the stored password.
      expect(await test(`postgres://127.0.0.1:${saved.port}/school`)).toMatchObject({ success: false, message: CONNECT_FAILED });
      expect(saved.passwords).toEqual([PASSWORD]);
      // A typed password may go anywhere allowed.
      expect(await post('/online/cgreport/api/testConnection', { id, dbUrl: `postgres://127.0.0.1:${other.port}/school`, dbUsername: 'reader', dbPassword: 'typed' })).toMatchObject({ message: CONNECT_FAILED });
      expect(other.passwords).toEqual(['typed']);

      // 编辑: a new address or user without the password is refused and the row stays; with it, it is saved.
      const edit = (dbUrl: string, dbPassword = '') => put('/sys/dataSource/edit', { id, code: 'rpt_pw', name: '口令', dbUrl, dbUsername: 'reader', dbPassword });
      expect(await edit(`postgres://127.0.0.1:${other.port}/school`)).toMatchObject({ success: false, message: PASSWORD_AGAIN });
      expect((await be.db.selectFrom('sys_data_source').select('db_url').where('id', '=', id).executeTakeFirstOrThrow()).db_url).toBe(url);
      expect(await edit(`postgres://127.0.0.1:${saved.port}/school`)).toMatchObject({ success: true });
      expect(await edit(`postgres://127.0.0.1:${other.port}/school`, 'new-pw')).toMatchObject({ success: true });
    } finally {
      await Promise.all([saved.close(), other.close()]);
    }
  });

  (pgUrl ? it : it.skip)('on PostgreSQL: 测试连接 succeeds, a report runs on the source, and a used source cannot be deleted', async () => {
    const url = new URL(be.config.databaseUrl!);
    const dbUrl = `postgres://${url.hostname}:${url.port || 5432}${url.pathname}`;
    expect(await post('/online/cgreport/api/testConnection', { dbUrl, dbUsername: decodeURIComponent(url.username), dbPassword: decodeURIComponent(url.password) })).toMatchObject({ success: true, message: '连接成功' });
    const src = await post('/sys/dataSource/add', { code: 'rpt_self', name: '本库副本', dbUrl, dbUsername: decodeURIComponent(url.username), dbPassword: decodeURIComponent(url.password) || 'unused' });
    expect(src).toMatchObject({ success: true });
    // The saved source with its stored password, on its own server (issue #38).
    const srcId = (src.result as { id: string }).id;
    expect(await post('/online/cgreport/api/testConnection', { id: srcId, dbUrl: `jdbc:postgresql://${url.hostname}:${url.port || 5432}${url.pathname}`, dbUsername: decodeURIComponent(url.username), dbPassword: '' })).toMatchObject({ success: true, message: '连接成功' });
    await addReport('rpt_on_source', "select name as loc_name from tbl_location where id = 'rpt_loc_a'", [item('loc_name')], [], 'rpt_self');
    expect((await data('rpt_on_source')).records).toEqual([{ loc_name: 'RPTLOC-甲' }]);
    const del = await be.call(`/sys/dataSource/delete?id=${(src.result as { id: string }).id}`, { method: 'DELETE', token: admin });
    expect(del.body).toMatchObject({ success: false, message: expect.stringMatching(/正被报表使用/) });
  });
});

describe('the seeded 各校区本月课消', () => {
  it('is on the menu for 教务, draws a bar chart and matches a direct count of this month', async () => {
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const at = (day: number, hour: number) => new Date(`${month}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+08:00`);
    const session = (id: string, loc: string, day: number, extra: Record<string, unknown> = {}) => ({ id, location_id: loc, start_time: at(day, 10), end_time: at(day, 11), type: 0, status: 1, ...extra });
    await be.db
      .insertInto('tbl_calendar')
      .values([
        session('rpt_cal_1', 'rpt_loc_a', 10),
        session('rpt_cal_2', 'rpt_loc_a', 11),
        session('rpt_cal_3', 'rpt_loc_b', 12),
        session('rpt_cal_x', 'rpt_loc_b', 13, { status: 2 }),
        session('rpt_cal_t2', 'rpt_loc_a', 14, { tenant_id: 2 }),
      ])
      .execute();
    const ls = (id: string, cal: string, arrival: number) => ({ id, calendar_id: cal, student_id: `stu_${id}`, arrival_status: arrival });
    await be.db.insertInto('tbl_lesson_student').values([ls('rpt_ls_1', 'rpt_cal_1', 1), ls('rpt_ls_2', 'rpt_cal_1', 2), ls('rpt_ls_3', 'rpt_cal_1', 4), ls('rpt_ls_4', 'rpt_cal_3', 1)]).execute();
    const log = (id: string, cal: string, lsId: string, hours: string, status = 0) => ({ id, student_course_id: 'sc', student_id: 's', calendar_id: cal, lesson_student_id: lsId, hours, hours_before: '10', hours_after: '8', status });
    await be.db.insertInto('tbl_consume_log').values([log('rpt_cl_1', 'rpt_cal_1', 'rpt_ls_1', '2'), log('rpt_cl_2', 'rpt_cal_1', 'rpt_ls_2', '1.5'), log('rpt_cl_3', 'rpt_cal_3', 'rpt_ls_4', '2', 1)]).execute();

    // jiaowu (role_academic) holds the seeded report's codes and sees its menu row.
    const menu = await be.db
      .selectFrom('sys_permission as p')
      .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
      .select('rp.role_id')
      .where('p.url', '=', '/online/cgreport/campus_consume_month')
      .orderBy('rp.role_id')
      .execute();
    expect(menu.map((m) => m.role_id)).toEqual(['role_academic', 'role_admin']);
    const cols = (await get('/online/cgreport/api/getRpColumns/campus_consume_month', jiaowu)).result as { chart: unknown; columns: { title: string }[] };
    expect(cols.chart).toEqual({ type: 'bar', x: 'venue_name', y: ['consume_hours'] });
    expect(cols.columns.map((c) => c.title)).toEqual(['校区/场地', '课次', '到课人次', '课消课时']);
    expect((await get('/online/cgreport/api/getParamsInfo/campus_consume_month', jiaowu)).result).toEqual([{ paramName: 'month', paramTxt: '月份（YYYY-MM，留空为本月）', paramValue: null, orderNum: 1 }]);

    // The direct count: tenant 1's sessions of the month (not cancelled), attended students, hours not revoked.
    const direct = await sql<{ venue_name: string; lesson_count: number; attended_count: number; consume_hours: string }>`
      select l.name as venue_name,
        (select count(*) from tbl_calendar c where c.location_id = l.id and c.tenant_id = 1 and c.del_flag = 0 and c.type = 0 and c.status in (0, 1)
          and to_char(c.start_time at time zone 'Asia/Shanghai', 'YYYY-MM') = ${month}) as lesson_count,
        (select count(*) from tbl_lesson_student s join tbl_calendar c on c.id = s.calendar_id where c.location_id = l.id and c.tenant_id = 1 and c.del_flag = 0
          and c.type = 0 and c.status in (0, 1) and s.arrival_status in (1, 2) and to_char(c.start_time at time zone 'Asia/Shanghai', 'YYYY-MM') = ${month}) as attended_count,
        (select coalesce(sum(g.hours), 0) from tbl_consume_log g join tbl_calendar c on c.id = g.calendar_id where c.location_id = l.id and c.tenant_id = 1
          and c.del_flag = 0 and c.type = 0 and c.status in (0, 1) and g.status = 0 and to_char(c.start_time at time zone 'Asia/Shanghai', 'YYYY-MM') = ${month}) as consume_hours
      from tbl_location l where l.del_flag = 0 and l.tenant_id = 1`.execute(be.db);
    const expected = direct.rows
      .filter((r) => Number(r.lesson_count) > 0)
      .map((r) => ({ venue_name: r.venue_name, lesson_count: Number(r.lesson_count), attended_count: Number(r.attended_count), consume_hours: Number(r.consume_hours) }))
      .sort((a, b) => a.venue_name.localeCompare(b.venue_name));
    expect(expected.find((r) => r.venue_name === 'RPTLOC-甲')).toEqual({ venue_name: 'RPTLOC-甲', lesson_count: 2, attended_count: 2, consume_hours: 3.5 });
    const byDefault = await data('campus_consume_month', 'pageSize=100', jiaowu);
    const byMonth = await data('campus_consume_month', `pageSize=100&self_month=${month}`, jiaowu);
    for (const got of [byDefault, byMonth]) expect([...got.records].sort((a, b) => String(a.venue_name).localeCompare(String(b.venue_name)))).toEqual(expected);
    expect(await data('campus_consume_month', 'self_month=1999-01', jiaowu)).toEqual({ total: 0, records: [] });
  });
});
