import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { newId } from '../core/ids';
import { ApiFailure } from '../core/errors';
import type { Services } from '../core/context';
import { formatDateTime } from '../core/format';
import { pushToUsers } from '../realtime/notify';
import { isOverdue, statusChangeProblem, allowedFrom, TASK_MESSAGES, TASK_STATUS } from '../../lib/crm/task-rules';

/** 协商任务 status (domain §6): 0 待办 1 进行中 2 已完成 3 已取消 (defined once, in lib/crm/task-rules.ts). */
export { TASK_STATUS, TASK_MESSAGES };

export type TaskTargetType = 'lead' | 'student' | 'clazz';

export interface NewTask {
  title: string;
  content?: string | null;
  targetType?: TaskTargetType | null;
  targetId?: string | null;
  assignee: string;
  dueTime?: Date | null;
}

/**
 * Inserts tasks inside the caller's transaction and returns their ids (the leads' addBatchTask creates one per
 * lead through here). Validation is the caller's, before this: `assertActiveAssignees` and lib/crm/task-rules.ts
 * `dueTimeProblem`. The assignee's bell counts its 待办 tasks; after commit the caller calls `pushTasksAssigned`.
 */
export async function insertTasks(tx: Transaction<DB>, tasks: readonly NewTask[], operator: { username: string; orgCode?: string | null }): Promise<string[]> {
  const ids: string[] = [];
  if (!tasks.length) return ids;
  const rows = tasks.map((t) => {
    const id = newId();
    ids.push(id);
    return {
      id,
      title: t.title,
      content: t.content ?? null,
      target_type: t.targetType ?? null,
      target_id: t.targetId ?? null,
      assignee: t.assignee,
      due_time: t.dueTime ?? null,
      status: TASK_STATUS.todo,
      sys_org_code: operator.orgCode ?? null,
      create_by: operator.username,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await tx.insertInto('tbl_task').values(rows.slice(i, i + 500)).execute();
  return ids;
}

// ---------------------------------------------------------------- checks shared by every way a task is made

/**
 * The assignee must be a live, active (not frozen) and 在职 user; every writer of tasks (the form, the leads'
 * addBatchTask, a handover) checks this before insertTasks. Throws 负责人须为在职且未冻结的用户.
 */
export async function assertActiveAssignees(db: Kysely<DB>, userIds: readonly string[]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  const found = await db
    .selectFrom('sys_user')
    .select('id')
    .where('id', 'in', ids)
    .where('del_flag', '=', 0)
    .where('status', '=', 1)
    .where('staff_status', '=', 1)
    .execute();
  if (found.length !== ids.length) throw new ApiFailure(TASK_MESSAGES.assigneeInactive);
}

/** The table and name column of each target type (fixed here, never from a client). */
const TARGET_TABLES = { lead: 'tbl_lead', student: 'tbl_student', clazz: 'tbl_clazz' } as const satisfies Record<TaskTargetType, string>;

export const isTaskTargetType = (v: unknown): v is TaskTargetType => typeof v === 'string' && Object.hasOwn(TARGET_TABLES, v);

/** Type and id go together, and the id must name a live row of that type. */
export async function assertTaskTarget(db: Kysely<DB>, type: string | null, id: string | null): Promise<void> {
  if (!type && !id) return;
  if (!type || !isTaskTargetType(type)) throw new ApiFailure(TASK_MESSAGES.targetTypeMissing);
  if (!id) throw new ApiFailure(TASK_MESSAGES.targetMissing);
  const { rows } = await sql<{ one: number }>`select 1 as one from ${sql.table(TARGET_TABLES[type])} where id = ${id} and del_flag = 0`.execute(db);
  if (!rows.length) throw new ApiFailure(TASK_MESSAGES.targetUnknown);
}

/** `${type}:${id}` → the target's name, for a page of tasks (deleted targets keep their names). */
export async function targetNames(db: Kysely<DB>, targets: readonly { type: string | null; id: string | null }[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const byType = new Map<TaskTargetType, Set<string>>();
  for (const t of targets) {
    if (!t.id || !isTaskTargetType(t.type)) continue;
    const set = byType.get(t.type) ?? new Set<string>();
    set.add(t.id);
    byType.set(t.type, set);
  }
  for (const [type, ids] of byType) {
    const { rows } = await sql<{ id: string; name: string }>`select id, name from ${sql.table(TARGET_TABLES[type])} where id in (${sql.join([...ids])})`.execute(db);
    for (const r of rows) out.set(`${type}:${r.id}`, r.name);
  }
  return out;
}

/** The bell of each assignee reloads at once (cmd `user`, the bell's reload command); after commit only. */
export async function pushTasksAssigned(services: Services, assignees: readonly string[], title: string): Promise<void> {
  await pushToUsers(services, [...assignees], { cmd: 'user', msgTxt: `您有新的协商任务：${title}` });
}

/** A task of theirs changed by someone else: the bell reloads its count. */
export async function pushTaskChanged(services: Services, userIds: readonly string[]): Promise<void> {
  await pushToUsers(services, [...userIds], { cmd: 'user', msgTxt: '您的协商任务有变更' });
}

// ---------------------------------------------------------------- status changes

export interface StatusChange {
  id: string;
  status: number;
  result?: string | null;
}

/**
 * 开始 / 完成 / 取消 by the assignee, the creator or a holder of crm:task:all (anyone else: not found). The
 * UPDATE is conditional on the status it started from, so two changes at once cannot both apply.
 */
export async function changeTaskStatus(
  db: Kysely<DB>,
  user: { id: string; username: string },
  seesAll: boolean,
  change: StatusChange,
  now: Date,
): Promise<{ assignee: string; title: string }> {
  let q = db.selectFrom('tbl_task').select(['id', 'status', 'assignee', 'title']).where('id', '=', change.id).where('del_flag', '=', 0);
  if (!seesAll) q = q.where((eb) => eb.or([eb('assignee', '=', user.id), eb('create_by', '=', user.username)]));
  const task = await q.executeTakeFirst();
  if (!task) throw new ApiFailure('未找到对应数据');
  const problem = statusChangeProblem(task.status, change.status, change.result);
  if (problem) throw new ApiFailure(problem);
  const done = change.status === TASK_STATUS.done;
  const r = await db
    .updateTable('tbl_task')
    .set({
      status: change.status,
      ...(done ? { result: (change.result ?? '').trim(), finish_time: now } : {}),
      // A 取消 may say why; it is kept as the result too.
      ...(change.status === TASK_STATUS.cancelled && change.result?.trim() ? { result: change.result.trim() } : {}),
      update_by: user.username,
      update_time: now,
    })
    .where('id', '=', change.id)
    .where('status', 'in', [...allowedFrom(change.status)])
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new ApiFailure(TASK_MESSAGES.closed);
  return { assignee: task.assignee, title: task.title };
}

// ---------------------------------------------------------------- the bell

export interface TodoTask {
  id: string;
  title: string;
  dueTime: string | null;
  overdue: boolean;
}

/** My 待办 tasks for the header bell: the count and the first `limit`, soonest due first. */
export async function myTodoTasks(db: Kysely<DB>, userId: string, limit: number, now: Date): Promise<{ total: number; records: TodoTask[] }> {
  const mine = db.selectFrom('tbl_task').where('assignee', '=', userId).where('status', '=', TASK_STATUS.todo).where('del_flag', '=', 0);
  const [count, rows] = await Promise.all([
    mine.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    mine
      .select(['id', 'title', 'due_time', 'status'])
      .orderBy(sql`due_time asc nulls last`)
      .orderBy('create_time', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    records: rows.map((r) => ({ id: r.id, title: r.title, dueTime: formatDateTime(r.due_time), overdue: isOverdue({ status: r.status, dueTime: r.due_time }, now) })),
  };
}

// ---------------------------------------------------------------- assignee options

/** Who can be given a task: live, active, 在职 users, by name or login (a page of `pageSize`), or one by id. */
export async function assigneeOptions(db: Kysely<DB>, opts: { keyword?: string; id?: string; pageSize: number }) {
  let q = db
    .selectFrom('sys_user')
    .select(['id', 'realname', 'username'])
    .where('del_flag', '=', 0)
    .where('status', '=', 1)
    .where('staff_status', '=', 1);
  if (opts.id) q = q.where('id', '=', opts.id);
  const kw = (opts.keyword ?? '').replace(/\*/g, '').trim();
  if (kw) {
    const like = `%${kw.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    q = q.where((eb) => eb.or([eb('realname', 'like', like), eb('username', 'like', like)]));
  }
  const rows = await q.orderBy(sql`coalesce(realname_pinyin, realname) collate "C"`).orderBy('id').limit(opts.pageSize).execute();
  return { records: rows, total: rows.length };
}
