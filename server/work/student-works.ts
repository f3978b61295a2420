import { sql, type Expression, type SqlBool } from 'kysely';
import { WORK_MESSAGES, WORK_RULES, workKindOf, type WorkKind } from '../../features/work/works/work-resource';
import { PERMS } from '../../lib/permissions/codes';
import { ApiFailure } from '../core/errors';
import type { AuthContext, UserPermissions } from '../core/context';
import type { Database } from '../db';
import { escapeLike } from '../db/like';
import { formatDateTime } from '../core/format';
import type { EB } from '../resources/query';
import type { FileStorage } from '../storage/storage';
import { inspectStoredFile } from '../storage/stored-file';
import { binaryFamily } from '../storage/upload-checks';

/**
 * 学员作品's rules on the server (issue #26 item 4), shared by the resource hooks (server/work/catalog-work.ts)
 * and the file / preview routes (server/work/student-work-routes.ts), so every read applies one visibility rule.
 */

/** Holders of viewAll (admin, 教务) see the whole school's works and may change any of them. */
export const seesAllWorks = (codes: UserPermissions | undefined) => !!codes?.has(PERMS.studentWork.viewAll);

/** Raw references to tbl_student_work's columns: one condition serves the engine's untyped builder and typed queries. */
const col = (name: 'create_by' | 'shared' | 'title' | 'description') => sql.ref(`tbl_student_work.${name}`);

/** The works a user sees without viewAll: their own uploads and those marked 校内共享. */
export function visibleWork(eb: EB, auth: AuthContext): Expression<SqlBool> {
  return eb.or([eb(col('create_by'), '=', auth.user.username), eb(col('shared'), '=', true)]);
}

/** Works the user may edit or delete without viewAll: their own. */
export const ownWork = (eb: EB, auth: AuthContext): Expression<SqlBool> => eb(col('create_by'), '=', auth.user.username);

/** 关键词: contains, over 作品名称 and 作品描述 (escaped: % and _ match literally). */
export function keywordWork(eb: EB, keyword: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(keyword)}%`;
  return eb.or([eb(col('title'), 'ilike', pattern), eb(col('description'), 'ilike', pattern)]);
}



/**
 * The stored file of a work, judged by the server: the extension names the kind (image / video / pdf), the first
 * bytes must be of that family (a renamed file is refused), the size comes from the storage and must fit the
 * kind's limit. Answers the normalised path, size and kind.
 */
export async function checkWorkFile(storage: FileStorage | undefined, raw: string): Promise<{ path: string; size: number; kind: WorkKind }> {
  const kind = workKindOf(raw);
  if (!kind) throw new ApiFailure(WORK_MESSAGES.badFormat);
  const file = await inspectStoredFile(storage, raw);
  if (!file) throw new ApiFailure(WORK_MESSAGES.fileMissing);
  if (binaryFamily(file.head) !== kind) throw new ApiFailure(WORK_MESSAGES.badFormat);
  if (file.size > WORK_RULES[kind].maxBytes) throw new ApiFailure(WORK_RULES[kind].message);
  return { path: file.path, size: file.size, kind };
}

/**
 * A live row of the caller's tenant must exist, or the save is refused with `message`. Built with Kysely (not the
 * raw assertLive of the teaching catalogue) so the tenant scope applies: another school's id is "not found".
 */
export async function assertLiveRef(db: Database, table: 'tbl_student' | 'tbl_clazz' | 'tbl_course', id: string, message: string): Promise<void> {
  const row = await db.selectFrom(table).select('id').where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row) throw new ApiFailure(message);
}

/** A live class's course (the work's default course when the form names none). */
export async function courseOfClazz(db: Database, clazzId: string): Promise<string | null> {
  const row = await db.selectFrom('tbl_clazz').select('course_id').where('id', '=', clazzId).where('del_flag', '=', 0).executeTakeFirst();
  return row?.course_id ?? null;
}

/** Whether the student is (or was) a member of the class: a work of a former member stays theirs. */
export async function isClazzMember(db: Database, clazzId: string, studentId: string): Promise<boolean> {
  const row = await db.selectFrom('tbl_clazz_student').select('student_id').where('clazz_id', '=', clazzId).where('student_id', '=', studentId).executeTakeFirst();
  return !!row;
}

export interface WorkPage {
  id: string;
  title: string;
  description: string | null;
  studentId: string;
  studentName: string | null;
  clazzId: string | null;
  clazzName: string | null;
  courseId: string | null;
  courseName: string | null;
  createBy: string | null;
  uploaderName: string | null;
  /** 'YYYY-MM-DD HH:mm:ss' in GMT+8, as the lists answer it. */
  createTime: string | null;
  fileKind: string;
  fileName: string | null;
  fileSize: number | null;
  shared: boolean;
  /** The caller may edit and delete it (own, or viewAll). */
  canEdit: boolean;
}

/**
 * The work's page (/work/workpreview): 'missing' when no live work has the id (in this tenant), 'denied' when it
 * exists but the caller may not see it, else the work with the names its page shows. One query.
 */
export async function loadWorkPage(db: Database, id: string, auth: AuthContext, all: boolean): Promise<WorkPage | 'missing' | 'denied'> {
  const row = await db
    .selectFrom('tbl_student_work as w')
    .leftJoin('tbl_student as s', 's.id', 'w.student_id')
    .leftJoin('tbl_clazz as z', 'z.id', 'w.clazz_id')
    .leftJoin('tbl_course as k', 'k.id', 'w.course_id')
    .leftJoin('sys_user as u', 'u.username', 'w.create_by')
    .select([
      'w.id', 'w.title', 'w.description', 'w.student_id', 'w.clazz_id', 'w.course_id', 'w.create_by', 'w.create_time',
      'w.file_kind', 'w.file_name', 'w.file_size', 'w.shared',
      's.name as student_name', 'z.name as clazz_name', 'k.name as course_name', 'u.realname as uploader_name',
    ])
    .where('w.id', '=', id)
    .where('w.del_flag', '=', 0)
    .executeTakeFirst();
  if (!row) return 'missing';
  const own = row.create_by === auth.user.username;
  if (!all && !own && !row.shared) return 'denied';
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    studentId: row.student_id,
    studentName: row.student_name,
    clazzId: row.clazz_id,
    clazzName: row.clazz_name,
    courseId: row.course_id,
    courseName: row.course_name,
    createBy: row.create_by,
    uploaderName: row.uploader_name,
    createTime: formatDateTime(row.create_time),
    fileKind: row.file_kind,
    fileName: row.file_name,
    fileSize: row.file_size === null ? null : Number(row.file_size),
    shared: row.shared,
    canEdit: all || own,
  };
}

/** The stored file of a work the caller may see (null: none such), for the file route. */
export async function visibleWorkFile(db: Database, id: string, auth: AuthContext, all: boolean) {
  let q = db.selectFrom('tbl_student_work').select(['id', 'file', 'file_name', 'file_kind']).where('id', '=', id).where('del_flag', '=', 0);
  if (!all) q = q.where((eb) => visibleWork(eb as unknown as EB, auth));
  return q.executeTakeFirst();
}

/** Whether `id` is a work the caller sees but did not upload (so may not delete without viewAll): the guard's clear message. */
export async function foreignWork(db: Database, id: string, auth: AuthContext): Promise<boolean> {
  const row = await db
    .selectFrom('tbl_student_work')
    .select('id')
    .where('id', '=', id)
    .where('del_flag', '=', 0)
    .where((eb) => visibleWork(eb as unknown as EB, auth))
    .where('create_by', 'is distinct from', auth.user.username)
    .executeTakeFirst();
  return !!row;
}
