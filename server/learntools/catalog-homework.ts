import { sql } from 'kysely';
import { homeworkResource } from '../../features/learntools/homework/homework-resource';
import { sanitizeHtml } from '../../lib/sanitize-html';
import { cachedHomeworkScope } from './homework-scope';
import { formatDateTime } from '../core/format';
import type { CrudHooks } from '../resources/crud';
import { fillNames } from '../edu/catalog-teaching-shared';
import { getResource, registerResource } from '../resources/registry';

/**
 * 作业's list, 详情, 删除 and export on the engine (issue #22 item 6). The scope (a teacher's own classes) is
 * loaded by server/learntools/homework-routes.ts's middleware before the engine runs; 班级 and 课次 get names;
 * stored HTML is sanitised again on the way out. Assign / edit are hand-written routes.
 */
export const homeworkHooks: CrudHooks = {
  extraWhere(ctx) {
    const scope = cachedHomeworkScope(ctx.c);
    if (scope === null) return undefined;
    if (!scope.length) return () => sql<boolean>`false`;
    return (eb) => eb(sql.ref('clazz_id'), 'in', [...scope]);
  },
  async afterLoad(records, ctx) {
    await fillNames(ctx.db, records, 'clazzId', 'tbl_clazz');
    const ids = [...new Set(records.map((r) => r.calendarId).filter((v): v is string => typeof v === 'string' && v !== ''))];
    const sessions = ids.length ? await ctx.db.selectFrom('tbl_calendar').select(['id', 'start_time', 'lesson_no']).where('id', 'in', ids).execute() : [];
    const label = new Map(sessions.map((s) => [s.id, `${(formatDateTime(s.start_time) ?? '').slice(0, 16)}${s.lesson_no ? ` 第${s.lesson_no}次课` : ''}`]));
    for (const r of records) {
      r.calendarId_dictText = typeof r.calendarId === 'string' ? (label.get(r.calendarId) ?? null) : null;
      if (typeof r.content === 'string') r.content = sanitizeHtml(r.content);
    }
  },
};

/** Idempotent (the registry is process-wide; several test backends share it). */
export function registerHomeworkResources(): void {
  if (getResource(homeworkResource.name)?.def === homeworkResource) return;
  registerResource(homeworkResource, homeworkHooks);
}
