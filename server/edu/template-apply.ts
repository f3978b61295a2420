import { sql, type Kysely } from 'kysely';
import { idList, TEMPLATE_MESSAGES, TEMPLATE_STATUS, type ApplyConfirm, type ApplyResult } from '../../features/edu/teach-template/teach-template-resource';
import type { DB } from '../db/schema';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { writeLog, type Actor } from '../calendar/calendar-rules';
import { liveTemplate } from './teach-templates';

/**
 * 应用到班级 (domain §4: "applying a template to a series prefills session n from item n").
 *
 * Numbering: lesson n of the template goes to the class's n-th session, counting every live teaching
 * session of the class (type 0, not deleted, 未开始 or 已点名) by start time — the same count as 第N次课
 * (calendar-rules.ts renumberLessons), so "第3次课" gets lesson 3 whether or not it was already taught.
 * Only the sessions that may be rewritten are then filled: 未开始 and in the future (a past or 已点名 session is
 * a record of what happened), of the chosen series when one is given. Counting only the future ones would shift
 * every lesson by the number already taught, and applying twice in a term would disagree with itself.
 *
 * A target session whose content or title differs from what a template last put there (`applied_content`,
 * `applied_title`; nothing, for a session never filled) was written by a teacher: without `overwrite` the answer
 * asks first (ApplyConfirm); `overwrite: true` replaces them, `overwrite: false` keeps them and fills the rest.
 * Filling sets content / applied_content to the lesson's content, title / applied_title to the lesson's title,
 * homework_title to the lesson's homework (issue #39: only 教学内容 used to arrive; 布置作业 from the session
 * proposes it), template_item_id to the lesson, and replaces the session's template-linked materials
 * (tbl_calendar_material.template_item_id set; links made by hand stay).
 * One transaction, the class row locked (as every write that renumbers its sessions).
 */

type Db = Kysely<DB>;

export interface ApplyInput {
  templateId: string;
  clazzId: string;
  seriesId?: string | null;
  overwrite?: boolean | null;
}

export type ApplyOutcome = ({ kind: 'done'; calendarIds: string[] } & ApplyResult) | ({ kind: 'confirm' } & ApplyConfirm);

const same = (a: string | null, b: string | null) => (a ?? '').trim() === (b ?? '').trim();

export async function applyTemplate(db: Db, input: ApplyInput, actor: Actor, allowInner: boolean, now = new Date()): Promise<ApplyOutcome> {
  return db.transaction().execute(async (tx) => {
    const template = await liveTemplate(tx, input.templateId);
    if (template.status !== TEMPLATE_STATUS.active) throw new ApiFailure(TEMPLATE_MESSAGES.notActive);
    const clazz = await tx.selectFrom('tbl_clazz').select(['id', 'course_id', 'scope']).where('id', '=', input.clazzId).where('del_flag', '=', 0).forUpdate().executeTakeFirst();
    // A 内部班 reads as unknown to a caller who may not see those classes (as on the calendar).
    if (!clazz || (clazz.scope === 1 && !allowInner)) throw new ApiFailure(TEMPLATE_MESSAGES.clazzNotFound);
    if (clazz.course_id !== template.course_id) throw new ApiFailure(TEMPLATE_MESSAGES.otherCourse);
    if (input.seriesId) {
      const series = await tx.selectFrom('tbl_schedule_series').select('id').where('id', '=', input.seriesId).where('clazz_id', '=', clazz.id).where('del_flag', '=', 0).executeTakeFirst();
      if (!series) throw new ApiFailure(TEMPLATE_MESSAGES.seriesOther);
    }

    const lessons = new Map(
      (await tx.selectFrom('tbl_teach_template_item').select(['id', 'lesson_no', 'title', 'content', 'material_ids', 'homework_title']).where('template_id', '=', template.id).execute()).map((l) => [l.lesson_no, l]),
    );
    const sessions = await tx
      .selectFrom('tbl_calendar')
      .select(['id', 'series_id', 'start_time', 'status', 'content', 'applied_content', 'title', 'applied_title', 'template_item_id', sql<number>`row_number() over (order by start_time, id)`.as('n')])
      .where('clazz_id', '=', clazz.id)
      .where('del_flag', '=', 0)
      .where('type', '=', 0)
      .where('status', 'in', [0, 1])
      .orderBy('start_time')
      .orderBy('id')
      .execute();
    const writable = sessions.filter((s) => s.status === 0 && new Date(s.start_time).getTime() > now.getTime() && (!input.seriesId || s.series_id === input.seriesId));
    if (!writable.length) throw new ApiFailure(TEMPLATE_MESSAGES.noFutureSessions);
    const targets = writable.map((s) => ({ ...s, lesson: lessons.get(Number(s.n)) })).filter((s) => s.lesson);
    if (!targets.length) throw new ApiFailure(TEMPLATE_MESSAGES.nothingToFill(Number(writable[0].n), Math.max(0, ...lessons.keys())));

    const changed = targets.filter((s) => !same(s.content, s.applied_content) || !same(s.title, s.applied_title));
    if (changed.length && (input.overwrite === undefined || input.overwrite === null)) return { kind: 'confirm', needConfirm: true, changed: changed.length };
    const skip = new Set(input.overwrite ? [] : changed.map((s) => s.id));
    const fill = targets.filter((s) => !skip.has(s.id));

    for (const s of fill) {
      await tx
        .updateTable('tbl_calendar')
        .set({
          content: s.lesson!.content,
          applied_content: s.lesson!.content,
          title: s.lesson!.title,
          applied_title: s.lesson!.title,
          homework_title: s.lesson!.homework_title,
          template_item_id: s.lesson!.id,
          update_by: actor.username,
          update_time: now,
        })
        .where('id', '=', s.id)
        .execute();
    }
    const ids = fill.map((s) => s.id);
    if (ids.length) {
      await tx.deleteFrom('tbl_calendar_material').where('calendar_id', 'in', ids).where('template_item_id', 'is not', null).execute();
      // Only materials still live in the course go to the class (one may have been deleted since the lesson was saved).
      const wanted = [...new Set(fill.flatMap((s) => idList(s.lesson!.material_ids)))];
      const live = wanted.length
        ? new Set((await tx.selectFrom('tbl_course_material').select('id').where('id', 'in', wanted).where('course_id', '=', template.course_id).where('del_flag', '=', 0).execute()).map((m) => m.id))
        : new Set<string>();
      const links = fill.flatMap((s) => idList(s.lesson!.material_ids).filter((m) => live.has(m)).map((m) => ({ id: newId(), calendar_id: s.id, material_id: m, template_item_id: s.lesson!.id })));
      // A material the session already has by hand stays a hand link.
      for (let i = 0; i < links.length; i += 200) {
        await tx.insertInto('tbl_calendar_material').values(links.slice(i, i + 200)).onConflict((oc) => oc.columns(['calendar_id', 'material_id']).doNothing()).execute();
      }
      await writeLog(tx, fill.map((s) => ({ calendarId: s.id, action: '应用教学模板', detail: `「${template.name}」第${s.lesson!.lesson_no}课 ${s.lesson!.title}` })), actor);
    }
    return { kind: 'done', filled: fill.length, skipped: targets.length - fill.length, calendarIds: ids };
  });
}

/** A session's materials for its detail drawer: live ones, in the order they were linked. */
export async function sessionMaterials(db: Db, calendarId: string) {
  const rows = await db
    .selectFrom('tbl_calendar_material as cm')
    .innerJoin('tbl_course_material as m', 'm.id', 'cm.material_id')
    .select(['m.id', 'm.name', 'm.material_type', 'm.file_name', 'm.file_size', 'cm.template_item_id'])
    .where('cm.calendar_id', '=', calendarId)
    .where('m.del_flag', '=', 0)
    .orderBy('cm.create_time')
    .orderBy('m.name')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, materialType: r.material_type, fileName: r.file_name, fileSize: r.file_size, fromTemplate: r.template_item_id !== null }));
}

const WEEKDAYS: Record<string, string> = { MO: '一', TU: '二', WE: '三', TH: '四', FR: '五', SA: '六', SU: '日' };

/** A series as the apply dialog names it: 每周一、三 09:00–10:00（2030-01-01起）. */
function seriesLabel(s: { rrule: string; start_date: unknown; start_time: string; end_time: string }): string {
  const days = /BYDAY=([A-Z,]+)/.exec(s.rrule)?.[1]?.split(',').map((d) => WEEKDAYS[d.slice(-2)]).filter(Boolean) ?? [];
  const from = s.start_date instanceof Date ? s.start_date.toISOString().slice(0, 10) : String(s.start_date ?? '').slice(0, 10);
  return `${days.length ? `每周${days.join('、')} ` : ''}${s.start_time}–${s.end_time}${from ? `（${from}起）` : ''}`;
}

/**
 * What 应用到班级 may choose for a class: its live series with their future 未开始 sessions, and the total of
 * those (sessions added by hand belong to no series). The class must be visible to the caller.
 */
export async function applyTargets(db: Db, clazzId: string, allowInner: boolean, now = new Date()) {
  const clazz = await db.selectFrom('tbl_clazz').select(['id', 'scope']).where('id', '=', clazzId).where('del_flag', '=', 0).executeTakeFirst();
  if (!clazz || (clazz.scope === 1 && !allowInner)) throw new ApiFailure(TEMPLATE_MESSAGES.clazzNotFound);
  const [series, counts, live] = await Promise.all([
    db.selectFrom('tbl_schedule_series').select(['id', 'rrule', 'start_date', 'start_time', 'end_time']).where('clazz_id', '=', clazzId).where('del_flag', '=', 0).orderBy('start_date').orderBy('id').execute(),
    db
      .selectFrom('tbl_calendar')
      .select(['series_id', sql<string>`count(*)`.as('n')])
      .where('clazz_id', '=', clazzId)
      .where('del_flag', '=', 0)
      .where('type', '=', 0)
      .where('status', '=', 0)
      .where('start_time', '>', now)
      .groupBy('series_id')
      .execute(),
    db
      .selectFrom('tbl_calendar')
      .select(['status', 'start_time'])
      .where('clazz_id', '=', clazzId)
      .where('del_flag', '=', 0)
      .where('type', '=', 0)
      .where('status', 'in', [0, 1])
      .orderBy('start_time')
      .orderBy('id')
      .execute(),
  ]);
  // The number (第N次课) of the first session a template can fill: the lesson the dialog says it starts from.
  const first = live.findIndex((s) => s.status === 0 && new Date(s.start_time).getTime() > now.getTime());
  const bySeries = new Map(counts.map((c) => [c.series_id ?? '', Number(c.n)]));
  return {
    futureSessions: counts.reduce((n, c) => n + Number(c.n), 0),
    firstLessonNo: first >= 0 ? first + 1 : null,
    series: series.map((s) => ({ id: s.id, label: seriesLabel(s), futureSessions: bySeries.get(s.id) ?? 0 })),
  };
}
