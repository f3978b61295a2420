import { Hono } from 'hono';
import { idOrUndefined } from '../core/ids';
import { QUARTZ_JOB_CLASSES } from './quartz-jobs';
import { QUARTZ_RUNNING, QUARTZ_STOPPED, quartzSchedulerFor, type ScheduledJobRow } from './quartz-scheduler';
import { followJob } from './catalog-quartz';
import { ApiFailure, ok } from '../core/errors';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { PERMS } from '../../lib/permissions/codes';

export { CLASS_EXISTS, CRON_INVALID } from './catalog-quartz';

/**
 * 定时任务 `/sys/quartzJob/*` (JeecgBoot's paths) beside its CRUD (the resource engine, catalog-quartz.ts):
 * the job classes, pause / resume and a run now. The scheduler follows a change after it was written.
 */
export const quartzRoutes = new Hono<AppEnv>();

const BASE = '/sys/quartzJob';
const COLUMNS = ['id', 'job_class_name', 'cron_expression', 'parameter', 'description', 'status'] as const;

async function findRow(c: Ctx, id: string | undefined): Promise<ScheduledJobRow> {
  if (!id) throw new ApiFailure('未找到对应数据');
  const row = await c.var.services.db.selectFrom('sys_quartz_job').select(COLUMNS).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row) throw new ApiFailure('未找到对应数据');
  return row;
}

quartzRoutes.get(`${BASE}/jobClasses`, requirePerm(PERMS.quartz.list), (c) =>
  c.json(ok(QUARTZ_JOB_CLASSES.map((j) => ({ value: j.className, text: j.label })))),
);

async function setStatus(c: Ctx, status: number) {
  const row = await findRow(c, idOrUndefined(c.req.query('id')));
  await c.var.services.db
    .updateTable('sys_quartz_job')
    .set({ status, update_by: authOf(c).user.username, update_time: new Date() })
    .where('id', '=', row.id)
    .execute();
  followJob(c.var.services.db, { ...row, status });
}

quartzRoutes.get(`${BASE}/pause`, requirePerm(PERMS.quartz.pause), async (c) => {
  await setStatus(c, QUARTZ_STOPPED);
  return c.json(ok(null, '停止定时任务成功'));
});

quartzRoutes.get(`${BASE}/resume`, requirePerm(PERMS.quartz.resume), async (c) => {
  await setStatus(c, QUARTZ_RUNNING);
  return c.json(ok(null, '启动定时任务成功'));
});

/** Runs the job once now, whatever its status, and answers when it is done. */
quartzRoutes.get(`${BASE}/execute`, requirePerm(PERMS.quartz.execute), async (c) => {
  const row = await findRow(c, idOrUndefined(c.req.query('id')));
  const scheduler = quartzSchedulerFor(c.var.services.db);
  if (!scheduler) throw new ApiFailure('定时任务调度器未启动');
  try {
    await scheduler.runOnce(row);
  } catch (e) {
    // The reason stays in the server log: a job's error text may name paths or SQL.
    console.error(`[quartz] ${row.job_class_name} 执行失败: ${(e as Error).message}`);
    throw new ApiFailure('定时任务执行失败');
  }
  return c.json(ok(null, '执行成功!'));
});
