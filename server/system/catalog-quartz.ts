import { z } from 'zod';
import { checkCron } from '../../lib/cron/expression';
import { quartzResource } from '../../features/system/quartz/quartz-resource';
import { ApiFailure } from '../core/errors';
import { parse } from '../core/validate';
import { ID_MAX } from '../core/ids';
import type { CrudHooks } from '../resources/crud';
import type { Params } from '../resources/query';
import { registerResource } from '../resources/registry';
import { findJobClass, parseJobParameter } from './quartz-jobs';
import { QUARTZ_RUNNING, QUARTZ_STOPPED, quartzSchedulerFor, type ScheduledJobRow } from './quartz-scheduler';
import type { Database } from '../db';

/**
 * 定时任务 (`/sys/quartzJob/list|queryById|add|edit|delete|deleteBatch`, `quartz:job:*`) on the resource engine,
 * worded as JeecgBoot's QuartzJobController. A form names a whitelisted job class (one row per class), a valid
 * Cron expression (stored canonical) and a JSON-object parameter. Every change is written first and the
 * in-process scheduler follows after the write committed, so a refused write never changes what runs; a
 * deleted job is stopped. pause / resume / execute / jobClasses stay in quartz-routes.ts.
 */

export const CRON_INVALID = '定时任务的Cron表达式不正确';
export const CLASS_EXISTS = '该定时任务类名已存在';

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

const editId = z.object({ id: z.string({ error: '参数错误' }).trim().min(1, '参数错误').max(ID_MAX, '参数错误') });

/** The form's values as they are stored: whitelisted class, canonical expression, JSON-object parameter or null. */
export function checkedJob(input: Record<string, unknown>) {
  const body = parse(jobBody, input);
  if (!findJobClass(body.jobClassName)) throw new ApiFailure('任务类名不在允许的列表中');
  const cron = checkCron(body.cronExpression);
  if (!cron.ok) throw new ApiFailure(`${CRON_INVALID}：${cron.message}`);
  const parameter = (body.parameter ?? '').trim();
  try {
    parseJobParameter(parameter);
  } catch {
    throw new ApiFailure('参数必须是JSON对象');
  }
  return { jobClassName: body.jobClassName, cronExpression: cron.expression, parameter: parameter || null, description: body.description?.trim() || null, status: body.status };
}

async function refuseDuplicateClass(db: Database, className: string, exceptId?: string) {
  let q = db.selectFrom('sys_quartz_job').select('id').where('job_class_name', '=', className).where('del_flag', '=', 0);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw new ApiFailure(CLASS_EXISTS);
}

/** After a committed change: (re)schedule the row or drop it; a scheduler refusal is logged, not fatal. */
export function followJob(db: Database, row: ScheduledJobRow | { id: string; removed: true }) {
  const s = quartzSchedulerFor(db);
  if (!s) return;
  if ('removed' in row) return s.unschedule(row.id);
  try {
    s.schedule(row);
  } catch (e) {
    console.error(`[quartz] ${row.job_class_name}: ${(e as Error).message}`);
  }
}

/** JeecgBoot's list filters: the class name as contained text, the status only when it is one; in creation order. */
function listParams(params: Params): Params {
  const out: Params = { pageNo: params.pageNo, pageSize: params.pageSize };
  const cls = (params.jobClassName ?? '').replace(/^\*|\*$/g, '').trim().slice(0, 255);
  if (cls) out.jobClassName = `*${cls}*`;
  if (params.status === String(QUARTZ_RUNNING) || params.status === String(QUARTZ_STOPPED)) out.status = params.status;
  return out;
}

const quartzHooks: CrudHooks = {
  async checkBody(input, ctx) {
    if (ctx.mode === 'edit') {
      const { id } = parse(editId, input);
      const found = await ctx.db.selectFrom('sys_quartz_job').select('id').where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
      if (!found) throw new ApiFailure('未找到对应数据');
      input.id = id;
    }
    // Every column is rewritten, as JeecgBoot's updateById of the whole form: a missing status is 正常.
    Object.assign(input, checkedJob(input));
  },
  async beforeSave(row, ctx) {
    await refuseDuplicateClass(ctx.db, String(row.jobClassName), ctx.mode === 'edit' ? ctx.id : undefined);
  },
  afterCommit(row, ctx) {
    followJob(ctx.db, {
      id: ctx.id,
      job_class_name: String(row.jobClassName),
      cron_expression: String(row.cronExpression),
      parameter: row.parameter === null || row.parameter === undefined ? null : String(row.parameter),
      status: Number(row.status),
    });
  },
  afterLoad(records) {
    for (const r of records) {
      r.parameter ??= '';
      r.description ??= '';
    }
  },
  listParams,
  removeSet: { status: QUARTZ_STOPPED },
  afterRemove(ids, ctx) {
    for (const id of ids) followJob(ctx.db, { id, removed: true });
  },
  replies: {
    add: '创建定时任务成功',
    edit: '更新定时任务成功',
    delete: '删除成功!',
    deleteBatch: '删除成功!',
    notFound: '未找到对应数据',
    noIds: '参数错误',
    maxBatch: 500,
    tooMany: '一次最多删除500条',
    batchNeedsRow: true,
    noRecord: true,
    duplicate: CLASS_EXISTS,
  },
};

let registered = false;

/** Idempotent (the registry is process-wide); called from registerCatalog (server/areas.ts). */
export function registerQuartzResources(): void {
  if (registered) return;
  registered = true;
  registerResource(quartzResource, quartzHooks);
}
