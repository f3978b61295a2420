import { clazzResource } from '../../features/edu/clazz/clazz-resource';
import { studentResource } from '../../features/edu/student/student-resource';
import { studentWorkResource, WORK_KEYWORD_PARAM, WORK_MESSAGES } from '../../features/work/works/work-resource';
import { ApiFailure } from '../core/errors';
import { assertLiveRef, checkWorkFile, courseOfClazz, isClazzMember, keywordWork, ownWork, seesAllWorks, visibleWork } from './student-works';
import { cleanFileName } from '../storage/stored-file';
import { fillNames } from '../edu/catalog-teaching-shared';
import type { CrudHooks, HookCtx } from '../resources/crud';
import { dataRuleAllows } from '../resources/data-rules';
import type { EB, WhereFn } from '../resources/query';
import { registerResource } from '../resources/registry';

/**
 * 学员作品 on the engine (issue #26 item 4). Reads (list, queryById) see one's own works, those marked 校内共享 and,
 * with viewAll, all of the school's; edits and deletes are the uploader's (or a viewAll holder's). The student and
 * class go through the same data rules as 学员管理 / 班级管理, so a teacher files works only for the students of the
 * classes it teaches. The file is judged on the server (kind, bytes, size); the form's kind and size are ignored.
 */

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const seesAll = (ctx: HookCtx) => seesAllWorks(ctx.c.get('permCodes'));

export const workHooks: CrudHooks = {
  async beforeSave(row, ctx) {
    const { db, auth, existing } = ctx;
    if (existing && !seesAll(ctx) && existing.create_by !== auth.user.username) throw new ApiFailure(WORK_MESSAGES.notOwnerEdit);
    delete row.fileKind;
    delete row.fileSize;
    if (row.title !== undefined) row.title = text(row.title);

    const studentChanged = row.studentId !== undefined && text(row.studentId) !== text(existing?.student_id);
    if (studentChanged) {
      const id = text(row.studentId);
      await assertLiveRef(db, 'tbl_student', id, WORK_MESSAGES.studentUnknown);
      if (!(await dataRuleAllows(db, auth, studentResource, id))) throw new ApiFailure(WORK_MESSAGES.studentNotTaught);
    }
    if (row.clazzId !== undefined) row.clazzId = text(row.clazzId) || null;
    if (row.courseId !== undefined) row.courseId = text(row.courseId) || null;
    const clazzChanged = row.clazzId !== undefined && row.clazzId !== (existing?.clazz_id ?? null);
    const clazzId = (row.clazzId !== undefined ? row.clazzId : existing?.clazz_id) as string | null | undefined;
    if (clazzChanged && clazzId) {
      await assertLiveRef(db, 'tbl_clazz', clazzId, WORK_MESSAGES.clazzUnknown);
      if (!(await dataRuleAllows(db, auth, clazzResource, clazzId))) throw new ApiFailure(WORK_MESSAGES.clazzNotTaught);
    }
    // The student must belong to the class: re-checked when either changes.
    if (clazzId && (studentChanged || clazzChanged) && !(await isClazzMember(db, clazzId, text(row.studentId ?? existing?.student_id)))) throw new ApiFailure(WORK_MESSAGES.notMember);
    if (row.courseId) {
      if (row.courseId !== existing?.course_id) await assertLiveRef(db, 'tbl_course', row.courseId as string, WORK_MESSAGES.courseUnknown);
    } else if (ctx.mode === 'add' && clazzId) {
      // A class's work is of its course unless the form names another.
      row.courseId = await courseOfClazz(db, clazzId);
    }

    if (row.file !== undefined && text(row.file) !== text(existing?.file)) {
      const file = await checkWorkFile(ctx.c.var.services.storage, text(row.file));
      row.file = file.path;
      row.fileSize = file.size;
      row.fileKind = file.kind;
      row.fileName = cleanFileName(row.fileName);
    } else {
      // The name alone never changes without the file.
      delete row.file;
      delete row.fileName;
    }
  },
  async afterLoad(records, ctx) {
    await fillNames(ctx.db, records, 'studentId', 'tbl_student');
    await fillNames(ctx.db, records, 'clazzId', 'tbl_clazz');
    await fillNames(ctx.db, records, 'courseId', 'tbl_course');
  },
  extraWhere(ctx) {
    const conds: WhereFn[] = [];
    if (!seesAll(ctx)) {
      // Deletes are the uploader's; reads and the edit's lookup see shared works too (the edit then says why not).
      const mayDelete = ctx.action === 'delete' || ctx.action === 'deleteBatch';
      conds.push((eb: EB) => (mayDelete ? ownWork(eb, ctx.auth) : visibleWork(eb, ctx.auth)));
    }
    const keyword = ctx.action === 'list' ? text(ctx.c.req.query(WORK_KEYWORD_PARAM)).slice(0, 50) : '';
    if (keyword) conds.push((eb: EB) => keywordWork(eb, keyword));
    if (!conds.length) return undefined;
    return (eb) => eb.and(conds.map((c) => c(eb)));
  },
};

let registered = false;

/** 学员作品's resources (issue #26 item 4). */
export function registerWorkResources(): void {
  if (registered) return;
  registered = true;
  registerResource(studentWorkResource, workHooks);
}
