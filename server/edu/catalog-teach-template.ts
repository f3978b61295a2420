import { TEMPLATE_MESSAGES, teachTemplateResource, type LessonInput } from '../../features/edu/teach-template/teach-template-resource';
import { checkLessonRefs, lessonCounts, lessonsOfBody, loadLessons, saveLessons } from './teach-templates';
import type { CrudHooks } from '../resources/crud';
import { assertLive, checkIntOptions, fillNames } from './catalog-teaching-shared';
import { registerResource } from '../resources/registry';

/**
 * 教学模板 on the engine: list, queryById, delete, export, and add / edit carrying the lessons
 * (`teachTemplateItemList`, JeecgBoot's one-to-many page object). The engine hands the raw body to checkBody
 * only, so the parsed lessons wait here for the same request's beforeSave (checks against the course) and
 * afterSave (written in the template's transaction).
 */
const pendingLessons = new WeakMap<object, LessonInput[]>();

export const teachTemplateHooks: CrudHooks = {
  checkBody(input, ctx) {
    const lessons = lessonsOfBody(input);
    if (lessons) pendingLessons.set(ctx.c, lessons);
  },
  async beforeSave(row, ctx) {
    checkIntOptions(ctx.def, row);
    const courseId = typeof row.courseId === 'string' ? row.courseId : String(ctx.existing?.course_id ?? '');
    const courseChanged = ctx.mode === 'add' || courseId !== ctx.existing?.course_id;
    if (courseChanged) await assertLive(ctx.db, 'tbl_course', courseId, TEMPLATE_MESSAGES.courseUnknown);
    // Lessons sent are checked against the (new) course; kept lessons only when the course changes under them.
    const lessons = pendingLessons.get(ctx.c) ?? (courseChanged && ctx.mode === 'edit' ? await loadLessons(ctx.db, ctx.id) : undefined);
    if (lessons) await checkLessonRefs(ctx.db, courseId, lessons);
  },
  async afterSave(_row, ctx) {
    const lessons = pendingLessons.get(ctx.c);
    if (lessons) await saveLessons(ctx.db, ctx.id, lessons);
    // 更新时间 is the list's default sort: a new template has one from the start.
    if (ctx.mode === 'add') await ctx.db.updateTable('tbl_teach_template').set({ update_time: new Date(), update_by: ctx.auth.user.username }).where('id', '=', ctx.id).execute();
  },
  async afterLoad(records, ctx) {
    await fillNames(ctx.db, records, 'courseId', 'tbl_course');
    const counts = await lessonCounts(ctx.db, records.map((r) => String(r.id)));
    for (const r of records) r.lessonCount = counts.get(String(r.id)) ?? 0;
  },
};

export function registerTeachTemplateResources(): void {
  registerResource(teachTemplateResource, teachTemplateHooks);
}
