import { Hono } from 'hono';
import { z } from 'zod';
import { checkCron } from '../../lib/cron/expression';
import { escapeLike } from '../db/like';
import type { SysQuartzJobTable } from '../db/schema';
import { idOrUndefined, newId, parseIdList, ID_MAX } from '../core/ids';
import { QUARTZ_JOB_CLASSES, findJobClass, parseJobParameter } from './quartz-jobs';
import { QUARTZ_RUNNING, QUARTZ_STOPPED, quartzSchedulerFor, type ScheduledJobRow } from './quartz-scheduler';
import { formatDateTime } from '../core/format';
import { ApiFailure, ok } from '../core/errors';
import { pageOf, readPage } from '../core/paging';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { readBody } from '../core/validate';
import { PERMS } from '../../lib/permissions/codes';

/**
 * 定时任务 `/sys/quartzJob/*` (JeecgBoot's paths). Every change is written first and the in-process
 * scheduler follows after the write succeeded, so a refused write never changes what runs.
 */
export const quartzRoutes = new Hono<AppEnv>();

const BASE = '/sys/quartzJob';
const STATUS_TEXT: Record<number, string> = { [QUARTZ_RUNNING]: '正常', [QUARTZ_STOPPED]: '停止' };
export const CRON_INVALID = '定时任务的Cron表达式不正确';
export const CLASS_EXISTS = '该定时任务类名已存在';

type Row = Pick<SysQuartzJobTable, 'id' | 'job_class_name' | 'cron_expression' | 'parameter' | 'description' | 'create_by' | 'update_by' | 'update_time'> & {
  status: number;
  create_time: Date;
};

function toRecord(r: Row) {
  return {
    id: r.id,
    jobClassName: r.job_class_name,
    jobClassName_dictText: findJobClass(r.job_class_name)?.label ?? r.job_class_name,
    cronExpression: r.cron_expression,
    parameter: r.parameter ?? '',
    description: r.description ?? '',
    status: r.status,
    status_dictText: STATUS_TEXT[r.status] ?? String(r.status),
    createBy: r.create_by,
    createTime: formatDateTime(r.create_time),
    updateBy: r.update_by,
    updateTime: formatDateTime(r.update_time),
  };
}

const COLUMNS = ['id', 'job_class_name', 'cron_expression', 'parameter', 'description', 'status', 'create_by', 'create_time', 'update_by', 'update_time'] as const;

async function findRow(c: Ctx, id: string | undefined): Promise<Row> {
  if (!id) throw new ApiFailure('未找到对应数据');
  const row = await c.var.services.db.selectFrom('sys_quartz_job').select(COLUMNS).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row) throw new ApiFailure('未找到对应数据');
  return row;
}

/** After a committed change: (re)schedule or drop the row; a scheduler refusal is logged, not fatal. */
function follow(c: Ctx, row: ScheduledJobRow | { id: string; removed: true }) {
  const s = quartzSchedulerFor(c.var.services.db);
  if (!s) return;
  if ('removed' in row) return s.unschedule(row.id);
  try {
    s.schedule(row);
  } catch (e) {
    console.error(`[quartz] ${row.job_class_name}: ${(e as Error).message}`);
  }
}

const statusField = z
  .union([z.number(), z.string()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return QUARTZ_RUNNING;
    const n = Number(v);
    if (n !== QUARTZ_RUNNING && n !== QUARTZ_STOPPED) {
      ctx.addIssue({ code: 'custom', message: '状态不正确' });
      return z.NEVER;
    }
    return n;
  });

const jobBody = z.object({
  jobClassName: z.string({ error: '请选择任务类名' }).trim().min(1, '请选择任务类名').max(255, '任务类名不正确'),
  cronExpression: z.string({ error: '请输入Cron表达式' }).trim().min(1, '请输入Cron表达式').max(255, CRON_INVALID),
  parameter: z.string().max(4000, '参数最多4000个字符').nullish(),
  description: z.string().trim().max(255, '描述最多255个字符').nullish(),
  status: statusField,
});

/** The checks of add and edit: whitelisted class, valid expression (stored canonical), JSON-object parameter. */
function checked(body: z.infer<typeof jobBody>) {
  if (!findJobClass(body.jobClassName)) throw new ApiFailure('任务类名不在允许的列表中');
  const cron = checkCron(body.cronExpression);
  if (!cron.ok) throw new ApiFailure(`${CRON_INVALID}：${cron.message}`);
  const parameter = (body.parameter ?? '').trim();
  try {
    parseJobParameter(parameter);
  } catch {
    throw new ApiFailure('参数必须是JSON对象');
  }
  return {
    job_class_name: body.jobClassName,
    cron_expression: cron.expression,
    parameter: parameter || null,
    description: body.description?.trim() || null,
    status: body.status,
  };
}

async function refuseDuplicateClass(c: Ctx, className: string, exceptId?: string) {
  let q = c.var.services.db.selectFrom('sys_quartz_job').select('id').where('job_class_name', '=', className).where('del_flag', '=', 0);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw new ApiFailure(CLASS_EXISTS);
}

const isUniqueViolation = (e: unknown) => !!e && typeof e === 'object' && (e as { code?: unknown }).code === '23505';

quartzRoutes.get(`${BASE}/jobClasses`, requirePerm(PERMS.quartz.list), (c) =>
  c.json(ok(QUARTZ_JOB_CLASSES.map((j) => ({ value: j.className, text: j.label })))),
);

quartzRoutes.get(`${BASE}/list`, requirePerm(PERMS.quartz.list), async (c) => {
  const { pageNo, pageSize, offset } = readPage(c);
  const db = c.var.services.db;
  let q = db.selectFrom('sys_quartz_job').where('del_flag', '=', 0);
  // JeecgBoot's query generator: jobClassName is matched like `*text*`, status exactly.
  const cls = (c.req.query('jobClassName') ?? '').replace(/^\*|\*$/g, '').trim().slice(0, 255);
  if (cls) q = q.where('job_class_name', 'ilike', `%${escapeLike(cls)}%`);
  const status = c.req.query('status');
  if (status === String(QUARTZ_RUNNING) || status === String(QUARTZ_STOPPED)) q = q.where('status', '=', Number(status));
  const [rows, count] = await Promise.all([
    q.select(COLUMNS).orderBy('create_time', 'desc').orderBy('id').limit(pageSize).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return c.json(ok(pageOf(rows.map(toRecord), Number(count.n), pageNo, pageSize)));
});

quartzRoutes.get(`${BASE}/queryById`, requirePerm(PERMS.quartz.list), async (c) => c.json(ok(toRecord(await findRow(c, idOrUndefined(c.req.query('id')))))));

quartzRoutes.post(`${BASE}/add`, requirePerm(PERMS.quartz.add), async (c) => {
  const values = checked(await readBody(c, jobBody));
  await refuseDuplicateClass(c, values.job_class_name);
  const id = newId();
  try {
    await c.var.services.db.insertInto('sys_quartz_job').values({ id, ...values, create_by: authOf(c).user.username }).execute();
  } catch (e) {
    // Two adds racing past the check meet the partial unique index.
    if (isUniqueViolation(e)) throw new ApiFailure(CLASS_EXISTS);
    throw e;
  }
  follow(c, { id, ...values });
  return c.json(ok(null, '创建定时任务成功'));
});

const editBody = jobBody.extend({ id: z.string({ error: '参数错误' }).trim().min(1, '参数错误').max(ID_MAX, '参数错误') });

async function edit(c: Ctx) {
  const body = await readBody(c, editBody);
  await findRow(c, body.id);
  const values = checked(body);
  await refuseDuplicateClass(c, values.job_class_name, body.id);
  try {
    await c.var.services.db
      .updateTable('sys_quartz_job')
      .set({ ...values, update_by: authOf(c).user.username, update_time: new Date() })
      .where('id', '=', body.id)
      .where('del_flag', '=', 0)
      .execute();
  } catch (e) {
    if (isUniqueViolation(e)) throw new ApiFailure(CLASS_EXISTS);
    throw e;
  }
  follow(c, { id: body.id, ...values });
  return c.json(ok(null, '更新定时任务成功'));
}
quartzRoutes.put(`${BASE}/edit`, requirePerm(PERMS.quartz.edit), edit);
quartzRoutes.post(`${BASE}/edit`, requirePerm(PERMS.quartz.edit), edit);

async function remove(c: Ctx, ids: string[]) {
  if (!ids.length) throw new ApiFailure('参数错误');
  const r = await c.var.services.db
    .updateTable('sys_quartz_job')
    .set({ del_flag: 1, status: QUARTZ_STOPPED, update_by: authOf(c).user.username, update_time: new Date() })
    .where('id', 'in', ids)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw new ApiFailure('未找到对应数据');
  for (const id of ids) follow(c, { id, removed: true });
}

quartzRoutes.delete(`${BASE}/delete`, requirePerm(PERMS.quartz.delete), async (c) => {
  const id = idOrUndefined(c.req.query('id'));
  await remove(c, id ? [id] : []);
  return c.json(ok(null, '删除成功!'));
});

quartzRoutes.delete(`${BASE}/deleteBatch`, requirePerm(PERMS.quartz.deleteBatch), async (c) => {
  const ids = parseIdList(c.req.query('ids')).filter((id) => id.length <= ID_MAX);
  if (ids.length > 500) throw new ApiFailure('一次最多删除500条');
  await remove(c, ids);
  return c.json(ok(null, '删除成功!'));
});

async function setStatus(c: Ctx, status: number) {
  const row = await findRow(c, idOrUndefined(c.req.query('id')));
  await c.var.services.db
    .updateTable('sys_quartz_job')
    .set({ status, update_by: authOf(c).user.username, update_time: new Date() })
    .where('id', '=', row.id)
    .execute();
  follow(c, { ...row, status });
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
