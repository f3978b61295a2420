import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { CLAZZ_API, CLAZZ_MESSAGES, CLAZZ_PERM, CLAZZ_STATUS, clazzResource, MEMBER_STATUS, type ClazzMemberRow } from '../../features/edu/clazz/clazz-resource';
import { COURSE_MESSAGES, courseResource } from '../../features/edu/course/course-resource';
import { ROOM_MESSAGES, roomResource } from '../../features/edu/room/room-resource';
import { TEACHER_MESSAGES, TEACHER_PERM, TEACHER_STATUS, TEACHER_TRANSFER_LIST_URL, TEACHER_TRANSFER_PERM, TEACHER_TRANSFER_URL, teacherResource, type TeacherTransferRow } from '../../features/edu/teacher/teacher-resource';
import { normaliseDate } from '../../lib/resources/to-schema';
import type { ResourceDef } from '../../lib/resources/types';
import type { Database } from '../db';
import { newId } from '../ids';
import { dateText, futureSessionCounts, namesOf, shanghaiDayStart, shanghaiMinute, shanghaiToday, type SessionOwner } from '../resources/catalog-teaching-shared';
import { runCrud } from '../resources/crud';
import { getResource } from '../resources/registry';
import { dropFromClazzGroups } from '../services/clazz-groups';
import { formatDateTime } from '../services/format';
import { ApiFailure, fail, ok } from './envelope';
import { requirePerm } from './perm';
import { authOf, type AppEnv, type Ctx } from './types';
import { labelledId, readBody } from './validate';

/**
 * Hand-written teaching routes (issue 7 §4–6), mounted ahead of the resource engine so its delete routes win:
 * - 班级成员: GET /clazz/tblClazz/members, POST addMembers / removeMember (rule R4: capacity, the default
 *   room's capacity, 结班; the future rolls follow membership in the same transaction);
 * - 教师调动: POST /edu/tblTeacher/transfer (future sessions move to a 接替教师 in one transaction, the
 *   database's exclusion constraint being the last word) and GET /edu/tblTeacher/transferList;
 * - 删除 of a teacher / room / class / course still used by future live sessions is refused with a count
 *   (the resources' own delete filter keeps such rows too, silently).
 */
export const clazzMemberRoutes = new Hono<AppEnv>();

const MAX_IDS = 500;
const NOT_FOUND = '未找到对应数据';

// ---------------------------------------------------------------- 班级成员

const MEMBER_STATUS_TEXT: Record<number, string> = { [MEMBER_STATUS.active]: '正常', [MEMBER_STATUS.left]: '已退班' };

clazzMemberRoutes.get(`${CLAZZ_API}/members`, requirePerm(`${CLAZZ_PERM}:list`), async (c) => {
  const { db } = c.var.services;
  const clazzId = (c.req.query('clazzId') ?? '').trim().slice(0, 32);
  const clazz = clazzId ? await db.selectFrom('tbl_clazz').select('id').where('id', '=', clazzId).where('del_flag', '=', 0).executeTakeFirst() : undefined;
  if (!clazz) return c.json(fail(NOT_FOUND));
  const rows = await db
    .selectFrom('tbl_clazz_student as m')
    .innerJoin('tbl_student as s', 's.id', 'm.student_id')
    .select(['m.id', 'm.student_id', 's.name', 's.phone', 'm.status', 'm.join_date', 'm.leave_date'])
    .where('m.clazz_id', '=', clazzId)
    .orderBy('m.status')
    .orderBy('m.join_date')
    .orderBy('s.name')
    .execute();
  const records: ClazzMemberRow[] = rows.map((r) => ({
    id: r.id,
    studentId: r.student_id,
    name: r.name,
    phone: r.phone,
    status: r.status,
    status_dictText: MEMBER_STATUS_TEXT[r.status] ?? String(r.status),
    joinDate: dateText(r.join_date),
    leaveDate: dateText(r.leave_date),
  }));
  return c.json(ok(records));
});

const ADD_MEMBERS = z.object({
  clazzId: labelledId('班级'),
  studentIds: z.array(z.string().trim().min(1).max(32), { error: '请选择学员' }).min(1, '请选择学员').max(MAX_IDS, `一次最多添加${MAX_IDS}名学员`),
});

/** The class, locked for the rest of the transaction so two concurrent additions cannot both pass R4. */
async function lockClazz(tx: Database, clazzId: string) {
  const clazz = await tx
    .selectFrom('tbl_clazz')
    .select(['id', 'capacity', 'allow_over', 'room_id', 'status'])
    .where('id', '=', clazzId)
    .where('del_flag', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (!clazz) throw new ApiFailure(NOT_FOUND);
  return clazz;
}

/** The class's future sessions whose rolls follow membership: live, 未开始, not yet started. */
const futureSessionIds = (tx: Database, clazzId: string) =>
  tx.selectFrom('tbl_calendar').select('id').where('clazz_id', '=', clazzId).where('del_flag', '=', 0).where('status', '=', 0).where('start_time', '>', sql<Date>`now()`);

clazzMemberRoutes.post(`${CLAZZ_API}/addMembers`, requirePerm(`${CLAZZ_PERM}:edit`), async (c) => {
  const { db } = c.var.services;
  const auth = authOf(c);
  const body = await readBody(c, ADD_MEMBERS);
  const studentIds = [...new Set(body.studentIds)];
  const added = await db.transaction().execute(async (tx) => {
    const clazz = await lockClazz(tx, body.clazzId);
    if (clazz.status === CLAZZ_STATUS.closed) throw new ApiFailure(CLAZZ_MESSAGES.closed);
    const students = await tx.selectFrom('tbl_student').select('id').where('id', 'in', studentIds).where('del_flag', '=', 0).execute();
    if (students.length !== studentIds.length) throw new ApiFailure('所选学员不存在，请刷新后重试');
    const memberships = await tx.selectFrom('tbl_clazz_student').select(['id', 'student_id', 'status']).where('clazz_id', '=', clazz.id).execute();
    const byStudent = new Map(memberships.map((m) => [m.student_id, m]));
    const active = memberships.filter((m) => m.status === MEMBER_STATUS.active).length;
    // Already active members are left as they are; 已退班 ones come back, the rest are new.
    const joining = studentIds.filter((s) => byStudent.get(s)?.status !== MEMBER_STATUS.active);
    if (!joining.length) return 0;
    if (clazz.allow_over !== 1) {
      if (active + joining.length > clazz.capacity) throw new ApiFailure(CLAZZ_MESSAGES.overCapacity(clazz.capacity, active));
      if (clazz.room_id) {
        const room = await tx.selectFrom('tbl_room').select(['name', 'capacity']).where('id', '=', clazz.room_id).where('del_flag', '=', 0).executeTakeFirst();
        if (room && active + joining.length > room.capacity) throw new ApiFailure(CLAZZ_MESSAGES.overRoom(room.name, room.capacity, active));
      }
    }
    const today = shanghaiToday();
    const back = joining.filter((s) => byStudent.has(s));
    const fresh = joining.filter((s) => !byStudent.has(s));
    if (back.length) {
      await tx.updateTable('tbl_clazz_student').set({ status: MEMBER_STATUS.active, join_date: today, leave_date: null }).where('clazz_id', '=', clazz.id).where('student_id', 'in', back).execute();
    }
    if (fresh.length) {
      await tx
        .insertInto('tbl_clazz_student')
        .values(fresh.map((s) => ({ id: newId(), clazz_id: clazz.id, student_id: s, status: MEMBER_STATUS.active, join_date: today, create_by: auth.user.username })))
        .execute();
    }
    const sessions = await futureSessionIds(tx, clazz.id).execute();
    if (sessions.length) {
      const rows = sessions.flatMap((sess) => joining.map((s) => ({ id: newId(), calendar_id: sess.id, student_id: s, member_type: 0, create_by: auth.user.username })));
      for (let i = 0; i < rows.length; i += 1000) {
        await tx
          .insertInto('tbl_lesson_student')
          .values(rows.slice(i, i + 1000))
          .onConflict((oc) => oc.columns(['calendar_id', 'student_id']).doNothing())
          .execute();
      }
    }
    return joining.length;
  });
  return c.json(ok({ added }, added ? `已添加${added}名学员` : '所选学员已在班级中'));
});

const REMOVE_MEMBER = z.object({ clazzId: labelledId('班级'), studentId: labelledId('学员') });

clazzMemberRoutes.post(`${CLAZZ_API}/removeMember`, requirePerm(`${CLAZZ_PERM}:edit`), async (c) => {
  const { db } = c.var.services;
  const body = await readBody(c, REMOVE_MEMBER);
  await db.transaction().execute(async (tx) => {
    const clazz = await lockClazz(tx, body.clazzId);
    const r = await tx
      .updateTable('tbl_clazz_student')
      .set({ status: MEMBER_STATUS.left, leave_date: shanghaiToday() })
      .where('clazz_id', '=', clazz.id)
      .where('student_id', '=', body.studentId)
      .where('status', '=', MEMBER_STATUS.active)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw new ApiFailure('该学员不是本班的在读成员');
    await dropFromClazzGroups(tx, clazz.id, body.studentId);
    // Off the rolls still to be taken; a roll already called keeps its record.
    await tx
      .deleteFrom('tbl_lesson_student')
      .where('student_id', '=', body.studentId)
      .where('arrival_status', '=', 0)
      .where('calendar_id', 'in', futureSessionIds(tx, clazz.id))
      .execute();
  });
  return c.json(ok(null, '已退班'));
});

// ---------------------------------------------------------------- 教师调动

const TRANSFER = z.object({
  teacherId: labelledId('教师'),
  toDepartId: labelledId('调入校区'),
  toVenueId: z.string().trim().max(32).nullish(),
  effectiveDate: z
    .string({ error: '请选择生效日期' })
    .trim()
    .refine((s) => normaliseDate(s, false) === s, '请选择生效日期'),
  reason: z.string().trim().max(500, '调动原因不能超过500个字符').nullish(),
  reassignTo: z.string().trim().max(32).nullish(),
});

export const TRANSFER_MESSAGES = {
  teacherLeft: '离职教师不能调动',
  departUnknown: '调入校区不存在，请重新选择',
  venueUnknown: '调入场地不存在，请重新选择',
  reassignSelf: '接替教师不能是调动的教师本人',
  reassignInactive: '接替教师须为在职教师',
} as const;

/** 接替教师 X 在 <time> 已有课次「<title>」: the first clash of the reassigned sessions, read before writing. */
async function reassignClash(db: Database, reassignTo: string, reassignName: string, sessionIds: string[]): Promise<string | null> {
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

clazzMemberRoutes.post(TEACHER_TRANSFER_URL, requirePerm(TEACHER_TRANSFER_PERM), async (c) => {
  const { db } = c.var.services;
  const auth = authOf(c);
  const body = await readBody(c, TRANSFER);
  const teacher = await db.selectFrom('tbl_teacher').select(['id', 'status', 'depart_id', 'venue_id']).where('id', '=', body.teacherId).where('del_flag', '=', 0).executeTakeFirst();
  if (!teacher) return c.json(fail(NOT_FOUND));
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
      await tx
        .updateTable('tbl_teacher')
        .set({ depart_id: body.toDepartId, ...(toVenue ? { venue_id: toVenue } : {}), update_by: auth.user.username, update_time: new Date() })
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
          create_by: auth.user.username,
        })
        .execute();
    });
  } catch (e) {
    // A session booked for the 接替教师 between the check and the write: the exclusion constraint refuses.
    if ((e as { code?: unknown }).code === '23P01') throw new ApiFailure(`接替教师 ${reassignName} 在调动的课次时间已有课次`, 409, 200, { conflicts: [], canOverride: false });
    throw e;
  }
  return c.json(ok({ reassigned: sessions.length }, '调动成功'));
});

clazzMemberRoutes.get(TEACHER_TRANSFER_LIST_URL, requirePerm(`${TEACHER_PERM}:list`), async (c) => {
  const { db } = c.var.services;
  const teacherId = (c.req.query('teacherId') ?? '').trim().slice(0, 32);
  if (!teacherId) return c.json(fail('请选择教师'));
  const rows = await db.selectFrom('tbl_teacher_transfer').selectAll().where('teacher_id', '=', teacherId).orderBy('create_time', 'desc').orderBy('id').limit(200).execute();
  const departs = await namesOf(db, 'sys_depart', rows.flatMap((r) => [r.from_depart, r.to_depart]));
  const venues = await namesOf(db, 'tbl_location', rows.flatMap((r) => [r.from_venue, r.to_venue]));
  const teachers = await namesOf(db, 'tbl_teacher', rows.map((r) => r.reassign_to));
  const name = (m: Map<string, string>, v: string | null) => (v ? (m.get(v) ?? v) : null);
  const records: TeacherTransferRow[] = rows.map((r) => ({
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
  return c.json(ok(records));
});

// ---------------------------------------------------------------- 删除 checks

const DELETE_CHECKS: { def: ResourceDef; by: SessionOwner; message: (n: number) => string }[] = [
  { def: clazzResource, by: 'clazz', message: CLAZZ_MESSAGES.futureSessions },
  { def: teacherResource, by: 'teacher', message: (n) => `该教师还有${n}个未上的课次，不能删除` },
  { def: roomResource, by: 'room', message: ROOM_MESSAGES.futureSessions },
  { def: courseResource, by: 'course', message: COURSE_MESSAGES.futureSessions },
];

/** Counts first (with a clear message), then the engine's own delete. */
async function checkedDelete(c: Ctx, def: ResourceDef, by: SessionOwner, message: (n: number) => string, action: 'delete' | 'deleteBatch') {
  const raw = action === 'delete' ? (c.req.query('id') ?? '') : (c.req.query('ids') ?? '');
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter((s) => s && s.length <= 64))].slice(0, 1000);
  let n = 0;
  for (const v of (await futureSessionCounts(c.var.services.db, by, ids)).values()) n += v;
  if (n > 0) return c.json(fail(message(n)));
  const entry = getResource(def.name);
  return runCrud(c, def, entry?.hooks ?? {}, action);
}

for (const { def, by, message } of DELETE_CHECKS) {
  for (const action of ['delete', 'deleteBatch'] as const) {
    clazzMemberRoutes.delete(`${def.api}/${action}`, requirePerm(`${def.perm}:${action}`), (c) => checkedDelete(c, def, by, message, action));
  }
}
