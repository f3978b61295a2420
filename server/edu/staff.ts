import type { Kysely } from 'kysely';
import { ADMIN_ACCOUNT_GUARD, ADMIN_USERNAME } from '../../lib/system/user-perms';
import { HANDOVER_SCOPES, leaveBlockedMessage, STAFF_MESSAGES, STAFF_STATUS, ZERO_COUNTS, type HandoverScope, type WorkCounts } from '../../lib/edu/handover-rules';
import type { DB, SysUser } from '../db/schema';
import type { Services } from '../core/context';
import { ApiFailure } from '../core/errors';
import { normalizePost } from '../system/catalog-position';
import { TEACHER_STATUS } from '../../features/edu/teacher/teacher-resource';

/**
 * 员工管理 (issue #23 item 6): staff are sys_user rows with 岗位 (post), 校区 (campus_id, a 场地) and 在职/离职
 * (staff_status, leave_date). What a user still holds — the counts that block 离职 and that 工作交接 moves — is
 * defined once here (`collectWork`), so the 离职 check, the handover's preview and the move agree.
 *
 * 离职 also freezes the account (status 2) and ends its sessions: a departed employee cannot sign in, and every
 * picker of active users (status 1: 用户管理's picker, task assignees, pool assignment, handover targets) leaves
 * them out. 复职 lifts both. Freezing in 用户管理 alone does not make anyone 离职.
 */

type Conn = Kysely<DB>;

/** Task statuses that still need doing (0 待办, 1 进行中). */
const OPEN_TASK = [0, 1];

/** The live teacher records linked to an account (the one teacher identity, issue #21). */
export async function teacherIdsOf(db: Conn, userId: string, activeOnly = false): Promise<string[]> {
  let q = db.selectFrom('tbl_teacher').select('id').where('user_id', '=', userId).where('del_flag', '=', 0);
  if (activeOnly) q = q.where('status', '=', TEACHER_STATUS.active);
  return (await q.orderBy('create_time').orderBy('id').execute()).map((r) => r.id);
}

/** What a user holds, per scope, as the rows a handover would move. */
export interface HeldWork {
  leadIds: string[];
  studentIds: string[];
  /** Classes they own (own_by). */
  ownedClazzIds: string[];
  /** Classes whose 班主任 is one of their teacher records. */
  headedClazzIds: string[];
  /** tbl_calendar_teacher rows of their teacher records on future, not cancelled sessions. */
  sessionRows: { id: string; calendarId: string }[];
  taskIds: string[];
  teacherIds: string[];
}

/**
 * The rows `userId` holds in `scopes` as of `now`: live leads and students they own, live classes they own or head,
 * future sessions they teach (not deleted, 未开始, starting after now) and open tasks assigned to them.
 */
export async function collectWork(db: Conn, userId: string, now: Date, scopes: readonly HandoverScope[] = HANDOVER_SCOPES): Promise<HeldWork> {
  const want = new Set(scopes);
  const teacherIds = want.has('clazz') || want.has('session') ? await teacherIdsOf(db, userId) : [];
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  const [leads, students, owned, headed, sessions, tasks] = await Promise.all([
    want.has('lead') ? db.selectFrom('tbl_lead').select('id').where('own_by', '=', userId).where('del_flag', '=', 0).execute() : [],
    want.has('student') ? db.selectFrom('tbl_student').select('id').where('own_by', '=', userId).where('del_flag', '=', 0).execute() : [],
    want.has('clazz') ? db.selectFrom('tbl_clazz').select('id').where('own_by', '=', userId).where('del_flag', '=', 0).execute() : [],
    want.has('clazz') && teacherIds.length ? db.selectFrom('tbl_clazz').select('id').where('head_teacher', 'in', teacherIds).where('del_flag', '=', 0).execute() : [],
    want.has('session') && teacherIds.length
      ? db
          .selectFrom('tbl_calendar_teacher as t')
          .innerJoin('tbl_calendar as c', 'c.id', 't.calendar_id')
          .select(['t.id', 't.calendar_id'])
          .where('t.teacher_id', 'in', teacherIds)
          .where('c.del_flag', '=', 0)
          .where('c.status', '=', 0)
          .where('c.start_time', '>', now)
          .orderBy('c.start_time')
          .execute()
      : [],
    want.has('task') ? db.selectFrom('tbl_task').select('id').where('assignee', '=', userId).where('status', 'in', OPEN_TASK).where('del_flag', '=', 0).execute() : [],
  ]);
  return {
    leadIds: ids(leads),
    studentIds: ids(students),
    ownedClazzIds: ids(owned),
    headedClazzIds: ids(headed),
    sessionRows: sessions.map((s) => ({ id: s.id, calendarId: s.calendar_id })),
    taskIds: ids(tasks),
    teacherIds,
  };
}

/** The counts of held work; a class owned and headed counts once, a session taught in two roles once. */
export function countsOf(work: HeldWork): WorkCounts {
  return {
    ...ZERO_COUNTS,
    lead: work.leadIds.length,
    student: work.studentIds.length,
    clazz: new Set([...work.ownedClazzIds, ...work.headedClazzIds]).size,
    session: new Set(work.sessionRows.map((s) => s.calendarId)).size,
    task: work.taskIds.length,
  };
}

/** A live account by id, or the 员工不存在 refusal. */
export async function staffRow(db: Conn, id: string): Promise<Pick<SysUser, 'id' | 'username' | 'realname' | 'status' | 'staff_status'>> {
  const row = await db.selectFrom('sys_user').select(['id', 'username', 'realname', 'status', 'staff_status']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row) throw new ApiFailure(STAFF_MESSAGES.notFound);
  return row;
}

/** 编辑: 岗位 and 校区 only (the rest of the account is 用户管理's). */
export async function editStaff(db: Conn, me: Pick<SysUser, 'username'>, input: { id: string; post?: string | null; campusId?: string | null }, now: Date): Promise<void> {
  await staffRow(db, input.id);
  // 岗位 is 职务 (sys_user.post): position codes checked as 用户管理's form checks them.
  const stored = input.post !== undefined ? (await db.selectFrom('sys_user').select('post').where('id', '=', input.id).executeTakeFirst())?.post : null;
  const post = input.post !== undefined ? await normalizePost(db, input.post, stored) : undefined;
  const campusId = input.campusId || null;
  if (campusId && !(await db.selectFrom('tbl_location').select('id').where('id', '=', campusId).where('del_flag', '=', 0).executeTakeFirst())) {
    throw new ApiFailure(STAFF_MESSAGES.campusUnknown);
  }
  await db
    .updateTable('sys_user')
    .set({ ...(post !== undefined ? { post } : {}), ...(input.campusId !== undefined ? { campus_id: campusId } : {}), update_by: me.username, update_time: now })
    .where('id', '=', input.id)
    .execute();
}

/**
 * 离职: refused for the administrator account, oneself, and anyone still holding work (the message names the
 * counts and the answer carries them, so the screen can offer 工作交接). Checked and written in one transaction;
 * the sessions end after commit.
 */
export async function leaveStaff(services: Services, me: Pick<SysUser, 'id' | 'username'>, input: { id: string; leaveDate: string }, now: Date): Promise<void> {
  const { db } = services;
  await db.transaction().execute(async (tx) => {
    const user = await staffRow(tx, input.id);
    if (user.username === ADMIN_USERNAME) throw new ApiFailure(ADMIN_ACCOUNT_GUARD);
    if (user.id === me.id) throw new ApiFailure(STAFF_MESSAGES.leaveSelf);
    if (user.staff_status === STAFF_STATUS.left) throw new ApiFailure(STAFF_MESSAGES.alreadyLeft);
    const counts = countsOf(await collectWork(tx, user.id, now));
    const blocked = leaveBlockedMessage(counts);
    if (blocked) throw new ApiFailure(blocked, 500, 200, { counts, userId: user.id, realname: user.realname });
    await tx
      .updateTable('sys_user')
      .set({ staff_status: STAFF_STATUS.left, leave_date: input.leaveDate, status: 2, update_by: me.username, update_time: now })
      .where('id', '=', user.id)
      .execute();
  });
  await services.sessions.revokeUser(input.id, 'left');
}

/** 复职: 在职 again, the account unfrozen. */
export async function rejoinStaff(db: Conn, me: Pick<SysUser, 'username'>, id: string, now: Date): Promise<void> {
  const user = await staffRow(db, id);
  if (user.staff_status !== STAFF_STATUS.left) throw new ApiFailure(STAFF_MESSAGES.notLeft);
  await db.updateTable('sys_user').set({ staff_status: STAFF_STATUS.active, leave_date: null, status: 1, update_by: me.username, update_time: now }).where('id', '=', id).execute();
}
