import { Hono } from 'hono';
import { z } from 'zod';
import { STUDENT_PACKAGE_BATCH_MAX, STUDENT_PACKAGE_BATCH_URL, studentCourseResource } from '../../features/edu/student/student-resource';
import { toSchema, type BodyRow } from '../../lib/resources/to-schema';
import { ID_MAX, newId } from '../core/ids';
import { checkNewStudentCourse, STUDENT_COURSE_MESSAGES } from './catalog-teaching';
import { newRowColumns } from '../resources/columns';
import { asAny } from '../resources/select';
import { ApiFailure, ok } from '../core/errors';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv } from '../core/context';
import { readBody } from '../core/validate';
import { PERMS } from '../../lib/permissions/codes';

/**
 * `POST /edu/tblStudentCourse/addBatch` — 学员详情 → 课时包 → 批量添加课时包: new packages of ONE student in
 * one transaction (all or nothing). Every row is parsed and checked exactly like the form's single add
 * (toSchema of the resource, then checkNewStudentCourse: live student and course, non-negative numbers,
 * status 0); a bad row refuses the batch with its 1-based number (`第N行：…`). The unit is copied from
 * the course; the audit columns are filled as the engine fills them (newRowColumns).
 */
export const studentPackageRoutes = new Hono<AppEnv>();

export const PACKAGE_BATCH_EMPTY = '请至少添加一个课时包';
export const PACKAGE_BATCH_TOO_BIG = `一次最多添加${STUDENT_PACKAGE_BATCH_MAX}个课时包`;

const bodySchema = z.object({
  studentId: z.string({ error: STUDENT_COURSE_MESSAGES.student }).trim().min(1, STUDENT_COURSE_MESSAGES.student).max(ID_MAX, STUDENT_COURSE_MESSAGES.student),
  rows: z.array(z.unknown(), { error: PACKAGE_BATCH_EMPTY }).min(1, PACKAGE_BATCH_EMPTY).max(STUDENT_PACKAGE_BATCH_MAX, PACKAGE_BATCH_TOO_BIG),
});

const rowObject = z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));

/** One row as the single add reads its body; the student comes from the batch, never from the row. */
function parseRow(raw: unknown, studentId: string, index: number): BodyRow {
  const prefix = `第${index + 1}行：`;
  if (!rowObject.safeParse(raw).success) throw new ApiFailure(`${prefix}请求数据格式错误`);
  const parsed = toSchema(studentCourseResource, 'add').safeParse({ ...(raw as Record<string, unknown>), studentId });
  if (!parsed.success) throw new ApiFailure(`${prefix}${parsed.error.issues[0]?.message ?? '数据不正确'}`);
  return parsed.data;
}

// The single add needs edu:student:add (engine) and edu:student:edit (hook): the batch needs both.
studentPackageRoutes.post(STUDENT_PACKAGE_BATCH_URL, requirePerm(PERMS.student.add), requirePerm(PERMS.student.edit), async (c) => {
  const auth = authOf(c);
  const body = await readBody(c, bodySchema);
  const rows = body.rows.map((r, i) => parseRow(r, body.studentId, i));
  const ids = await c.var.services.db.transaction().execute(async (tx) => {
    const out: string[] = [];
    for (const [i, row] of rows.entries()) {
      let course;
      try {
        course = await checkNewStudentCourse(tx, row);
      } catch (e) {
        if (e instanceof ApiFailure) throw new ApiFailure(`第${i + 1}行：${e.message}`, e.code);
        throw e;
      }
      const id = newId();
      const columns = newRowColumns(studentCourseResource, row, id, auth);
      columns.unit = course.unit;
      await asAny(tx).insertInto('tbl_student_course').values(columns).execute();
      out.push(id);
    }
    return out;
  });
  return c.json(ok({ ids, count: ids.length }, `已添加${ids.length}个课时包`));
});
