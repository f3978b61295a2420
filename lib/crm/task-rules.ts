/**
 * 协商任务 rules (issue #23 item 5, domain §6), pure and shared by the embedded backend and the screen.
 * Time comes in as `now`: nothing here reads the clock.
 */

/** Task status: 0 待办 1 进行中 2 已完成 3 已取消. */
export const TASK_STATUS = { todo: 0, doing: 1, done: 2, cancelled: 3 } as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];

export const TASK_STATUS_OPTIONS = [
  { value: '0', text: '待办' },
  { value: '1', text: '进行中' },
  { value: '2', text: '已完成' },
  { value: '3', text: '已取消' },
];

export const TASK_TARGET_OPTIONS = [
  { value: 'lead', text: '线索' },
  { value: 'student', text: '学员' },
  { value: 'clazz', text: '班级' },
];

export const TASK_MESSAGES = {
  duePast: '任务截止时间不能早于当前时间',
  resultRequired: '完成任务请填写处理结果',
  assigneeInactive: '负责人须为在职且未冻结的用户',
  closed: '任务已完成或已取消，不能再修改',
  badTransition: '任务当前状态不能执行该操作',
  targetMissing: '请选择关联对象',
  targetTypeMissing: '请选择关联类型',
  targetUnknown: '关联对象不存在，请重新选择',
} as const;

/** Open tasks (待办 / 进行中) can still change; 已完成 and 已取消 are final. */
export const isOpenTask = (status: number): boolean => status === TASK_STATUS.todo || status === TASK_STATUS.doing;

/**
 * The due time of an add or edit. An add may not be due in the past; an edit may keep its old due time
 * (a task created yesterday for today 9:00 stays editable at 10:00) but not move it into the past.
 */
export function dueTimeProblem(due: Date | null, now: Date, previous?: Date | null): string | null {
  if (!due) return null;
  if (due.getTime() >= now.getTime()) return null;
  if (previous && previous.getTime() === due.getTime()) return null;
  return TASK_MESSAGES.duePast;
}

/** Which statuses a change to `to` may start from: 开始 from 待办; 完成 and 取消 from either open status. */
const FROM: Record<number, readonly number[]> = {
  [TASK_STATUS.doing]: [TASK_STATUS.todo],
  [TASK_STATUS.done]: [TASK_STATUS.todo, TASK_STATUS.doing],
  [TASK_STATUS.cancelled]: [TASK_STATUS.todo, TASK_STATUS.doing],
};

/** The statuses a change to `to` may start from (empty: `to` is not a change one can ask for). */
export const allowedFrom = (to: number): readonly number[] => FROM[to] ?? [];

/** Why a status change is refused, or null. `result` is the 处理结果 sent with it. */
export function statusChangeProblem(from: number, to: number, result?: string | null): string | null {
  if (!isOpenTask(from)) return TASK_MESSAGES.closed;
  if (!allowedFrom(to).includes(from)) return TASK_MESSAGES.badTransition;
  if (to === TASK_STATUS.done && !(result ?? '').trim()) return TASK_MESSAGES.resultRequired;
  return null;
}

/** An open task past its due time. */
export function isOverdue(task: { status: number; dueTime: Date | null }, now: Date): boolean {
  return isOpenTask(task.status) && task.dueTime !== null && task.dueTime.getTime() < now.getTime();
}

/** Who may see and change a task: its assignee, its creator, or a holder of crm:task:all. */
export function canHandleTask(task: { assignee: string | null; createBy: string | null }, user: { id: string; username: string }, seesAll: boolean): boolean {
  return seesAll || task.assignee === user.id || (!!task.createBy && task.createBy === user.username);
}

/** The list's views: 我的任务 (assigned to me, the default), 我创建的, 全部 (crm:task:all only). */
export type TaskView = 'mine' | 'created' | 'all';
export const TASK_VIEWS: readonly TaskView[] = ['mine', 'created', 'all'];
export const taskViewOf = (v: unknown): TaskView | null => (TASK_VIEWS as readonly unknown[]).includes(v) ? (v as TaskView) : null;
