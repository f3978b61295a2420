import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema';
import { newId } from '../core/ids';
import { ApiFailure } from '../core/errors';
import { expandRecurrence, RecurrenceError, type Expansion } from '../../lib/calendar/recurrence';
import type { Conflict, SeriesPreview } from '../../lib/calendar/types';
import { toWireTime } from '../../lib/calendar/wire-time';
import { findConflictsBySession, type ConflictCandidate } from './conflicts';
import {
  assertMayOverride,
  checkTeachers,
  conflictFailure,
  insertRoll,
  lockClazz,
  nextLessonNo,
  renumberLessons,
  overrideDetail,
  overrideField,
  resolvePlace,
  teachersField,
  withRaceMapping,
  writeLog,
  type Actor,
} from './calendar';

/**
 * 排课规则 (issue 7, ../shared/domain.md §1 and §10): a weekly rule is expanded on the server
 * (lib/calendar/recurrence.ts) and materialised as one tbl_calendar row per 课次, because 点名, 课消 and
 * 调课 need real rows. Preview names each session's clashes; add refuses any clash (409) unless overridden.
 */

type Db = Kysely<DB>;

const optionalId = z.union([z.string().trim().min(1).max(32), z.literal(''), z.null()]).optional().transform((v) => (v === '' ? null : v));

export const seriesSchema = z.object({
  clazzId: z.string({ error: '请选择班级' }).trim().min(1, { error: '请选择班级' }).max(32),
  startDate: z.string({ error: '请填写开始日期' }),
  endDate: z.string().nullable().optional(),
  count: z.number({ error: '课次数必须是正整数' }).int({ error: '课次数必须是正整数' }).nullable().optional(),
  weekdays: z.array(z.number().int(), { error: '请选择上课星期' }).max(7, { error: '上课星期不正确' }),
  interval: z.number().int().nullable().optional(),
  startTime: z.string({ error: '请填写上课时间' }),
  endTime: z.string({ error: '请填写下课时间' }),
  locationId: optionalId,
  roomId: optionalId,
  teachers: teachersField.min(1, { error: '请选择上课教师' }),
  skipHoliday: z.boolean().optional().default(true),
  exdates: z.array(z.string()).max(500, { error: '排除日期过多' }).optional(),
  hours: z.number({ error: '课时必须是数字' }).min(0, { error: '课时不能为负数' }).max(24, { error: '课时不能超过24' }).nullable().optional(),
  override: overrideField,
});
export type SeriesBody = z.infer<typeof seriesSchema>;

const HOLIDAY_LIMIT = 1000;

/** Holidays that may touch the rule (from its start on). */
async function loadHolidays(db: Db, startDate: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate)) return [];
  const rows = await db
    .selectFrom('tbl_holiday')
    .select(['start_date', 'end_date'])
    .where('del_flag', '=', 0)
    .where(sql<boolean>`end_date >= ${startDate}::date`)
    .orderBy('start_date')
    .limit(HOLIDAY_LIMIT)
    .execute();
  return rows.map((h) => ({ startDate: h.start_date.toISOString().slice(0, 10), endDate: h.end_date.toISOString().slice(0, 10) }));
}

interface Plan {
  clazz: { id: string; name: string; course_id: string | null; hours_per_lesson: string; scope: number; status: number };
  place: { locationId: string | null; roomId: string | null };
  expansion: Expansion;
  firstLessonNo: number;
  candidates: ConflictCandidate[];
  clashes: Conflict[][];
}

/** Validates, expands and checks the rule; `lock` holds the class row (inside add's transaction). */
async function plan(db: Db, input: SeriesBody, lock: boolean): Promise<Plan> {
  const clazz = lock
    ? await lockClazz(db, input.clazzId)
    : await db.selectFrom('tbl_clazz').select(['id', 'name', 'course_id', 'hours_per_lesson', 'scope', 'status', 'location_id', 'room_id', 'color']).where('id', '=', input.clazzId).where('del_flag', '=', 0).executeTakeFirst();
  if (!clazz) throw new ApiFailure('班级不存在');
  // Neither given: the class's own venue and room.
  const useClazzPlace = input.locationId === undefined && input.roomId === undefined;
  const place = await resolvePlace(db, useClazzPlace ? clazz.location_id : input.locationId, useClazzPlace ? clazz.room_id : input.roomId);
  await checkTeachers(db, input.teachers);
  let expansion: Expansion;
  try {
    expansion = expandRecurrence({ ...input, holidays: input.skipHoliday ? await loadHolidays(db, input.startDate) : [] });
  } catch (e) {
    if (e instanceof RecurrenceError) throw new ApiFailure(e.message);
    throw e;
  }
  const firstLessonNo = await nextLessonNo(db, clazz.id);
  const teacherIds = input.teachers.map((t) => t.teacherId);
  const candidates = expansion.sessions.map((s) => ({ start: s.start, end: s.end, roomId: place.roomId, clazzId: clazz.id, teacherIds }));
  const clashes = await findConflictsBySession(db, candidates);
  return { clazz, place, expansion, firstLessonNo, candidates, clashes };
}

export async function previewSeries(db: Db, input: SeriesBody): Promise<SeriesPreview> {
  const p = await plan(db, input, false);
  return {
    rrule: p.expansion.rrule,
    skippedHolidays: p.expansion.skippedHolidays,
    sessions: p.expansion.sessions.map((s, i) => ({
      lessonNo: p.firstLessonNo + i,
      clazzStartTime: toWireTime(s.start),
      clazzEndTime: toWireTime(s.end),
      conflicts: p.clashes[i],
    })),
  };
}

const CHUNK = 500;

export async function addSeries(db: Db, input: SeriesBody, actor: Actor, now = new Date()): Promise<{ seriesId: string; count: number }> {
  assertMayOverride(input.override, actor);
  let candidates: ConflictCandidate[] = [];
  return withRaceMapping(db, actor, () => candidates, () => [], () =>
    db.transaction().execute(async (tx) => {
      const p = await plan(tx, input, true);
      candidates = p.candidates;
      const all = p.clashes.flat();
      if (all.length && !input.override) {
        const seen = new Set<string>();
        throw conflictFailure(all.filter((c) => !seen.has(`${c.calendarId}|${c.kind}|${c.resourceName}`) && !!seen.add(`${c.calendarId}|${c.kind}|${c.resourceName}`)), actor.canOverride);
      }
      const hours = String(input.hours ?? Number(p.clazz.hours_per_lesson));
      const seriesId = newId();
      const hasCount = input.count !== undefined && input.count !== null;
      await tx
        .insertInto('tbl_schedule_series')
        .values({
          id: seriesId,
          clazz_id: p.clazz.id,
          rrule: p.expansion.rrule,
          exdates: JSON.stringify(input.exdates ?? []) as unknown as string[], // jsonb: pg needs the JSON text, not a JS array (which it would send as a PG array)
          start_date: input.startDate,
          end_date: hasCount ? null : (input.endDate ?? null),
          count: hasCount ? input.count! : null,
          start_time: input.startTime,
          end_time: input.endTime,
          location_id: p.place.locationId,
          room_id: p.place.roomId,
          teachers: JSON.stringify(input.teachers) as unknown as { teacherId: string; role: number }[], // jsonb, as above
          skip_holiday: input.skipHoliday ? 1 : 0,
          hours,
          template_id: null,
          create_by: actor.username,
          update_by: null,
          update_time: null,
        })
        .execute();
      const rows = p.expansion.sessions.map((s, i) => ({
        id: newId(),
        type: 0,
        title: null,
        clazz_id: p.clazz.id,
        course_id: p.clazz.course_id,
        series_id: seriesId,
        lesson_no: p.firstLessonNo + i,
        start_time: s.start,
        end_time: s.end,
        location_id: p.place.locationId,
        room_id: p.place.roomId,
        hours,
        status: 0,
        scope: p.clazz.scope === 1 ? 1 : 0,
        conflict_override: p.clashes[i].length ? 1 : 0,
        override_reason: p.clashes[i].length ? input.override!.reason : null,
        own_by: actor.id,
        create_by: actor.username,
        update_by: null,
        update_time: null,
      }));
      for (let i = 0; i < rows.length; i += CHUNK) await tx.insertInto('tbl_calendar').values(rows.slice(i, i + CHUNK)).execute();
      const ids = rows.map((r) => r.id);
      const teacherRows = ids.flatMap((cid) => input.teachers.map((t) => ({ id: newId(), calendar_id: cid, teacher_id: t.teacherId, role: t.role })));
      for (let i = 0; i < teacherRows.length; i += CHUNK) await tx.insertInto('tbl_calendar_teacher').values(teacherRows.slice(i, i + CHUNK)).execute();
      await insertRoll(tx, ids, p.clazz.id, actor.username);
      // A series placed before sessions the class already has takes their numbers: number by start time.
      await renumberLessons(tx, [p.clazz.id]);
      const numbers = new Map((await tx.selectFrom('tbl_calendar').select(['id', 'lesson_no']).where('series_id', '=', seriesId).execute()).map((r) => [r.id, r.lesson_no]));
      await tx
        .updateTable('tbl_clazz')
        .set({ schedule_status: 2, ...(p.clazz.status === 0 ? { status: 1 } : {}), update_by: actor.username, update_time: now })
        .where('id', '=', p.clazz.id)
        .execute();
      await writeLog(
        tx,
        rows.flatMap((r, i) => [
          { calendarId: r.id, action: 'add', detail: `排课规则生成 第${numbers.get(r.id) ?? r.lesson_no}次课` },
          ...(p.clashes[i].length ? [{ calendarId: r.id, action: 'override', detail: overrideDetail(input.override!.reason, p.clashes[i]) }] : []),
        ]),
        actor,
      );
      return { seriesId, count: rows.length };
    }),
  );
}
