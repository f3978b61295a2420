import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { newId } from '../core/ids';

/** 协商任务 status (domain §6): 0 待办 1 进行中 2 已完成 3 已取消. */
export const TASK_STATUS = { todo: 0, doing: 1, done: 2, cancelled: 3 } as const;

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
 * lead through here). Validation (assignee active, due time not in the past) is the caller's, before this.
 * The assignee's bell learns of a task by the count of its open tasks; pushing after commit is the caller's.
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
