import { sql, type RawBuilder } from 'kysely';
import { columnOf, fieldByName, rowKeyColumn } from '../../lib/resources/field-kinds';
import { EDIT_CONFLICT_CODE, ROW_VERSION_FIELD, editConflictMessage } from '../../lib/resources/row-version';
import type { ResourceDef } from '../../lib/resources/types';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import { formatDateTime } from '../core/format';
import type { SelectWith } from './select';

/**
 * The server side of optimistic concurrency (issue #39; lib/resources/row-version.ts). A resource is versioned
 * when it stores `updateTime`: the token is `coalesce(update_time, create_time)` in microseconds, computed in SQL so
 * the stored precision is kept. The edit's UPDATE carries `token = $version` in its WHERE, so the check and the write
 * are one statement: of two saves read at the same version, the second waits for the first's row lock, re-reads the
 * row, no longer matches and changes nothing.
 */

const storedColumn = (def: ResourceDef, name: string): string | undefined => {
  const f = fieldByName(def, name);
  return f && !f.virtual ? columnOf(f) : undefined;
};

/** The update-time column (and the create-time fallback) of a versioned resource; undefined when it is not versioned. */
function versionColumns(def: ResourceDef): { update: string; create?: string } | undefined {
  const update = storedColumn(def, 'updateTime');
  return update ? { update, create: storedColumn(def, 'createTime') } : undefined;
}

/** The time a row was last written, as SQL (the update time, else the create time). */
function stampExpr(cols: { update: string; create?: string }, table?: string): RawBuilder<Date | null> {
  const ref = (c: string) => sql.ref(table ? `${table}.${c}` : c);
  return cols.create ? sql`coalesce(${ref(cols.update)}, ${ref(cols.create)})` : sql`${ref(cols.update)}`;
}

/** The row's version token as SQL text ('' for a row with no time at all). */
export function versionToken(def: ResourceDef, table?: string): RawBuilder<string> | undefined {
  const cols = versionColumns(def);
  if (!cols) return undefined;
  return sql<string>`coalesce(cast(cast(floor(extract(epoch from ${stampExpr(cols, table)}) * 1000000) as bigint) as text), '')`;
}

/** A read's extra selections plus `_version` (list pages and queryById hand it to the edit form). */
export function withVersion(def: ResourceDef, w: SelectWith | undefined): SelectWith | undefined {
  const token = versionToken(def);
  return token ? { ...w, [ROW_VERSION_FIELD]: () => token } : w;
}

/**
 * The update time an edit writes: now, but always after the version it replaces (two saves within one
 * millisecond, or a clock behind the last writer's, must still give the row a new version).
 */
export function nextStamp(def: ResourceDef, now = new Date()): RawBuilder<Date> | Date {
  const cols = versionColumns(def);
  if (!cols) return now;
  return sql<Date>`greatest(cast(${now.toISOString()} as timestamptz), ${stampExpr(cols)} + interval '1 millisecond')`;
}

/** Thrown inside an edit's transaction when its versioned UPDATE matched no row (rolls the transaction back). */
export class StaleVersion extends Error {
  constructor() {
    super('stale version');
  }
}

/**
 * Hand-written editors that read rows as JavaScript values (announcements): the version is the row's update time,
 * else its create time, in milliseconds. Both the served token and the check see the same driver's Date, and the
 * check runs on the row read FOR UPDATE in the save's transaction.
 */
export function msVersion(row: { update_time: Date | null; create_time?: Date | null }): string {
  const at = row.update_time ?? row.create_time ?? null;
  return at ? String(new Date(at).getTime()) : '';
}

/** The refusal of a stale save naming the last writer (`username`, shown by real name when known) and the time. */
export async function writerConflict(db: Database, username: string | null | undefined, at: Date | string | null | undefined): Promise<ApiFailure> {
  const user = username ? await db.selectFrom('sys_user').select('realname').where('username', '=', username).executeTakeFirst() : undefined;
  return new ApiFailure(editConflictMessage(user?.realname?.trim() || username, formatDateTime(at ?? null)?.slice(0, 16)), EDIT_CONFLICT_CODE);
}

/**
 * Why a versioned edit of `id` changed nothing: null when the row is gone (the caller answers 未找到对应数据), else
 * the refusal naming who last wrote it (the real name of the user, else the stored username) and when.
 */
export async function staleVersionFailure(db: Database, def: ResourceDef, id: string): Promise<ApiFailure | null> {
  const cols = versionColumns(def);
  if (!cols) return null;
  const by = storedColumn(def, 'updateBy');
  const createBy = storedColumn(def, 'createBy');
  const t = def.table;
  const byExpr = by && createBy ? sql<string | null>`case when ${sql.ref(`${t}.${cols.update}`)} is null then ${sql.ref(`${t}.${createBy}`)} else ${sql.ref(`${t}.${by}`)} end` : by ? sql<string | null>`${sql.ref(`${t}.${by}`)}` : sql<string | null>`null`;
  const { rows } = await sql<{ at: Date | string | null; username: string | null; realname: string | null }>`
    select ${stampExpr(cols, t)} as at, w.username, u.realname
    from ${sql.table(t)}
    cross join lateral (select ${byExpr} as username) w
    left join sys_user u on u.username = w.username
    where ${sql.ref(`${t}.${rowKeyColumn(def)}`)} = ${id}
    limit 1`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const who = row.realname?.trim() || row.username;
  return new ApiFailure(editConflictMessage(who, formatDateTime(row.at)?.slice(0, 16)), EDIT_CONFLICT_CODE);
}
