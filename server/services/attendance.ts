import { sql, type Kysely } from 'kysely';
import { attended, DEDUCT_RANGE_MESSAGE, deductHours, isValidDeduct, makeupStatusAfterCheck } from '../../lib/calendar/deduction';
import type {
  ArrivalStatus,
  CheckInput,
  CheckResult,
  LessonStudentRow,
  MakeupInput,
  MakeupStatus,
  MemberType,
  PendingMakeupRow,
  StudentCourses,
} from '../../lib/calendar/types';
import type { DB } from '../db/schema';
import { ApiFailure } from '../http/envelope';
import { newId } from '../ids';
import { formatDateTime } from './format';

/**
 * 点名 / 课消 / 补课 (../shared/domain.md §1 R4–R7). Every write runs in one transaction and first locks the
 * session row, so two teachers checking (or a check racing a revoke) serialise on it.
 */

type Db = Kysely<DB>;

/** A check may start at most this long before the session does (ATT #807: sessions checked days ahead). */
export const CHECK_EARLY_MS = 30 * 60_000;

export const MSG = {
  notFound: '课次不存在',
  notLesson: '只有教学排课可以点名',
  cancelled: '已取消的课次不能点名',
  rescheduled: '已调课的课次不能点名',
  notStarted: '课次未开始，不能点名',
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

const num = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));
const numText = (v: string | number) => String(Number(v));
const dateText = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

interface SessionRow {
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
async function loadSession(db: Db, id: string, lock: boolean): Promise<SessionRow | undefined> {
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
async function remainByStudent(db: Db, courseId: string | null, studentIds: string[]): Promise<Map<string, number>> {
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

async function log(db: Db, calendarId: string, action: string, detail: string | null, operator: string) {
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

export interface CheckOptions {
  /** Set for a caller who may not adjust the calendar (a plain teacher): they may check only sessions they teach. */
  ownSessionsOf?: string;
  now?: Date;
}

/** POST /calendar/lessonStudent/check: 点名 then 课消 in one transaction. */
export async function checkSession(db: Db, input: CheckInput, username: string, { ownSessionsOf, now = new Date() }: CheckOptions = {}): Promise<CheckResult> {
  const ids = input.items.map((i) => i.studentId);
  if (new Set(ids).size !== ids.length) throw new ApiFailure(MSG.duplicateStudent);
  for (const i of input.items) {
    if (i.deductHours !== undefined && i.deductHours !== null && !isValidDeduct(i.deductHours)) throw new ApiFailure(DEDUCT_RANGE_MESSAGE);
  }
  return db.transaction().execute(async (tx) => {
    const session = await loadSession(tx, input.calendarId, true);
    if (!session) throw new ApiFailure(MSG.notFound);
    if (ownSessionsOf && !(await teachesSession(tx, session.id, ownSessionsOf))) throw new ApiFailure(MSG.notOwnSession);
    if (session.type !== 0) throw new ApiFailure(MSG.notLesson);
    if (session.status === 2) throw new ApiFailure(MSG.cancelled);
    if (session.status === 3) throw new ApiFailure(MSG.rescheduled);
    if (session.status === 1) throw new ApiFailure(MSG.alreadyChecked);
    if (session.start_time.getTime() - now.getTime() > CHECK_EARLY_MS) throw new ApiFailure(MSG.notStarted);

    const clazz = session.clazz_id
      ? await tx.selectFrom('tbl_clazz').select(['leave_charge', 'absent_charge', 'hours_per_lesson']).where('id', '=', session.clazz_id).executeTakeFirst()
      : undefined;
    // Without a class: the defaults of the schema (请假 free, 缺席 charged).
    const classRules = { leaveCharge: (clazz?.leave_charge ?? 0) === 1, absentCharge: (clazz?.absent_charge ?? 1) === 1 };
    const lessonHours = num(session.hours) > 0 ? num(session.hours) : num(clazz?.hours_per_lesson ?? '0');

    await syncRoll(tx, session, username);
    const roll = await tx
      .selectFrom('tbl_lesson_student as ls')
      .innerJoin('tbl_student as s', 's.id', 'ls.student_id')
      .select(['ls.id', 'ls.student_id', 'ls.member_type', 'ls.makeup_for', 's.name'])
      .where('ls.calendar_id', '=', session.id)
      .where('ls.student_id', 'in', ids)
      .execute();
    const byStudent = new Map(roll.map((r) => [r.student_id, r]));
    if (ids.some((id) => !byStudent.has(id))) throw new ApiFailure(MSG.notOnRoll);

    const planned = input.items.map((i) => ({
      item: i,
      row: byStudent.get(i.studentId)!,
      hours: deductHours({ arrivalStatus: i.arrivalStatus, classRules, lessonHours, override: i.deductHours }),
    }));

    // The package each charged student pays from: active, with hours left first, then earliest valid_to, then oldest.
    const charged = planned.filter((p) => p.hours > 0).map((p) => p.item.studentId);
    const packages =
      session.course_id && charged.length
        ? await tx
            .selectFrom('tbl_student_course')
            .select(['id', 'student_id', 'remain_qty'])
            .where('course_id', '=', session.course_id)
            .where('student_id', 'in', charged)
            .where('status', '=', 0)
            .where('del_flag', '=', 0)
            .orderBy(sql`remain_qty > 0`, 'desc')
            .orderBy(sql`valid_to asc nulls last`)
            .orderBy('create_time')
            .orderBy('id')
            .forUpdate()
            .execute()
        : [];
    const pick = new Map<string, (typeof packages)[number]>();
    for (const p of packages) if (!pick.has(p.student_id)) pick.set(p.student_id, p);

    const warnings: string[] = [];
    let consumed = 0;
    const counts = { 1: 0, 2: 0, 3: 0, 4: 0 };
    for (const p of planned) {
      let hours = p.hours;
      counts[p.item.arrivalStatus] += 1;
      if (hours > 0) {
        const pkg = pick.get(p.item.studentId);
        if (!pkg) {
          warnings.push(`${p.row.name} 没有可用的课时包`);
          hours = 0;
        } else {
          if (num(pkg.remain_qty) < hours) warnings.push(`${p.row.name} 剩余课时不足（剩余 ${numText(pkg.remain_qty)}，本次扣 ${numText(hours)}）`);
          // The database computes both sides (remain_qty is generated), so no float drift enters the log.
          const after = await tx
            .updateTable('tbl_student_course')
            .set({ used_qty: sql`used_qty + ${hours}`, update_by: username, update_time: now })
            .where('id', '=', pkg.id)
            .returning('remain_qty')
            .executeTakeFirstOrThrow();
          await tx
            .insertInto('tbl_consume_log')
            .values({
              id: newId(),
              student_course_id: pkg.id,
              student_id: p.item.studentId,
              calendar_id: session.id,
              lesson_student_id: p.row.id,
              hours: String(hours),
              hours_before: pkg.remain_qty,
              hours_after: after.remain_qty,
              create_by: username,
            })
            .execute();
          consumed += hours;
        }
      }
      await tx
        .updateTable('tbl_lesson_student')
        .set({
          arrival_status: p.item.arrivalStatus,
          deduct_hours: String(hours),
          check_time: now,
          check_by: username,
          makeup_status: makeupStatusAfterCheck(p.item.arrivalStatus, p.row.member_type as MemberType),
        })
        .where('id', '=', p.row.id)
        .execute();
    }

    // A 补课 row attended makes its original absence 已补; a missed one leaves it 待补课 to arrange again.
    const made = planned.filter((p) => p.row.member_type === 3 && p.row.makeup_for);
    const done = made.filter((p) => attended(p.item.arrivalStatus)).map((p) => p.row.makeup_for!);
    const missed = made.filter((p) => !attended(p.item.arrivalStatus)).map((p) => p.row.makeup_for!);
    if (done.length) await tx.updateTable('tbl_lesson_student').set({ makeup_status: 3 }).where('id', 'in', done).execute();
    if (missed.length) await tx.updateTable('tbl_lesson_student').set({ makeup_status: 1 }).where('id', 'in', missed).execute();

    await tx.updateTable('tbl_calendar').set({ status: 1, update_by: username, update_time: now }).where('id', '=', session.id).execute();
    await log(tx, session.id, 'check', `到课 ${counts[1]} 人，迟到 ${counts[2]} 人，请假 ${counts[3]} 人，缺席 ${counts[4]} 人`, username);
    return { checked: planned.length, consumedHours: consumed, warnings };
  });
}

/** POST /calendar/lessonStudent/revoke: 课消 back to the packages, logs 已撤销, the roll back to 待签. */
export async function revokeSession(db: Db, calendarId: string, reason: string | undefined, username: string, now = new Date()): Promise<{ revokedHours: number }> {
  return db.transaction().execute(async (tx) => {
    const session = await loadSession(tx, calendarId, true);
    if (!session) throw new ApiFailure(MSG.notFound);
    if (session.status !== 1) throw new ApiFailure(MSG.notChecked);
    // Lock the roll so a make-up being arranged from it either commits first (and is seen below) or waits.
    await tx.selectFrom('tbl_lesson_student').select('id').where('calendar_id', '=', calendarId).forUpdate().execute();
    const arranged = await tx
      .selectFrom('tbl_lesson_student')
      .select('id')
      .where('calendar_id', '=', calendarId)
      .where('arrival_status', 'in', [3, 4])
      .where('makeup_status', 'in', [2, 3])
      .executeTakeFirst();
    if (arranged) throw new ApiFailure(MSG.makeupArranged);

    const back = await tx
      .selectFrom('tbl_consume_log')
      .select(sql<string>`coalesce(sum(hours), 0)`.as('h'))
      .where('calendar_id', '=', calendarId)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    await sql`update tbl_student_course sc set used_qty = sc.used_qty - x.h, update_by = ${username}, update_time = ${now}
      from (select student_course_id, sum(hours) as h from tbl_consume_log where calendar_id = ${calendarId} and status = 0 group by student_course_id) x
      where sc.id = x.student_course_id`.execute(tx);
    await tx.updateTable('tbl_consume_log').set({ status: 1, revoke_by: username, revoke_time: now }).where('calendar_id', '=', calendarId).where('status', '=', 0).execute();

    // Absences this session's 补课 rows settled (or reopened) go back to 已安排, unless another 补课 row now speaks for them.
    await sql`update tbl_lesson_student o set makeup_status = 2
      where o.id in (select m.makeup_for from tbl_lesson_student m where m.calendar_id = ${calendarId} and m.member_type = 3 and m.makeup_for is not null)
        and o.makeup_status in (1, 3)
        and not exists (select 1 from tbl_lesson_student n where n.makeup_for = o.id and n.calendar_id <> ${calendarId})`.execute(tx);
    await tx
      .updateTable('tbl_lesson_student')
      .set({ arrival_status: 0, deduct_hours: null, check_time: null, check_by: null, makeup_status: 0 })
      .where('calendar_id', '=', calendarId)
      .execute();
    await tx.updateTable('tbl_calendar').set({ status: 0, update_by: username, update_time: now }).where('id', '=', calendarId).execute();
    await log(tx, calendarId, 'revoke', reason ? `撤销点名：${reason}` : '撤销点名', username);
    return { revokedHours: num(back.h) };
  });
}

/** POST /calendar/lessonStudent/makeup: 待补课 rows become 补课 rows of a later session of the same course. */
export async function arrangeMakeup(db: Db, input: MakeupInput, username: string, now = new Date()): Promise<{ arranged: number }> {
  const ids = [...new Set(input.fromLessonStudentIds)];
  return db.transaction().execute(async (tx) => {
    // Locking the target serialises capacity checks of concurrent arrangements.
    const target = await loadSession(tx, input.toCalendarId, true);
    if (!target) throw new ApiFailure(MSG.notFound);
    if (target.type !== 0 || target.status !== 0) throw new ApiFailure(MSG.makeupTargetInvalid);
    if (target.start_time.getTime() <= now.getTime()) throw new ApiFailure(MSG.makeupTargetStarted);

    const sources = await tx
      .selectFrom('tbl_lesson_student as ls')
      .innerJoin('tbl_calendar as c', 'c.id', 'ls.calendar_id')
      .leftJoin('tbl_clazz as z', 'z.id', 'c.clazz_id')
      .innerJoin('tbl_student as s', 's.id', 'ls.student_id')
      .select(['ls.id', 'ls.student_id', 'ls.calendar_id', 'ls.makeup_status', 's.name', sql<string | null>`coalesce(c.course_id, z.course_id)`.as('course_id')])
      .where('ls.id', 'in', ids)
      .where('c.del_flag', '=', 0)
      .forUpdate('ls')
      .execute();
    if (sources.length !== ids.length) throw new ApiFailure(MSG.makeupSourceMissing);
    for (const s of sources) {
      if (s.makeup_status !== 1) throw new ApiFailure(`${s.name} 不是待补课状态`);
      if (s.calendar_id === target.id) throw new ApiFailure(MSG.makeupSameSession);
      if (!target.course_id || s.course_id !== target.course_id) throw new ApiFailure(MSG.makeupOtherCourse);
    }
    const studentIds = sources.map((s) => s.student_id);
    if (new Set(studentIds).size !== studentIds.length) throw new ApiFailure(MSG.makeupAlreadyOnRoll);

    await syncRoll(tx, target, username);
    const onRoll = await tx.selectFrom('tbl_lesson_student').select('id').where('calendar_id', '=', target.id).where('student_id', 'in', studentIds).executeTakeFirst();
    if (onRoll) throw new ApiFailure(MSG.makeupAlreadyOnRoll);

    // Capacity (R4): the class's unless it may be exceeded, the room's always.
    const { n } = await tx.selectFrom('tbl_lesson_student').select(sql<string>`count(*)`.as('n')).where('calendar_id', '=', target.id).executeTakeFirstOrThrow();
    const headcount = Number(n) + sources.length;
    if (target.clazz_id) {
      const clazz = await tx.selectFrom('tbl_clazz').select(['capacity', 'allow_over']).where('id', '=', target.clazz_id).executeTakeFirst();
      if (clazz && clazz.allow_over !== 1 && headcount > clazz.capacity) throw new ApiFailure(`超出班级容量（${clazz.capacity}人）`);
    }
    if (target.room_id) {
      const room = await tx.selectFrom('tbl_room').select('capacity').where('id', '=', target.room_id).executeTakeFirst();
      if (room && headcount > room.capacity) throw new ApiFailure(`超出教室容量（${room.capacity}人）`);
    }

    await tx
      .insertInto('tbl_lesson_student')
      .values(sources.map((s) => ({ id: newId(), calendar_id: target.id, student_id: s.student_id, member_type: 3, makeup_for: s.id, create_by: username })))
      .execute();
    await tx.updateTable('tbl_lesson_student').set({ makeup_status: 2 }).where('id', 'in', ids).execute();
    await log(tx, target.id, 'makeup', `安排补课：${sources.map((s) => s.name).join('、')}`, username);
    return { arranged: sources.length };
  });
}

/** GET /calendar/lessonStudent/pendingMakeup: 待补课 rows, latest session first, paged on the server. */
export async function listPendingMakeup(
  db: Db,
  filter: { courseId?: string; clazzId?: string; toCalendarId?: string },
  page: { offset: number; limit: number },
): Promise<{ records: PendingMakeupRow[]; total: number }> {
  const courseExpr = sql<string | null>`coalesce(c.course_id, z.course_id)`;
  // For a target session (安排补课): only its course, not its own rows, nobody already on its roll.
  const target = filter.toCalendarId ? await loadSession(db, filter.toCalendarId, false) : undefined;
  if (filter.toCalendarId && (!target || !target.course_id)) return { records: [], total: 0 };
  let base = db
    .selectFrom('tbl_lesson_student as ls')
    .innerJoin('tbl_calendar as c', 'c.id', 'ls.calendar_id')
    .innerJoin('tbl_student as s', 's.id', 'ls.student_id')
    .leftJoin('tbl_clazz as z', 'z.id', 'c.clazz_id')
    .where('ls.makeup_status', '=', 1)
    .where('c.del_flag', '=', 0);
  if (filter.courseId) base = base.where(courseExpr, '=', filter.courseId);
  if (filter.clazzId) base = base.where('c.clazz_id', '=', filter.clazzId);
  if (target) {
    base = base
      .where(courseExpr, '=', target.course_id)
      .where('ls.calendar_id', '<>', target.id)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('tbl_lesson_student as tr').select('tr.id').whereRef('tr.student_id', '=', 'ls.student_id').where('tr.calendar_id', '=', target.id))),
      );
    // Active members of the target's class join its roll anyway (syncRoll), so they cannot be added as 补课.
    if (target.clazz_id && target.status === 0) {
      const clazzId = target.clazz_id;
      base = base.where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('tbl_clazz_student as tm').select('tm.id').whereRef('tm.student_id', '=', 'ls.student_id').where('tm.clazz_id', '=', clazzId).where('tm.status', '=', 1))),
      );
    }
  }
  const [rows, count] = await Promise.all([
    base
      .leftJoin('tbl_course as co', (j) => j.on(sql<boolean>`co.id = coalesce(c.course_id, z.course_id)`))
      .select([
        'ls.id',
        'ls.student_id',
        's.name',
        's.phone',
        'ls.calendar_id',
        'c.title',
        'c.clazz_id',
        'z.name as clazz_name',
        courseExpr.as('course_id'),
        'co.name as course_name',
        'c.start_time',
        'c.end_time',
        'ls.arrival_status',
      ])
      .orderBy('c.start_time', 'desc')
      .orderBy('ls.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    records: rows.map((r) => ({
      id: r.id,
      studentId: r.student_id,
      studentName: r.name,
      phone: r.phone,
      calendarId: r.calendar_id,
      title: r.title,
      clazzId: r.clazz_id,
      clazzName: r.clazz_name,
      courseId: r.course_id,
      courseName: r.course_name,
      clazzStartTime: formatDateTime(r.start_time)!,
      clazzEndTime: formatDateTime(r.end_time)!,
      arrivalStatus: r.arrival_status as ArrivalStatus,
    })),
  };
}

export const CONSUME_LOG_LIMIT = 20;

/** GET /edu/student/courses: the student's packages and latest 课消 for the student detail screen. */
export async function studentCourses(db: Db, studentId: string): Promise<StudentCourses> {
  const student = await db.selectFrom('tbl_student').select('id').where('id', '=', studentId).where('del_flag', '=', 0).executeTakeFirst();
  if (!student) throw new ApiFailure(MSG.studentMissing);
  const [packages, logs] = await Promise.all([
    db
      .selectFrom('tbl_student_course as sc')
      .leftJoin('tbl_course as co', 'co.id', 'sc.course_id')
      .select(['sc.id', 'sc.course_id', 'co.name', 'sc.unit', 'sc.buy_qty', 'sc.gift_qty', 'sc.used_qty', 'sc.remain_qty', 'sc.status', 'sc.valid_from', 'sc.valid_to'])
      .where('sc.student_id', '=', studentId)
      .where('sc.del_flag', '=', 0)
      .orderBy('sc.status')
      .orderBy('sc.create_time', 'desc')
      .orderBy('sc.id')
      .execute(),
    db
      .selectFrom('tbl_consume_log as l')
      .leftJoin('tbl_calendar as c', 'c.id', 'l.calendar_id')
      .leftJoin('tbl_student_course as sc', 'sc.id', 'l.student_course_id')
      .leftJoin('tbl_course as co', 'co.id', 'sc.course_id')
      .select(['l.id', 'l.create_time', 'l.calendar_id', 'c.title', 'c.start_time', 'co.name', 'l.hours', 'l.hours_before', 'l.hours_after', 'l.status'])
      .where('l.student_id', '=', studentId)
      .orderBy('l.create_time', 'desc')
      .orderBy('l.id', 'desc')
      .limit(CONSUME_LOG_LIMIT)
      .execute(),
  ]);
  return {
    packages: packages.map((p) => ({
      id: p.id,
      courseId: p.course_id,
      courseName: p.name,
      unit: p.unit,
      buyQty: num(p.buy_qty),
      giftQty: num(p.gift_qty),
      usedQty: num(p.used_qty),
      remainQty: num(p.remain_qty),
      status: p.status,
      validFrom: dateText(p.valid_from),
      validTo: dateText(p.valid_to),
    })),
    consumeLogs: logs.map((l) => ({
      id: l.id,
      createTime: formatDateTime(l.create_time)!,
      calendarId: l.calendar_id,
      title: l.title,
      clazzStartTime: formatDateTime(l.start_time),
      courseName: l.name,
      hours: num(l.hours),
      hoursBefore: num(l.hours_before),
      hoursAfter: num(l.hours_after),
      status: l.status,
    })),
  };
}
