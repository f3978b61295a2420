import { sql } from 'kysely';
import type { Database } from '../server/db';

const HOUR = 3600_000;

/**
 * Fills the week starting at `monday` with `n` teaching sessions, each with a teacher, a room, a class and
 * a 12-student roll. 42 slots a week (6 a day, 7 days): one teacher, room and class per 42 sessions, so
 * nothing clashes; `prefix` keeps several filled weeks apart in one database.
 */
export async function fillWeek(db: Database, n: number, monday: Date, prefix = 'b'): Promise<void> {
  const groups = Math.ceil(n / 42);
  const p = prefix;
  await sql`insert into tbl_teacher (id, name, status) select ${p} || 't_' || g, '教师' || ${p} || g, 1 from generate_series(1, ${groups}) g`.execute(db);
  await sql`insert into tbl_room (id, location_id, name, capacity) select ${p} || 'r_' || g, 'loc_bj_zgc', ${p} || g || '号教室', 30 from generate_series(1, ${groups}) g`.execute(db);
  await sql`insert into tbl_clazz (id, name, capacity, status, room_id, location_id)
    select ${p} || 'c_' || g, '班级' || ${p} || g, 30, 1, ${p} || 'r_' || g, 'loc_bj_zgc' from generate_series(1, ${groups}) g`.execute(db);
  await sql`insert into tbl_student (id, name, phone) select 'bs_' || s, '学员' || s, '150' || lpad(s::text, 8, '0') from generate_series(1, 12) s on conflict do nothing`.execute(db);
  await sql`insert into tbl_clazz_student (id, clazz_id, student_id)
    select ${p} || 'm_' || g || '_' || s, ${p} || 'c_' || g, 'bs_' || s from generate_series(1, ${groups}) g, generate_series(1, 12) s`.execute(db);
  await sql`insert into tbl_calendar (id, type, clazz_id, lesson_no, start_time, end_time, location_id, room_id, hours, status)
    select ${p} || 'cal_' || i, 0, ${p} || 'c_' || (i / 42 + 1), i % 42 + 1,
      ${monday}::timestamptz + ((i % 42) / 6) * interval '1 day' + (8 + 2 * ((i % 42) % 6)) * interval '1 hour',
      ${monday}::timestamptz + ((i % 42) / 6) * interval '1 day' + (9.5 + 2 * ((i % 42) % 6)) * interval '1 hour',
      'loc_bj_zgc', ${p} || 'r_' || (i / 42 + 1), 2, 0
    from generate_series(0, ${n - 1}) i`.execute(db);
  await sql`insert into tbl_calendar_teacher (id, calendar_id, teacher_id, role)
    select ${p} || 'ct_' || i, ${p} || 'cal_' || i, ${p} || 't_' || (i / 42 + 1), 1 from generate_series(0, ${n - 1}) i`.execute(db);
  await sql`analyze`.execute(db);
}

/** Removes every teaching row the fixture writes (and any other): the API bench refills per size. */
export async function clearTeaching(db: Database): Promise<void> {
  for (const t of ['tbl_lesson_student', 'tbl_calendar_teacher', 'tbl_calendar', 'tbl_clazz_student', 'tbl_clazz', 'tbl_teacher', 'tbl_room']) {
    await sql`delete from ${sql.table(t)}`.execute(db);
  }
}

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai, the calendar's wire format. */
export const wireTime = (d: Date) => new Date(d.getTime() + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');
