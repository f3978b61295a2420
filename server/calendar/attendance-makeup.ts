import { sql, type Kysely } from 'kysely';
import type { ArrivalStatus, MakeupInput, PendingMakeupRow } from '../../lib/calendar/types';
import type { DB } from '../db/schema';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { loadSession, log, MSG, syncRoll } from './attendance-roll';
import { formatDateTime } from '../core/format';

/** 补课: 待补课 rows become 补课 rows of a later session of the same course, and the list they are picked from. */

type Db = Kysely<DB>;

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
