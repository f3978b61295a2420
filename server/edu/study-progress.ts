import { sql } from 'kysely';
import { MEMBER_STATUS } from '../../features/edu/clazz/clazz-resource';
import { percentOf, type AttendanceCounts, type ClazzProgressAnswer, type ContentProgress, type StudentCourseProgress, type StudentProgressAnswer } from '../../lib/edu/progress-types';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import { namesOf } from './catalog-teaching-shared';
import { formatDateTime } from '../core/format';

/**
 * 学习进度 (issue 7 item 6, domain §2). Everything is counted by the database (grouped aggregates with bound
 * parameters); only one row per course or per class member comes back.
 *
 * A session counts when it is a 课次 (type 0), not deleted and live (0 未开始 / 1 已点名; cancelled and
 * rescheduled ones are not planned any more). A session's course is its own or its class's.
 * Issue #22 item 7 adds chapters (a chapter is done when an 已点名 session the student attended, or whose
 * homework of theirs is 已批改, was filled from a template lesson of that chapter) and homework figures.
 */

const NOT_FOUND = '未找到对应数据';
const MEMBER_STATUS_TEXT: Record<number, string> = { [MEMBER_STATUS.active]: '正常', [MEMBER_STATUS.left]: '已退班' };

/** Aggregates over a set of roll rows `l` joined to their session `c` (both aliases fixed by the callers). */
const COUNTS = sql`
  count(c.id) as planned,
  count(c.id) filter (where c.status = 1) as done,
  count(c.id) filter (where c.status = 1 and l.arrival_status in (1, 2)) as attended,
  count(c.id) filter (where c.status = 1 and l.arrival_status = 3) as leave,
  count(c.id) filter (where c.status = 1 and l.arrival_status = 4) as absent,
  count(c.id) filter (where l.makeup_status = 1) as makeup_pending`;

interface CountRow {
  planned: string | number;
  done: string | number;
  attended: string | number;
  leave: string | number;
  absent: string | number;
  makeup_pending: string | number;
}

function countsOf(r: CountRow | undefined): AttendanceCounts {
  const n = (v: string | number | undefined) => Number(v ?? 0);
  const done = n(r?.done);
  const attended = n(r?.attended);
  return {
    planned: n(r?.planned),
    done,
    attended,
    leave: n(r?.leave),
    absent: n(r?.absent),
    makeupPending: n(r?.makeup_pending),
    attendanceRate: percentOf(attended, done),
  };
}

const num = (v: string | number | null | undefined) => Number(v ?? 0);
const numOrNull = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

/**
 * Homework aggregates over submission rows `hs` of live homework `h` (aliases fixed by the callers): rows,
 * 已完成 (已提交 / 已批改) and the graded average in percent of each homework's 满分, one decimal.
 */
const HOMEWORK_COUNTS = sql`
  count(hs.id) as assigned,
  count(hs.id) filter (where hs.status in (1, 2)) as finished,
  round(avg(hs.score * 100 / h.max_score) filter (where hs.status = 2), 1) as avg_score`;

interface HomeworkCountRow {
  assigned: string | number;
  finished: string | number;
  avg_score: string | number | null;
}

function contentOf(chapters: { done?: string | number; total?: string | number } | undefined, hw: HomeworkCountRow | undefined): ContentProgress {
  return {
    chaptersDone: num(chapters?.done),
    chaptersTotal: num(chapters?.total),
    homeworkAssigned: num(hw?.assigned),
    homeworkFinished: num(hw?.finished),
    homeworkAvgScore: numOrNull(hw?.avg_score),
  };
}

/** Live chapters per course (tbl_course_chapter, del_flag 0). */
async function chapterTotals(db: Database, courseIds: string[]): Promise<Map<string, number>> {
  if (!courseIds.length) return new Map();
  const { rows } = await sql<{ course_id: string; total: string }>`
    select course_id, count(*) as total from tbl_course_chapter where del_flag = 0 and course_id in (${sql.join(courseIds)}) group by course_id`.execute(db);
  return new Map(rows.map((r) => [r.course_id, num(r.total)]));
}

/** The template lessons a session was filled from lead to chapters (`items` yields key + template_item_id as item). */
const CHAPTERS_OF_ITEMS = sql`
  join tbl_teach_template_item ti on ti.id = i.item
  join tbl_course_chapter ch on ch.id = ti.chapter_id and ch.del_flag = 0`;

/** Per course the student has a 课时包 for or is/was in a class of. */
export async function studentProgress(db: Database, studentId: string): Promise<StudentProgressAnswer> {
  const student = await db.selectFrom('tbl_student').select('id').where('id', '=', studentId).where('del_flag', '=', 0).executeTakeFirst();
  if (!student) throw new ApiFailure(NOT_FOUND);

  const packages = (
    await sql<{ course_id: string; bought: string; gift: string; used: string; remain: string }>`
      select course_id, sum(buy_qty) as bought, sum(gift_qty) as gift, sum(used_qty) as used, sum(remain_qty) as remain
      from tbl_student_course where student_id = ${studentId} and del_flag = 0 group by course_id`.execute(db)
  ).rows;

  const clazzes = await db
    .selectFrom('tbl_clazz_student as m')
    .innerJoin('tbl_clazz as z', 'z.id', 'm.clazz_id')
    .select(['z.id', 'z.name', 'z.course_id', 'm.status'])
    .where('m.student_id', '=', studentId)
    .where('z.del_flag', '=', 0)
    .where('z.course_id', 'is not', null)
    .orderBy('m.status')
    .orderBy('z.name')
    .execute();

  const rolls = (
    await sql<CountRow & { course_id: string; last_session: Date | null; next_session: Date | null }>`
      select coalesce(c.course_id, z.course_id) as course_id, ${COUNTS},
        max(c.start_time) filter (where c.start_time <= now()) as last_session,
        min(c.start_time) filter (where c.status = 0 and c.start_time > now()) as next_session
      from tbl_lesson_student l
        join tbl_calendar c on c.id = l.calendar_id and c.del_flag = 0 and c.type = 0 and c.status in (0, 1)
        left join tbl_clazz z on z.id = c.clazz_id
      where l.student_id = ${studentId} and coalesce(c.course_id, z.course_id) is not null
      group by 1`.execute(db)
  ).rows;

  // Chapters done: from 已点名 sessions attended, or whose homework of the student is 已批改, filled from a template lesson.
  const chapterDone = (
    await sql<{ course_id: string; done: string }>`
      with i as (
        select c.template_item_id as item from tbl_lesson_student l
          join tbl_calendar c on c.id = l.calendar_id and c.del_flag = 0 and c.type = 0 and c.status = 1
        where l.student_id = ${studentId} and l.arrival_status in (1, 2) and c.template_item_id is not null
        union
        select c.template_item_id from tbl_homework_student hs
          join tbl_homework h on h.id = hs.homework_id and h.del_flag = 0
          join tbl_calendar c on c.id = h.calendar_id and c.del_flag = 0
        where hs.student_id = ${studentId} and hs.status = 2 and c.template_item_id is not null)
      select ch.course_id, count(distinct ch.id) as done from i ${CHAPTERS_OF_ITEMS} group by ch.course_id`.execute(db)
  ).rows;
  const homework = (
    await sql<HomeworkCountRow & { course_id: string }>`
      select z.course_id, ${HOMEWORK_COUNTS}
      from tbl_homework_student hs
        join tbl_homework h on h.id = hs.homework_id and h.del_flag = 0
        join tbl_clazz z on z.id = h.clazz_id
      where hs.student_id = ${studentId} and z.course_id is not null
      group by z.course_id`.execute(db)
  ).rows;

  const courseIds = [...new Set([...packages.map((p) => p.course_id), ...clazzes.map((z) => z.course_id as string)])];
  const [names, chapterTotal] = await Promise.all([namesOf(db, 'tbl_course', courseIds), chapterTotals(db, courseIds)]);
  const courses: StudentCourseProgress[] = courseIds.map((courseId) => {
    const pack = packages.find((p) => p.course_id === courseId);
    const roll = rolls.find((r) => r.course_id === courseId);
    return {
      courseId,
      courseName: names.get(courseId) ?? courseId,
      clazzes: clazzes.filter((z) => z.course_id === courseId).map((z) => ({ id: z.id, name: z.name, status: z.status, status_dictText: MEMBER_STATUS_TEXT[z.status] ?? String(z.status) })),
      ...countsOf(roll),
      ...contentOf({ done: chapterDone.find((r) => r.course_id === courseId)?.done, total: chapterTotal.get(courseId) }, homework.find((r) => r.course_id === courseId)),
      hoursBought: num(pack?.bought),
      hoursGift: num(pack?.gift),
      hoursUsed: num(pack?.used),
      hoursRemain: num(pack?.remain),
      lastSession: formatDateTime(roll?.last_session ?? null),
      nextSession: formatDateTime(roll?.next_session ?? null),
    };
  });
  courses.sort((a, b) => a.courseName.localeCompare(b.courseName, 'zh-CN'));
  return { studentId, courses };
}

/** Class progress (ETMS FinishCount ÷ PlanCount) and each member's attendance on this class's sessions. */
export async function clazzProgress(db: Database, clazzId: string): Promise<ClazzProgressAnswer> {
  const clazz = await db
    .selectFrom('tbl_clazz as z')
    .leftJoin('tbl_course as k', 'k.id', 'z.course_id')
    .select(['z.id', 'z.course_id', 'k.total_lessons'])
    .where('z.id', '=', clazzId)
    .where('z.del_flag', '=', 0)
    .executeTakeFirst();
  if (!clazz) throw new ApiFailure(NOT_FOUND);

  const totals = (
    await sql<{ planned: string; done: string }>`
      select count(*) as planned, count(*) filter (where status = 1) as done
      from tbl_calendar where clazz_id = ${clazzId} and del_flag = 0 and type = 0 and status in (0, 1)`.execute(db)
  ).rows[0];

  const members = (
    await sql<CountRow & { student_id: string; name: string; status: number }>`
      select m.student_id, s.name, m.status, ${COUNTS}
      from tbl_clazz_student m
        join tbl_student s on s.id = m.student_id
        left join (tbl_lesson_student l
          join tbl_calendar c on c.id = l.calendar_id and c.clazz_id = ${clazzId} and c.del_flag = 0 and c.type = 0 and c.status in (0, 1))
          on l.student_id = m.student_id
      where m.clazz_id = ${clazzId}
      group by m.student_id, s.name, m.status
      order by m.status, s.name, m.student_id`.execute(db)
  ).rows;

  const courseId = clazz.course_id;
  const chapters = courseId
    ? (
        await sql<{ done: string }>`
          select count(distinct ch.id) as done
          from (select template_item_id as item from tbl_calendar
                where clazz_id = ${clazzId} and del_flag = 0 and type = 0 and status = 1 and template_item_id is not null) i
            ${CHAPTERS_OF_ITEMS} and ch.course_id = ${courseId}`.execute(db)
      ).rows[0]
    : undefined;
  const memberChapters = courseId
    ? (
        await sql<{ student_id: string; done: string }>`
          with i as (
            select l.student_id, c.template_item_id as item from tbl_lesson_student l
              join tbl_calendar c on c.id = l.calendar_id and c.clazz_id = ${clazzId} and c.del_flag = 0 and c.type = 0 and c.status = 1
            where l.arrival_status in (1, 2) and c.template_item_id is not null
            union
            select hs.student_id, c.template_item_id from tbl_homework h
              join tbl_homework_student hs on hs.homework_id = h.id and hs.status = 2
              join tbl_calendar c on c.id = h.calendar_id and c.del_flag = 0
            where h.clazz_id = ${clazzId} and h.del_flag = 0 and c.template_item_id is not null)
          select i.student_id, count(distinct ch.id) as done from i ${CHAPTERS_OF_ITEMS} and ch.course_id = ${courseId}
          group by i.student_id`.execute(db)
      ).rows
    : [];
  const chaptersTotal = courseId ? ((await chapterTotals(db, [courseId])).get(courseId) ?? 0) : 0;
  const hwTotals = (
    await sql<HomeworkCountRow & { n: string }>`
      select count(distinct h.id) as n, ${HOMEWORK_COUNTS}
      from tbl_homework h left join tbl_homework_student hs on hs.homework_id = h.id
      where h.clazz_id = ${clazzId} and h.del_flag = 0`.execute(db)
  ).rows[0];
  const hwMembers = (
    await sql<HomeworkCountRow & { student_id: string }>`
      select hs.student_id, ${HOMEWORK_COUNTS}
      from tbl_homework h join tbl_homework_student hs on hs.homework_id = h.id
      where h.clazz_id = ${clazzId} and h.del_flag = 0
      group by hs.student_id`.execute(db)
  ).rows;

  const planned = num(totals?.planned);
  const done = num(totals?.done);
  return {
    clazzId,
    planned,
    done,
    percent: percentOf(done, planned),
    courseLessons: clazz.total_lessons ?? null,
    chaptersDone: num(chapters?.done),
    chaptersTotal,
    homeworkCount: num(hwTotals?.n),
    homeworkAssigned: num(hwTotals?.assigned),
    homeworkFinished: num(hwTotals?.finished),
    homeworkAvgScore: numOrNull(hwTotals?.avg_score),
    members: members.map((m) => ({
      studentId: m.student_id,
      name: m.name,
      status: m.status,
      ...countsOf(m),
      ...contentOf(
        { done: memberChapters.find((r) => r.student_id === m.student_id)?.done, total: chaptersTotal },
        hwMembers.find((r) => r.student_id === m.student_id),
      ),
    })),
  };
}
