import { sql } from 'kysely';
import { MATERIAL_MESSAGES, materialResource } from '../../features/edu/material/material-resource';
import { PERMS } from '../../lib/permissions/codes';
import type { BodyRow } from '../../lib/resources/to-schema';
import { DIALOG_IMAGE_EXTS, extOf, MATERIAL_KIND_OF_TYPE, MATERIAL_RULES, type MaterialKind } from '../../lib/upload/rules';
import { ApiFailure } from '../core/errors';
import type { AuthContext, UserPermissions } from '../core/context';
import type { Database } from '../db';
import { cleanFileName, inspectStoredFile } from '../storage/stored-file';
import { binaryFamily, materialFamilies } from '../storage/upload-checks';
import type { CrudHooks, SaveCtx } from '../resources/crud';
import type { EB, Row } from '../resources/query';
import { assertLive, checkIntOptions, fillNames } from './catalog-teaching-shared';
import { registerResource } from '../resources/registry';

/**
 * 课程资料 on the engine. The stored file is checked here, not trusted from the form: the path must be a
 * valid storage path that exists, its extension must belong to the chosen type, its first bytes must be
 * of that type's family (a renamed file uploaded without `kind` is caught too), and its size is read
 * from the storage. A cover is for videos only and must be a stored png/jpg/jpeg image.
 */

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

async function checkFile(row: BodyRow, ctx: SaveCtx, kind: MaterialKind, filePath: string) {
  if (!MATERIAL_RULES[kind].exts.includes(extOf(filePath))) throw new ApiFailure(MATERIAL_MESSAGES.typeMismatch);
  const file = await inspectStoredFile(ctx.c.var.services.storage, filePath);
  if (!file) throw new ApiFailure(MATERIAL_MESSAGES.fileMissing);
  const family = binaryFamily(file.head);
  if (!family || !materialFamilies(kind).includes(family)) throw new ApiFailure(MATERIAL_MESSAGES.typeMismatch);
  if (file.size > MATERIAL_RULES[kind].maxBytes) throw new ApiFailure(MATERIAL_RULES[kind].message);
  row.filePath = file.path;
  row.fileSize = file.size;
}

async function checkCover(row: BodyRow, ctx: SaveCtx, kind: MaterialKind, cover: string) {
  if (kind !== 'video') throw new ApiFailure(MATERIAL_MESSAGES.coverOnlyVideo);
  if (!(DIALOG_IMAGE_EXTS as readonly string[]).includes(extOf(cover))) throw new ApiFailure(MATERIAL_MESSAGES.coverNotImage);
  const file = await inspectStoredFile(ctx.c.var.services.storage, cover);
  if (!file) throw new ApiFailure(MATERIAL_MESSAGES.coverMissing);
  if (binaryFamily(file.head) !== 'image') throw new ApiFailure(MATERIAL_MESSAGES.coverNotImage);
  if (file.size > MATERIAL_RULES.image.maxBytes) throw new ApiFailure(MATERIAL_RULES.image.message);
  row.coverPath = file.path;
}

/**
 * Who sees every material: holders of the 教务 code of 课程资料 (delete, seeded to 教务 and admin only).
 * Anyone else sees materials of visibility 0, those they uploaded, and visibility 1 only for courses they
 * teach (as 班主任 of a class of the course, or listed on a session of it in tbl_calendar_teacher).
 */
export const seesAllMaterials = (codes: UserPermissions | undefined) => !!codes?.has(PERMS.material.delete);

/** The visibility rule as a condition on tbl_course_material (list, queryById, edit, delete, export, download). */
export function visibleMaterial(eb: EB, auth: AuthContext) {
  const me = auth.user.id;
  const course = sql.ref('tbl_course_material.course_id');
  return eb.or([
    eb(sql.ref('tbl_course_material.visibility'), '=', 0),
    eb(sql.ref('tbl_course_material.create_by'), '=', auth.user.username),
    eb(
      sql<boolean>`${course} in (
        select z.course_id from tbl_clazz z join tbl_teacher t on t.id = z.head_teacher
        where z.del_flag = 0 and t.user_id = ${me} and t.del_flag = 0
        union
        select coalesce(c.course_id, z.course_id) from tbl_calendar c
        join tbl_calendar_teacher ct on ct.calendar_id = c.id
        join tbl_teacher t on t.id = ct.teacher_id
        left join tbl_clazz z on z.id = c.clazz_id
        where c.del_flag = 0 and t.user_id = ${me} and t.del_flag = 0)`,
      '=',
      true,
    ),
  ]);
}

/** A live chapter of the course, or the save is refused (a chapter of another course would file the material wrongly). */
async function assertChapterOfCourse(db: Database, chapterId: string, courseId: string) {
  const row = await db.selectFrom('tbl_course_chapter').select('id').where('id', '=', chapterId).where('course_id', '=', courseId).where('del_flag', '=', 0).executeTakeFirst();
  if (!row) throw new ApiFailure(MATERIAL_MESSAGES.chapterNotOfCourse);
}

/** `chapterId_dictText`: the chapter's title (deleted chapters keep their title in history). */
async function fillChapterTitles(db: Database, records: Row[]) {
  const ids = [...new Set(records.map((r) => r.chapterId).filter((v): v is string => typeof v === 'string' && v !== ''))];
  const titles = new Map<string, string>();
  if (ids.length) for (const c of await db.selectFrom('tbl_course_chapter').select(['id', 'title']).where('id', 'in', ids).execute()) titles.set(c.id, c.title);
  for (const r of records) r.chapterId_dictText = typeof r.chapterId === 'string' && r.chapterId ? (titles.get(r.chapterId) ?? r.chapterId) : null;
}

export const materialHooks: CrudHooks = {
  async beforeSave(row, ctx) {
    checkIntOptions(ctx.def, row);
    // The size always comes from the storage, and the count from downloads, never from the body.
    delete row.fileSize;
    delete row.downloadCount;
    const existing = ctx.existing;
    if (row.courseId !== undefined && row.courseId !== existing?.course_id) await assertLive(ctx.db, 'tbl_course', text(row.courseId), MATERIAL_MESSAGES.courseUnknown);
    if (row.name !== undefined) row.name = text(row.name);
    // The chapter must belong to the (possibly new) course: re-checked when either changes.
    if (row.chapterId !== undefined) row.chapterId = text(row.chapterId) || null;
    const chapterId = row.chapterId !== undefined ? row.chapterId : existing?.chapter_id;
    const courseId = text(row.courseId ?? existing?.course_id);
    if (typeof chapterId === 'string' && chapterId && (row.chapterId !== undefined || row.courseId !== undefined)) await assertChapterOfCourse(ctx.db, chapterId, courseId);

    const type = Number(row.materialType ?? existing?.material_type);
    const kind = MATERIAL_KIND_OF_TYPE[type];
    if (!kind) throw new ApiFailure('类型的值不正确');
    const filePath = row.filePath !== undefined ? text(row.filePath) : text(existing?.file_path);
    // Re-checked whenever the file or the type changes.
    if (row.filePath !== undefined || row.materialType !== undefined) await checkFile(row, ctx, kind, filePath);
    // A new file brings its own name (or none); the name alone never changes without the file.
    if (row.filePath !== undefined && text(row.filePath) !== text(existing?.file_path)) row.fileName = cleanFileName(row.fileName);
    else delete row.fileName;

    const cover = row.coverPath !== undefined ? text(row.coverPath) : text(existing?.cover_path);
    if (row.coverPath !== undefined || row.materialType !== undefined) {
      if (cover) await checkCover(row, ctx, kind, cover);
      else if (row.coverPath !== undefined) row.coverPath = null;
    }
  },
  async afterLoad(records, ctx) {
    await fillNames(ctx.db, records, 'courseId', 'tbl_course');
    await fillChapterTitles(ctx.db, records);
  },
  extraWhere(ctx) {
    if (seesAllMaterials(ctx.c.get('permCodes'))) return undefined;
    return (eb) => visibleMaterial(eb, ctx.auth);
  },
};

let registered = false;

export function registerMaterialResources(): void {
  if (registered) return;
  registered = true;
  registerResource(materialResource, materialHooks);
}
