import { sql, type Kysely, type SelectQueryBuilder, type Updateable } from 'kysely';
import { z } from 'zod';
import type { DB, TblCalendarTable } from '../db/schema';
import { idOrUndefined, newId } from '../ids';
import { ApiFailure, NO_PERMISSION } from '../http/envelope';
import { sanitizeHtml, stripTags, isSafeUrl } from '../../lib/sanitize-html';
import {
  CONFLICT_CODE,
  MAX_RANGE_DAYS,
  type CalendarEntry,
  type CalendarEntryDetail,
  type CalendarStatus,
  type CalendarType,
  type Conflict,
  type SeriesScope,
  type TeacherRole,
} from '../../lib/calendar/types';
import { parseWireTime, toWireTime } from '../../lib/calendar/wire-time';
import { conflictFromDbError, conflictMessage, findConflicts, findConflictsBySession, shortSlot, type ConflictCandidate } from './conflicts';
import { entryTitle } from '../../lib/calendar/entry-title';

/**
 * 行事历 entries (issue 7, ../shared/domain.md §1): the range read of the views, the detail, add, edit
 * (move / resize / re-assign, along a series per rule R3) and cancel. Every write runs in one transaction,
 * checks clashes first to name them (rule R1) and maps a lost race on the exclusion constraints to 409.
 */

type Db = Kysely<DB>;

/** Who acts: create_by/update_by take the username, the log shows the real name. */
export interface Actor {
  id: string;
  username: string;
  realname: string | null;
  /** Holds calendar:entry:override. */
  canOverride: boolean;
}

export const CALENDAR_MESSAGES = {
  notFound: '日程不存在或已删除',
  rangeTooWide: `查询范围不能超过${MAX_RANGE_DAYS}天`,
  badRange: '请选择正确的查询范围',
  badTime: '请填写正确的开始和结束时间',
  endBeforeStart: '结束时间必须晚于开始时间',
  clazzRequired: '请选择班级',
  clazzNotFound: '班级不存在',
  titleRequired: '请填写标题',
  roomNotFound: '教室不存在',
  roomNotInLocation: '所选教室不属于该校区',
  locationNotFound: '校区不存在',
  teacherNotFound: '教师不存在',
  teacherDuplicate: '教师不能重复',
  liveUrl: '直播地址必须以 http:// 或 https:// 开头',
  checkedTime: '已点名的课次不能调整时间',
  closed: '已取消或已调课的课次不能修改',
  checkedCancel: '已点名的课次不能取消',
} as const;

export const teacherNotActive = (name: string) => `教师 ${name} 不是在职状态`;

/* ---------- input schemas ---------- */

const idField = z.string().trim().min(1).max(32);
const optionalId = z.union([idField, z.literal(''), z.null()]).optional().transform((v) => (v === '' ? null : v));
export const teachersField = z
  .array(z.object({ teacherId: idField, role: z.union([z.literal(1), z.literal(2)]).optional().default(1) }), { error: '教师格式不正确' })
  .max(10, { error: '最多选择10位教师' });
export const overrideField = z
  .object({ reason: z.string({ error: '请填写强制保存的原因' }).trim().min(1, { error: '请填写强制保存的原因' }).max(200, { error: '原因最多200个字' }) })
  .optional()
  .nullable();

const entryFields = {
  type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: '日程类型不正确' }),
  title: z.string().trim().max(100, { error: '标题最多100个字' }).optional().nullable(),
  clazzId: optionalId,
  clazzStartTime: z.string({ error: '请填写开始时间' }),
  clazzEndTime: z.string({ error: '请填写结束时间' }),
  allDay: z.boolean().optional(),
  locationId: optionalId,
  roomId: optionalId,
  teachers: teachersField.optional(),
  content: z.string().max(20000, { error: '内容过长' }).optional().nullable(),
  liveUrl: z.string().trim().max(500, { error: '直播地址最多500个字符' }).optional().nullable(),
  remark: z.string().trim().max(500, { error: '备注最多500个字' }).optional().nullable(),
  hours: z.number({ error: '课时必须是数字' }).min(0, { error: '课时不能为负数' }).max(24, { error: '课时不能超过24' }).optional().nullable(),
  scope: z.union([z.literal(0), z.literal(1)]).optional(),
  override: overrideField,
};

export const entryInputSchema = z.object(entryFields);
export type EntryInput = z.infer<typeof entryInputSchema>;

export const entryEditSchema = entryInputSchema.partial().extend({
  id: idField,
  apply: z.enum(['this', 'following', 'all']).optional().default('this'),
});
export type EntryEdit = z.infer<typeof entryEditSchema>;

export const cancelSchema = z.object({
  id: idField,
  apply: z.enum(['this', 'following', 'all']).optional().default('this'),
  reason: z.string().trim().max(200, { error: '原因最多200个字' }).optional().nullable(),
});

/* ---------- shared helpers ---------- */

export function conflictFailure(conflicts: Conflict[], canOverride: boolean): ApiFailure {
  const more = conflicts.length > 1 ? `，共${conflicts.length}处冲突` : '';
  return new ApiFailure(conflictMessage(conflicts[0]) + more, CONFLICT_CODE, 200, { conflicts, canOverride });
}

/** An override request from someone without calendar:entry:override is refused outright (code 510). */
export function assertMayOverride(override: { reason: string } | null | undefined, actor: Actor): void {
  if (override && !actor.canOverride) throw new ApiFailure(NO_PERMISSION, 510);
}

/**
 * Runs a write; a clash that slipped past the precheck (two writers at once) is refused by the exclusion
 * constraints with 23P01 — answered as 409, named by re-running the check on the committed state.
 */
export async function withRaceMapping<T>(db: Db, actor: Actor, candidates: () => ConflictCandidate[], excludeIds: () => string[], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const clash = conflictFromDbError(e);
    if (!clash) throw e;
    const named = await findConflicts(db, candidates(), { excludeIds: excludeIds() }).catch(() => [] as Conflict[]);
    if (named.length) throw conflictFailure(named, actor.canOverride);
    throw new ApiFailure(clash.message, CONFLICT_CODE, 200, { conflicts: [], canOverride: actor.canOverride });
  }
}

export const operatorName = (a: Actor) => a.realname || a.username;

export async function writeLog(db: Db, rows: { calendarId: string; action: string; detail: string | null }[], actor: Actor): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('tbl_calendar_log')
    .values(rows.map((r) => ({ id: newId(), calendar_id: r.calendarId, action: r.action, detail: r.detail ? r.detail.slice(0, 2000) : null, operator: operatorName(actor) })))
    .execute();
}

export const overrideDetail = (reason: string, conflicts: Conflict[]) =>
  `强制保存：${reason}；冲突：${conflicts.map((c) => `${c.kind === 'teacher' ? '教师' : c.kind === 'room' ? '教室' : '班级'}${c.resourceName}「${c.title}」${c.clazzStartTime.slice(5, 16)}`).join('、')}`;

/** Room / venue pair: the room's venue wins when only the room is given; a mismatch is refused. */
export async function resolvePlace(db: Db, locationId: string | null | undefined, roomId: string | null | undefined): Promise<{ locationId: string | null; roomId: string | null; roomName: string | null }> {
  if (roomId) {
    const room = await db.selectFrom('tbl_room').select(['id', 'location_id', 'name']).where('id', '=', roomId).where('del_flag', '=', 0).executeTakeFirst();
    if (!room) throw new ApiFailure(CALENDAR_MESSAGES.roomNotFound);
    if (locationId && room.location_id !== locationId) throw new ApiFailure(CALENDAR_MESSAGES.roomNotInLocation);
    return { locationId: room.location_id, roomId: room.id, roomName: room.name };
  }
  if (locationId) {
    const loc = await db.selectFrom('tbl_location').select('id').where('id', '=', locationId).where('del_flag', '=', 0).executeTakeFirst();
    if (!loc) throw new ApiFailure(CALENDAR_MESSAGES.locationNotFound);
  }
  return { locationId: locationId ?? null, roomId: null, roomName: null };
}

/** Teachers must exist and be 在职 (status 1); returns their names by id. */
export async function checkTeachers(db: Db, teachers: { teacherId: string }[]): Promise<Map<string, string>> {
  const ids = teachers.map((t) => t.teacherId);
  if (new Set(ids).size !== ids.length) throw new ApiFailure(CALENDAR_MESSAGES.teacherDuplicate);
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('tbl_teacher').select(['id', 'name', 'status']).where('id', 'in', ids).where('del_flag', '=', 0).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) throw new ApiFailure(CALENDAR_MESSAGES.teacherNotFound);
    if (r.status !== 1) throw new ApiFailure(teacherNotActive(r.name));
  }
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function cleanLiveUrl(raw: string | null | undefined): string | null {
  const v = (raw ?? '').trim();
  if (!v) return null;
  if (!/^https?:\/\//i.test(v) || !isSafeUrl(v)) throw new ApiFailure(CALENDAR_MESSAGES.liveUrl);
  return v;
}

function cleanContent(raw: string | null | undefined): string | null {
  const v = sanitizeHtml(raw ?? '').trim();
  return v ? v : null;
}

function cleanText(raw: string | null | undefined): string | null {
  const v = stripTags(raw ?? '').trim();
  return v ? v : null;
}

function parseTimes(startRaw: string, endRaw: string): { start: Date; end: Date } {
  const start = parseWireTime(startRaw);
  const end = parseWireTime(endRaw);
  if (!start || !end) throw new ApiFailure(CALENDAR_MESSAGES.badTime);
  if (end.getTime() <= start.getTime()) throw new ApiFailure(CALENDAR_MESSAGES.endBeforeStart);
  return { start, end };
}

async function nextLessonNo(db: Db, clazzId: string): Promise<number> {
  const row = await db.selectFrom('tbl_calendar').select(sql<number | null>`max(lesson_no)`.as('n')).where('clazz_id', '=', clazzId).where('del_flag', '=', 0).executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/** The class row, locked for this transaction so concurrent writers number lessons one after another. */
export async function lockClazz(db: Db, clazzId: string) {
  const clazz = await db
    .selectFrom('tbl_clazz')
    .select(['id', 'name', 'course_id', 'hours_per_lesson', 'scope', 'status', 'location_id', 'room_id', 'color'])
    .where('id', '=', clazzId)
    .where('del_flag', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (!clazz) throw new ApiFailure(CALENDAR_MESSAGES.clazzNotFound);
  return clazz;
}

export { nextLessonNo };

/* ---------- scope (0 对外教学, 1 内部班) ---------- */

/** The scope of a live entry, or null when it does not exist. */
export async function entryScope(db: Db, id: string): Promise<0 | 1 | null> {
  const row = await db.selectFrom('tbl_calendar').select('scope').where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  return row ? (row.scope === 1 ? 1 : 0) : null;
}

/** Without calendar:inner:list a scope-1 entry is answered as missing, exactly like a deleted one. */
export async function assertEntryVisible(db: Db, id: string, allowInner: boolean): Promise<void> {
  if (allowInner) return;
  if ((await entryScope(db, id)) === 1) throw new ApiFailure(CALENDAR_MESSAGES.notFound);
}

/** Writing to a 内部班 class (or asking for scope 1) needs calendar:inner:list; such a class reads as unknown otherwise. */
export async function assertClazzVisible(db: Db, clazzId: string | null | undefined, allowInner: boolean): Promise<void> {
  if (allowInner || !clazzId) return;
  const row = await db.selectFrom('tbl_clazz').select('scope').where('id', '=', clazzId).where('del_flag', '=', 0).executeTakeFirst();
  if (row?.scope === 1) throw new ApiFailure(CALENDAR_MESSAGES.clazzNotFound);
}

/* ---------- reads ---------- */

export interface RangeQuery {
  start: Date;
  end: Date;
  teacherId?: string;
  locationId?: string;
  roomId?: string;
  clazzId?: string;
  courseId?: string;
  types?: number[];
  statuses?: number[];
  scope?: 0 | 1;
}

/** Range query params (wire) → RangeQuery; refuses more than MAX_RANGE_DAYS. */
export function parseRangeQuery(q: Record<string, string | undefined>): RangeQuery {
  const start = parseWireTime(q.start);
  const end = parseWireTime(q.end);
  if (!start || !end || end.getTime() <= start.getTime()) throw new ApiFailure(CALENDAR_MESSAGES.badRange);
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * 86_400_000) throw new ApiFailure(CALENDAR_MESSAGES.rangeTooWide);
  const ints = (v: string | undefined, max: number) => {
    if (!v) return undefined;
    const list = [...new Set(v.split(',').map((s) => s.trim()).filter((s) => /^\d$/.test(s)).map(Number).filter((n) => n <= max))];
    return list.length ? list : undefined;
  };
  const scope = q.scope === '0' ? 0 : q.scope === '1' ? 1 : undefined;
  return { start, end, teacherId: idOrUndefined(q.teacherId), locationId: idOrUndefined(q.locationId), roomId: idOrUndefined(q.roomId), clazzId: idOrUndefined(q.clazzId), courseId: idOrUndefined(q.courseId), types: ints(q.type, 4), statuses: ints(q.status, 3), scope };
}

type CalQuery = SelectQueryBuilder<DB & { c: TblCalendarTable }, 'c', object>;

function applyFilter(q: CalQuery, f: RangeQuery): CalQuery {
  let r = q.where('c.del_flag', '=', 0).where('c.start_time', '<', f.end).where('c.end_time', '>', f.start);
  if (f.locationId) r = r.where('c.location_id', '=', f.locationId);
  if (f.roomId) r = r.where('c.room_id', '=', f.roomId);
  if (f.clazzId) r = r.where('c.clazz_id', '=', f.clazzId);
  if (f.courseId) r = r.where('c.course_id', '=', f.courseId);
  if (f.types) r = r.where('c.type', 'in', f.types);
  if (f.statuses) r = r.where('c.status', 'in', f.statuses);
  // No scope means 对外教学 only: inner-class rows appear only on the screens that ask for them (and may).
  r = r.where('c.scope', '=', f.scope ?? 0);
  if (f.teacherId) {
    const tid = f.teacherId;
    r = r.where((eb) => eb.exists(eb.selectFrom('tbl_calendar_teacher as ft').select('ft.id').whereRef('ft.calendar_id', '=', 'c.id').where('ft.teacher_id', '=', tid)));
  }
  return r;
}

function entryColumns(q: CalQuery) {
  return q
    .leftJoin('tbl_clazz as z', 'z.id', 'c.clazz_id')
    .leftJoin('tbl_course as k', 'k.id', 'c.course_id')
    .leftJoin('tbl_location as l', 'l.id', 'c.location_id')
    .leftJoin('tbl_room as r', 'r.id', 'c.room_id')
    .select([
      'c.id', 'c.type', 'c.title', 'c.clazz_id', 'z.name as clazz_name', 'c.course_id', 'k.name as course_name', 'c.series_id', 'c.lesson_no',
      'c.start_time', 'c.end_time', 'c.all_day', 'c.location_id', 'l.detail_location as location_name', 'c.room_id', 'r.name as room_name',
      'c.status', 'c.scope', 'c.color', 'z.color as clazz_color', 'k.color as course_color', 'c.hours', 'c.conflict_override',
    ]);
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entryColumns>['execute']>>[number];
type TeacherRow = { calendar_id: string; teacher_id: string; role: number; name: string | null };

function toEntry(r: EntryRow, teachers: TeacherRow[], studentCount: number): CalendarEntry {
  return {
    id: r.id,
    type: r.type as CalendarType,
    title: entryTitle(r),
    clazzId: r.clazz_id,
    clazzName: r.clazz_name ?? null,
    courseId: r.course_id,
    courseName: r.course_name ?? null,
    seriesId: r.series_id,
    lessonNo: r.lesson_no,
    clazzStartTime: toWireTime(r.start_time),
    clazzEndTime: toWireTime(r.end_time),
    allDay: r.all_day === 1,
    locationId: r.location_id,
    locationName: r.location_name ?? null,
    roomId: r.room_id,
    roomName: r.room_name ?? null,
    teachers: teachers.map((t) => ({ teacherId: t.teacher_id, role: t.role as TeacherRole, name: t.name ?? undefined })),
    status: r.status as CalendarStatus,
    scope: r.scope === 1 ? 1 : 0,
    color: r.color ?? r.clazz_color ?? r.course_color ?? null,
    hours: Number(r.hours),
    studentCount,
    conflictOverride: r.conflict_override === 1,
  };
}

/** Entries matched by `filter` (a sub-select of ids), with teachers and headcounts in two set-based reads. */
async function loadEntries(db: Db, filter: (q: CalQuery) => CalQuery, limit?: number): Promise<CalendarEntry[]> {
  let main = entryColumns(filter(db.selectFrom('tbl_calendar as c'))).orderBy('c.start_time').orderBy('c.id');
  if (limit) main = main.limit(limit);
  const ids = filter(db.selectFrom('tbl_calendar as c')).select('c.id');
  const clazzIds = filter(db.selectFrom('tbl_calendar as c')).select('c.clazz_id').where('c.clazz_id', 'is not', null);
  const [rows, teachers, counts] = await Promise.all([
    main.execute(),
    db
      .selectFrom('tbl_calendar_teacher as t')
      .leftJoin('tbl_teacher as p', 'p.id', 't.teacher_id')
      .select(['t.calendar_id', 't.teacher_id', 't.role', 'p.name'])
      .where('t.calendar_id', 'in', ids)
      .orderBy('t.role')
      .orderBy('p.name')
      .execute(),
    db
      .selectFrom('tbl_clazz_student as s')
      .select(['s.clazz_id', sql<string>`count(*)`.as('n')])
      .where('s.status', '=', 1)
      .where('s.clazz_id', 'in', clazzIds)
      .groupBy('s.clazz_id')
      .execute(),
  ]);
  const byEntry = new Map<string, TeacherRow[]>();
  for (const t of teachers) {
    const list = byEntry.get(t.calendar_id) ?? [];
    list.push(t);
    byEntry.set(t.calendar_id, list);
  }
  const countBy = new Map(counts.map((c) => [c.clazz_id, Number(c.n)]));
  return rows.map((r) => toEntry(r, byEntry.get(r.id) ?? [], r.clazz_id ? (countBy.get(r.clazz_id) ?? 0) : 0));
}

/** The views' read: live and cancelled entries overlapping [start, end). */
export async function queryRange(db: Db, f: RangeQuery): Promise<CalendarEntry[]> {
  return loadEntries(db, (q) => applyFilter(q, f));
}

/** `allowInner`: the caller holds calendar:inner:list; otherwise a scope-1 entry reads as missing (no leak). */
export async function getEntryDetail(db: Db, id: string, allowInner = false): Promise<CalendarEntryDetail> {
  const [entry] = await loadEntries(db, (q) => q.where('c.id', '=', id).where('c.del_flag', '=', 0), 1);
  if (!entry || (entry.scope === 1 && !allowInner)) throw new ApiFailure(CALENDAR_MESSAGES.notFound);
  const [extra, log] = await Promise.all([
    db.selectFrom('tbl_calendar').select(['content', 'live_url', 'remark', 'override_reason', 'audit_status']).where('id', '=', id).executeTakeFirstOrThrow(),
    db.selectFrom('tbl_calendar_log').select(['action', 'detail', 'operator', 'create_time']).where('calendar_id', '=', id).orderBy('create_time', 'desc').orderBy('id', 'desc').limit(200).execute(),
  ]);
  return {
    ...entry,
    content: extra.content ? sanitizeHtml(extra.content) : null,
    liveUrl: extra.live_url,
    remark: extra.remark,
    overrideReason: extra.override_reason,
    auditStatus: extra.audit_status,
    log: log.map((l) => ({ action: l.action, detail: l.detail, operator: l.operator, createTime: toWireTime(l.create_time) })),
  };
}

export const OPTION_LIMIT = 1000;

/** The filters' and forms' option lists (bounded, by name); classes of one scope (0 对外教学 by default). */
export async function calendarOptions(db: Db, scope: 0 | 1 = 0) {
  const [teachers, locations, rooms, classes, courses] = await Promise.all([
    db.selectFrom('tbl_teacher').select(['id', 'name', 'status']).where('del_flag', '=', 0).where('status', '=', 1).orderBy('name').orderBy('id').limit(OPTION_LIMIT).execute(),
    db.selectFrom('tbl_location').select(['id', 'detail_location as name']).where('del_flag', '=', 0).orderBy('detail_location').orderBy('id').limit(OPTION_LIMIT).execute(),
    db.selectFrom('tbl_room').select(['id', 'name', 'location_id as locationId', 'capacity']).where('del_flag', '=', 0).where('status', '=', 1).orderBy('name').orderBy('id').limit(OPTION_LIMIT).execute(),
    db
      .selectFrom('tbl_clazz')
      .select(['id', 'name', 'course_id as courseId', 'location_id as locationId', 'room_id as roomId', 'head_teacher as headTeacher', 'capacity', 'hours_per_lesson', 'color'])
      .where('del_flag', '=', 0)
      .where('scope', '=', scope)
      .orderBy('name')
      .orderBy('id')
      .limit(OPTION_LIMIT)
      .execute(),
    db.selectFrom('tbl_course').select(['id', 'name', 'color']).where('del_flag', '=', 0).orderBy('name').orderBy('id').limit(OPTION_LIMIT).execute(),
  ]);
  return {
    teachers,
    locations,
    rooms,
    classes: classes.map(({ hours_per_lesson, ...c }) => ({ ...c, hoursPerLesson: Number(hours_per_lesson) })),
    courses,
  };
}

/* ---------- add ---------- */

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
      if (clazz && input.type === 0) await insertRoll(tx, [id], clazz.id, actor.username);
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
    const reason = cleanText(input.reason);
    await writeLog(tx, ids.map((id) => ({ calendarId: id, action: 'cancel', detail: reason ? `取消：${reason}` : '取消' })), actor);
    return { count: ids.length };
  });
}
