import { assertEntryVisible, type Actor } from './calendar';
import { PERMS } from '../../lib/permissions/codes';
import { permCodesOf } from '../core/perm';
import { teacherIdsOfUser } from '../edu/teachers';
import { authOf, type Ctx } from '../core/context';

/**
 * Who is acting on the calendar, and what they may see, for every calendar-side route module (calendar,
 * roll, applications, live). The codes come from permCodesOf, loaded once per request.
 */
export async function actorOf(c: Ctx): Promise<Actor> {
  const { user } = authOf(c);
  const codes = await permCodesOf(c, user.id);
  return { id: user.id, username: user.username, realname: user.realname ?? null, canOverride: codes.has(PERMS.calendar.override) };
}

/** Holds calendar:inner:list: may see and schedule 内部班 (scope 1) entries and classes. */
export async function canSeeInner(c: Ctx): Promise<boolean> {
  return (await permCodesOf(c, authOf(c).user.id)).has(PERMS.inner.list);
}

/** Holds calendar:entry:all: may read every teacher's sessions (行事历 / 课表 全部). */
export async function canSeeAll(c: Ctx): Promise<boolean> {
  return (await permCodesOf(c, authOf(c).user.id)).has(PERMS.calendar.all);
}

/**
 * The caller's teacher records when the read is limited to their own sessions: asked for (`mine=1`, the
 * 我的 switch) or forced for a caller without calendar:entry:all. Undefined: every teacher's sessions.
 */
export async function ownTeacherFilter(c: Ctx, mine: boolean): Promise<string[] | undefined> {
  if (!mine && (await canSeeAll(c))) return undefined;
  return teacherIdsOfUser(c.var.services.db, authOf(c).user.id);
}

/** A 内部班 entry reads as unknown (日程不存在或已删除) to users without calendar:inner:list. */
export async function guardEntry(c: Ctx, calendarId: string): Promise<void> {
  await assertEntryVisible(c.var.services.db, calendarId, await canSeeInner(c));
}
