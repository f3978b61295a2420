/** @jest-environment node */
import { canHandleTask, dueTimeProblem, isOverdue, statusChangeProblem, TASK_MESSAGES, TASK_STATUS, taskViewOf } from './task-rules';

/** A fixed clock: 2026-11-26 10:30:00 in Shanghai. */
const NOW = new Date('2026-11-26T02:30:00Z');
const HOUR = 3_600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe('due time', () => {
  it('an add may be due now or later, not earlier', () => {
    expect(dueTimeProblem(null, NOW)).toBeNull();
    expect(dueTimeProblem(NOW, NOW)).toBeNull();
    expect(dueTimeProblem(at(HOUR), NOW)).toBeNull();
    expect(dueTimeProblem(at(-1000), NOW)).toBe(TASK_MESSAGES.duePast);
  });
  it('an edit keeping its past due time is fine; moving it into the past is not', () => {
    const old = at(-HOUR);
    expect(dueTimeProblem(new Date(old), NOW, old)).toBeNull();
    expect(dueTimeProblem(at(-2 * HOUR), NOW, old)).toBe(TASK_MESSAGES.duePast);
    expect(dueTimeProblem(at(-2 * HOUR), NOW, null)).toBe(TASK_MESSAGES.duePast);
  });
});

describe('status changes', () => {
  const { todo, doing, done, cancelled } = TASK_STATUS;
  it('开始 from 待办 only; 完成 / 取消 from an open task', () => {
    expect(statusChangeProblem(todo, doing)).toBeNull();
    expect(statusChangeProblem(doing, doing)).toBe(TASK_MESSAGES.badTransition);
    expect(statusChangeProblem(todo, cancelled)).toBeNull();
    expect(statusChangeProblem(doing, cancelled)).toBeNull();
    expect(statusChangeProblem(doing, done, '已电话沟通')).toBeNull();
    expect(statusChangeProblem(todo, todo)).toBe(TASK_MESSAGES.badTransition);
  });
  it('完成 needs a result', () => {
    expect(statusChangeProblem(todo, done)).toBe(TASK_MESSAGES.resultRequired);
    expect(statusChangeProblem(todo, done, '   ')).toBe(TASK_MESSAGES.resultRequired);
  });
  it('已完成 and 已取消 are final', () => {
    expect(statusChangeProblem(done, cancelled)).toBe(TASK_MESSAGES.closed);
    expect(statusChangeProblem(cancelled, doing)).toBe(TASK_MESSAGES.closed);
  });
});

describe('overdue, who, views', () => {
  it('only an open task past due is overdue', () => {
    expect(isOverdue({ status: TASK_STATUS.todo, dueTime: at(-1) }, NOW)).toBe(true);
    expect(isOverdue({ status: TASK_STATUS.doing, dueTime: at(-1) }, NOW)).toBe(true);
    expect(isOverdue({ status: TASK_STATUS.done, dueTime: at(-1) }, NOW)).toBe(false);
    expect(isOverdue({ status: TASK_STATUS.todo, dueTime: at(1) }, NOW)).toBe(false);
    expect(isOverdue({ status: TASK_STATUS.todo, dueTime: null }, NOW)).toBe(false);
  });
  it('assignee, creator or crm:task:all', () => {
    const task = { assignee: 'u1', createBy: 'alice' };
    expect(canHandleTask(task, { id: 'u1', username: 'bob' }, false)).toBe(true);
    expect(canHandleTask(task, { id: 'u2', username: 'alice' }, false)).toBe(true);
    expect(canHandleTask(task, { id: 'u3', username: 'carol' }, false)).toBe(false);
    expect(canHandleTask(task, { id: 'u3', username: 'carol' }, true)).toBe(true);
    expect(canHandleTask({ assignee: 'u1', createBy: null }, { id: 'u3', username: '' }, false)).toBe(false);
  });
  it('views are whitelisted', () => {
    expect(taskViewOf('created')).toBe('created');
    expect(taskViewOf('drop table')).toBeNull();
    expect(taskViewOf(undefined)).toBeNull();
  });
});
