import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema';
import { ApiFailure } from '../core/errors';
import { idParam } from '../core/validate';
import { idOrUndefined, newId } from '../core/ids';
import { APPLY_MESSAGES as MSG, type ApplyAuditStatus, type ApplyKind, type ApplyRow } from '../../lib/calendar/apply-types';
import { parseWireTime, toWireTime } from '../../lib/calendar/wire-time';
import { stripTags } from '../../lib/sanitize-html';
import { syncRoll } from './attendance';
import { assertMayOverride, conflictFailure, overrideDetail, renumberLessons, resolvePlace, withRaceMapping, writeLog, type Actor } from './calendar';
import { findConflicts, shortSlot, type ConflictCandidate } from './conflicts';
import { entryTitle } from '../../lib/calendar/entry-title';

/**
 * 请假 / 调课 applications and their 审核 (issue 7 item 7, ../shared/domain.md §1). An application only
 * asks; nothing changes until it is approved. Approving a leave marks the student's roll row 请假 / 待补课;
 * approving a reschedule moves the session in one transaction: a new session with the same class, course,
 * teachers, roll and content, the old one kept as 已调课 and linked to it (journey 2).
 */

type Db = Kysely<DB>;

const reasonField = z.string({ error: MSG.reasonRequired }).trim().min(1, MSG.reasonRequired).max(200, MSG.reasonTooLong);

export const applyInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal(1), calendarId: idParam, studentId: z.string({ error: MSG.studentRequired }).trim().min(1, MSG.studentRequired).max(32, '参数错误'), reason: reasonField }),
    z.object({
      kind: z.literal(2),
      calendarId: idParam,
      toStartTime: z.string({ error: MSG.timeRequired }).min(1, MSG.timeRequired),
      toEndTime: z.string({ error: MSG.timeRequired }).min(1, MSG.timeRequired),
      toRoomId: z.union([idParam, z.literal(''), z.null()]).optional().transform((v) => (v ? v : null)),
      reason: reasonField,
    }),
  ],
  { error: '申请类型不正确' },
);
export type ApplyInputParsed = z.infer<typeof applyInputSchema>;

export const auditSchema = z.object({
  id: idParam,
  pass: z.boolean({ error: '请选择通过或驳回' }),
  remark: z.string().trim().max(200, MSG.remarkTooLong).optional().nullable(),
  override: z
    .object({ reason: z.string({ error: '请填写强制保存的原因' }).trim().min(1, '请填写强制保存的原因').max(200, '原因最多200个字') })
    .optional()
    .nullable(),
});
export type AuditInput = z.infer<typeof auditSchema>;

export const withdrawSchema = z.object({ id: idParam });

/** The session, locked for the transaction so two applications (or an audit and an edit) serialise on it. */
async function lockSession(db: Db, id: string) {
  const s = await db
    .selectFrom('tbl_calendar')
    .selectAll()
    .where('id', '=', id)
    .where('del_flag', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (!s) throw new ApiFailure(MSG.sessionNotFound);
  if (s.type !== 0) throw new ApiFailure(MSG.notLesson);
  return s;
}

/** The teacher record linked to the applicant, else the session's 主讲 (who the 调课 concerns). */
async function applicantTeacher(db: Db, userId: string, calendarId: string): Promise<string | null> {
  const own = await db.selectFrom('tbl_teacher').select('id').where('user_id', '=', userId).where('del_flag', '=', 0).executeTakeFirst();
  if (own) return own.id;
  const lead = await db.selectFrom('tbl_calendar_teacher').select('teacher_id').where('calendar_id', '=', calendarId).orderBy('role').orderBy('id').executeTakeFirst();
  return lead?.teacher_id ?? null;
}

/* ---------- add ---------- */

export async function addApply(db: Db, input: ApplyInputParsed, actor: Actor, now = new Date()): Promise<{ id: string }> {
  const reason = stripTags(input.reason).trim();
  if (!reason) throw new ApiFailure(MSG.reasonRequired);
  return db.transaction().execute(async (tx) => {
    const session = await lockSession(tx, input.calendarId);
    if (session.status !== 0) throw new ApiFailure(MSG.sessionClosed);
    const id = newId();
    if (input.kind === 1) {
      if (session.start_time.getTime() <= now.getTime()) throw new ApiFailure(MSG.sessionStarted);
      // Later joiners are put on the roll first, as the roll read does.
      await syncRoll(tx, session, actor.username);
      const onRoll = await tx.selectFrom('tbl_lesson_student').select('id').where('calendar_id', '=', session.id).where('student_id', '=', input.studentId).executeTakeFirst();
      if (!onRoll) throw new ApiFailure(MSG.notOnRoll);
      const dup = await tx
        .selectFrom('tbl_calendar_apply')
        .select('id')
        .where('kind', '=', 1)
        .where('calendar_id', '=', session.id)
        .where('student_id', '=', input.studentId)
        .where('audit_status', '=', 0)
        .executeTakeFirst();
      if (dup) throw new ApiFailure(MSG.duplicateLeave);
      await tx
        .insertInto('tbl_calendar_apply')
        .values({ id, kind: 1, calendar_id: session.id, student_id: input.studentId, teacher_id: null, to_start: null, to_end: null, to_room_id: null, reason, audit_by: null, audit_time: null, audit_remark: null, result_calendar_id: null, create_by: actor.username, create_time: now })
        .execute();
      return { id };
    }
    const start = parseWireTime(input.toStartTime);
    const end = parseWireTime(input.toEndTime);
    if (!start || !end) throw new ApiFailure(MSG.timeRequired);
    if (end.getTime() <= start.getTime()) throw new ApiFailure(MSG.endBeforeStart);
    if (start.getTime() <= now.getTime()) throw new ApiFailure(MSG.startInPast);
    if (input.toRoomId) {
      const room = await tx.selectFrom('tbl_room').select('id').where('id', '=', input.toRoomId).where('del_flag', '=', 0).executeTakeFirst();
      if (!room) throw new ApiFailure(MSG.roomNotFound);
    }
    const sameRoom = !input.toRoomId || input.toRoomId === session.room_id;
    if (sameRoom && start.getTime() === session.start_time.getTime() && end.getTime() === session.end_time.getTime()) throw new ApiFailure(MSG.sameSlot);
    const dup = await tx.selectFrom('tbl_calendar_apply').select('id').where('kind', '=', 2).where('calendar_id', '=', session.id).where('audit_status', '=', 0).executeTakeFirst();
    if (dup) throw new ApiFailure(MSG.duplicateReschedule);
    await tx
      .insertInto('tbl_calendar_apply')
      .values({
        id,
        kind: 2,
        calendar_id: session.id,
        student_id: null,
        teacher_id: await applicantTeacher(tx, actor.id, session.id),
        to_start: start,
        to_end: end,
        to_room_id: input.toRoomId,
        reason,
        audit_by: null,
        audit_time: null,
        audit_remark: null,
        result_calendar_id: null,
        create_by: actor.username,
        create_time: now,
      })
      .execute();
    return { id };
  });
}

/* ---------- audit ---------- */

async function lockPending(db: Db, id: string) {
  const a = await db.selectFrom('tbl_calendar_apply').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!a) throw new ApiFailure(MSG.notFound);
  if (a.audit_status !== 0) throw new ApiFailure(MSG.notPending);
  return a;
}

export async function auditApply(db: Db, input: AuditInput, actor: Actor, now = new Date()): Promise<{ resultCalendarId: string | null }> {
  const remark = stripTags(input.remark ?? '').trim() || null;
  if (!input.pass && !remark) throw new ApiFailure(MSG.remarkRequired);
  if (input.pass) assertMayOverride(input.override, actor);
  let candidate: ConflictCandidate | null = null;
  let oldId = '';
  return withRaceMapping(db, actor, () => (candidate ? [candidate] : []), () => [oldId], () =>
    db.transaction().execute(async (tx) => {
      const apply = await lockPending(tx, input.id);
      const done = (resultCalendarId: string | null) =>
        tx
          .updateTable('tbl_calendar_apply')
          .set({ audit_status: input.pass ? 1 : 2, audit_by: actor.username, audit_time: now, audit_remark: remark, result_calendar_id: resultCalendarId })
          .where('id', '=', apply.id)
          .execute();
      if (!input.pass) {
        await done(null);
        return { resultCalendarId: null };
      }
      const old = await lockSession(tx, apply.calendar_id);
      oldId = old.id;
      if (old.status !== 0) throw new ApiFailure(MSG.sessionChanged);

      if (apply.kind === 1) {
        // The roll row becomes 请假 and 待补课 ahead of the 点名 (ETMS leave handling; domain.md §1 makeup_status).
        const row = await tx
          .updateTable('tbl_lesson_student')
          .set({ arrival_status: 3, makeup_status: 1, remark: `请假：${apply.reason ?? ''}`.slice(0, 200) })
          .where('calendar_id', '=', old.id)
          .where('student_id', '=', apply.student_id!)
          .returning('id')
          .executeTakeFirst();
        if (!row) throw new ApiFailure(MSG.notOnRoll);
        const student = await tx.selectFrom('tbl_student').select('name').where('id', '=', apply.student_id!).executeTakeFirst();
        await writeLog(tx, [{ calendarId: old.id, action: 'leave', detail: `请假通过：${student?.name ?? apply.student_id}` }], actor);
        await done(null);
        return { resultCalendarId: null };
      }

      const start = apply.to_start!;
      const end = apply.to_end!;
      if (start.getTime() <= now.getTime()) throw new ApiFailure(MSG.targetPast);
      const place = apply.to_room_id ? await resolvePlace(tx, null, apply.to_room_id) : { locationId: old.location_id, roomId: old.room_id, roomName: null };
      const teachers = await tx.selectFrom('tbl_calendar_teacher').select(['teacher_id', 'role']).where('calendar_id', '=', old.id).orderBy('role').orderBy('id').execute();
      candidate = { start, end, roomId: place.roomId, clazzId: old.clazz_id, teacherIds: teachers.map((t) => t.teacher_id) };
      const conflicts = await findConflicts(tx, [candidate], { excludeIds: [old.id] });
      const overriding = conflicts.length > 0;
      if (overriding && !input.override) throw conflictFailure(conflicts, actor.canOverride);

      // The old session leaves the constraints first, so a move that overlaps its own old slot never clashes with itself.
      const newIdValue = newId();
      await tx.updateTable('tbl_calendar').set({ status: 3, update_by: actor.username, update_time: now }).where('id', '=', old.id).execute();
      await tx
        .insertInto('tbl_calendar')
        .values({
          id: newIdValue,
          type: old.type,
          title: old.title,
          clazz_id: old.clazz_id,
          course_id: old.course_id,
          // Kept out of the series: a later "this and following" edit must not drag a moved session along.
          series_id: null,
          lesson_no: old.lesson_no,
          start_time: start,
          end_time: end,
          all_day: old.all_day,
          location_id: place.locationId,
          room_id: place.roomId,
          hours: old.hours,
          content: old.content,
          // The same lesson: what a template put there moves with it (issue #39), so a later apply sees no change.
          applied_content: old.applied_content,
          applied_title: old.applied_title,
          homework_title: old.homework_title,
          template_item_id: old.template_item_id,
          live_url: old.live_url,
          status: 0,
          audit_status: old.audit_status,
          scope: old.scope,
          color: old.color,
          remark: old.remark,
          conflict_override: overriding ? 1 : 0,
          override_reason: overriding ? input.override!.reason : null,
          rescheduled_to: null,
          own_by: old.own_by,
          sys_org_code: old.sys_org_code,
          create_by: actor.username,
          update_by: null,
          update_time: null,
        })
        .execute();
      await tx.updateTable('tbl_calendar').set({ rescheduled_to: newIdValue }).where('id', '=', old.id).execute();
      if (teachers.length) {
        await tx.insertInto('tbl_calendar_teacher').values(teachers.map((t) => ({ id: newId(), calendar_id: newIdValue, teacher_id: t.teacher_id, role: t.role }))).execute();
      }
      // The roll moves with the lesson (approved leaves and 补课 rows included); the old rows stop asking for a makeup.
      await syncRoll(tx, old, actor.username);
      const roll = await tx
        .selectFrom('tbl_lesson_student')
        .select(['student_id', 'member_type', 'arrival_status', 'makeup_status', 'makeup_for', 'remark'])
        .where('calendar_id', '=', old.id)
        .execute();
      for (let i = 0; i < roll.length; i += 1000) {
        await tx
          .insertInto('tbl_lesson_student')
          .values(roll.slice(i, i + 1000).map((r) => ({ id: newId(), calendar_id: newIdValue, ...r, create_by: actor.username })))
          .execute();
      }
      await tx.updateTable('tbl_lesson_student').set({ makeup_status: 0 }).where('calendar_id', '=', old.id).where('makeup_status', '=', 1).execute();
      // The moved lesson may now come before or after others of its class.
      await renumberLessons(tx, [old.clazz_id]);

      const applicant = apply.create_by ?? '';
      await writeLog(
        tx,
        [
          { calendarId: old.id, action: 'reschedule', detail: `调课至 ${shortSlot(start, end)}（申请人 ${applicant}）` },
          { calendarId: newIdValue, action: 'add', detail: `由 ${shortSlot(old.start_time, old.end_time)} 调课而来（申请人 ${applicant}）` },
          ...(overriding ? [{ calendarId: newIdValue, action: 'override', detail: overrideDetail(input.override!.reason, conflicts) }] : []),
        ],
        actor,
      );
      await done(newIdValue);
      return { resultCalendarId: newIdValue };
    }),
  );
}

/* ---------- withdraw ---------- */

export async function withdrawApply(db: Db, id: string, actor: { username: string }, now = new Date()): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const a = await tx.selectFrom('tbl_calendar_apply').select(['id', 'audit_status', 'create_by']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!a) throw new ApiFailure(MSG.notFound);
    if (a.create_by !== actor.username) throw new ApiFailure(MSG.withdrawOthers);
    if (a.audit_status !== 0) throw new ApiFailure(MSG.notPending);
    await tx.updateTable('tbl_calendar_apply').set({ audit_status: 3, audit_time: now }).where('id', '=', id).execute();
  });
}

/* ---------- list ---------- */

export interface ApplyListFilter {
  kind?: ApplyKind;
  auditStatus?: ApplyAuditStatus;
  clazzId?: string;
  /** Session start within [from, to). */
  from?: Date;
  to?: Date;
  /** Without calendar:inner:list, applications on inner-class (scope 1) sessions stay hidden. */
  includeInner: boolean;
}

/** Query params → filter; malformed values are ignored (as the resource engine ignores unknown params). */
export function parseApplyFilter(q: Record<string, string | undefined>, includeInner: boolean): ApplyListFilter {
  const small = (v: string | undefined, allowed: number[]) => (v !== undefined && /^\d$/.test(v) && allowed.includes(Number(v)) ? Number(v) : undefined);
  const day = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? parseWireTime(v) : null);
  const from = day(q.dateBegin);
  const toDay = day(q.dateEnd);
  const clazzId = idOrUndefined(q.clazzId);
  return {
    kind: small(q.kind, [1, 2]) as ApplyKind | undefined,
    auditStatus: small(q.auditStatus, [0, 1, 2, 3]) as ApplyAuditStatus | undefined,
    clazzId,
    from: from ?? undefined,
    to: toDay ? new Date(toDay.getTime() + 86_400_000) : undefined,
    includeInner,
  };
}

export async function listApplies(db: Db, f: ApplyListFilter, page: { offset: number; limit: number }, username: string): Promise<{ records: ApplyRow[]; total: number }> {
  let base = db.selectFrom('tbl_calendar_apply as a').innerJoin('tbl_calendar as c', 'c.id', 'a.calendar_id');
  if (f.kind) base = base.where('a.kind', '=', f.kind);
  if (f.auditStatus !== undefined) base = base.where('a.audit_status', '=', f.auditStatus);
  if (f.clazzId) base = base.where('c.clazz_id', '=', f.clazzId);
  if (f.from) base = base.where('c.start_time', '>=', f.from);
  if (f.to) base = base.where('c.start_time', '<', f.to);
  if (!f.includeInner) base = base.where('c.scope', '=', 0);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('tbl_clazz as z', 'z.id', 'c.clazz_id')
      .leftJoin('tbl_course as k', 'k.id', 'c.course_id')
      .leftJoin('tbl_location as l', 'l.id', 'c.location_id')
      .leftJoin('tbl_room as r', 'r.id', 'c.room_id')
      .leftJoin('tbl_room as tr', 'tr.id', 'a.to_room_id')
      .leftJoin('tbl_student as s', 's.id', 'a.student_id')
      .leftJoin('tbl_teacher as t', 't.id', 'a.teacher_id')
      .leftJoin('sys_user as cu', 'cu.username', 'a.create_by')
      .leftJoin('sys_user as au', 'au.username', 'a.audit_by')
      .select([
        'a.id', 'a.kind', 'a.calendar_id', 'c.title', 'c.lesson_no', 'c.clazz_id', 'z.name as clazz_name', 'k.name as course_name', 'c.start_time', 'c.end_time',
        'l.name as location_name', 'r.name as room_name', 'c.status as calendar_status', 'a.student_id', 's.name as student_name', 'a.teacher_id',
        't.name as teacher_name', 'a.to_start', 'a.to_end', 'a.to_room_id', 'tr.name as to_room_name', 'a.reason', 'a.audit_status', 'a.audit_by',
        'au.realname as audit_by_name', 'a.audit_time', 'a.audit_remark', 'a.result_calendar_id', 'a.create_by', 'cu.realname as create_by_name', 'a.create_time',
      ])
      .orderBy('a.create_time', 'desc')
      .orderBy('a.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const records = rows.map(
    (r): ApplyRow => ({
      id: r.id,
      kind: r.kind as ApplyKind,
      calendarId: r.calendar_id,
      title: entryTitle(r),
      clazzId: r.clazz_id,
      clazzName: r.clazz_name ?? null,
      courseName: r.course_name ?? null,
      clazzStartTime: toWireTime(r.start_time),
      clazzEndTime: toWireTime(r.end_time),
      locationName: r.location_name ?? null,
      roomName: r.room_name ?? null,
      calendarStatus: r.calendar_status,
      studentId: r.student_id,
      studentName: r.student_name ?? null,
      teacherId: r.teacher_id,
      teacherName: r.teacher_name ?? null,
      toStartTime: r.to_start ? toWireTime(r.to_start) : null,
      toEndTime: r.to_end ? toWireTime(r.to_end) : null,
      toRoomId: r.to_room_id,
      toRoomName: r.to_room_name ?? null,
      reason: r.reason,
      auditStatus: r.audit_status as ApplyAuditStatus,
      auditBy: r.audit_by,
      auditByName: r.audit_by_name ?? null,
      auditTime: r.audit_time ? toWireTime(r.audit_time) : null,
      auditRemark: r.audit_remark,
      resultCalendarId: r.result_calendar_id,
      createBy: r.create_by,
      createByName: r.create_by_name ?? null,
      createTime: toWireTime(r.create_time),
      mine: !!r.create_by && r.create_by === username,
    }),
  );
  return { records, total: Number(count.n) };
}
