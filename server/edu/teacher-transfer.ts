import { sql } from 'kysely';
import { TEACHER_MESSAGES, TEACHER_STATUS, teacherResource, type TeacherTransferRow } from '../../features/edu/teacher/teacher-resource';
import type { Database } from '../db';
import type { SysUser } from '../db/schema';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { dateText, namesOf, shanghaiDayStart, shanghaiMinute } from './catalog-teaching-shared';
import { dataLogSnapshot, recordDataVersions } from '../resources/data-log';
import { formatDateTime } from '../core/format';
import { NOT_FOUND } from './clazz-members';

/**
 * 教师调动 (server/edu/clazz-member-routes.ts): future sessions move to a 接替教师 in one transaction,
 * the database's exclusion constraint being the last word; and the teacher's transfer history.
 */

export const TRANSFER_MESSAGES = {
  teacherLeft: '离职教师不能调动',
  departUnknown: '调入校区不存在，请重新选择',
  venueUnknown: '调入场地不存在，请重新选择',
  reassignSelf: '接替教师不能是调动的教师本人',
  reassignInactive: '接替教师须为在职教师',
} as const;

/** The transfer form, as validated by the route. */
export interface TransferInput {
  teacherId: string;
  toDepartId: string;
  toVenueId?: string | null;
  effectiveDate: string;
  reason?: string | null;
  reassignTo?: string | null;
}

/** 接替教师 X 在 <time> 已有课次「<title>」: the first clash of the reassigned sessions, read before writing. */
export async function reassignClash(db: Database, reassignTo: string, reassignName: string, sessionIds: string[]): Promise<string | null> {
  if (!sessionIds.length) return null;
  const clash = await db
    .selectFrom('tbl_calendar as mine')
    .innerJoin('tbl_calendar_teacher as other', (j) => j.on('other.teacher_id', '=', reassignTo).on('other.live', '=', 1).onRef('other.calendar_id', '<>', 'mine.id'))
    .innerJoin('tbl_calendar as o', 'o.id', 'other.calendar_id')
    .leftJoin('tbl_clazz as z', 'z.id', 'o.clazz_id')
    .select(['o.start_time', 'o.end_time', 'o.title', 'o.lesson_no', 'z.name as clazz_name'])
    .where('mine.id', 'in', sessionIds)
    .whereRef('other.start_time', '<', 'mine.end_time')
    .whereRef('other.end_time', '>', 'mine.start_time')
    // Sessions the reassigned teacher already teaches are not clashes: the moving row is dropped there.
    .where((eb) => eb.not(eb.exists(eb.selectFrom('tbl_calendar_teacher as both').select('both.id').whereRef('both.calendar_id', '=', 'mine.id').where('both.teacher_id', '=', reassignTo))))
    .orderBy('o.start_time')
    .limit(1)
    .executeTakeFirst();
  if (!clash) return null;
  const title = clash.clazz_name ? `${clash.clazz_name}${clash.lesson_no ? ` 第${clash.lesson_no}次课` : ''}` : (clash.title ?? '');
  return `接替教师 ${reassignName} 在 ${shanghaiMinute(clash.start_time)}-${shanghaiMinute(clash.end_time).slice(11)} 已有课次「${title}」`;
}

/** Moves the teacher (and their future sessions to `reassignTo`); answers how many sessions were reassigned. */
export async function transferTeacher(db: Database, me: Pick<SysUser, 'username'>, body: TransferInput): Promise<number> {
  const teacher = await db.selectFrom('tbl_teacher').select(['id', 'status', 'depart_id', 'venue_id']).where('id', '=', body.teacherId).where('del_flag', '=', 0).executeTakeFirst();
  if (!teacher) throw new ApiFailure(NOT_FOUND);
  if (teacher.status === TEACHER_STATUS.left) throw new ApiFailure(TRANSFER_MESSAGES.teacherLeft);
  if (!(await db.selectFrom('sys_depart').select('id').where('id', '=', body.toDepartId).where('del_flag', '=', '0').executeTakeFirst())) throw new ApiFailure(TRANSFER_MESSAGES.departUnknown);
  const toVenue = body.toVenueId || null;
  if (toVenue && !(await db.selectFrom('tbl_location').select('id').where('id', '=', toVenue).where('del_flag', '=', 0).executeTakeFirst())) throw new ApiFailure(TRANSFER_MESSAGES.venueUnknown);
  const from = shanghaiDayStart(body.effectiveDate);
  const reassignTo = body.reassignTo || null;

  const liveRows = (conn: Database) =>
    conn
      .selectFrom('tbl_calendar_teacher as t')
      .innerJoin('tbl_calendar as c', 'c.id', 't.calendar_id')
      .select(['t.id', 't.calendar_id'])
      .where('t.teacher_id', '=', teacher.id)
      .where('c.del_flag', '=', 0)
      .where('c.status', '=', 0)
      .where('c.start_time', '>=', from)
      .where('c.start_time', '>', sql<Date>`now()`);
  const sessions = await liveRows(db).execute();
  let reassignName = '';
  if (sessions.length) {
    if (!reassignTo) throw new ApiFailure(TEACHER_MESSAGES.transferSessions(sessions.length));
    if (reassignTo === teacher.id) throw new ApiFailure(TRANSFER_MESSAGES.reassignSelf);
    const other = await db.selectFrom('tbl_teacher').select(['name', 'status']).where('id', '=', reassignTo).where('del_flag', '=', 0).executeTakeFirst();
    if (!other || other.status !== TEACHER_STATUS.active) throw new ApiFailure(TRANSFER_MESSAGES.reassignInactive);
    reassignName = other.name;
    const clash = await reassignClash(db, reassignTo, reassignName, sessions.map((s) => s.calendar_id));
    if (clash) throw new ApiFailure(clash, 409, 200, { conflicts: [], canOverride: false });
  }

  try {
    await db.transaction().execute(async (tx) => {
      // Re-read inside the transaction: sessions added since the check move too.
      const rows = sessions.length ? await liveRows(tx).execute() : [];
      if (rows.length && reassignTo) {
        const calendarIds = rows.map((r) => r.calendar_id);
        const already = new Set(
          (await tx.selectFrom('tbl_calendar_teacher').select('calendar_id').where('teacher_id', '=', reassignTo).where('calendar_id', 'in', calendarIds).execute()).map((r) => r.calendar_id),
        );
        const drop = rows.filter((r) => already.has(r.calendar_id)).map((r) => r.id);
        const move = rows.filter((r) => !already.has(r.calendar_id)).map((r) => r.id);
        if (drop.length) await tx.deleteFrom('tbl_calendar_teacher').where('id', 'in', drop).execute();
        // The fill trigger recomputes the times, so tbl_calendar_teacher_excl judges the new teacher's rows.
        if (move.length) await tx.updateTable('tbl_calendar_teacher').set({ teacher_id: reassignTo }).where('id', 'in', move).execute();
      }
      const before = await dataLogSnapshot(tx, teacherResource, [teacher.id]);
      await tx
        .updateTable('tbl_teacher')
        .set({ depart_id: body.toDepartId, ...(toVenue ? { venue_id: toVenue } : {}), update_by: me.username, update_time: new Date() })
        .where('id', '=', teacher.id)
        .execute();
      await tx
        .insertInto('tbl_teacher_transfer')
        .values({
          id: newId(),
          teacher_id: teacher.id,
          from_depart: teacher.depart_id,
          to_depart: body.toDepartId,
          from_venue: teacher.venue_id,
          to_venue: toVenue ?? teacher.venue_id,
          effective_date: body.effectiveDate,
          reason: body.reason || null,
          reassign_to: rows.length ? reassignTo : null,
          reassigned: rows.length,
          create_by: me.username,
        })
        .execute();
      await recordDataVersions(tx, teacherResource, [teacher.id], me, before);
    });
  } catch (e) {
    // A session booked for the 接替教师 between the check and the write: the exclusion constraint refuses.
    if ((e as { code?: unknown }).code === '23P01') throw new ApiFailure(`接替教师 ${reassignName} 在调动的课次时间已有课次`, 409, 200, { conflicts: [], canOverride: false });
    throw e;
  }
  return sessions.length;
}

/** The teacher's last 200 transfers, newest first, with names for the ids. */
export async function transferList(db: Database, teacherId: string): Promise<TeacherTransferRow[]> {
  const rows = await db.selectFrom('tbl_teacher_transfer').selectAll().where('teacher_id', '=', teacherId).orderBy('create_time', 'desc').orderBy('id').limit(200).execute();
  const departs = await namesOf(db, 'sys_depart', rows.flatMap((r) => [r.from_depart, r.to_depart]));
  const venues = await namesOf(db, 'tbl_location', rows.flatMap((r) => [r.from_venue, r.to_venue]));
  const teachers = await namesOf(db, 'tbl_teacher', rows.map((r) => r.reassign_to));
  const name = (m: Map<string, string>, v: string | null) => (v ? (m.get(v) ?? v) : null);
  return rows.map((r) => ({
    id: r.id,
    teacherId: r.teacher_id,
    fromDepart: r.from_depart,
    fromDepartName: name(departs, r.from_depart),
    toDepart: r.to_depart,
    toDepartName: name(departs, r.to_depart),
    fromVenue: r.from_venue,
    fromVenueName: name(venues, r.from_venue),
    toVenue: r.to_venue,
    toVenueName: name(venues, r.to_venue),
    effectiveDate: dateText(r.effective_date) ?? '',
    reason: r.reason,
    reassignTo: r.reassign_to,
    reassignToName: name(teachers, r.reassign_to),
    reassigned: r.reassigned,
    createBy: r.create_by,
    createTime: formatDateTime(r.create_time) ?? '',
  }));
}
