import { sql } from 'kysely';
import { columnOf, valueTypeOf } from '../../lib/resources/field-kinds';
import type { BodyRow } from '../../lib/resources/to-schema';
import type { ResourceDef } from '../../lib/resources/types';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import type { EB, Row, WhereFn } from '../resources/query';

/**
 * Helpers shared by the teaching resources (catalog-teaching.ts) and their hand-written routes
 * (server/edu/clazz-member-routes.ts): reference names filled per page, "future live session" counts
 * (what blocks 离职, 调动 and 删除), option checks of integer selects.
 */

/** Tables whose names the teaching lists show; the text column of each is fixed here (never from a client). */
export const NAME_COLUMNS = {
  tbl_location: 'name',
  tbl_teacher: 'name',
  tbl_course: 'name',
  tbl_room: 'name',
  tbl_clazz: 'name',
  tbl_student: 'name',
  sys_depart: 'depart_name',
} as const;
export type NamedTable = keyof typeof NAME_COLUMNS;

/** id → name for a set of ids of one table (deleted rows included: history keeps its names). */
export async function namesOf(db: Database, table: NamedTable, ids: Iterable<unknown>): Promise<Map<string, string>> {
  const list = [...new Set([...ids].filter((v): v is string => typeof v === 'string' && v !== ''))];
  const out = new Map<string, string>();
  if (!list.length) return out;
  const { rows } = await sql<{ id: string; t: string | null }>`select id, ${sql.ref(NAME_COLUMNS[table])} as t from ${sql.table(table)} where id in (${sql.join(list)})`.execute(db);
  for (const r of rows) out.set(r.id, r.t ?? '');
  return out;
}

/** Sets `<field>_dictText` of each record from one query (the list cells and the export read it). */
export async function fillNames(db: Database, records: Row[], field: string, table: NamedTable): Promise<void> {
  const names = await namesOf(db, table, records.map((r) => r[field]));
  for (const r of records) {
    const v = r[field];
    r[`${field}_dictText`] = typeof v === 'string' && v !== '' ? (names.get(v) ?? v) : null;
  }
}

/**
 * An integer select's value must be one of its options (the body schema checks options of text values
 * only, since a number is not compared with the option strings).
 */
export function checkIntOptions(def: ResourceDef, row: BodyRow): void {
  for (const f of def.fields) {
    const v = row[f.name];
    if (!f.options?.length || v === undefined || v === null || valueTypeOf(f) !== 'int') continue;
    if (!f.options.some((o) => o.value === String(v))) throw new ApiFailure(`${f.label}的值不正确`);
  }
}

/** A live row of a table must exist, or the save is refused with `message`. */
export async function assertLive(db: Database, table: 'tbl_location' | 'tbl_teacher' | 'tbl_course' | 'tbl_room' | 'tbl_clazz' | 'tbl_student', id: string, message: string): Promise<Row> {
  const row = (await sql<Row>`select * from ${sql.table(table)} where id = ${id} and del_flag = 0`.execute(db)).rows[0];
  if (!row) throw new ApiFailure(message);
  return row;
}

/** What a count of future sessions is grouped by. */
export type SessionOwner = 'clazz' | 'room' | 'course' | 'teacher';

/**
 * Future live sessions (课次 not deleted, status 0 未开始, starting after `from`, default now) per owner id:
 * a class, room, course (the session's course or its class's) or teacher (any role).
 */
export async function futureSessionCounts(db: Database, by: SessionOwner, ids: string[], from?: Date): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!ids.length) return out;
  const after = from ? sql`c.start_time >= ${from} and c.start_time > now()` : sql`c.start_time > now()`;
  const live = sql`c.del_flag = 0 and c.status = 0 and ${after}`;
  const list = sql.join(ids);
  const query =
    by === 'teacher'
      ? sql<{ k: string; n: string }>`select t.teacher_id as k, count(*) as n from tbl_calendar_teacher t join tbl_calendar c on c.id = t.calendar_id
          where t.teacher_id in (${list}) and ${live} group by t.teacher_id`
      : by === 'course'
        ? sql<{ k: string; n: string }>`select coalesce(c.course_id, z.course_id) as k, count(*) as n from tbl_calendar c left join tbl_clazz z on z.id = c.clazz_id
            where (c.course_id in (${list}) or (c.course_id is null and z.course_id in (${list}))) and ${live} group by 1`
        : sql<{ k: string; n: string }>`select ${sql.ref(`c.${by === 'clazz' ? 'clazz_id' : 'room_id'}`)} as k, count(*) as n from tbl_calendar c
            where ${sql.ref(`c.${by === 'clazz' ? 'clazz_id' : 'room_id'}`)} in (${list}) and ${live} group by 1`;
  for (const r of (await query.execute(db)).rows) out.set(r.k, Number(r.n));
  return out;
}

/** The total of futureSessionCounts over the ids. */
export async function futureSessionTotal(db: Database, by: SessionOwner, ids: string[], from?: Date): Promise<number> {
  let n = 0;
  for (const v of (await futureSessionCounts(db, by, ids, from)).values()) n += v;
  return n;
}

/**
 * A delete filter that leaves out rows still used by future live sessions: the engine's delete has no
 * hook of its own, so this keeps such rows even when the checking route (clazz-member-routes.ts) is bypassed.
 */
export function notUsedByFutureSessions(def: ResourceDef, by: SessionOwner): WhereFn {
  const key = columnOf(def.fields.find((f) => f.name === def.rowKey)!);
  const me = sql.ref(`${def.table}.${key}`);
  const live = sql`c.del_flag = 0 and c.status = 0 and c.start_time > now()`;
  const used =
    by === 'teacher'
      ? sql<boolean>`exists (select 1 from tbl_calendar_teacher t join tbl_calendar c on c.id = t.calendar_id where t.teacher_id = ${me} and ${live})`
      : by === 'course'
        ? sql<boolean>`exists (select 1 from tbl_calendar c left join tbl_clazz z on z.id = c.clazz_id where (c.course_id = ${me} or (c.course_id is null and z.course_id = ${me})) and ${live})`
        : sql<boolean>`exists (select 1 from tbl_calendar c where ${sql.ref(`c.${by === 'clazz' ? 'clazz_id' : 'room_id'}`)} = ${me} and ${live})`;
  return (eb: EB) => eb.not(used);
}

/** Today in Asia/Shanghai (no DST) as 'YYYY-MM-DD'. */
export const shanghaiToday = (now = Date.now()) => new Date(now + 8 * 3600_000).toISOString().slice(0, 10);

/** 'YYYY-MM-DD' (Asia/Shanghai) → that day's first instant in UTC. */
export const shanghaiDayStart = (date: string) => new Date(`${date}T00:00:00+08:00`);

/** A UTC instant as Shanghai wall time 'YYYY-MM-DD HH:mm'. */
export const shanghaiMinute = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** A `date` column (Date at UTC midnight, or text) as 'YYYY-MM-DD'. */
export const dateText = (v: unknown): string | null => (v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' && v ? v.slice(0, 10) : null);
