import { sql, type Kysely } from 'kysely';
import { idList, ITEM_LIST_KEY, lessonProblem, lessonNoOf, TEMPLATE_MESSAGES, type LessonInput } from '../../features/edu/teach-template/teach-template-resource';
import { sanitizeHtml, stripTags } from '../../lib/sanitize-html';
import type { DB } from '../db/schema';
import { ApiFailure } from '../core/errors';
import { ID_MAX, newId } from '../core/ids';

/**
 * 教学模板's lessons (tbl_teach_template_item): read, checked and written with their template. A save
 * replaces the template's lessons as a whole (JeecgBoot's one-to-many edit), inside the template's own
 * transaction; a lesson that was saved before keeps its id, so the sessions filled from it stay linked to it.
 */

type Db = Kysely<DB>;

/** A lesson as the wire carries it back (the editor's rows, the list's sub-table). */
export interface LessonRecord {
  id: string;
  templateId: string;
  lessonNo: number;
  chapterId: string | null;
  chapterId_dictText: string | null;
  title: string;
  content: string | null;
  materialIds: string;
  materialIds_dictText: string;
  homeworkTitle: string | null;
  homeworkContent: string | null;
}

const optText = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string' && typeof v !== 'number') throw new ApiFailure(TEMPLATE_MESSAGES.itemsFormat);
  const s = String(v).trim();
  return s ? s : null;
};

const optId = (v: unknown): string | null => {
  const s = optText(v);
  if (s !== null && s.length > ID_MAX) throw new ApiFailure(TEMPLATE_MESSAGES.itemsFormat);
  return s;
};

/**
 * The sub-list of an add / edit body: every lesson checked by the shared rules (lessonProblem), rich text
 * sanitised, titles plain text. A body that is not a list of objects is refused as a whole.
 */
export function parseLessons(raw: unknown): LessonInput[] {
  if (!Array.isArray(raw) || raw.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) throw new ApiFailure(TEMPLATE_MESSAGES.itemsFormat);
  const rows = raw as Record<string, unknown>[];
  // Plain-text fields lose any markup before the length rules see them (what is stored is what was measured).
  const cleaned = rows.map((r) => ({
    id: optId(r.id),
    lessonNo: r.lessonNo,
    chapterId: optId(r.chapterId),
    title: stripTags(optText(r.title)).trim(),
    content: sanitizeHtml(optText(r.content)).trim() || null,
    materialIds: idList(Array.isArray(r.materialIds) ? r.materialIds : optText(r.materialIds)),
    homeworkTitle: stripTags(optText(r.homeworkTitle)).trim() || null,
    homeworkContent: stripTags(optText(r.homeworkContent)).trim() || null,
  }));
  if (cleaned.some((r) => r.materialIds.some((id) => id.length > ID_MAX))) throw new ApiFailure(TEMPLATE_MESSAGES.itemsFormat);
  const problem = lessonProblem(cleaned);
  if (problem) throw new ApiFailure(problem);
  return cleaned.map((r) => ({ ...r, lessonNo: lessonNoOf(r.lessonNo)!, materialIds: r.materialIds.join(',') || null }));
}

/** The sub-list of a raw add / edit body: undefined when the key is absent (an edit then keeps the lessons). */
export function lessonsOfBody(input: Record<string, unknown>): LessonInput[] | undefined {
  return Object.hasOwn(input, ITEM_LIST_KEY) ? parseLessons(input[ITEM_LIST_KEY]) : undefined;
}

/**
 * Every chapter and material a lesson names must be a live row of the template's course (a material of
 * another course, or a deleted one, would hand a class someone else's files).
 */
export async function checkLessonRefs(db: Db, courseId: string, lessons: readonly LessonInput[]): Promise<void> {
  const chapterIds = [...new Set(lessons.map((l) => l.chapterId).filter((v): v is string => !!v))];
  const materialIds = [...new Set(lessons.flatMap((l) => idList(l.materialIds)))];
  const [chapters, materials] = await Promise.all([
    chapterIds.length
      ? db.selectFrom('tbl_course_chapter').select('id').where('id', 'in', chapterIds).where('course_id', '=', courseId).where('del_flag', '=', 0).execute()
      : [],
    materialIds.length
      ? db.selectFrom('tbl_course_material').select('id').where('id', 'in', materialIds).where('course_id', '=', courseId).where('del_flag', '=', 0).execute()
      : [],
  ]);
  const okChapters = new Set(chapters.map((r) => r.id));
  const okMaterials = new Set(materials.map((r) => r.id));
  for (const l of lessons) {
    if (l.chapterId && !okChapters.has(l.chapterId)) throw new ApiFailure(TEMPLATE_MESSAGES.chapterOther(l.title));
    if (idList(l.materialIds).some((id) => !okMaterials.has(id))) throw new ApiFailure(TEMPLATE_MESSAGES.materialOther(l.title));
  }
}

/** Replaces a template's lessons (run in the template's transaction). Ids of this template's lessons are kept. */
export async function saveLessons(tx: Db, templateId: string, lessons: readonly LessonInput[]): Promise<void> {
  const own = new Set((await tx.selectFrom('tbl_teach_template_item').select('id').where('template_id', '=', templateId).execute()).map((r) => r.id));
  const used = new Set<string>();
  const rows = lessons.map((l) => {
    // Another template's lesson id (or a repeated one) is not taken over: that lesson gets a new id.
    const id = l.id && own.has(l.id) && !used.has(l.id) ? l.id : newId();
    used.add(id);
    return {
      id,
      template_id: templateId,
      lesson_no: l.lessonNo,
      chapter_id: l.chapterId ?? null,
      title: l.title,
      content: l.content ?? null,
      material_ids: l.materialIds ?? null,
      homework_title: l.homeworkTitle ?? null,
      homework_content: l.homeworkContent ?? null,
    };
  });
  // Delete first: lesson numbers may swap places, and (template_id, lesson_no) is unique at every statement.
  await tx.deleteFrom('tbl_teach_template_item').where('template_id', '=', templateId).execute();
  for (let i = 0; i < rows.length; i += 200) await tx.insertInto('tbl_teach_template_item').values(rows.slice(i, i + 200)).execute();
}

/** A template's lessons by number, with the names of their chapters and materials. */
export async function loadLessons(db: Db, templateId: string): Promise<LessonRecord[]> {
  const rows = await db.selectFrom('tbl_teach_template_item').selectAll().where('template_id', '=', templateId).orderBy('lesson_no').execute();
  const chapterIds = [...new Set(rows.map((r) => r.chapter_id).filter((v): v is string => !!v))];
  const materialIds = [...new Set(rows.flatMap((r) => idList(r.material_ids)))];
  const [chapters, materials] = await Promise.all([
    chapterIds.length ? db.selectFrom('tbl_course_chapter').select(['id', 'title']).where('id', 'in', chapterIds).execute() : [],
    materialIds.length ? db.selectFrom('tbl_course_material').select(['id', 'name']).where('id', 'in', materialIds).execute() : [],
  ]);
  const chapterName = new Map(chapters.map((c) => [c.id, c.title]));
  const materialName = new Map(materials.map((m) => [m.id, m.name]));
  return rows.map((r) => ({
    id: r.id,
    templateId: r.template_id,
    lessonNo: r.lesson_no,
    chapterId: r.chapter_id,
    chapterId_dictText: r.chapter_id ? (chapterName.get(r.chapter_id) ?? null) : null,
    title: r.title,
    content: r.content ? sanitizeHtml(r.content) : null,
    materialIds: r.material_ids ?? '',
    materialIds_dictText: idList(r.material_ids).map((id) => materialName.get(id) ?? id).join(','),
    homeworkTitle: r.homework_title,
    homeworkContent: r.homework_content,
  }));
}

/** 课次数 per template id (one grouped query for a page). */
export async function lessonCounts(db: Db, templateIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!templateIds.length) return out;
  const rows = await db
    .selectFrom('tbl_teach_template_item')
    .select(['template_id', sql<string>`count(*)`.as('n')])
    .where('template_id', 'in', templateIds)
    .groupBy('template_id')
    .execute();
  for (const r of rows) out.set(r.template_id, Number(r.n));
  return out;
}

/** A live template, or the not-found refusal. */
export async function liveTemplate(db: Db, id: string) {
  const row = await db.selectFrom('tbl_teach_template').select(['id', 'course_id', 'name', 'status']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row) throw new ApiFailure(TEMPLATE_MESSAGES.notFound);
  return row;
}
