import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Services } from '../core/context';
import { CALENDAR_CHANGED } from '../../lib/calendar/types';
import { pushToUsers } from '../realtime/notify';

/**
 * Who an open 行事历 must reload for when entries change: the accounts linked to the teacher records
 * teaching those entries, or any entry of their series (a series edit or a new series moves many).
 */
export async function calendarAudience(db: Kysely<DB>, calendarIds: string[], seriesIds: string[] = []): Promise<string[]> {
  if (!calendarIds.length && !seriesIds.length) return [];
  const rows = await db
    .selectFrom('tbl_calendar_teacher as ct')
    .innerJoin('tbl_teacher as t', 't.id', 'ct.teacher_id')
    .select('t.user_id')
    .distinct()
    .where('t.user_id', 'is not', null)
    .where('t.del_flag', '=', 0)
    .where((eb) => {
      const series = eb
        .selectFrom('tbl_calendar as s')
        .select('s.id')
        .where((w) =>
          w.or([
            ...(seriesIds.length ? [w('s.series_id', 'in', seriesIds)] : []),
            ...(calendarIds.length ? [w('s.series_id', 'in', w.selectFrom('tbl_calendar as e').select('e.series_id').where('e.id', 'in', calendarIds).where('e.series_id', 'is not', null))] : []),
          ]),
        );
      return eb.or([...(calendarIds.length ? [eb('ct.calendar_id', 'in', calendarIds)] : []), eb('ct.calendar_id', 'in', series)]);
    })
    .execute();
  return rows.map((r) => r.user_id).filter((u): u is string => !!u);
}

/** After the write has committed: tells `before` ∪ the entries' current audience (pushToUsers logs a failed push). */
export async function pushCalendarChanged(services: Services, calendarIds: string[], opts: { before?: string[]; seriesIds?: string[] } = {}): Promise<void> {
  try {
    const after = await calendarAudience(services.db, calendarIds, opts.seriesIds);
    await pushToUsers(services, [...(opts.before ?? []), ...after], CALENDAR_CHANGED);
  } catch (e) {
    // The change stands; an open calendar sees it on its next load.
    console.error('[calendar] push failed:', (e as Error).message);
  }
}
