import { Hono } from 'hono';
import { z } from 'zod';
import { TASK_URLS } from '../../features/crm/task/task-resource';
import { TASK_STATUS } from '../../lib/crm/task-rules';
import { PERMS } from '../../lib/permissions/codes';
import { ok } from '../core/errors';
import { authOf, type AppEnv } from '../core/context';
import { assigneeOptions, changeTaskStatus, myTodoTasks, pushTaskChanged } from './tasks';
import { bellMutes } from '../account/account-settings';
import { permCodesOf, requirePerm } from '../core/perm';
import { idParam, readBody } from '../core/validate';

/**
 * 协商任务 routes beside the resource engine (issue #23 item 5); the SQL is in server/crm/tasks.ts.
 * - POST /crm/task/changeStatus {id, status 1 开始 | 2 完成 | 3 取消, result}: assignee, creator or crm:task:all.
 * - GET /crm/task/myTodo?pageSize=: my 待办 tasks for the header bell, {total, records}.
 * - GET /crm/task/assigneeList?realname=&id=&pageSize=: who can be given a task (live, active, 在职).
 */
export const taskRoutes = new Hono<AppEnv>();


const STATUS_CHANGE = z.object({
  id: idParam,
  status: z.union([z.literal(TASK_STATUS.doing), z.literal(TASK_STATUS.done), z.literal(TASK_STATUS.cancelled)], { error: '任务状态不正确' }),
  result: z.string().max(1000, '处理结果不能超过1000个字符').nullish(),
});

const STATUS_DONE: Record<number, string> = { [TASK_STATUS.doing]: '任务已开始', [TASK_STATUS.done]: '任务已完成', [TASK_STATUS.cancelled]: '任务已取消' };

taskRoutes.post(TASK_URLS.changeStatus, requirePerm(PERMS.task.edit), async (c) => {
  const body = await readBody(c, STATUS_CHANGE);
  const user = authOf(c).user;
  const seesAll = (await permCodesOf(c, user.id)).has(PERMS.task.all);
  const task = await changeTaskStatus(c.var.services.db, user, seesAll, body, new Date());
  // The assignee's bell counts 待办 tasks: it reloads when one leaves that state by someone else's hand.
  if (task.assignee !== user.id) await pushTaskChanged(c.var.services, [task.assignee]);
  return c.json(ok(null, STATUS_DONE[body.status]));
});

const smallInt = (raw: string | undefined, fallback: number, max: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

taskRoutes.get(TASK_URLS.myTodo, requirePerm(PERMS.task.list), async (c) => {
  const limit = smallInt(c.req.query('pageSize'), 5, 20);
  // The bell's endpoint: 任务 switched off in 新消息通知 (issue #26) leaves the bell without them.
  if ((await bellMutes(c.var.services.db, authOf(c).user.id)).tasks) return c.json(ok({ total: 0, records: [] }));
  return c.json(ok(await myTodoTasks(c.var.services.db, authOf(c).user.id, limit, new Date())));
});

taskRoutes.get(TASK_URLS.assigneeList, requirePerm(PERMS.task.list), async (c) => {
  const pageSize = smallInt(c.req.query('pageSize'), 20, 50);
  const keyword = (c.req.query('realname') ?? c.req.query('keyword') ?? '').slice(0, 50);
  const id = (c.req.query('id') ?? '').trim().slice(0, 32) || undefined;
  return c.json(ok(await assigneeOptions(c.var.services.db, { keyword, id, pageSize })));
});
