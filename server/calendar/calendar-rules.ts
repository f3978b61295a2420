import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema';
import { newId } from '../core/ids';
import { ApiFailure, NO_PERMISSION } from '../core/errors';
import { sanitizeHtml, stripTags, isSafeUrl } from '../../lib/sanitize-html';
import { CONFLICT_CODE, MAX_RANGE_DAYS, type Conflict } from '../../lib/calendar/types';
import { parseWireTime } from '../../lib/calendar/wire-time';
import { conflictFromDbError, conflictMessage, findConflicts, type ConflictCandidate } from './conflicts';

/**
 * 行事历 entries' rules shared by the reads and the writes (server/calendar/calendar.ts is the module's
 * face): messages, input schemas, the clash answer and its race mapping, the log, place / teacher checks,
 * and the scope (0 对外教学, 1 内部班) checks.
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

export function cleanContent(raw: string | null | undefined): string | null {
  const v = sanitizeHtml(raw ?? '').trim();
  return v ? v : null;
}

export function cleanText(raw: string | null | undefined): string | null {
  const v = stripTags(raw ?? '').trim();
  return v ? v : null;
}

export function parseTimes(startRaw: string, endRaw: string): { start: Date; end: Date } {
  const start = parseWireTime(startRaw);
  const end = parseWireTime(endRaw);
  if (!start || !end) throw new ApiFailure(CALENDAR_MESSAGES.badTime);
  if (end.getTime() <= start.getTime()) throw new ApiFailure(CALENDAR_MESSAGES.endBeforeStart);
  return { start, end };
}

/**
 * 第N次课 is the Nth of the class's teaching sessions by start time (未开始 and 已点名; a cancelled or
 * rescheduled one keeps the number it had and is not counted). Run in every write that adds, moves,
 * cancels or reschedules a class's sessions, after it, in its transaction (the class row is locked).
 */
export async function renumberLessons(db: Db, clazzIds: (string | null | undefined)[]): Promise<void> {
  const ids = [...new Set(clazzIds.filter((x): x is string => !!x))];
  if (!ids.length) return;
  await sql`
    update tbl_calendar c set lesson_no = n.no
    from (
      select id, row_number() over (partition by clazz_id order by start_time, id)::int as no
      from tbl_calendar
      where clazz_id in (${sql.join(ids)}) and del_flag = 0 and type = 0 and status in (0, 1)
    ) n
    where c.id = n.id and c.lesson_no is distinct from n.no`.execute(db);
}

export async function nextLessonNo(db: Db, clazzId: string): Promise<number> {
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
