import type { Kysely } from 'kysely';
import type { StudentCourses } from '../../lib/calendar/types';
import type { DB } from '../db/schema';
import { ApiFailure } from '../core/errors';
import { dateText, MSG, num } from '../calendar/attendance-roll';
import { formatDateTime } from '../core/format';

/** A student's course packages and latest 课消 (the student detail screen). */

type Db = Kysely<DB>;

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
