/** @jest-environment node */
import { sql } from 'kysely';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { NO_PERMISSION } from '../../core/errors';
import { pruneOperationLogs } from '../../ops/operation-log';
import { listResources } from '../../resources/registry';
import { DATA_LOG_TABLE_OPTIONS } from '../../../features/system/logs/data-log-resource';
import { REDACTED } from '../../../lib/logs/redact';

/*
 * 操作日志 and 数据日志 (issue #24 items 7, 8) through the production handler: what a mutating call leaves in sys_log
 * (log_type 2) and what a save through the resource engine leaves in sys_data_log.
 */

let b: TestBackend;
let admin: string;

beforeAll(async () => {
  b = await startTestBackend();
  admin = await b.login('admin');
});
afterAll(async () => {
  await b.close();
});

type Page<T> = { records: T[]; total: number };
interface OpLog {
  id: string;
  username: string | null;
  logContent: string;
  operateType: number;
  requestType: string;
  requestUrl: string;
  requestParam: string | null;
  success: number;
  success_dictText: string;
  resultCode: number;
  resultMessage: string | null;
  costTime: number;
  ip: string;
  method: string;
}

const opLogs = async (query: string, token = admin) => b.call(`/sys/log/list?logType=2&pageSize=50&${query}`, { token });
const opPage = async (query: string) => {
  const r = await opLogs(query);
  expect(r.body.success).toBe(true);
  return r.body.result as Page<OpLog>;
};
const allOpRows = () => b.db.selectFrom('sys_log').selectAll().where('log_type', '=', 2).execute();

describe('操作日志', () => {
  const NEW_PASSWORD = 'Changed2026x';
  let teacherToken = '';

  beforeAll(async () => {
    teacherToken = await b.login('teacher2');
    const r = await b.call('/sys/user/updatePassword', { method: 'PUT', token: teacherToken, ip: '10.9.9.9', json: { oldpassword: 'jiaowu2026', password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD } });
    expect(r.body.success).toBe(true);
    // A failed call: the schema refuses an empty student.
    expect((await b.call('/edu/tblStudent/add', { method: 'POST', token: admin, json: { name: '' } })).body.success).toBe(false);
  });

  it('logs a login and a password change with who, where and the result; no password or token anywhere', async () => {
    const rows = await allOpRows();
    const text = JSON.stringify(rows);
    for (const secret of ['jiaowu2026', NEW_PASSWORD, teacherToken, admin]) expect(text).not.toContain(secret);
    const p = await opPage('username=teacher2');
    const change = p.records.find((r) => r.requestUrl === '/sys/user/updatePassword')!;
    expect(change).toMatchObject({ logContent: '修改密码', operateType: 3, requestType: 'PUT', success: 1, success_dictText: '成功', resultCode: 200, ip: '10.9.9.9', method: 'PUT /sys/user/updatePassword' });
    expect(JSON.parse(change.requestParam!)).toEqual({ oldpassword: REDACTED, password: REDACTED, confirmpassword: REDACTED });
    expect(change.costTime).toBeGreaterThanOrEqual(0);
    const login = p.records.find((r) => r.requestUrl === '/sys/login')!;
    expect(login).toMatchObject({ logContent: '用户登录', success: 1, resultMessage: '登录成功' });
    expect(JSON.parse(login.requestParam!)).toEqual({ username: 'teacher2', password: REDACTED });
  });

  it('logs a failed call with its result; calls refused for want of a session are not logged', async () => {
    const before = (await allOpRows()).length;
    const failed = (await opPage('success=0&requestUrl=/edu/tblStudent/add')).records[0];
    expect(failed).toMatchObject({ username: 'admin', logContent: '学员-添加', operateType: 2, success: 0, success_dictText: '失败', method: 'tblStudent.add()' });
    expect(failed.resultMessage).toBeTruthy();
    await b.call('/edu/tblStudent/add', { method: 'POST', json: { name: 'x' } });
    const wrong = await b.call('/sys/login', { method: 'POST', json: { username: 'teacher', password: 'wrong-one1' } });
    expect(wrong.body.success).toBe(false);
    const rows = await allOpRows();
    expect(rows.length).toBe(before + 1);
    expect(rows.find((r) => r.request_url === '/sys/login' && r.success === 0)).toMatchObject({ username: 'teacher', result_message: wrong.body.message });
  });

  it('lists with system:opLog:list only (510 otherwise); filters by user, path, method, result, type, date and keyword', async () => {
    for (const user of ['jiaowu', 'teacher']) expect((await opLogs('', await b.login(user))).body).toMatchObject({ success: false, code: 510, message: NO_PERMISSION });
    expect((await b.call('/sys/log/exportXls?logType=2', { token: await b.login('jiaowu') })).body.code).toBe(510);
    const put = await opPage('requestType=PUT');
    expect(put.total).toBeGreaterThan(0);
    expect(put.records.every((r) => r.requestType === 'PUT')).toBe(true);
    expect((await opPage('requestUrl=*updatePassword*&username=teacher2')).records.map((r) => r.requestUrl)).toEqual(['/sys/user/updatePassword']);
    expect((await opPage('keyWord=修改密码&username=teacher2')).total).toBe(1);
    expect((await opPage('keyWord=修改密码&username=nobody')).total).toBe(0);
    expect((await opPage('operateType=2&success=0')).records.every((r) => r.operateType === 2 && r.success === 0)).toBe(true);
    expect((await opPage('createTime_begin=2001-01-01&createTime_end=2001-12-31')).total).toBe(0);
    // Newest first by default.
    const ids = (await opPage('')).records.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    // The login log stays the login log.
    const logins = (await b.call('/sys/log/list?logType=1&pageSize=5', { token: admin })).body.result as Page<{ logType: number }>;
    expect(logins.records.every((r) => r.logType === 1)).toBe(true);
  });

  it('exports with system:opLog:exportXls', async () => {
    const res = await b.fetch(new Request('http://backend/sys/log/exportXls?logType=2&requestType=PUT', { headers: { 'X-Access-Token': admin } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('pruning removes only operation rows older than the age, in bounded batches', async () => {
    const now = new Date('2030-06-01T00:00:00Z');
    const at = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const values = [
      { log_type: 2, log_content: 'prune-old-1', create_time: at(91) },
      { log_type: 2, log_content: 'prune-old-2', create_time: at(200) },
      { log_type: 2, log_content: 'prune-old-3', create_time: at(365) },
      { log_type: 2, log_content: 'prune-young', create_time: at(89) },
      { log_type: 1, log_content: 'prune-login', create_time: at(365) },
    ];
    await b.db.insertInto('sys_log').values(values).execute();
    // Rows written by this run are "now" (2020s), far older than 2030 - 90 days: count them in.
    const olderOps = Number((await b.db.selectFrom('sys_log').select(sql<number>`count(*)`.as('n')).where('log_type', '=', 2).where('create_time', '<', at(90)).executeTakeFirstOrThrow()).n);
    expect(await pruneOperationLogs(b.db, { now, days: 90, batchSize: 2 })).toBe(olderOps);
    const left = await b.db.selectFrom('sys_log').select('log_content').where('log_content', 'like', 'prune-%').orderBy('log_content').execute();
    expect(left.map((r) => r.log_content)).toEqual(['prune-login', 'prune-young']);
  });
});

describe('数据日志', () => {
  interface Version {
    id: string;
    dataTable: string;
    dataTable_dictText: string;
    dataId: string;
    dataVersion: number;
    dataContent: string;
    createBy: string;
  }
  interface Compare {
    dataTableText: string;
    left: { dataVersion: number };
    right: { dataVersion: number };
    fields: { field: string; label: string; before: string | null; after: string | null; beforeText: string | null; afterText: string | null; changed: boolean }[];
  }
  const versions = async (table: string, id: string) => b.call(`/sys/dataLog/queryDataVerList?dataTable=${table}&dataId=${id}`, { token: admin });
  const save = async (action: 'add' | 'edit', json: Record<string, unknown>) => {
    const r = await b.call(`/edu/tblStudent/${action}`, { method: action === 'add' ? 'POST' : 'PUT', token: admin, json });
    expect(r.body).toMatchObject({ success: true });
    return r.body.result as { id: string };
  };

  it('offers every flagged resource in the screen’s table filter; accounts are not versioned', () => {
    const flagged = listResources().filter((r) => r.def.dataLog).map((r) => r.def.table);
    expect(flagged).toEqual(expect.arrayContaining(['tbl_student', 'tbl_clazz', 'tbl_course', 'tbl_teacher', 'tbl_location', 'tbl_lead', 'tbl_goods']));
    expect(new Set(DATA_LOG_TABLE_OPTIONS.map((o) => o.value))).toEqual(new Set(flagged));
    expect(flagged).not.toContain('sys_user');
  });

  it('a 学员 added and edited twice has versions 1..3; the comparison lists the changed fields with labels and texts', async () => {
    const { id } = await save('add', { name: '日志学员', phone: '13700000101', gender: 1, grade: '一年级' });
    await save('edit', { id, name: '日志学员', phone: '13700000101', gender: 2, grade: '二年级' });
    await save('edit', { id, name: '日志学员二', remark: '转班' });
    const r = await versions('tbl_student', id);
    const list = r.body.result as Version[];
    expect(list.map((v) => v.dataVersion)).toEqual([3, 2, 1]);
    expect(list[0]).toMatchObject({ dataTable: 'tbl_student', dataTable_dictText: '学员', dataId: id, createBy: 'admin' });
    const content = JSON.parse(list[0].dataContent) as Record<string, unknown>;
    expect(content).toMatchObject({ name: '日志学员二', gender: 2, grade: '二年级', remark: '转班' });
    expect(content).not.toHaveProperty('updateTime');
    expect(content).not.toHaveProperty('hoursLeft');

    const cmp = await b.call(`/sys/dataLog/compare?dataId1=${list[0].id}&dataId2=${list[2].id}`, { token: admin });
    const body = cmp.body.result as Compare;
    expect(body).toMatchObject({ dataTableText: '学员', left: { dataVersion: 1 }, right: { dataVersion: 3 } });
    expect(body.fields.filter((f) => f.changed).map((f) => [f.label, f.beforeText, f.afterText])).toEqual([
      ['姓名', '日志学员', '日志学员二'],
      ['性别', '男', '女'],
      ['年级', '一年级', '二年级'],
      ['备注', null, '转班'],
    ]);
    // JeecgBoot's shape: the two SysDataLog records, older first.
    const pair = await b.call(`/sys/dataLog/queryCompareList?dataId1=${list[0].id}&dataId2=${list[1].id}`, { token: admin });
    expect((pair.body.result as Version[]).map((v) => v.dataVersion)).toEqual([2, 3]);
    // The list, filtered by table and record.
    const page = (await b.call(`/sys/dataLog/list?dataTable=tbl_student&dataId=${id}`, { token: admin })).body.result as Page<Version>;
    expect(page.records.map((v) => v.dataVersion)).toEqual([3, 2, 1]);
  });

  it('the first edit of a record saved before logging keeps the state it found as version 1', async () => {
    const { id } = await save('add', { name: '旧学员', phone: '13700000102' });
    await b.db.deleteFrom('sys_data_log').where('data_id', '=', id).execute();
    await save('edit', { id, name: '旧学员', phone: '13700000102', school: '实验小学' });
    const list = (await versions('tbl_student', id)).body.result as Version[];
    expect(list.map((v) => [v.dataVersion, (JSON.parse(v.dataContent) as { school: string | null }).school])).toEqual([
      [2, '实验小学'],
      [1, null],
    ]);
  });

  it('a refused save leaves no version; reading needs system:dataLog:list; bad pairs are refused', async () => {
    const { id } = await save('add', { name: '重复学员', phone: '13700000103' });
    const dup = await b.call('/edu/tblStudent/edit', { method: 'PUT', token: admin, json: { id, name: '重复学员', phone: '13700000101' } });
    expect(dup.body.success).toBe(false);
    const list = (await versions('tbl_student', id)).body.result as Version[];
    expect(list.map((v) => v.dataVersion)).toEqual([1]);
    const jiaowu = await b.login('jiaowu');
    expect((await b.call('/sys/dataLog/list', { token: jiaowu })).body.code).toBe(510);
    expect((await b.call(`/sys/dataLog/queryDataVerList?dataTable=tbl_student&dataId=${id}`, { token: jiaowu })).body.code).toBe(510);
    expect((await versions('tbl_student', 'nope')).body).toMatchObject({ success: false, message: '未找到版本信息' });
    const other = (await b.call('/sys/dataLog/list?dataTable=tbl_student&pageSize=50', { token: admin })).body.result as Page<Version>;
    const foreign = other.records.find((v) => v.dataId !== id)!;
    expect((await b.call(`/sys/dataLog/compare?dataId1=${list[0].id}&dataId2=${foreign.id}`, { token: admin })).body).toMatchObject({ success: false, message: '只能比较同一条数据的两个版本' });
  });
});
