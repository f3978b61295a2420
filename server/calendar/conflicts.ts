import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Conflict } from '../../lib/calendar/types';
import { toWireHm, toWireTime } from '../../lib/calendar/wire-time';
import { entryTitle } from '../../lib/calendar/entry-title';

/**
 * Rule R1 (../shared/domain.md §1): name the clash before saving. The database's exclusion constraints
 * (0012-teaching) are what really refuses a double booking; this check runs first so the answer can say
 * who, where and when. Rows saved with a logged override are included here although the constraints skip
 * them, so a clash is always named.
 */

export interface ConflictCandidate {
  start: Date;
  end: Date;
  roomId?: string | null;
  clazzId?: string | null;
  teacherIds?: string[];
}

export interface ConflictOptions {
  /** Entries being rewritten (their own old slots never clash with them). */
  excludeIds?: string[];
}

type Db = Kysely<DB>;

const KIND_TEXT: Record<Conflict['kind'], string> = { teacher: '教师', room: '教室', clazz: '班级' };
const RESOURCE_CHUNK = 500;

/** Per candidate, the live entries it clashes with (half-open ranges: touching is allowed). */
export async function findConflictsBySession(db: Db, candidates: ConflictCandidate[], opts: ConflictOptions = {}): Promise<Conflict[][]> {
  const out: Conflict[][] = candidates.map(() => []);
  if (!candidates.length) return out;
  const rooms = [...new Set(candidates.map((c) => c.roomId).filter((x): x is string => !!x))];
  const clazzes = [...new Set(candidates.map((c) => c.clazzId).filter((x): x is string => !!x))];
  const teachers = [...new Set(candidates.flatMap((c) => c.teacherIds ?? []))];
  if (!rooms.length && !clazzes.length && !teachers.length) return out;
  const from = new Date(Math.min(...candidates.map((c) => c.start.getTime())));
  const to = new Date(Math.max(...candidates.map((c) => c.end.getTime())));
  const exclude = opts.excludeIds?.length ? opts.excludeIds : null;

  // One set-based read of every live entry in the window that uses one of the contested resources.
  let q = db
    .selectFrom('tbl_calendar as c')
    .leftJoin('tbl_clazz as z', 'z.id', 'c.clazz_id')
    .leftJoin('tbl_room as r', 'r.id', 'c.room_id')
    .leftJoin('tbl_location as l', 'l.id', 'c.location_id')
    .select(['c.id', 'c.type', 'c.title', 'c.lesson_no', 'c.start_time', 'c.end_time', 'c.room_id', 'c.clazz_id', 'z.name as clazz_name', 'r.name as room_name', 'l.name as location_name'])
    .where('c.del_flag', '=', 0)
    .where('c.status', 'in', [0, 1])
    .where('c.start_time', '<', to)
    .where('c.end_time', '>', from)
    .where((eb) =>
      eb.or([
        ...(rooms.length ? [eb('c.room_id', 'in', rooms)] : []),
        ...(clazzes.length ? [eb('c.clazz_id', 'in', clazzes)] : []),
        ...(teachers.length ? [eb('c.id', 'in', eb.selectFrom('tbl_calendar_teacher as t').select('t.calendar_id').where('t.teacher_id', 'in', teachers))] : []),
      ]),
    );
  if (exclude) q = q.where('c.id', 'not in', exclude);
  const rows = await q.orderBy('c.start_time').orderBy('c.id').execute();
  if (!rows.length) return out;

  const ids = rows.map((r) => r.id);
  const teacherRows: { calendar_id: string; teacher_id: string; name: string | null }[] = [];
  for (let i = 0; i < ids.length; i += RESOURCE_CHUNK) {
    teacherRows.push(
      ...(await db
        .selectFrom('tbl_calendar_teacher as t')
        .leftJoin('tbl_teacher as p', 'p.id', 't.teacher_id')
        .select(['t.calendar_id', 't.teacher_id', 'p.name'])
        .where('t.calendar_id', 'in', ids.slice(i, i + RESOURCE_CHUNK))
        .orderBy('t.role')
        .orderBy('p.name')
        .execute()),
    );
  }
  const byEntry = new Map<string, { id: string; name: string }[]>();
  for (const t of teacherRows) {
    const list = byEntry.get(t.calendar_id) ?? [];
    list.push({ id: t.teacher_id, name: t.name ?? t.teacher_id });
    byEntry.set(t.calendar_id, list);
  }

  candidates.forEach((cand, i) => {
    const want = new Set(cand.teacherIds ?? []);
    for (const row of rows) {
      if (!(row.start_time < cand.end && row.end_time > cand.start)) continue;
      const entryTeachers = byEntry.get(row.id) ?? [];
      const named = (kind: Conflict['kind'], resourceName: string): Conflict => ({
        kind,
        resourceName,
        calendarId: row.id,
        title: entryTitle(row, '日程'),
        clazzStartTime: toWireTime(row.start_time),
        clazzEndTime: toWireTime(row.end_time),
        locationName: row.location_name ?? null,
        roomName: row.room_name ?? null,
        teacherNames: entryTeachers.map((t) => t.name),
      });
      for (const t of entryTeachers) if (want.has(t.id)) out[i].push(named('teacher', t.name));
      if (cand.roomId && row.room_id === cand.roomId) out[i].push(named('room', row.room_name ?? cand.roomId));
      if (cand.clazzId && row.clazz_id === cand.clazzId) out[i].push(named('clazz', row.clazz_name ?? cand.clazzId));
    }
  });
  return out;
}

/** All clashes of the candidates, each (entry, kind, resource) once. */
export async function findConflicts(db: Db, candidates: ConflictCandidate[], opts: ConflictOptions = {}): Promise<Conflict[]> {
  const seen = new Set<string>();
  const all: Conflict[] = [];
  for (const list of await findConflictsBySession(db, candidates, opts)) {
    for (const c of list) {
      const key = `${c.calendarId}|${c.kind}|${c.resourceName}`;
      if (seen.has(key)) continue;
      seen.add(key);
      all.push(c);
    }
  }
  return all;
}

/** `教师 周明 在 2026-11-23 10:00-11:30 已有课次「初二数学A班 第3次课」（中关村校区 201教室）`. */
export function conflictMessage(c: Conflict): string {
  const where = [c.locationName, c.roomName].filter(Boolean).join(' ');
  const day = c.clazzStartTime.slice(0, 10);
  const times = `${c.clazzStartTime.slice(11, 16)}-${c.clazzEndTime.slice(11, 16)}`;
  return `${KIND_TEXT[c.kind]} ${c.resourceName} 在 ${day} ${times} 已有课次「${c.title}」${where ? `（${where}）` : ''}`;
}

export const GENERIC_CONFLICT: Record<Conflict['kind'], string> = {
  teacher: '教师在该时段已有其他课次，请刷新后重试',
  room: '教室在该时段已被占用，请刷新后重试',
  clazz: '班级在该时段已有其他课次，请刷新后重试',
};

const CONSTRAINT_KIND: Record<string, Conflict['kind']> = {
  tbl_calendar_teacher_excl: 'teacher',
  tbl_calendar_room_excl: 'room',
  tbl_calendar_clazz_excl: 'clazz',
};

/**
 * A write that lost the race to the exclusion constraint (SQLSTATE 23P01): which kind of clash, with a
 * generic message; the caller re-runs findConflicts after the rollback to name it. null: not a clash.
 */
export function conflictFromDbError(err: unknown): { kind: Conflict['kind']; message: string } | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== '23P01') return null;
  const name = typeof e.constraint === 'string' ? e.constraint : (Object.keys(CONSTRAINT_KIND).find((k) => String(e.message ?? '').includes(k)) ?? '');
  const kind = CONSTRAINT_KIND[name] ?? 'teacher';
  return { kind, message: GENERIC_CONFLICT[kind] };
}

/** Short 'MM-DD HH:mm-HH:mm' for the log and override details. */
export function shortSlot(start: Date, end: Date): string {
  return `${toWireTime(start).slice(5, 16)}-${toWireHm(end)}`;
}
