import { sql, type Kysely } from 'kysely';
import type { DB, SysUser } from '../db/schema';
import { formatDateTime } from '../core/format';
import { PUBLISHED } from '../message/announcements';
import { bellMutes } from '../account/account-settings';
import { TASK_STATUS } from '../crm/tasks';
import { shanghaiToday, todayBounds, weekOf } from '../../lib/dashboard/date-range';
import type {
  Part,
  WorkplaceAnnouncement,
  WorkplaceAnswer,
  WorkplaceFollowUp,
  WorkplaceHomework,
  WorkplaceSession,
  WorkplaceTask,
} from '../../lib/dashboard/dashboard-api';

/**
 * 工作台 (issue #26 item 2): the signed-in user's own parts, each ONE query written with Kysely's builder (so the
 * tenant plugin scopes every business table it names), run side by side. The route decides which parts the user
 * may see (`WorkplaceParts`); a part left out answers null. Each part's total comes from `count(*) over ()`
 * beside its first rows.
 */

type Db = Kysely<DB>;

export interface WorkplaceParts {
  sessions: boolean;
  /** 内部班 (scope 1) sessions too: calendar:inner:list. */
  innerSessions: boolean;
  tasks: boolean;
  followUps: boolean;
  homework: boolean;
}

/** How many records each part lists (its total is counted in full). */
export const PART_LIMIT = { sessions: 100, tasks: 8, followUps: 8, announcements: 6, homework: 8 } as const;

/** 0 未开始 1 已点名: the live sessions (已取消 and 已调课 are not on anyone's week). */
const LIVE_SESSION = [0, 1];
/** A submission 已提交 waits for its grade. */
const SUBMITTED = 1;

const part = <T>(rows: readonly { total: string | number }[], records: T[]): Part<T> => ({ total: rows.length ? Number(rows[0].total) : 0, records });
const total = sql<string>`count(*) over ()`;

export async function workplace(db: Db, user: SysUser, parts: WorkplaceParts, now: Date): Promise<WorkplaceAnswer> {
  const week = weekOf(now);
  const [sessions, tasks, followUps, announcements, homework] = await Promise.all([
    parts.sessions ? mySessions(db, user.id, week, parts.innerSessions) : null,
    parts.tasks ? myTasks(db, user.id, now) : null,
    parts.followUps ? myFollowUps(db, user.id, now) : null,
    myUnread(db, user),
    parts.homework ? myHomeworkToGrade(db, user) : null,
  ]);
  return { today: shanghaiToday(now), week: { begin: week.begin, end: week.end }, sessions, tasks, followUps, announcements, homework };
}

/** This week's live 课次 taught by one of my 教师 records (tbl_teacher.user_id), by start time. */
async function mySessions(db: Db, userId: string, week: { from: Date; to: Date }, inner: boolean): Promise<Part<WorkplaceSession>> {
  let q = db
    .selectFrom('tbl_calendar as c')
    .where('c.del_flag', '=', 0)
    .where('c.type', '=', 0)
    .where('c.status', 'in', LIVE_SESSION)
    .where('c.start_time', '>=', week.from)
    .where('c.start_time', '<', week.to)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('tbl_calendar_teacher as ct')
          .innerJoin('tbl_teacher as t', 't.id', 'ct.teacher_id')
          .select('ct.id')
          .whereRef('ct.calendar_id', '=', 'c.id')
          .where('t.user_id', '=', userId)
          .where('t.del_flag', '=', 0),
      ),
    );
  if (!inner) q = q.where('c.scope', '=', 0);
  const rows = await q
    .leftJoin('tbl_clazz as z', 'z.id', 'c.clazz_id')
    .leftJoin('tbl_room as r', 'r.id', 'c.room_id')
    .leftJoin('tbl_location as l', 'l.id', 'c.location_id')
    .select(['c.id', 'c.title', 'c.lesson_no', 'c.start_time', 'c.end_time', 'c.status', 'z.name as clazz_name', 'r.name as room_name', 'l.name as location_name', total.as('total')])
    .orderBy('c.start_time')
    .orderBy('c.id')
    .limit(PART_LIMIT.sessions)
    .execute();
  return part(
    rows,
    rows.map((r) => ({
      id: r.id,
      title: r.title || r.clazz_name || '课次',
      clazzName: r.clazz_name,
      lessonNo: r.lesson_no,
      place: [r.location_name, r.room_name].filter(Boolean).join(' · ') || null,
      startTime: formatDateTime(r.start_time)!,
      endTime: formatDateTime(r.end_time)!,
      status: r.status,
    })),
  );
}

/** My open tasks (待办, 进行中), soonest due first (the bell's order). */
async function myTasks(db: Db, userId: string, now: Date): Promise<Part<WorkplaceTask>> {
  const rows = await db
    .selectFrom('tbl_task')
    .select(['id', 'title', 'status', 'due_time', total.as('total')])
    .where('assignee', '=', userId)
    .where('del_flag', '=', 0)
    .where('status', 'in', [TASK_STATUS.todo, TASK_STATUS.doing])
    .orderBy(sql`due_time asc nulls last`)
    .orderBy('create_time', 'desc')
    .orderBy('id')
    .limit(PART_LIMIT.tasks)
    .execute();
  return part(
    rows,
    rows.map((r) => ({ id: r.id, title: r.title, status: r.status, dueTime: formatDateTime(r.due_time), overdue: r.due_time !== null && r.due_time.getTime() < now.getTime() })),
  );
}

/** My unconverted leads whose next follow-up is due by the end of today (今日待跟进's rule), overdue ones first. */
async function myFollowUps(db: Db, userId: string, now: Date): Promise<Part<WorkplaceFollowUp>> {
  const today = todayBounds(now);
  const rows = await db
    .selectFrom('tbl_lead')
    .select(['id', 'name', 'child_name', 'next_follow_time', total.as('total')])
    .where('own_by', '=', userId)
    .where('del_flag', '=', 0)
    .where('convert_time', 'is', null)
    .where('next_follow_time', '<', today.to)
    .orderBy('next_follow_time')
    .orderBy('id')
    .limit(PART_LIMIT.followUps)
    .execute();
  return part(
    rows,
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      childName: r.child_name,
      nextFollowTime: formatDateTime(r.next_follow_time),
      overdue: r.next_follow_time !== null && r.next_follow_time.getTime() < now.getTime(),
    })),
  );
}

/**
 * My unread published announcements, as the bell counts them (server/message/announcements.ts): an unread send
 * row, or an ALL announcement I have no row for yet and that did not end before I joined (the bell writes those
 * rows when it opens; this read does not write). The kinds switched off in 新消息通知 are left out, as in the bell.
 */
async function myUnread(db: Db, user: SysUser): Promise<Part<WorkplaceAnnouncement>> {
  const mutes = await bellMutes(db, user.id);
  const rows = await db
    .selectFrom('sys_announcement as a')
    .$if(mutes.announcements, (q) => q.where('a.msg_category', '<>', '1'))
    .$if(mutes.busTypes.length > 0, (q) => q.where((eb) => eb.or([eb('a.msg_category', '<>', '2'), eb('a.bus_type', 'is', null), eb('a.bus_type', 'not in', mutes.busTypes)])))
    .select(['a.id', 'a.titile', 'a.msg_category', 'a.priority', 'a.send_time', total.as('total')])
    .where('a.del_flag', '=', '0')
    .where('a.send_status', '=', PUBLISHED)
    .where((eb) => {
      const mine = eb.selectFrom('sys_announcement_send as s').select('s.id').whereRef('s.annt_id', '=', 'a.id').where('s.user_id', '=', user.id);
      return eb.or([
        eb.exists(mine.where('s.read_flag', '=', '0')),
        eb.and([eb('a.msg_type', '=', 'ALL'), eb.not(eb.exists(mine)), eb.or([eb('a.end_time', 'is', null), eb('a.end_time', '>=', user.create_time)])]),
      ]);
    })
    .orderBy(sql`a.send_time desc nulls last`)
    .orderBy('a.create_time', 'desc')
    .orderBy('a.id')
    .limit(PART_LIMIT.announcements)
    .execute();
  return part(
    rows,
    rows.map((r) => ({ id: r.id, title: r.titile, category: r.msg_category, priority: r.priority, sendTime: formatDateTime(r.send_time) })),
  );
}

/**
 * Homework with submissions waiting for a grade (已提交) in the classes I teach — 班主任 of, or teacher of one of
 * its sessions, through my 教师 records (the rule of data-rules.ts `taughtClazzIds`) — or that I set myself.
 */
async function myHomeworkToGrade(db: Db, user: SysUser): Promise<Part<WorkplaceHomework>> {
  const rows = await db
    .selectFrom('tbl_homework as h')
    .innerJoin('tbl_homework_student as hs', 'hs.homework_id', 'h.id')
    .leftJoin('tbl_clazz as z', 'z.id', 'h.clazz_id')
    .select(['h.id', 'h.title', 'z.name as clazz_name', sql<string>`count(*)`.as('waiting'), total.as('total')])
    .where('h.del_flag', '=', 0)
    .where('hs.status', '=', SUBMITTED)
    .where((eb) => {
      const mine = eb.selectFrom('tbl_teacher as t').select('t.id').where('t.user_id', '=', user.id).where('t.del_flag', '=', 0);
      return eb.or([
        eb('h.create_by', '=', user.username),
        eb('z.head_teacher', 'in', mine),
        eb.exists(
          eb
            .selectFrom('tbl_calendar as c')
            .innerJoin('tbl_calendar_teacher as ct', 'ct.calendar_id', 'c.id')
            .select('c.id')
            .whereRef('c.clazz_id', '=', 'h.clazz_id')
            .where('c.del_flag', '=', 0)
            .where('ct.teacher_id', 'in', mine),
        ),
      ]);
    })
    .groupBy(['h.id', 'h.title', 'z.name'])
    .orderBy(sql`min(hs.submitted_time) asc nulls last`)
    .orderBy('h.id')
    .limit(PART_LIMIT.homework)
    .execute();
  return part(
    rows,
    rows.map((r) => ({ id: r.id, title: r.title, clazzName: r.clazz_name, waiting: Number(r.waiting) })),
  );
}
