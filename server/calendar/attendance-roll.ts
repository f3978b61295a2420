import { sql, type Kysely } from 'kysely';
import type { ArrivalStatus, LessonStudentRow, MakeupStatus, MemberType } from '../../lib/calendar/types';
import type { DB } from '../db/schema';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { formatDateTime } from '../core/format';
import { NOT_STARTED_MESSAGE } from '../../lib/calendar/deduction';

/** 点名's shared ground (server/calendar/attendance.ts is the module's face): messages, the session, the roll, the log. */

type Db = Kysely<DB>;

// The opening rule is shared with the 点名 screen, which says it before the form (lib/calendar/deduction.ts).
export { CHECK_EARLY_MS } from '../../lib/calendar/deduction';

export const MSG = {
  notFound: '课次不存在',
  notLesson: '只有教学排课可以点名',
  cancelled: '已取消的课次不能点名',
  rescheduled: '已调课的课次不能点名',
  notStarted: NOT_STARTED_MESSAGE,
  notOnRoll: '学员不在本课次名单中',
  alreadyChecked: '该课次已点名，请先撤销点名',
  duplicateStudent: '点名学员重复',
  notChecked: '该课次未点名，不能撤销',
  makeupArranged: '该课次的缺课学员已安排补课，不能撤销点名',
  makeupSourceMissing: '待补课记录不存在',
  makeupTargetInvalid: '目标课次不可安排补课',
  makeupTargetStarted: '目标课次已开始，不能安排补课',
  makeupSameSession: '不能补课到原课次',
  makeupOtherCourse: '目标课次不是同一课程',
  makeupAlreadyOnRoll: '该学员已在目标课次中',
  studentMissing: '未找到对应数据',
  notOwnSession: '只能为自己的课次点名',
} as const;

export const num = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));
export const numText = (v: string | number) => String(Number(v));
export const dateText = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export interface SessionRow {
  id: string;
  type: number;
  status: number;
  start_time: Date;
  clazz_id: string | null;
  course_id: string | null;
  room_id: string | null;
  hours: string;
}

/** The session, locked for the rest of the transaction when `lock`; course falls back to the class's. */
export async function loadSession(db: Db, id: string, lock: boolean): Promise<SessionRow | undefined> {
  let q = db
    .selectFrom('tbl_calendar')
    .select(['id', 'type', 'status', 'start_time', 'clazz_id', 'course_id', 'room_id', 'hours'])
    .where('id', '=', id)
    .where('del_flag', '=', 0);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (row && !row.course_id && row.clazz_id) {
    const clazz = await db.selectFrom('tbl_clazz').select('course_id').where('id', '=', row.clazz_id).executeTakeFirst();
    row.course_id = clazz?.course_id ?? null;
  }
  return row;
}

/**
 * Puts the class's active members on the roll of a session that has not been checked yet (single
 * sessions, later joiners). Rows are only ever added: a member who left keeps their past rows.
 */
export async function syncRoll(db: Db, session: { id: string; status: number; clazz_id: string | null }, username: string): Promise<void> {
  if (session.status !== 0 || !session.clazz_id) return;
  const missing = await db
    .selectFrom('tbl_clazz_student as cs')
    .innerJoin('tbl_student as s', 's.id', 'cs.student_id')
    .select('cs.student_id')
    .where('cs.clazz_id', '=', session.clazz_id)
    .where('cs.status', '=', 1)
    .where('s.del_flag', '=', 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('tbl_lesson_student as ls').select('ls.id').whereRef('ls.student_id', '=', 'cs.student_id').where('ls.calendar_id', '=', session.id))),
    )
    .execute();
  if (!missing.length) return;
  await db
    .insertInto('tbl_lesson_student')
    .values(missing.map((m) => ({ id: newId(), calendar_id: session.id, student_id: m.student_id, member_type: 0, create_by: username })))
    .onConflict((oc) => oc.columns(['calendar_id', 'student_id']).doNothing())
    .execute();
}

/** Remaining hours per student on the course's active packages (students without one are absent from the map). */
export async function remainByStudent(db: Db, courseId: string | null, studentIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!courseId || !studentIds.length) return out;
  const rows = await db
    .selectFrom('tbl_student_course')
    .select(['student_id', sql<string>`sum(remain_qty)`.as('remain')])
    .where('course_id', '=', courseId)
    .where('status', '=', 0)
    .where('del_flag', '=', 0)
    .where('student_id', 'in', studentIds)
    .groupBy('student_id')
    .execute();
  for (const r of rows) out.set(r.student_id, num(r.remain));
  return out;
}

/** GET /calendar/lessonStudent/list: the roll (synced first while 未开始) with each student's remaining hours. */
export async function listRoll(db: Db, calendarId: string, username: string): Promise<LessonStudentRow[]> {
  const session = await loadSession(db, calendarId, false);
  if (!session) throw new ApiFailure(MSG.notFound);
  if (session.type === 0) await syncRoll(db, session, username);
  const rows = await db
    .selectFrom('tbl_lesson_student as ls')
    .innerJoin('tbl_student as s', 's.id', 'ls.student_id')
    .select(['ls.id', 'ls.student_id', 's.name', 's.phone', 'ls.member_type', 'ls.arrival_status', 'ls.deduct_hours', 'ls.makeup_status', 'ls.check_time'])
    .where('ls.calendar_id', '=', calendarId)
    .orderBy('ls.member_type')
    .orderBy('ls.create_time')
    .orderBy('ls.id')
    .execute();
  const remain = await remainByStudent(db, session.course_id, rows.map((r) => r.student_id));
  return rows.map((r) => ({
    id: r.id,
    studentId: r.student_id,
    studentName: r.name,
    phone: r.phone,
    memberType: r.member_type as MemberType,
    arrivalStatus: r.arrival_status as ArrivalStatus,
    deductHours: r.deduct_hours === null ? null : num(r.deduct_hours),
    makeupStatus: r.makeup_status as MakeupStatus,
    checkTime: formatDateTime(r.check_time),
    remainHours: remain.has(r.student_id) ? remain.get(r.student_id)! : null,
  }));
}

export async function log(db: Db, calendarId: string, action: string, detail: string | null, operator: string) {
  await db.insertInto('tbl_calendar_log').values({ id: newId(), calendar_id: calendarId, action, detail, operator }).execute();
}

/** Whether the user is one of the session's teachers (主讲 or 辅导), through the teacher record linked to their account. */
export async function teachesSession(db: Db, calendarId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('tbl_calendar_teacher as ct')
    .innerJoin('tbl_teacher as t', 't.id', 'ct.teacher_id')
    .select('ct.id')
    .where('ct.calendar_id', '=', calendarId)
    .where('t.user_id', '=', userId)
    .where('t.del_flag', '=', 0)
    .executeTakeFirst();
  return !!row;
}
