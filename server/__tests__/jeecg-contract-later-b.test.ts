/** @jest-environment node */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { startTestBackend, type TestBackend } from './helpers';
import type { Envelope } from '../../lib/envelope';

/*
 * Issue #45 (items 4–6 and the monitor pages): calls of JeecgBoot's stock Vue 2 client (v3.4.0) in the shape it sends
 * them — OnlCgformAutoList's getColumns, OnlCgreportAutoList naming a report by its head id, the Online表单 and 报表
 * lists, UserOnlineList's rows and 强退, and the monitor pages' actuator and ActuatorRedisController paths.
 */

let be: TestBackend;
let admin: string;
let jiaowu: string;
let teacher: string;

type Body = Record<string, unknown> & Envelope;
type Rec = Record<string, unknown>;

/** getAction: GET with `_t` (epoch seconds), as JeecgBoot's client adds it; the body as it comes (envelope or raw). */
const getAction = async (path: string, token = admin) => (await be.call(`${path}${path.includes('?') ? '&' : '?'}_t=${Math.floor(Date.now() / 1000)}`, { token })).body as Body;
const postAction = async (path: string, json: unknown, token = admin) => (await be.call(path, { method: 'POST', json, token })).body as Body;

const FORM = 'textbook_receive';
let formHeadId: string;
const REPORT_HEAD_ID = 'rpt_campus_consume_month';

beforeAll(async () => {
  be = await startTestBackend();
  [admin, jiaowu, teacher] = await Promise.all([be.login('admin'), be.login('jiaowu'), be.login('teacher')]);
  formHeadId = (await be.db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', FORM).executeTakeFirstOrThrow()).id;
});

afterAll(async () => {
  await be.close();
});

// ---------------------------------------------------------------- online forms

describe('GET /online/cgform/api/getColumns/{headId} (OnlCgformAutoList.initAutoList)', () => {
  it("answers every field the stock list reads: flags 'Y'/'N', fieldHrefSlots, hideColumns, dictionary columns and the list JS增强 as text", async () => {
    const script = "class A { constructor(getAction, postAction, deleteAction) {} }";
    expect(await postAction(`/online/cgform/head/enhanceJs/${formHeadId}`, { cgJsType: 'list', cgJs: script })).toMatchObject({ success: true });
    const r = await getAction(`/online/cgform/api/getColumns/${formHeadId}`);
    expect(r.success).toBe(true);
    const res = r.result as Rec & { columns: Rec[]; dictOptions: Record<string, Rec[]>; enhance: { list: string; form: string } };
    expect(res).toMatchObject({ description: '教材领用登记', currentTableName: FORM, checkboxFlag: 'Y', paginationFlag: 'Y', fieldHrefSlots: [], hideColumns: [], cgButtonList: [], formTemplate: '1' });
    // The page evals `"(" + enhanceJs + ")"`: a string, never an object; our sandboxed screen reads both under `enhance`.
    expect(res.enhanceJs).toBe(script);
    expect(res.enhance).toEqual({ list: script, form: '' });
    expect(res.columns.map((c) => c.dataIndex)).toEqual(expect.arrayContaining(['student_name', 'textbook_name', 'status']));
    // A dictionary column's customRender names its options in dictOptions (filterMultiDictText(dictOptions[key], text)).
    const status = res.columns.find((c) => c.dataIndex === 'status')!;
    expect(res.dictOptions[status.customRender as string].map((o) => o.text)).toEqual(expect.arrayContaining(['已领取']));
  });

  it('hideColumns names the buttons whose form code the caller lacks', async () => {
    const codes = [`online:form:${FORM}:add`, `online:form:${FORM}:exportXls`];
    const perms = await be.db.selectFrom('sys_permission').select('id').where('perms', 'in', codes).execute();
    expect(perms).toHaveLength(2);
    await be.db
      .deleteFrom('sys_role_permission')
      .where('role_id', '=', 'role_academic')
      .where('permission_id', 'in', perms.map((p) => p.id))
      .execute();
    const res = (await getAction(`/online/cgform/api/getColumns/${FORM}`, jiaowu)).result as { hideColumns: string[] };
    expect(res.hideColumns.sort()).toEqual(['add', 'export']);
    expect(await getAction(`/online/cgform/api/getColumns/${FORM}`, teacher)).toMatchObject({ success: false, code: 510 });
  });
});

describe('the designers’ lists (OnlCgformHeadList, OnlCgreportHeadList)', () => {
  it('a form row carries tableVersion; a report row carries cgrSql', async () => {
    const forms = (await getAction(`/online/cgform/head/list?tableName=${FORM}&pageNo=1&pageSize=10`)).result as { records: Rec[] };
    expect(forms.records).toHaveLength(1);
    expect(forms.records[0].tableVersion).toBe(forms.records[0].formVersion);
    expect(typeof forms.records[0].tableVersion).toBe('number');
    const reports = (await getAction('/online/cgreport/head/list?code=campus_consume_month&pageNo=1&pageSize=10')).result as { records: Rec[] };
    expect(reports.records).toHaveLength(1);
    expect(reports.records[0].cgrSql).toMatch(/^\s*select/i);
  });
});

// ---------------------------------------------------------------- online reports

describe('OnlCgreportAutoList names a designer report by its head id', () => {
  it('getParamsInfo, getColumnsAndData and getColumns answer by head id as by code, with cgreportHeadName and fieldHrefSlots', async () => {
    const byId = await getAction(`/online/cgreport/api/getParamsInfo/${REPORT_HEAD_ID}`, jiaowu);
    expect(byId.success).toBe(true);
    expect(byId.result).toEqual((await getAction('/online/cgreport/api/getParamsInfo/campus_consume_month', jiaowu)).result);
    expect((byId.result as Rec[]).map((p) => p.paramName)).toEqual(['month']);
    const all = (await getAction(`/online/cgreport/api/getColumnsAndData/${REPORT_HEAD_ID}?pageNo=1&pageSize=10&self_month=`, jiaowu)).result as Rec & { data: { records: unknown[]; total: number }; columns: Rec[] };
    expect(all).toMatchObject({ cgreportHeadName: '各校区本月课消', fieldHrefSlots: [], isCheckbox: 'N' });
    expect(all.columns.length).toBeGreaterThan(0);
    expect(Array.isArray(all.data.records)).toBe(true);
    const cols = (await getAction(`/online/cgreport/api/getColumns/${REPORT_HEAD_ID}`, jiaowu)).result as Rec;
    expect(cols).toMatchObject({ cgreportHeadName: '各校区本月课消', columns: all.columns, dictOptions: all.dictOptions });
  });

  it("the report's own code decides the permission, whichever way the path names it; an unknown id is not found", async () => {
    expect(await getAction(`/online/cgreport/api/getColumnsAndData/${REPORT_HEAD_ID}`, teacher)).toMatchObject({ success: false, code: 510 });
    expect(await getAction(`/online/cgreport/api/getParamsInfo/${REPORT_HEAD_ID}`, teacher)).toMatchObject({ success: false, code: 510 });
    expect(await getAction('/online/cgreport/api/getParamsInfo/rpt_no_such_head', jiaowu)).toMatchObject({ success: false });
  });
});

// ---------------------------------------------------------------- online users

describe('UserOnlineList: GET /sys/online/list and POST /sys/online/forceLogout {token}', () => {
  it("rows carry SysUserOnlineVO's fields, the phone masked, and an opaque stable token that 强退 accepts", async () => {
    const user = await be.db.selectFrom('sys_user').select('id').where('username', '=', 'teacher').executeTakeFirstOrThrow();
    await be.db.updateTable('sys_user').set({ phone: '13800001234', avatar: 'temp/a.png', sex: 2, birthday: '1990-01-02' }).where('id', '=', user.id).execute();
    const other = await be.login('teacher');
    const list = async () => ((await getAction('/sys/online/list?username=teacher&pageNo=1&pageSize=50')).result as { records: Rec[] }).records.filter((r) => r.username === 'teacher');
    const rows = await list();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row).toMatchObject({ id: user.id, realname: expect.any(String), avatar: 'temp/a.png', sex: 2, sex_dictText: '女', phone: '138****1234', birthday: '1990-01-02' });
      expect(row.token).toMatch(/^[0-9a-f]{12}$/);
      expect(row.token).toBe(row.tokenHash);
    }
    // Never the session secret: no row's token is (or contains) a live access token.
    const json = JSON.stringify(rows);
    for (const t of [teacher, other]) expect(json).not.toContain(t);
    // Stable: the same sessions have the same tokens on the next read.
    expect((await list()).map((r) => r.token)).toEqual(rows.map((r) => r.token));

    // The token names the session by the start of its token's SHA-256 (what sys_user_session stores), not the token.
    const otherId = createHash('sha256').update(other).digest('hex').slice(0, 12);
    expect(rows.map((r) => r.token)).toContain(otherId);
    expect(await postAction('/sys/online/forceLogout', { token: otherId })).toMatchObject({ success: true, message: '强制退出成功！' });
    expect((await list()).map((r) => r.token)).not.toContain(otherId);
    const alive = (t: string) => be.call('/sys/permission/getUserPermissionByToken', { token: t }).then((r) => r.status !== 401);
    expect(await alive(other)).toBe(false);
    expect(await alive(teacher)).toBe(true);
  });

  it('a bad, unknown or own token is refused with a clear message', async () => {
    expect(await postAction('/sys/online/forceLogout', { token: 'not-a-session' })).toMatchObject({ success: false, message: '会话标识格式不正确' });
    expect(await postAction('/sys/online/forceLogout', { token: '000000000000' })).toMatchObject({ success: false, message: '会话不存在或已结束' });
    const mine = ((await getAction('/sys/online/list?username=admin&pageNo=1&pageSize=50')).result as { records: Rec[] }).records.find((r) => r.current)!;
    expect(await postAction('/sys/online/forceLogout', { token: mine.token })).toMatchObject({ success: false, message: '不能强制退出当前登录会话' });
    expect(await postAction('/sys/online/forceLogout', {})).toMatchObject({ success: false, message: '请选择用户' });
  });
});

// ---------------------------------------------------------------- monitor

const SYSTEM = ['system.cpu.count', 'system.cpu.usage', 'process.start.time', 'process.uptime', 'process.cpu.usage'];
const JVM = [
  'jvm.memory.max', 'jvm.memory.committed', 'jvm.memory.used', 'jvm.buffer.memory.used', 'jvm.buffer.count', 'jvm.threads.daemon', 'jvm.threads.live', 'jvm.threads.peak',
  'jvm.classes.loaded', 'jvm.classes.unloaded', 'jvm.gc.memory.allocated', 'jvm.gc.memory.promoted', 'jvm.gc.max.data.size', 'jvm.gc.live.data.size', 'jvm.gc.pause',
];
const TOMCAT = ['tomcat.sessions.created', 'tomcat.sessions.expired', 'tomcat.sessions.active.current', 'tomcat.sessions.active.max', 'tomcat.sessions.rejected'];

type Metric = { name: string; description: string; baseUnit: string | null; measurements: { statistic: string; value: number }[]; availableTags: unknown[] };
const metric = async (name: string) => (await getAction(`/actuator/metrics/${name}`)) as unknown as Metric;

describe('actuator metrics (SystemInfo, JvmInfo, TomcatInfo)', () => {
  it("every metric the stock pages ask for answers in Spring's raw shape with numbers", async () => {
    for (const name of [...SYSTEM, ...JVM, ...TOMCAT]) {
      const m = await metric(name);
      expect(m).toEqual({ name, description: expect.any(String), baseUnit: m.baseUnit, measurements: expect.any(Array), availableTags: [] });
      expect(m.measurements[0]).toEqual({ statistic: expect.any(String), value: expect.any(Number) });
      expect(Number.isFinite(m.measurements[0].value)).toBe(true);
    }
  });

  it('the figures are the Node process, machine and login sessions', async () => {
    const value = async (name: string) => (await metric(name)).measurements[0].value;
    expect(await value('system.cpu.count')).toBe(os.cpus().length);
    expect(await value('process.uptime')).toBeCloseTo(process.uptime(), -1);
    expect(Math.abs((await value('process.start.time')) - (Date.now() / 1000 - process.uptime()))).toBeLessThan(5);
    const used = await value('jvm.memory.used');
    expect(used).toBeGreaterThan(1024 * 1024);
    expect(await value('jvm.memory.max')).toBeGreaterThan(used);
    // JvmInfo reads measurements[0] as .count and [1] as .totalTime.
    expect((await metric('jvm.gc.pause')).measurements.map((x) => x.statistic)).toEqual(['COUNT', 'TOTAL_TIME']);
    const live = await be.db.selectFrom('sys_user_session').select((eb) => eb.fn.countAll<number>().as('n')).where('revoked_at', 'is', null).where('expires_at', '>', new Date()).executeTakeFirstOrThrow();
    expect(await value('tomcat.sessions.active.current')).toBe(Number(live.n));
    expect(await value('tomcat.sessions.active.max')).toBeGreaterThanOrEqual(Number(live.n));
    expect(await value('tomcat.sessions.created')).toBeGreaterThanOrEqual(3);
  });

  it('an unknown metric is 404', async () => {
    const r = await be.call('/actuator/metrics/jvm.nope', { token: admin });
    expect(r.status).toBe(404);
  });
});

describe('actuator/httptrace and sys/actuator/redis/* (HttpTrace, RedisInfo, DiskMonitoring)', () => {
  it("httptrace answers {traces} (empty where no request tracker runs, as in tests)", async () => {
    expect(await getAction('/actuator/httptrace')).toEqual({ traces: [] });
  });

  it('the database answers for Redis: info rows in the envelope, keysSize and memoryInfo raw', async () => {
    const info = await getAction('/sys/actuator/redis/info');
    expect(info.success).toBe(true);
    const rows = info.result as { key: string; value: string; description: string }[];
    for (const r of rows) expect(r).toEqual({ key: expect.any(String), value: expect.any(String), description: expect.any(String) });
    expect(rows.map((r) => r.key)).toEqual(expect.arrayContaining(['database_kind', 'server_version', 'used_memory', 'connected_clients']));
    const keys = (await getAction('/sys/actuator/redis/keysSize')) as unknown as Rec;
    expect(keys).toEqual({ dbSize: expect.any(Number), create_time: expect.any(Number) });
    expect(keys.dbSize as number).toBeGreaterThan(50);
    const mem = (await getAction('/sys/actuator/redis/memoryInfo')) as unknown as Rec;
    expect(mem).toEqual({ used_memory: expect.any(Number), create_time: expect.any(Number) });
    expect(mem.used_memory as number).toBeGreaterThan(1024 * 1024);
  });

  it('queryDiskInfo: the data folder’s file system as [{name, max, rest, restPPT}]', async () => {
    for (const path of ['/sys/actuator/redis/queryDiskInfo', '/actuator/redis/queryDiskInfo']) {
      const r = await getAction(path);
      expect(r).toMatchObject({ success: true, message: '查询成功' });
      const [disk] = r.result as { name: string; max: number; rest: number; restPPT: number }[];
      expect(disk.max).toBeGreaterThan(disk.rest);
      expect(disk.restPPT).toBeGreaterThanOrEqual(0);
      expect(disk.restPPT).toBeLessThanOrEqual(100);
    }
  });

  it('every path needs a session and 系统监控 permission, and no answer carries configuration or secrets', async () => {
    const paths = ['/actuator/metrics/jvm.memory.used', '/actuator/httptrace', '/sys/actuator/redis/info', '/sys/actuator/redis/keysSize', '/sys/actuator/redis/memoryInfo', '/sys/actuator/redis/queryDiskInfo'];
    for (const p of paths) {
      expect((await be.call(p)).status).toBe(401);
      expect(await getAction(p, teacher)).toMatchObject({ success: false, code: 510 });
      const text = JSON.stringify(await getAction(p));
      expect(text).not.toContain(admin);
      expect(text).not.toMatch(/password|secret|DATABASE_URL|postgres:\/\//i);
    }
  });
});
