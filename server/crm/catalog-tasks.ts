import { sql } from 'kysely';
import { taskResource, TASK_VIEW_PARAM } from '../../features/crm/task/task-resource';
import { dueTimeProblem, isOpenTask, isOverdue, TASK_MESSAGES, taskViewOf } from '../../lib/crm/task-rules';
import { PERMS } from '../../lib/permissions/codes';
import { ApiFailure } from '../core/errors';
import { parseDateBoundGmt8 } from '../core/format';
import { assertActiveAssignees, assertTaskTarget, pushTasksAssigned, targetNames } from './tasks';
import { checkIntOptions } from '../edu/catalog-teaching-shared';
import type { CrudHooks, HookCtx } from '../resources/crud';
import { getResource, registerResource } from '../resources/registry';

/**
 * 协商任务 on the resource engine (issue #23 item 5). Status changes and the bell's count are hand-written routes
 * (server/crm/task-routes.ts) over server/crm/tasks.ts.
 */

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const LIST_ACTIONS = new Set(['list', 'exportXls']);

/** Whether the request's user holds crm:task:all (loaded by the route guard earlier in the request). */
const seesAllTasks = (ctx: HookCtx) => ctx.c.get('permCodes')?.has(PERMS.task.all) === true;

/** A `datetime` body value ('YYYY-MM-DD HH:mm:ss', GMT+8) as an instant. */
const instantOf = (v: unknown): Date | null => (typeof v === 'string' ? parseDateBoundGmt8(v, 'begin') : v instanceof Date ? v : null);

export const taskHooks: CrudHooks = {
  async beforeSave(row, ctx) {
    const { existing } = ctx;
    checkIntOptions(ctx.def, row);
    if (existing && !isOpenTask(Number(existing.status))) throw new ApiFailure(TASK_MESSAGES.closed);
    const assignee = row.assignee !== undefined ? str(row.assignee) : null;
    if (assignee && assignee !== existing?.assignee) await assertActiveAssignees(ctx.db, [assignee]);
    if (row.dueTime !== undefined) {
      const problem = dueTimeProblem(instantOf(row.dueTime), new Date(), (existing?.due_time as Date | null | undefined) ?? null);
      if (problem) throw new ApiFailure(problem);
    }
    if (row.targetType !== undefined || row.targetId !== undefined) {
      const type = row.targetType !== undefined ? str(row.targetType) : ((existing?.target_type as string | null) ?? null);
      const id = row.targetId !== undefined ? str(row.targetId) : ((existing?.target_id as string | null) ?? null);
      const changed = type !== (existing?.target_type ?? null) || id !== (existing?.target_id ?? null);
      if (changed) await assertTaskTarget(ctx.db, type, id);
    }
  },
  /** The assignee's bell reloads when a task is given to them (a new task, or one handed to someone else). */
  async afterCommit(row, ctx) {
    const assignee = str(row.assignee);
    if (!assignee || (ctx.mode === 'edit' && assignee === ctx.existing?.assignee)) return;
    await pushTasksAssigned(ctx.c.var.services, [assignee], String(row.title ?? ctx.existing?.title ?? ''));
  },
  /** The target's name and the overdue mark, one query per target type on the page. */
  async afterLoad(records, ctx) {
    const names = await targetNames(
      ctx.db,
      records.map((r) => ({ type: (r.targetType as string | null) ?? null, id: (r.targetId as string | null) ?? null })),
    );
    const now = new Date();
    for (const r of records) {
      r.targetId_dictText = r.targetId ? (names.get(`${String(r.targetType)}:${String(r.targetId)}`) ?? null) : null;
      const due = typeof r.dueTime === 'string' ? parseDateBoundGmt8(r.dueTime, 'begin') : null;
      r.overdue = isOverdue({ status: Number(r.status), dueTime: due }, now);
    }
  },
  /**
   * Without crm:task:all a user reaches only tasks given to or created by them, in every action (someone else's
   * task answers as not found). The list's `view` narrows further: mine (default) / created / all.
   */
  extraWhere(ctx) {
    const me = ctx.auth.user;
    const all = seesAllTasks(ctx);
    const view = LIST_ACTIONS.has(ctx.action) ? (taskViewOf(ctx.c.req.query(TASK_VIEW_PARAM)) ?? 'mine') : 'all';
    if (view === 'mine') return (eb) => eb(sql.ref('assignee'), '=', me.id);
    if (view === 'created') return (eb) => eb(sql.ref('create_by'), '=', me.username);
    if (all) return undefined;
    return (eb) => eb.or([eb(sql.ref('assignee'), '=', me.id), eb(sql.ref('create_by'), '=', me.username)]);
  },
};

/** Idempotent (the registry is process-wide; several test backends share it). Called from registerCatalog (server/areas.ts). */
export function registerTaskResources(): void {
  if (getResource(taskResource.name)?.def !== taskResource) registerResource(taskResource, taskHooks);
}
