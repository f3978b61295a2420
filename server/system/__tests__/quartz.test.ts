/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { NO_PERMISSION } from '../../core/errors';
import { CLASS_EXISTS, CRON_INVALID } from '../quartz-routes';
import { QuartzScheduler, quartzSchedulerFor } from '../quartz-scheduler';
import { parseJobParameter } from '../quartz-jobs';
import type { LocalFileStorage } from '../../storage/local';

/*
 * 定时任务 (issue 5): JeecgBoot's /sys/quartzJob paths through the production handler, with the
 * in-process scheduler following every change; the whitelisted jobs really run.
 */

const SAMPLE = 'org.jeecg.modules.quartz.job.SampleJob';
const TEMP = 'org.jeecg.modules.quartz.job.TempFileCleanJob';
const SESSION = 'org.jeecg.modules.quartz.job.SessionCleanJob';
/** 线索自动回收 (issue #23): offered, not seeded. */
const LEAD_RETURN = 'org.jeecg.modules.crm.job.LeadAutoReturnJob';

let b: TestBackend;
let admin: string;

beforeAll(async () => {
  b = await startTestBackend();
  admin = await b.login('admin');
});
afterAll(async () => {
  await b.close();
});

type Rec = { id: string; jobClassName: string; cronExpression: string; status: number; status_dictText: string; parameter: string };

async function list(query = ''): Promise<Rec[]> {
  const r = await b.call(`/sys/quartzJob/list?pageSize=50${query}`, { token: admin });
  expect(r.body.success).toBe(true);
  return (r.body.result as { records: Rec[] }).records;
}
const byClass = async (cls: string) => (await list()).find((r) => r.jobClassName === cls)!;
const scheduler = () => quartzSchedulerFor(b.db)!;
// The backend's store is the local one (the scheduler is given its root the same way).
const uploadRoot = () => (b.storage as LocalFileStorage).root;

describe('add / edit / list', () => {
  it('ships the housekeeping jobs stopped and 线索自动回收 running, and offers only the whitelisted classes', async () => {
    const rows = await list();
    expect(rows.map((r) => [r.jobClassName, r.status, r.status_dictText]).sort()).toEqual([
      [LEAD_RETURN, 0, '正常'],
      [SESSION, -1, '停止'],
      [TEMP, -1, '停止'],
    ]);
    expect(scheduler().scheduledIds()).toEqual(['quartz_lead_return']);
    const classes = await b.call('/sys/quartzJob/jobClasses', { token: admin });
    expect((classes.body.result as { value: string }[]).map((c) => c.value)).toEqual([SAMPLE, TEMP, SESSION, LEAD_RETURN]);
  });

  it('adds a running job, stored canonical and scheduled at once', async () => {
    const r = await b.call('/sys/quartzJob/add', {
      method: 'POST',
      token: admin,
      json: { jobClassName: SAMPLE, cronExpression: '0/5 * * * * ?', parameter: '{"a":1}', description: '示例', status: 0 },
    });
    expect(r.body).toMatchObject({ success: true, message: '创建定时任务成功' });
    const row = await byClass(SAMPLE);
    expect(row).toMatchObject({ cronExpression: '0/5 * * * * ? *', status: 0, status_dictText: '正常', parameter: '{"a":1}' });
    expect(scheduler().isScheduled(row.id)).toBe(true);
    const next = scheduler().nextRun(row.id)!;
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(5000);
    expect(next.getUTCSeconds() % 5).toBe(0);
  });

  it('refuses a duplicate class, a bad expression, an unknown class and a non-object parameter', async () => {
    const add = (json: object) => b.call('/sys/quartzJob/add', { method: 'POST', token: admin, json });
    expect((await add({ jobClassName: SAMPLE, cronExpression: '0 0 1 * * ?' })).body).toMatchObject({ success: false, message: CLASS_EXISTS });
    const bad = await add({ jobClassName: SESSION + 'X', cronExpression: '0 0 1 * * ?' });
    expect(bad.body).toMatchObject({ success: false, message: '任务类名不在允许的列表中' });
    const cron = await b.call('/sys/quartzJob/edit', { method: 'PUT', token: admin, json: { id: (await byClass(TEMP)).id, jobClassName: TEMP, cronExpression: '0 0 25 * * ?' } });
    expect(cron.body.success).toBe(false);
    expect(cron.body.message).toBe(`${CRON_INVALID}：Cron表达式的“时”取值应在0到23之间`);
    const dayWeek = await b.call('/sys/quartzJob/edit', { method: 'PUT', token: admin, json: { id: (await byClass(TEMP)).id, jobClassName: TEMP, cronExpression: '0 0 1 * * 2' } });
    expect(dayWeek.body.message).toBe(`${CRON_INVALID}：Cron表达式的“日”和“周”必须有一个为“?”`);
    for (const parameter of ['[1,2]', '"x"', '{bad', '42']) {
      const p = await b.call('/sys/quartzJob/edit', { method: 'PUT', token: admin, json: { id: (await byClass(TEMP)).id, jobClassName: TEMP, cronExpression: '0 0 1 * * ?', parameter } });
      expect(p.body).toMatchObject({ success: false, message: '参数必须是JSON对象' });
    }
    // Nothing refused was written.
    expect(await byClass(TEMP)).toMatchObject({ cronExpression: '0 0 3 * * ? *', parameter: '{"days":7}' });
  });

  it('edit reschedules with the new expression; editing to another taken class is refused', async () => {
    const row = await byClass(SAMPLE);
    const r = await b.call('/sys/quartzJob/edit', { method: 'PUT', token: admin, json: { id: row.id, jobClassName: SAMPLE, cronExpression: '0 0 12 ? * 2#1 *', parameter: '', status: 0 } });
    expect(r.body).toMatchObject({ success: true, message: '更新定时任务成功' });
    const next = scheduler().nextRun(row.id)!;
    // First Monday of a month, 12:00 in Shanghai.
    const local = new Date(next.getTime() + 8 * 3600_000);
    expect([local.getUTCDay(), local.getUTCDate() <= 7, local.getUTCHours(), local.getUTCMinutes()]).toEqual([1, true, 12, 0]);
    const taken = await b.call('/sys/quartzJob/edit', { method: 'PUT', token: admin, json: { id: row.id, jobClassName: TEMP, cronExpression: '0 0 1 * * ?' } });
    expect(taken.body).toMatchObject({ success: false, message: CLASS_EXISTS });
  });

  it('filters the list by status and class', async () => {
    expect((await list('&status=0')).map((r) => r.jobClassName).sort()).toEqual([LEAD_RETURN, SAMPLE]);
    expect((await list('&jobClassName=*Clean*')).map((r) => r.jobClassName).sort()).toEqual([SESSION, TEMP]);
    expect(await list('&jobClassName=%25')).toEqual([]);
  });
});

describe('pause / resume / execute / delete', () => {
  it('pause unschedules and resume schedules again', async () => {
    const row = await byClass(SAMPLE);
    const p = await b.call(`/sys/quartzJob/pause?id=${row.id}`, { token: admin });
    expect(p.body).toMatchObject({ success: true, message: '停止定时任务成功' });
    expect(scheduler().isScheduled(row.id)).toBe(false);
    expect((await byClass(SAMPLE)).status_dictText).toBe('停止');
    const r = await b.call(`/sys/quartzJob/resume?id=${row.id}`, { token: admin });
    expect(r.body).toMatchObject({ success: true, message: '启动定时任务成功' });
    expect(scheduler().isScheduled(row.id)).toBe(true);
    expect((await byClass(SAMPLE)).status).toBe(0);
  });

  it('execute runs a stopped job once: the temp clean-up removes only old files under temp', async () => {
    const root = uploadRoot();
    const old = path.join(root, 'temp', 'sub', 'old.txt');
    const fresh = path.join(root, 'temp', 'fresh.txt');
    const outside = path.join(root, 'keep', 'old.txt');
    for (const f of [old, fresh, outside]) {
      fs.mkdirSync(path.dirname(f), { recursive: true });
      fs.writeFileSync(f, 'x');
    }
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    fs.utimesSync(old, tenDaysAgo, tenDaysAgo);
    fs.utimesSync(outside, tenDaysAgo, tenDaysAgo);
    const row = await byClass(TEMP);
    const r = await b.call(`/sys/quartzJob/execute?id=${row.id}`, { token: admin });
    expect(r.body).toMatchObject({ success: true, message: '执行成功!' });
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(path.dirname(old))).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(fs.existsSync(outside)).toBe(true);
    // Still stopped: executing does not schedule.
    expect(scheduler().isScheduled(row.id)).toBe(false);
  });

  it('execute of the session clean-up deletes long-expired sessions only', async () => {
    const long = new Date(Date.now() - 40 * 86_400_000);
    await b.db
      .insertInto('sys_user_session')
      .values([
        { token_hash: 'h'.repeat(64), user_id: 'u_teacher2', login_type: 'pc', expires_at: long },
        { token_hash: 'g'.repeat(64), user_id: 'u_teacher2', login_type: 'pc', expires_at: new Date(Date.now() + 86_400_000) },
      ])
      .execute();
    const row = await byClass(SESSION);
    expect((await b.call(`/sys/quartzJob/execute?id=${row.id}`, { token: admin })).body.success).toBe(true);
    const left = await b.db.selectFrom('sys_user_session').select('token_hash').where('token_hash', 'in', ['h'.repeat(64), 'g'.repeat(64)]).execute();
    expect(left.map((x) => x.token_hash)).toEqual(['g'.repeat(64)]);
  });

  it('a failing run answers 定时任务执行失败 and the process goes on', async () => {
    const row = await byClass(TEMP);
    await b.db.updateTable('sys_quartz_job').set({ parameter: '{"days":-1}' }).where('id', '=', row.id).execute();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const r = await b.call(`/sys/quartzJob/execute?id=${row.id}`, { token: admin });
    expect(r.body).toMatchObject({ success: false, message: '定时任务执行失败' });
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('deleteBatch removes the rows and their schedules; the class can be added again', async () => {
    const row = await byClass(SAMPLE);
    const r = await b.call(`/sys/quartzJob/deleteBatch?ids=${row.id},${(await byClass(SESSION)).id}`, { method: 'DELETE', token: admin });
    expect(r.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(scheduler().isScheduled(row.id)).toBe(false);
    expect((await list()).map((x) => x.jobClassName).sort()).toEqual([LEAD_RETURN, TEMP]);
    const again = await b.call('/sys/quartzJob/add', { method: 'POST', token: admin, json: { jobClassName: SAMPLE, cronExpression: '0 0 1 * * ?', status: -1 } });
    expect(again.body.success).toBe(true);
    const d = await b.call(`/sys/quartzJob/delete?id=${(await byClass(SAMPLE)).id}`, { method: 'DELETE', token: admin });
    expect(d.body.success).toBe(true);
  });
});

describe('permissions', () => {
  it('a teacher gets 510 on every quartz route', async () => {
    const teacher = await b.login('teacher2');
    const id = (await byClass(TEMP)).id;
    const calls: [string, RequestInit & { json?: unknown }][] = [
      ['/sys/quartzJob/list', {}],
      ['/sys/quartzJob/jobClasses', {}],
      [`/sys/quartzJob/queryById?id=${id}`, {}],
      ['/sys/quartzJob/add', { method: 'POST', json: { jobClassName: SAMPLE, cronExpression: '* * * * * ?' } }],
      ['/sys/quartzJob/edit', { method: 'PUT', json: { id, jobClassName: TEMP, cronExpression: '* * * * * ?' } }],
      [`/sys/quartzJob/delete?id=${id}`, { method: 'DELETE' }],
      [`/sys/quartzJob/deleteBatch?ids=${id}`, { method: 'DELETE' }],
      [`/sys/quartzJob/pause?id=${id}`, {}],
      [`/sys/quartzJob/resume?id=${id}`, {}],
      [`/sys/quartzJob/execute?id=${id}`, {}],
    ];
    for (const [url, init] of calls) {
      const r = await b.call(url, { ...init, token: teacher });
      expect([url, r.body.code, r.body.message]).toEqual([url, 510, NO_PERMISSION]);
    }
    expect((await b.call(`/sys/quartzJob/resume?id=${id}`, { token: teacher })).body.success).toBe(false);
    expect(scheduler().isScheduled(id)).toBe(false);
  });

  it('without a session: 401', async () => {
    const r = await b.call('/sys/quartzJob/list');
    expect(r.status).toBe(401);
  });
});

describe('scheduler', () => {
  it('runs a due job on its schedule, survives a failing one, and stops cleanly', async () => {
    const lines: string[] = [];
    const s = new QuartzScheduler(b.db, { log: (l) => lines.push(l), timeoutMs: 1000 });
    s.schedule({ id: 'a', job_class_name: SAMPLE, cron_expression: '* * * * * ?', parameter: '{"n":1}', status: 0 });
    s.schedule({ id: 'b', job_class_name: SESSION, cron_expression: '* * * * * ?', parameter: '{"days":0}', status: 0 });
    await new Promise((r) => setTimeout(r, 2300));
    s.stop();
    expect(lines.some((l) => l === 'SampleJob 执行, 参数: {"n":1}')).toBe(true);
    expect(lines.some((l) => l.includes('SessionCleanJob 执行失败'))).toBe(true);
    const after = lines.length;
    await new Promise((r) => setTimeout(r, 1200));
    expect(lines.length).toBe(after);
    expect(s.scheduledIds()).toEqual([]);
  });

  it('a stopped row is not scheduled; a bad class or expression is refused', () => {
    const s = new QuartzScheduler(b.db, { log: () => undefined });
    s.schedule({ id: 'a', job_class_name: SAMPLE, cron_expression: '* * * * * ?', parameter: null, status: -1 });
    expect(s.isScheduled('a')).toBe(false);
    expect(() => s.schedule({ id: 'b', job_class_name: 'java.lang.Runtime', cron_expression: '* * * * * ?', parameter: null, status: 0 })).toThrow('未知的任务类');
    expect(() => s.schedule({ id: 'c', job_class_name: SAMPLE, cron_expression: 'nope', parameter: null, status: 0 })).toThrow();
    s.stop();
  });

  it('a run past its timeout is abandoned', async () => {
    // Walking 300 files takes well over 1 ms, so the timer wins and aborts the walk.
    const dir = path.join(uploadRoot(), 'temp', 'many');
    fs.mkdirSync(dir, { recursive: true });
    for (let i = 0; i < 300; i++) fs.writeFileSync(path.join(dir, `f${i}`), '');
    const s = new QuartzScheduler(b.db, { log: () => undefined, timeoutMs: 1, uploadRoot: uploadRoot() });
    await expect(s.runOnce({ job_class_name: TEMP, parameter: '' })).rejects.toThrow('执行超过');
    s.stop();
  });

  it('parameters: empty is {}, an object passes, anything else is refused', () => {
    expect(parseJobParameter('')).toEqual({});
    expect(parseJobParameter(null)).toEqual({});
    expect(parseJobParameter(' {"days": 3} ')).toEqual({ days: 3 });
    expect(() => parseJobParameter('[]')).toThrow('参数必须是JSON对象');
  });
});
