import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { fillMonths, monthsOf, rangeBounds, type DateRange } from '../../lib/dashboard/date-range';
import type { FigureKey, FigureRow } from '../../lib/dashboard/dashboard-api';

/**
 * 分析页's figures (issue #26 item 2): each is ONE query over the business tables, written with Kysely's
 * builder so the tenant plugin scopes every table it names (server/db/tenant-scope.ts; raw `sql` statements
 * would not be). Months are Asia/Shanghai months; a range is [from, to) from lib/dashboard/date-range.ts.
 * Rows come back with numbers (PostgreSQL answers counts and sums as strings).
 */

type Db = Kysely<DB>;

export interface FigureFilter {
  range: DateRange;
  /** A venue id, or null for every venue (ignored by the figures without a venue). */
  locationId: string | null;
}

/** 0 未开始 1 已点名 (tbl_calendar.status); type 0 is a 课次. */
const CHECKED = 1;
const LESSON = 0;
/** 点名: 1 到课 2 迟到 3 请假 4 缺席. */
const PRESENT = [1, 2];
/** 作业: 1 已发布 2 已截止; submissions 1 已提交 2 已批改 count as done. */
const HOMEWORK_LIVE = [1, 2];
const SUBMISSION_DONE = [1, 2];
/** 学员 student_type 0 潜在 is a prospect, not an enrolment. */
const PROSPECT = 0;

const monthOf = (ref: string) => sql<string>`to_char(${sql.ref(ref)} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
const int = (v: unknown) => Number(v ?? 0) || 0;
/** Two decimals, as money and hours are stored. */
const dec = (v: unknown) => Math.round((Number(v ?? 0) || 0) * 100) / 100;
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

export async function computeFigure(db: Db, key: FigureKey, filter: FigureFilter): Promise<FigureRow[]> {
  return FIGURE_QUERIES[key](db, filter);
}

const FIGURE_QUERIES: Record<FigureKey, (db: Db, f: FigureFilter) => Promise<FigureRow[]>> = {
  enrolment: enrolmentByMonth,
  consumption: consumptionByMonth,
  consumptionByVenue,
  attendance: attendanceByClass,
  homework: homeworkByClass,
  revenue: revenueByMonth,
};

/** New students (not prospects) and converted leads per month: two grouped branches of one UNION ALL statement. */
async function enrolmentByMonth(db: Db, { range }: FigureFilter): Promise<FigureRow[]> {
  const { from, to } = rangeBounds(range);
  const studentMonth = monthOf('s.create_time');
  const leadMonth = monthOf('l.convert_time');
  const students = db
    .selectFrom('tbl_student as s')
    .select([studentMonth.as('month'), sql<string>`count(*)`.as('students'), sql<string>`0`.as('converted')])
    .where('s.del_flag', '=', 0)
    .where('s.student_type', '<>', PROSPECT)
    .where('s.create_time', '>=', from)
    .where('s.create_time', '<', to)
    .groupBy(studentMonth);
  const leads = db
    .selectFrom('tbl_lead as l')
    .select([leadMonth.as('month'), sql<string>`0`.as('students'), sql<string>`count(*)`.as('converted')])
    .where('l.del_flag', '=', 0)
    .where('l.convert_time', '>=', from)
    .where('l.convert_time', '<', to)
    .groupBy(leadMonth);
  const rows = await db
    .selectFrom(students.unionAll(leads).as('u'))
    .select(['u.month', sql<string>`sum(u.students)`.as('students'), sql<string>`sum(u.converted)`.as('converted')])
    .groupBy('u.month')
    .execute();
  return fillMonths(
    monthsOf(range),
    rows.map((r) => ({ month: r.month, students: int(r.students), converted: int(r.converted) })),
    (month) => ({ month, students: 0, converted: 0 }),
  );
}

/**
 * The roll of checked lessons in the range (optionally at one venue), each roll row with its unrevoked 课消 rows
 * and the lesson's venue: the base of the 课消 and 出勤 figures. A roll row may have several 课消 rows (hours taken
 * from two packages), so roll rows are counted distinct.
 */
function checkedRoll(db: Db, { range, locationId }: FigureFilter) {
  const { from, to } = rangeBounds(range);
  let q = db
    .selectFrom('tbl_calendar as c')
    .innerJoin('tbl_lesson_student as ls', 'ls.calendar_id', 'c.id')
    .leftJoin('tbl_consume_log as cl', (j) => j.onRef('cl.lesson_student_id', '=', 'ls.id').on('cl.status', '=', 0))
    .leftJoin('tbl_location as loc', 'loc.id', 'c.location_id')
    .where('c.del_flag', '=', 0)
    .where('c.type', '=', LESSON)
    .where('c.status', '=', CHECKED)
    .where('c.start_time', '>=', from)
    .where('c.start_time', '<', to);
  if (locationId) q = q.where('c.location_id', '=', locationId);
  return q;
}

/** 到课人次: distinct roll rows present (到课, 迟到). */
const presentCount = sql<string>`count(distinct ls.id) filter (where ls.arrival_status in (${sql.join(PRESENT)}))`;
/** 消耗课时: every unrevoked 课消 of the roll (leave and absence charges by the class's rules included). */
const consumedHours = sql<string>`coalesce(sum(cl.hours), 0)`;

async function consumptionByMonth(db: Db, f: FigureFilter): Promise<FigureRow[]> {
  const month = monthOf('c.start_time');
  const rows = await checkedRoll(db, f).select([month.as('month'), presentCount.as('lessons'), consumedHours.as('hours')]).groupBy(month).execute();
  return fillMonths(
    monthsOf(f.range),
    rows.map((r) => ({ month: r.month, lessons: int(r.lessons), hours: dec(r.hours) })),
    (m) => ({ month: m, lessons: 0, hours: 0 }),
  );
}

async function consumptionByVenue(db: Db, f: FigureFilter): Promise<FigureRow[]> {
  const rows = await checkedRoll(db, f)
    .select([sql<string>`coalesce(loc.name, '未指定场地')`.as('venue'), presentCount.as('lessons'), consumedHours.as('hours')])
    .groupBy(['c.location_id', 'loc.name'])
    .orderBy(consumedHours, 'desc')
    .orderBy('loc.name')
    .execute();
  return rows.map((r) => ({ venue: r.venue, lessons: int(r.lessons), hours: dec(r.hours) }));
}

async function attendanceByClass(db: Db, f: FigureFilter): Promise<FigureRow[]> {
  const rows = await checkedRoll(db, f)
    .innerJoin('tbl_clazz as z', 'z.id', 'c.clazz_id')
    .select([
      'z.name as clazz',
      sql<string>`count(distinct ls.id) filter (where ls.arrival_status between 1 and 4)`.as('expected'),
      presentCount.as('attended'),
    ])
    .groupBy(['c.clazz_id', 'z.name'])
    .orderBy('z.name')
    .execute();
  return rows.map((r) => ({ clazz: r.clazz, expected: int(r.expected), attended: int(r.attended), rate: pct(int(r.attended), int(r.expected)) }));
}

async function homeworkByClass(db: Db, { range, locationId }: FigureFilter): Promise<FigureRow[]> {
  const { from, to } = rangeBounds(range);
  let q = db
    .selectFrom('tbl_homework as h')
    .innerJoin('tbl_homework_student as hs', 'hs.homework_id', 'h.id')
    .innerJoin('tbl_clazz as z', 'z.id', 'h.clazz_id')
    .where('h.del_flag', '=', 0)
    .where('h.status', 'in', HOMEWORK_LIVE)
    .where('h.create_time', '>=', from)
    .where('h.create_time', '<', to);
  if (locationId) q = q.where('z.location_id', '=', locationId);
  const rows = await q
    .select([
      'z.name as clazz',
      sql<string>`count(*)`.as('assigned'),
      sql<string>`count(*) filter (where hs.status in (${sql.join(SUBMISSION_DONE)}))`.as('finished'),
    ])
    .groupBy(['h.clazz_id', 'z.name'])
    .orderBy('z.name')
    .execute();
  return rows.map((r) => ({ clazz: r.clazz, assigned: int(r.assigned), finished: int(r.finished), rate: pct(int(r.finished), int(r.assigned)) }));
}

async function revenueByMonth(db: Db, { range }: FigureFilter): Promise<FigureRow[]> {
  const { from, to } = rangeBounds(range);
  const month = monthOf('p.create_time');
  const rows = await db
    .selectFrom('tbl_student_course as p')
    .select([month.as('month'), sql<string>`count(*)`.as('packages'), sql<string>`coalesce(sum(p.amount), 0)`.as('amount')])
    .where('p.del_flag', '=', 0)
    .where('p.create_time', '>=', from)
    .where('p.create_time', '<', to)
    .groupBy(month)
    .execute();
  return fillMonths(
    monthsOf(range),
    rows.map((r) => ({ month: r.month, packages: int(r.packages), amount: dec(r.amount) })),
    (month) => ({ month, packages: 0, amount: 0 }),
  );
}

