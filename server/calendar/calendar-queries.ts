import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB, TblCalendarTable } from '../db/schema';
import { idOrUndefined } from '../core/ids';
import { ApiFailure } from '../core/errors';
import { sanitizeHtml } from '../../lib/sanitize-html';
import { MAX_RANGE_DAYS, type CalendarEntry, type CalendarEntryDetail, type CalendarStatus, type CalendarType, type TeacherRole } from '../../lib/calendar/types';
import { parseWireTime, toWireTime } from '../../lib/calendar/wire-time';
import { entryTitle } from '../../lib/calendar/entry-title';
import { calendarLogActionText } from '../../lib/calendar/log-actions';
import { CALENDAR_MESSAGES } from './calendar-rules';
import { realnamesOf } from '../resources/dicts';
import { arrayRows } from '../db/array-rows';

/** 行事历 reads: the views' range query, one entry's detail, and the filters' and forms' option lists. */

type Db = Kysely<DB>;

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
  /** 我的: only sessions one of these teacher records teaches (the caller's own; empty = none). */
  ownTeacherIds?: string[];
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
  if (f.ownTeacherIds) {
    const own = f.ownTeacherIds;
    // A caller with no teacher record has no sessions of their own.
    r = own.length ? r.where((eb) => eb.exists(eb.selectFrom('tbl_calendar_teacher as ot').select('ot.id').whereRef('ot.calendar_id', '=', 'c.id').where('ot.teacher_id', 'in', own))) : r.where(sql<boolean>`false`);
  }
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
      'c.start_time', 'c.end_time', 'c.all_day', 'c.location_id', 'l.name as location_name', 'c.room_id', 'r.name as room_name',
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

/**
 * The views' read as the JSON text of a CalendarEntry[] (the same entries and order as `queryRange`), built by
 * one statement: the filtered rows with their names, the teachers grouped per entry and the headcounts grouped
 * per class, each once for the whole range (no per-row lookups), assembled by the database. The handler sends
 * the text as it comes: no rows decoded into objects and no JSON.stringify of thousands of entries (issue #28,
 * bench/calendar.ts). Every table is referenced through the query builder, so the tenant scope applies.
 */
export async function queryRangeJson(db: Db, f: RangeQuery): Promise<string> {
  const row = await db
    .with('e', (w) =>
      applyFilter(w.selectFrom('tbl_calendar as c'), f)
        .leftJoin('tbl_clazz as z', 'z.id', 'c.clazz_id')
        .leftJoin('tbl_course as k', 'k.id', 'c.course_id')
        .leftJoin('tbl_location as l', 'l.id', 'c.location_id')
        .leftJoin('tbl_room as r', 'r.id', 'c.room_id')
        .select([
          'c.id', 'c.type', 'c.title', 'c.clazz_id', 'z.name as clazz_name', 'c.course_id', 'k.name as course_name', 'c.series_id', 'c.lesson_no',
          'c.start_time', 'c.end_time', 'c.all_day', 'c.location_id', 'l.name as location_name', 'c.room_id', 'r.name as room_name',
          'c.status', 'c.scope', 'c.hours', 'c.conflict_override',
          sql<string | null>`coalesce(c.color, z.color, k.color)`.as('color'),
        ]),
    )
    .with('tt', (w) =>
      w
        .selectFrom('tbl_calendar_teacher as t')
        .innerJoin('e', 'e.id', 't.calendar_id')
        .leftJoin('tbl_teacher as p', 'p.id', 't.teacher_id')
        // json_strip_nulls: a teacher without a name has no `name` key, as toEntry leaves it undefined.
        .select(['t.calendar_id', sql`json_agg(json_strip_nulls(json_build_object('teacherId', t.teacher_id, 'role', t.role, 'name', p.name)) order by t.role, p.name)`.as('list')])
        .groupBy('t.calendar_id'),
    )
    .with('n', (w) =>
      w
        .selectFrom('tbl_clazz_student as s')
        .select(['s.clazz_id', sql<string>`count(*)`.as('n')])
        .where('s.status', '=', 1)
        .where('s.clazz_id', 'in', w.selectFrom('e').select('e.clazz_id').where('e.clazz_id', 'is not', null))
        .groupBy('s.clazz_id'),
    )
    .selectFrom('e')
    .leftJoin('tt', 'tt.calendar_id', 'e.id')
    .leftJoin('n', 'n.clazz_id', 'e.clazz_id')
    // Field for field what toEntry makes: entryTitle's rule, toWireTime's Shanghai wall clock (fixed +8 h).
    .select(
      sql<string>`coalesce(json_agg(json_build_object(
        'id', e.id, 'type', e.type,
        'title', coalesce(nullif(e.title, ''), case when e.clazz_name <> '' then e.clazz_name || ' 第' || coalesce(e.lesson_no::text, '?') || '次课' end, ''),
        'clazzId', e.clazz_id, 'clazzName', e.clazz_name, 'courseId', e.course_id, 'courseName', e.course_name,
        'seriesId', e.series_id, 'lessonNo', e.lesson_no,
        'clazzStartTime', to_char((e.start_time at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS'),
        'clazzEndTime', to_char((e.end_time at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS'),
        'allDay', e.all_day = 1, 'locationId', e.location_id, 'locationName', e.location_name,
        'roomId', e.room_id, 'roomName', e.room_name, 'teachers', coalesce(tt.list, '[]'::json),
        'status', e.status, 'scope', case when e.scope = 1 then 1 else 0 end, 'color', e.color,
        'hours', e.hours::float8, 'studentCount', case when e.clazz_id is null then 0 else coalesce(n.n, 0) end,
        'conflictOverride', e.conflict_override = 1
      ) order by e.start_time, e.id), '[]'::json)::text`.as('json'),
    )
    .executeTakeFirstOrThrow();
  return row.json;
}

/** A JSON string literal (or null) of a text value. */
const jsonText = (v: string | null): string => (v === null ? 'null' : JSON.stringify(v));

/** PostgreSQL's text of a timestamptz → Date (pg's own parser), for the wire-time memo below. */
let parseTimestamptz: ((text: string) => Date) | undefined;
async function timestamptzParser(): Promise<(text: string) => Date> {
  if (!parseTimestamptz) {
    const pg = await import('pg');
    parseTimestamptz = pg.default.types.getTypeParser(1184) as (text: string) => Date;
  }
  return parseTimestamptz;
}

/**
 * The views' read on PostgreSQL as the JSON text of a CalendarEntry[] (the same entries, fields and order as
 * `queryRange`, issue #28). Three statements sent at once on the pool's connections and read as arrays of
 * PostgreSQL's text (server/db/array-rows.ts: no row objects, no Date per timestamp): the week's rows alone,
 * in the order of the (start_time, id) index as a bare select of them would be; their teachers; and the names
 * (and headcounts) of the classes, courses, venues and rooms they refer to, each once. Node joins them and writes
 * the JSON by concatenation, each distinct name, id and time escaped or formatted once (a week repeats a few
 * dozen of each thousands of times). bench/calendar.ts.
 */
export async function queryRangeText(db: Db, f: RangeQuery): Promise<string> {
  const filter = (q: CalQuery) => applyFilter(q, f);
  // Column order is the index order used below (aliases unique: PGlite's rows are objects).
  const main = filter(db.selectFrom('tbl_calendar as c'))
    .select([
      'c.id', 'c.type', 'c.title', 'c.clazz_id', 'c.course_id', 'c.series_id', 'c.lesson_no', 'c.start_time', 'c.end_time', 'c.all_day',
      'c.location_id', 'c.room_id', 'c.status', 'c.scope', 'c.color', 'c.hours', 'c.conflict_override',
    ])
    .orderBy('c.start_time')
    .orderBy('c.id');
  const teachers = db
    .selectFrom('tbl_calendar_teacher as t')
    .leftJoin('tbl_teacher as p', 'p.id', 't.teacher_id')
    .select(['t.calendar_id', 't.teacher_id', 't.role', 'p.name'])
    .where('t.calendar_id', 'in', filter(db.selectFrom('tbl_calendar as c')).select('c.id'))
    .orderBy('t.role')
    .orderBy('p.name');
  // kind, id, name, colour, headcount: one row per class, course, venue and room the week refers to, and per class id its headcount.
  const names = db
    .with('e', (w) => filter(w.selectFrom('tbl_calendar as c')).select(['c.clazz_id', 'c.course_id', 'c.location_id', 'c.room_id']))
    .selectFrom('tbl_clazz as z')
    .select([sql<string>`'z'`.as('kind'), 'z.id', 'z.name', 'z.color', sql<string>`null`.as('n')])
    .where('z.id', 'in', (eb) => eb.selectFrom('e').select('e.clazz_id'))
    // Headcounts by the entries' class ids, as queryRange counts them (whether or not the class row is there).
    .unionAll((eb) =>
      eb
        .selectFrom('tbl_clazz_student as s')
        .select([sql<string>`'n'`.as('kind'), 's.clazz_id as id', sql<string>`null`.as('name'), sql<string>`null`.as('color'), sql<string>`count(*)`.as('n')])
        .where('s.status', '=', 1)
        .where('s.clazz_id', 'in', eb.selectFrom('e').select('e.clazz_id'))
        .groupBy('s.clazz_id'),
    )
    .unionAll((eb) => eb.selectFrom('tbl_course as k').select([sql<string>`'k'`.as('kind'), 'k.id', 'k.name', 'k.color', sql<string>`null`.as('n')]).where('k.id', 'in', eb.selectFrom('e').select('e.course_id')))
    .unionAll((eb) => eb.selectFrom('tbl_location as l').select([sql<string>`'l'`.as('kind'), 'l.id', 'l.name', sql<string>`null`.as('color'), sql<string>`null`.as('n')]).where('l.id', 'in', eb.selectFrom('e').select('e.location_id')))
    .unionAll((eb) => eb.selectFrom('tbl_room as r').select([sql<string>`'r'`.as('kind'), 'r.id', 'r.name', sql<string>`null`.as('color'), sql<string>`null`.as('n')]).where('r.id', 'in', eb.selectFrom('e').select('e.room_id')));
  const [rows, teacherRows, nameRows, parseTime] = await Promise.all([arrayRows(db, main), arrayRows(db, teachers), arrayRows(db, names), timestamptzParser()]);

  // Each entry's teachers as JSON objects, in the statement's order (role, name); a nameless teacher has no `name`.
  const teacherJson = new Map<string, string>();
  const byEntry = new Map<string, string>();
  for (const [calendarId, teacherId, role, name] of teacherRows) {
    const key = `${role} ${teacherId}`;
    let one = teacherJson.get(key);
    if (one === undefined) {
      one = `{"teacherId":${jsonText(teacherId)},"role":${role}${name === null ? '' : `,"name":${jsonText(name)}`}}`;
      teacherJson.set(key, one);
    }
    const prev = byEntry.get(calendarId!);
    byEntry.set(calendarId!, prev === undefined ? one : `${prev},${one}`);
  }
  type Named = { name: string | null; json: string; color: string | null; n: string | null };
  const named: Record<string, Map<string | null, Named>> = { z: new Map(), n: new Map(), k: new Map(), l: new Map(), r: new Map() };
  for (const [kind, id, name, color, n] of nameRows) named[kind!].set(id, { name, json: jsonText(name), color, n });
  // Ids repeat (a class's sessions, a room's): escaped once each.
  const ids = new Map<string | null, string>([[null, 'null']]);
  const idJson = (v: string | null) => {
    let j = ids.get(v);
    if (j === undefined) ids.set(v, (j = jsonText(v)));
    return j;
  };
  // Wire times (Shanghai wall clock, as toWireTime) from PostgreSQL's timestamptz text; a week has a few dozen.
  const times = new Map<string, string>();
  const wire = (raw: string) => {
    let w = times.get(raw);
    if (w === undefined) times.set(raw, (w = toWireTime(parseTime(raw))));
    return w;
  };
  const none: Named = { name: null, json: 'null', color: null, n: null };
  let out = '[';
  for (let i = 0; i < rows.length; i++) {
    const [id, type, title, clazzId, courseId, seriesId, lessonNo, start, end, allDay, locationId, roomId, status, scope, color, hours, override] = rows[i];
    const z = (clazzId !== null && named.z.get(clazzId)) || none;
    const k = (courseId !== null && named.k.get(courseId)) || none;
    const name = entryTitle({ title, clazz_name: z.name, lesson_no: lessonNo === null ? null : Number(lessonNo) });
    out +=
      `${i ? ',' : ''}{"id":${jsonText(id)},"type":${type},"title":${jsonText(name)},"clazzId":${idJson(clazzId)},"clazzName":${z.json}` +
      `,"courseId":${idJson(courseId)},"courseName":${k.json},"seriesId":${idJson(seriesId)},"lessonNo":${lessonNo ?? 'null'}` +
      `,"clazzStartTime":"${wire(start!)}","clazzEndTime":"${wire(end!)}","allDay":${allDay === '1'},"locationId":${idJson(locationId)}` +
      `,"locationName":${(locationId !== null && named.l.get(locationId)?.json) || 'null'},"roomId":${idJson(roomId)},"roomName":${(roomId !== null && named.r.get(roomId)?.json) || 'null'}` +
      `,"teachers":[${byEntry.get(id!) ?? ''}],"status":${status},"scope":${scope === '1' ? 1 : 0},"color":${jsonText(color ?? z.color ?? k.color)},"hours":${Number(hours)}` +
      `,"studentCount":${(clazzId && named.n.get(clazzId)?.n) || 0},"conflictOverride":${override === '1'}}`;
  }
  return `${out}]`;
}

/** `allowInner`: the caller holds calendar:inner:list; otherwise a scope-1 entry reads as missing (no leak). */
export async function getEntryDetail(db: Db, id: string, allowInner = false): Promise<CalendarEntryDetail> {
  const [entry] = await loadEntries(db, (q) => q.where('c.id', '=', id).where('c.del_flag', '=', 0), 1);
  if (!entry || (entry.scope === 1 && !allowInner)) throw new ApiFailure(CALENDAR_MESSAGES.notFound);
  const [extra, log] = await Promise.all([
    db.selectFrom('tbl_calendar').select(['content', 'live_url', 'remark', 'override_reason', 'audit_status']).where('id', '=', id).executeTakeFirstOrThrow(),
    db.selectFrom('tbl_calendar_log').select(['action', 'detail', 'operator', 'create_time']).where('calendar_id', '=', id).orderBy('create_time', 'desc').orderBy('id', 'desc').limit(200).execute(),
  ]);
  // 操作人 by name (issue #39): some writers store the username (点名, 补课, 试听), others the name (kept as it is).
  const nameOf = await realnamesOf(db, log.map((l) => l.operator));
  return {
    ...entry,
    content: extra.content ? sanitizeHtml(extra.content) : null,
    liveUrl: extra.live_url,
    remark: extra.remark,
    overrideReason: extra.override_reason,
    auditStatus: extra.audit_status,
    log: log.map((l) => ({ action: calendarLogActionText(l.action), detail: l.detail, operator: nameOf(l.operator), createTime: toWireTime(l.create_time) })),
  };
}

export const OPTION_LIMIT = 1000;

/**
 * The filters' and forms' option lists (bounded, by name); classes of one scope (0 对外教学 by default).
 * `myTeacherIds` are the caller's own teacher records: the screen opens on 我的 when there is one.
 */
export async function calendarOptions(db: Db, scope: 0 | 1 = 0, myTeacherIds: string[] = []) {
  const [teachers, locations, rooms, classes, courses] = await Promise.all([
    db.selectFrom('tbl_teacher').select(['id', 'name', 'status']).where('del_flag', '=', 0).where('status', '=', 1).orderBy('name').orderBy('id').limit(OPTION_LIMIT).execute(),
    db.selectFrom('tbl_location').select(['id', 'name']).where('del_flag', '=', 0).orderBy('name').orderBy('id').limit(OPTION_LIMIT).execute(),
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
    myTeacherIds,
    teachers,
    locations,
    rooms,
    classes: classes.map(({ hours_per_lesson, ...c }) => ({ ...c, hoursPerLesson: Number(hours_per_lesson) })),
    courses,
  };
}

/* ---------- add ---------- */
