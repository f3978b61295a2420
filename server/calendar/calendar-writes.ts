import { type Kysely, type Updateable } from 'kysely';
import { z } from 'zod';
import type { DB, TblCalendarTable } from '../db/schema';
import { newId } from '../core/ids';
import { ApiFailure } from '../core/errors';
import type { Conflict, SeriesScope } from '../../lib/calendar/types';
import { parseWireTime } from '../../lib/calendar/wire-time';
import {
  assertMayOverride,
  CALENDAR_MESSAGES,
  checkTeachers,
  cleanContent,
  cleanLiveUrl,
  cleanText,
  conflictFailure,
  lockClazz,
  nextLessonNo,
  overrideDetail,
  renumberLessons,
  parseTimes,
  resolvePlace,
  withRaceMapping,
  writeLog,
  type Actor,
  type cancelSchema,
  type EntryEdit,
  type EntryInput,
} from './calendar-rules';
import { findConflicts, findConflictsBySession, shortSlot, type ConflictCandidate } from './conflicts';

/**
 * 行事历 writes: add, edit (move / resize / re-assign, along a series per rule R3) and cancel. Every write
 * runs in one transaction, checks clashes first to name them (rule R1) and maps a lost race on the
 * exclusion constraints to 409.
 */

type Db = Kysely<DB>;

async function insertTeachers(db: Db, calendarIds: string[], teachers: { teacherId: string; role: number }[]): Promise<void> {
  const rows = calendarIds.flatMap((cid) => teachers.map((t) => ({ id: newId(), calendar_id: cid, teacher_id: t.teacherId, role: t.role })));
  for (let i = 0; i < rows.length; i += 1000) await db.insertInto('tbl_calendar_teacher').values(rows.slice(i, i + 1000)).execute();
}

/** The class's active members on each new session's roll (member_type 0 正式). */
export async function insertRoll(db: Db, calendarIds: string[], clazzId: string, username: string): Promise<void> {
  if (!calendarIds.length) return;
  const members = await db.selectFrom('tbl_clazz_student').select('student_id').where('clazz_id', '=', clazzId).where('status', '=', 1).orderBy('student_id').execute();
  const rows = calendarIds.flatMap((cid) => members.map((m) => ({ id: newId(), calendar_id: cid, student_id: m.student_id, member_type: 0, create_by: username })));
  for (let i = 0; i < rows.length; i += 1000) await db.insertInto('tbl_lesson_student').values(rows.slice(i, i + 1000)).execute();
}

export async function addEntry(db: Db, input: EntryInput, actor: Actor): Promise<{ id: string }> {
  assertMayOverride(input.override, actor);
  const { start, end } = parseTimes(input.clazzStartTime, input.clazzEndTime);
  const teachers = (input.teachers ?? []).map((t) => ({ teacherId: t.teacherId, role: t.role }));
  if (input.type === 0 && !input.clazzId) throw new ApiFailure(CALENDAR_MESSAGES.clazzRequired);
  const title = cleanText(input.title);
  if (input.type !== 0 && !title) throw new ApiFailure(CALENDAR_MESSAGES.titleRequired);
  const liveUrl = cleanLiveUrl(input.liveUrl);
  const content = cleanContent(input.content);
  const remark = cleanText(input.remark);
  let candidate: ConflictCandidate = { start, end, teacherIds: teachers.map((t) => t.teacherId) };

  return withRaceMapping(db, actor, () => [candidate], () => [], () =>
    db.transaction().execute(async (tx) => {
      const clazz = input.clazzId ? await lockClazz(tx, input.clazzId) : null;
      const place = await resolvePlace(tx, input.locationId, input.roomId);
      await checkTeachers(tx, teachers);
      candidate = { ...candidate, roomId: place.roomId, clazzId: clazz?.id ?? null };
      const conflicts = await findConflicts(tx, [candidate]);
      const overriding = conflicts.length > 0;
      if (overriding && !input.override) throw conflictFailure(conflicts, actor.canOverride);
      const id = newId();
      await tx
        .insertInto('tbl_calendar')
        .values({
          id,
          type: input.type,
          title,
          clazz_id: clazz?.id ?? null,
          course_id: clazz?.course_id ?? null,
          lesson_no: clazz && input.type === 0 ? await nextLessonNo(tx, clazz.id) : null,
          start_time: start,
          end_time: end,
          all_day: input.allDay ? 1 : 0,
          location_id: place.locationId,
          room_id: place.roomId,
          hours: String(input.hours ?? (clazz && input.type === 0 ? Number(clazz.hours_per_lesson) : 0)),
          content,
          live_url: liveUrl,
          remark,
          status: 0,
          // A class's sessions always share its scope; only class-less entries take the requested one.
          scope: clazz ? (clazz.scope === 1 ? 1 : 0) : (input.scope ?? 0),
          conflict_override: overriding ? 1 : 0,
          override_reason: overriding ? input.override!.reason : null,
          own_by: actor.id,
          create_by: actor.username,
          update_by: null,
          update_time: null,
          sys_org_code: null,
          color: null,
          series_id: null,
          rescheduled_to: null,
        })
        .execute();
      await insertTeachers(tx, [id], teachers);
      if (clazz && input.type === 0) {
        await insertRoll(tx, [id], clazz.id, actor.username);
        await renumberLessons(tx, [clazz.id]);
      }
      await writeLog(tx, [{ calendarId: id, action: 'add', detail: `新增 ${shortSlot(start, end)}` }], actor);
      if (overriding) await writeLog(tx, [{ calendarId: id, action: 'override', detail: overrideDetail(input.override!.reason, conflicts) }], actor);
      return { id };
    }),
  );
}

/* ---------- edit ---------- */

type Target = { id: string; start_time: Date; end_time: Date; status: number; room_id: string | null; location_id: string | null; clazz_id: string | null; series_id: string | null };

/** The entry plus, for 'following' / 'all', the series members that may be rewritten: 未开始 and in the future (R3). */
async function seriesTargets(db: Db, entry: Target, apply: SeriesScope, now: Date): Promise<Target[]> {
  if (apply === 'this' || !entry.series_id) return [entry];
  let q = db
    .selectFrom('tbl_calendar')
    .select(['id', 'start_time', 'end_time', 'status', 'room_id', 'location_id', 'clazz_id', 'series_id'])
    .where('series_id', '=', entry.series_id)
    .where('del_flag', '=', 0)
    .where('status', '=', 0)
    .where('start_time', '>', now)
    .where('id', '<>', entry.id);
  if (apply === 'following') q = q.where('start_time', '>', entry.start_time);
  const others = await q.orderBy('start_time').forUpdate().execute();
  return [entry, ...others].sort((a, b) => a.start_time.getTime() - b.start_time.getTime());
}

export async function editEntry(db: Db, input: EntryEdit, actor: Actor, now = new Date()): Promise<{ count: number }> {
  assertMayOverride(input.override, actor);
  const hasTime = input.clazzStartTime !== undefined || input.clazzEndTime !== undefined;
  let candidates: ConflictCandidate[] = [];
  let targetIds: string[] = [];
  return withRaceMapping(db, actor, () => candidates, () => targetIds, () =>
    db.transaction().execute(async (tx) => {
      const entry = await tx
        .selectFrom('tbl_calendar')
        .select(['id', 'start_time', 'end_time', 'status', 'room_id', 'location_id', 'clazz_id', 'series_id', 'type', 'title'])
        .where('id', '=', input.id)
        .where('del_flag', '=', 0)
        .forUpdate()
        .executeTakeFirst();
      if (!entry) throw new ApiFailure(CALENDAR_MESSAGES.notFound);
      if (entry.status === 2 || entry.status === 3) throw new ApiFailure(CALENDAR_MESSAGES.closed);
      const newStart = input.clazzStartTime !== undefined ? parseWireTime(input.clazzStartTime) : entry.start_time;
      const newEnd = input.clazzEndTime !== undefined ? parseWireTime(input.clazzEndTime) : entry.end_time;
      if (!newStart || !newEnd) throw new ApiFailure(CALENDAR_MESSAGES.badTime);
      if (newEnd.getTime() <= newStart.getTime()) throw new ApiFailure(CALENDAR_MESSAGES.endBeforeStart);
      const delta = newStart.getTime() - entry.start_time.getTime();
      const duration = newEnd.getTime() - newStart.getTime();
      const timeChanged = hasTime && (delta !== 0 || duration !== entry.end_time.getTime() - entry.start_time.getTime());
      if (timeChanged && entry.status === 1) throw new ApiFailure(CALENDAR_MESSAGES.checkedTime);

      const placeChanged = input.roomId !== undefined || input.locationId !== undefined;
      const place = placeChanged ? await resolvePlace(tx, input.locationId === undefined ? (input.roomId ? null : entry.location_id) : input.locationId, input.roomId === undefined ? null : input.roomId) : null;
      const newTeachers = input.teachers?.map((t) => ({ teacherId: t.teacherId, role: t.role }));
      const teacherNames = newTeachers ? await checkTeachers(tx, newTeachers) : null;
      if (input.type !== undefined && input.type !== entry.type) throw new ApiFailure('日程类型不能修改');
      if (input.clazzId !== undefined && (input.clazzId ?? null) !== entry.clazz_id) throw new ApiFailure('班级不能修改，请取消后重新排课');
      const scheduling = timeChanged || placeChanged || !!newTeachers;

      const targets = scheduling ? await seriesTargets(tx, entry, input.apply, now) : [entry];
      targetIds = targets.map((t) => t.id);
      const oldTeachers = await tx
        .selectFrom('tbl_calendar_teacher as t')
        .leftJoin('tbl_teacher as p', 'p.id', 't.teacher_id')
        .select(['t.calendar_id', 't.teacher_id', 't.role', 'p.name'])
        .where('t.calendar_id', 'in', targetIds)
        .orderBy('t.role')
        .orderBy('p.name')
        .execute();
      const oldRoomIds = [...new Set(targets.map((t) => t.room_id).filter((x): x is string => !!x))];
      const roomNames = new Map(
        oldRoomIds.length ? (await tx.selectFrom('tbl_room').select(['id', 'name']).where('id', 'in', oldRoomIds).execute()).map((r) => [r.id, r.name]) : [],
      );
      const teachersOf = (id: string) => oldTeachers.filter((t) => t.calendar_id === id);
      const plan = targets.map((t) => {
        const start = timeChanged ? new Date(t.start_time.getTime() + delta) : t.start_time;
        const end = timeChanged ? new Date(start.getTime() + duration) : t.end_time;
        return {
          t,
          start,
          end,
          roomId: place ? place.roomId : t.room_id,
          locationId: place ? place.locationId : t.location_id,
          teacherIds: newTeachers ? newTeachers.map((x) => x.teacherId) : teachersOf(t.id).map((x) => x.teacher_id),
        };
      });

      let clashes: Conflict[][] = plan.map(() => []);
      if (scheduling) {
        candidates = plan.map((p) => ({ start: p.start, end: p.end, roomId: p.roomId, clazzId: p.t.clazz_id, teacherIds: p.teacherIds }));
        clashes = await findConflictsBySession(tx, candidates, { excludeIds: targetIds });
        const all = clashes.flat();
        if (all.length && !input.override) throw conflictFailure(dedupe(all), actor.canOverride);
      }

      // Old teacher rows go first, and rows move in the direction of the shift, so the series never clashes with itself mid-way.
      if (newTeachers) await tx.deleteFrom('tbl_calendar_teacher').where('calendar_id', 'in', targetIds).execute();
      const order = plan.map((p, i) => ({ p, c: clashes[i] }));
      if (delta > 0) order.reverse();
      const logs: { calendarId: string; action: string; detail: string | null }[] = [];
      for (const { p, c } of order) {
        const isThis = p.t.id === entry.id;
        const set: Updateable<TblCalendarTable> = { update_by: actor.username, update_time: now };
        if (timeChanged) Object.assign(set, { start_time: p.start, end_time: p.end });
        if (place) Object.assign(set, { room_id: p.roomId, location_id: p.locationId });
        if (scheduling) Object.assign(set, c.length ? { conflict_override: 1, override_reason: input.override!.reason } : { conflict_override: 0, override_reason: null });
        const parts: string[] = [];
        if (timeChanged) parts.push(`时间 ${shortSlot(p.t.start_time, p.t.end_time)} → ${shortSlot(p.start, p.end)}`);
        if (place && (p.roomId !== p.t.room_id || p.locationId !== p.t.location_id)) parts.push(`教室 ${p.t.room_id ? (roomNames.get(p.t.room_id) ?? p.t.room_id) : '无'} → ${place.roomName ?? '无'}`);
        if (newTeachers && teacherNames) {
          const before = teachersOf(p.t.id).map((x) => x.name ?? x.teacher_id).join('、') || '无';
          const after = newTeachers.map((x) => teacherNames.get(x.teacherId)).join('、') || '无';
          if (before !== after) parts.push(`教师 ${before} → ${after}`);
        }
        if (isThis) {
          if (input.title !== undefined) {
            const title = cleanText(input.title);
            if (entry.type !== 0 && !title) throw new ApiFailure(CALENDAR_MESSAGES.titleRequired);
            set.title = title;
            if ((title ?? null) !== (entry.title ?? null)) parts.push('标题已修改');
          }
          if (input.content !== undefined) {
            set.content = cleanContent(input.content);
            parts.push('教学内容已修改');
          }
          if (input.liveUrl !== undefined) {
            set.live_url = cleanLiveUrl(input.liveUrl);
            parts.push('直播地址已修改');
          }
          if (input.remark !== undefined) {
            set.remark = cleanText(input.remark);
            parts.push('备注已修改');
          }
          if (input.hours !== undefined && input.hours !== null) {
            set.hours = String(input.hours);
            parts.push(`课时 ${input.hours}`);
          }
          if (input.allDay !== undefined) set.all_day = input.allDay ? 1 : 0;
        }
        await tx.updateTable('tbl_calendar').set(set).where('id', '=', p.t.id).execute();
        if (parts.length) logs.push({ calendarId: p.t.id, action: 'edit', detail: parts.join('；') });
        if (c.length) logs.push({ calendarId: p.t.id, action: 'override', detail: overrideDetail(input.override!.reason, c) });
      }
      if (newTeachers) for (const p of plan) await insertTeachers(tx, [p.t.id], newTeachers);
      if (timeChanged) await renumberLessons(tx, targets.map((t) => t.clazz_id));
      await writeLog(tx, logs, actor);
      return { count: targets.length };
    }),
  );
}

function dedupe(list: Conflict[]): Conflict[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const k = `${c.calendarId}|${c.kind}|${c.resourceName}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/* ---------- cancel ---------- */

export async function cancelEntry(db: Db, input: z.infer<typeof cancelSchema>, actor: Actor, now = new Date()): Promise<{ count: number }> {
  return db.transaction().execute(async (tx) => {
    const entry = await tx
      .selectFrom('tbl_calendar')
      .select(['id', 'start_time', 'end_time', 'status', 'room_id', 'location_id', 'clazz_id', 'series_id'])
      .where('id', '=', input.id)
      .where('del_flag', '=', 0)
      .forUpdate()
      .executeTakeFirst();
    if (!entry) throw new ApiFailure(CALENDAR_MESSAGES.notFound);
    if (entry.status === 1) throw new ApiFailure(CALENDAR_MESSAGES.checkedCancel);
    if (entry.status !== 0) throw new ApiFailure(CALENDAR_MESSAGES.closed);
    const targets = await seriesTargets(tx, entry, input.apply, now);
    const ids = targets.map((t) => t.id);
    await tx.updateTable('tbl_calendar').set({ status: 2, update_by: actor.username, update_time: now }).where('id', 'in', ids).execute();
    await renumberLessons(tx, [entry.clazz_id]);
    const reason = cleanText(input.reason);
    await writeLog(tx, ids.map((id) => ({ calendarId: id, action: 'cancel', detail: reason ? `取消：${reason}` : '取消' })), actor);
    return { count: ids.length };
  });
}
