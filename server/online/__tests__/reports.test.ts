/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Envelope } from '../../../lib/envelope';

let be: TestBackend;
let admin: string;
let teacher: string;

type Body = Record<string, unknown> & Envelope;
type Data = { total: number; records: Record<string, unknown>[] };

const API = '/online/cgreport/api';
const get = async (path: string, token: string | undefined = admin) => (await be.call(`${API}/${path}`, { token })).body as Body;
const data = async (code: string, query = '', token = admin) => {
  const r = await get(`getData/${code}?${query}`, token);
  expect(r).toMatchObject({ success: true });
  return r.result as Data;
};

/** The tests' own posts (org_category '3') under existing departments, plus rows the report must not show. */
const POSTS = [
  { id: 'rpt_post_a', parent_id: 'dep_jwc', depart_name: '报表测试岗1', org_code: 'A01A01R01', org_category: '3', org_type: '3', del_flag: '0' },
  { id: 'rpt_post_b', parent_id: 'dep_bj_math', depart_name: '报表测试岗3', org_code: 'A01A03A01R01', org_category: '3', org_type: '4', del_flag: '0' },
  { id: 'rpt_post_c', parent_id: 'dep_mkt', depart_name: '报表测试岗2', org_code: 'A01A02R01', org_category: '3', org_type: '3', del_flag: '0' },
  // Deleted post and a plain department with a matching name: neither is listed.
  { id: 'rpt_post_gone', parent_id: 'dep_jwc', depart_name: '报表测试岗已删', org_code: 'A01A01R02', org_category: '3', org_type: '3', del_flag: '1' },
  { id: 'rpt_dept', parent_id: 'dep_jwc', depart_name: '报表测试部门', org_code: 'A01A01R03', org_category: '2', org_type: '3', del_flag: '0' },
];
const MINE = 'departName=报表测试';

beforeAll(async () => {
  be = await startTestBackend();
  [admin, teacher] = await Promise.all([be.login('admin'), be.login('teacher')]);
  await be.db.insertInto('sys_depart').values(POSTS).execute();
  // A known creation time for the date-range query (GMT+8 2025-03-15 10:00).
  await be.db.updateTable('sys_user').set({ create_time: new Date('2025-03-15T02:00:00Z') }).where('username', '=', 'teacher2').execute();
}, 120_000);
afterAll(() => be.close());

describe('online report API: access', () => {
  it('answers 401 without a token, like every other route', async () => {
    for (const path of ['getRpColumns/depart_post', 'getQueryInfo/depart_post', 'getData/depart_post']) {
      const r = await be.call(`${API}/${path}`);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录!' });
    }
  });

  it('lets any signed-in user read an open report, and needs the named permission otherwise', async () => {
    expect((await get('getData/depart_post', teacher)).success).toBe(true);
    for (const path of ['getRpColumns/sys_user_report', 'getQueryInfo/sys_user_report', 'getData/sys_user_report']) {
      expect(await get(path, teacher)).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
      expect((await get(path)).success).toBe(true);
    }
  });

  it('refuses unknown or hostile report codes on every endpoint', async () => {
    const codes = ['nope', 'information_schema.tables', "depart_post'--", 'depart_post;drop table sys_user', '__proto__', 'constructor', 'sys_user', encodeURIComponent('depart_post union select 1')];
    for (const code of codes) {
      for (const api of ['getRpColumns', 'getQueryInfo', 'getData']) {
        const r = await get(`${api}/${code}`);
        expect(r).toMatchObject({ success: false, message: '该报表不存在或已删除' });
      }
    }
    expect(await be.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').execute()).toHaveLength(1);
  });
});

describe('getRpColumns / getQueryInfo shapes (contract §10)', () => {
  it('describes 岗位列表', async () => {
    const r = await get('getRpColumns/depart_post');
    expect(r.success).toBe(true);
    const result = r.result as Record<string, unknown> & { columns: Record<string, unknown>[] };
    expect(result).toMatchObject({ cgRpConfigId: 'depart_post', cgRpConfigName: '岗位列表', dictOptions: {}, fieldHrefSlots: [], isGroupTitle: false });
    expect(result.columns.map((c) => [c.title, c.dataIndex])).toEqual([
      ['岗位名称', 'departName'],
      ['编码', 'orgCode'],
      ['所属部门', 'parentName'],
    ]);
    expect(result.columns[0]).toMatchObject({ fieldType: 'String', align: 'center', sorter: true, isTotal: '0', groupTitle: null, fieldWidth: 200 });
    expect(result.columns[0]).not.toHaveProperty('customRender');
  });

  it('gives dictionary columns a customRender key into dictOptions', async () => {
    const result = (await get('getRpColumns/sys_user_report')).result as { columns: Record<string, unknown>[]; dictOptions: Record<string, { value: string; text: string }[]>; cgRpConfigName: string };
    expect(result.cgRpConfigName).toBe('用户列表');
    expect(result.columns.map((c) => c.title)).toEqual(['用户账号', '用户姓名', '性别', '手机号码', '所属部门', '创建时间']);
    const sex = result.columns.find((c) => c.dataIndex === 'sex')!;
    expect(sex).toMatchObject({ customRender: 'sex', fieldType: 'Integer' });
    expect(result.dictOptions.sex.map((i) => [i.value, i.text])).toEqual([
      ['1', '男'],
      ['2', '女'],
    ]);
    expect(result.columns.find((c) => c.dataIndex === 'phone')).toMatchObject({ sorter: false });
  });

  it('lists the query fields, folding those after the 2nd', async () => {
    expect((await get('getQueryInfo/depart_post')).result).toEqual([
      { label: '岗位名称', field: 'departName', view: 'string', mode: 'single' },
      { label: '编码', field: 'orgCode', view: 'string', mode: 'single' },
    ]);
    expect((await get('getQueryInfo/sys_user_report')).result).toEqual([
      { label: '用户账号', field: 'username', view: 'string', mode: 'single' },
      { label: '用户姓名', field: 'realname', view: 'string', mode: 'single' },
      { label: '性别', field: 'sex', view: 'list', mode: 'single', dictCode: 'sex', hidden: '1' },
      { label: '创建时间', field: 'createTime', view: 'date', mode: 'group', hidden: '1' },
    ]);
  });
});

describe('getData', () => {
  it('lists live posts only, with their department, paged', async () => {
    const first = await data('depart_post', `${MINE}&pageNo=1&pageSize=2&column=departName&order=asc`);
    expect(first.total).toBe(3);
    expect(first.records).toEqual([
      { id: 'rpt_post_a', departName: '报表测试岗1', orgCode: 'A01A01R01', parentName: '教务处' },
      { id: 'rpt_post_c', departName: '报表测试岗2', orgCode: 'A01A02R01', parentName: '市场部' },
    ]);
    const second = await data('depart_post', `${MINE}&pageNo=2&pageSize=2&column=departName&order=asc`);
    expect(second).toEqual({ total: 3, records: [{ id: 'rpt_post_b', departName: '报表测试岗3', orgCode: 'A01A03A01R01', parentName: '数学教研组' }] });
  });

  it('sorts by a whitelisted column, by default by code', async () => {
    const byCode = await data('depart_post', MINE);
    expect(byCode.records.map((r) => r.orgCode)).toEqual(['A01A01R01', 'A01A02R01', 'A01A03A01R01']);
    // Chinese text orders by the database's collation: desc is asc reversed.
    const asc = await data('depart_post', `${MINE}&column=parentName&order=asc`);
    const desc = await data('depart_post', `${MINE}&column=parentName&order=desc`);
    expect(desc.records.map((r) => r.parentName)).toEqual(asc.records.map((r) => r.parentName).reverse());
    expect(new Set(desc.records.map((r) => r.parentName))).toEqual(new Set(['数学教研组', '市场部', '教务处']));
    // `_dictText` is stripped from a sort column, as in contract §7.
    expect((await data('sys_user_report', 'column=sex_dictText&order=asc&pageSize=50')).records[0].sex).toBe(1);
  });

  it('filters by contains, by `*` wildcards and by exact code', async () => {
    expect((await data('depart_post', 'departName=测试岗3')).records.map((r) => r.id)).toEqual(['rpt_post_b']);
    expect((await data('depart_post', `orgCode=${encodeURIComponent('A01A0*')}&${MINE}`)).total).toBe(3);
    expect((await data('depart_post', `orgCode=${encodeURIComponent('*R01')}&${MINE}`)).total).toBe(3);
    expect((await data('depart_post', 'orgCode=A01A02R01')).records.map((r) => r.id)).toEqual(['rpt_post_c']);
    // LIKE metacharacters match literally.
    expect((await data('depart_post', `departName=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('binds hostile values and ignores unknown parameters', async () => {
    for (const v of ["' or '1'='1", "x'; drop table sys_user; --", '") or 1=1 --']) {
      expect((await data('depart_post', `departName=${encodeURIComponent(v)}`)).total).toBe(0);
    }
    const all = await data('depart_post', MINE);
    // Unknown names (including SQL as a name) and JeecgBoot's extra params change nothing.
    const noisy = await data('depart_post', `${MINE}&${encodeURIComponent('1=1;drop table sys_user')}=1&self_x=1&field=id,,departName&_t=1&id=nope&del_flag=1`);
    expect(noisy).toEqual(all);
    expect(await be.db.selectFrom('sys_user').select('id').execute()).not.toHaveLength(0);
  });

  it('refuses a sort on anything but a sortable column', async () => {
    const hostile = ['departName;drop table sys_user', '"departName"', 'information_schema.tables', 'id', 'departOrder', 'departName desc, (select 1)', 'pg_sleep(5)'];
    for (const column of hostile) {
      const r = await get(`getData/depart_post?column=${encodeURIComponent(column)}&order=asc`);
      expect(r.success).toBe(false);
      expect(r.message).toBe(`请注意，将要排序的列字段不存在：${column.split(',')[0].trim()}`);
    }
    // A column that is shown but not sortable.
    expect((await get('getData/sys_user_report?column=phone')).message).toBe('请注意，将要排序的列字段不存在：phone');
    // The order is asc or desc, whatever else is sent.
    expect((await get(`getData/depart_post?${MINE}&column=departName&order=${encodeURIComponent('asc; drop table sys_user')}`)).success).toBe(true);
  });

  it('caps the page size', async () => {
    await be.db
      .insertInto('sys_depart')
      .values(Array.from({ length: 205 }, (_, i) => ({ id: `rpt_bulk_${i}`, parent_id: 'dep_sh', depart_name: `批量岗位${i}`, org_code: `A01A04B${String(i).padStart(3, '0')}`, org_category: '3', org_type: '3' })))
      .execute();
    const page = await data('depart_post', `departName=${encodeURIComponent('批量岗位')}&pageSize=100000`);
    expect(page.total).toBe(205);
    expect(page.records).toHaveLength(200);
    await be.db.deleteFrom('sys_depart').where('id', 'like', 'rpt\\_bulk\\_%').execute();
  });

  it('translates dictionaries, joins departments, and filters by dict value and date range', async () => {
    const users = await data('sys_user_report', 'username=teacher&column=username&order=asc');
    expect(users.records.map((r) => r.username)).toEqual(['teacher', 'teacher2']);
    expect(users.records[0]).toMatchObject({ realname: '李文静', sex: 2, sex_dictText: '女', phone: '13800000001', departNames: '北京校区,上海校区' });
    expect(users.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(users.records[0]).not.toHaveProperty('password');
    expect(users.records[0]).not.toHaveProperty('password_hash');

    const women = await data('sys_user_report', 'sex=2&pageSize=50');
    expect(women.records.length).toBeGreaterThan(0);
    expect(women.records.every((r) => r.sex === 2)).toBe(true);
    expect(await get('getData/sys_user_report?sex=1%3B%20drop')).toMatchObject({ success: false, message: expect.stringContaining('不是有效的整数') });

    // The whole GMT+8 day of 2025-03-15 counts, at both ends.
    expect((await data('sys_user_report', 'createTime_begin=2025-03-15&createTime_end=2025-03-15')).records.map((r) => r.username)).toEqual(['teacher2']);
    expect((await data('sys_user_report', 'createTime_begin=2025-03-16&createTime_end=2025-03-20')).total).toBe(0);
    expect(await get('getData/sys_user_report?createTime_begin=2025-02-30')).toMatchObject({ success: false });
  });

  it('leaves deleted users out of 用户列表', async () => {
    await be.db.updateTable('sys_user').set({ del_flag: 1 }).where('username', '=', 'frozen').execute();
    expect((await data('sys_user_report', 'username=frozen')).total).toBe(0);
    await be.db.updateTable('sys_user').set({ del_flag: 0 }).where('username', '=', 'frozen').execute();
    expect((await data('sys_user_report', 'username=frozen')).total).toBe(1);
  });
});
