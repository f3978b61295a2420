import { Hono } from 'hono';
import { z } from 'zod';
import { arrangeMakeup, checkSession, listPendingMakeup, listRoll, revokeSession, studentCourses } from './attendance';
import { guardEntry } from './calendar-access';
import { ApiFailure, ok } from '../core/errors';
import { pageOf, readPage } from '../core/paging';
import { permCodesOf, requirePerm } from '../core/perm';
import { maskPhonesFor } from '../edu/student-privacy';
import { dataRuleAllows } from '../resources/data-rules';
import { MSG } from './attendance-roll';
import { studentResource } from '../../features/edu/student/student-resource';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { ID_MAX, idOrUndefined } from '../core/ids';
import { idParam, readBody } from '../core/validate';
import { PERMS } from '../../lib/permissions/codes';

/** 点名 / 课消 / 补课 (issue 7 §7, ../shared/domain.md §1 R4–R7). */
export const attendanceRoutes = new Hono<AppEnv>();

const BASE = '/calendar/lessonStudent';
const MAX_ITEMS = 500;


/** A required id query parameter; absent or malformed is refused before any SQL. */
function idQuery(c: Ctx, name: string): string {
  const v = idOrUndefined(c.req.query(name));
  if (!v) throw new ApiFailure('参数错误');
  return v;
}

function optionalIdQuery(c: Ctx, name: string): string | undefined {
  const v = (c.req.query(name) ?? '').trim();
  if (!v) return undefined;
  if (v.length > ID_MAX) throw new ApiFailure('参数错误');
  return v;
}

const checkSchema = z.object({
  calendarId: idParam,
  items: z
    .array(
      z.object({
        studentId: idParam,
        arrivalStatus: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: '到课状态错误' }),
        deductHours: z.number({ error: '扣课时数必须在0到24之间，且为0.5的倍数' }).nullable().optional(),
      }),
    )
    .min(1, '请选择点名学员')
    .max(MAX_ITEMS, '点名学员过多'),
});

const revokeSchema = z.object({ calendarId: idParam, reason: z.string().trim().max(200, '撤销原因最多200字').optional() });

const makeupSchema = z.object({
  fromLessonStudentIds: z.array(idParam).min(1, '请选择待补课学员').max(MAX_ITEMS, '待补课学员过多'),
  toCalendarId: idParam,
});

const username = (c: Ctx) => authOf(c).user.username;

attendanceRoutes.get(`${BASE}/list`, requirePerm(PERMS.calendar.list), async (c) => {
  const calendarId = idQuery(c, 'calendarId');
  await guardEntry(c, calendarId);
  return c.json(ok(await maskPhonesFor(c, await listRoll(c.var.services.db, calendarId, username(c)))));
});

attendanceRoutes.post(`${BASE}/check`, requirePerm(PERMS.attendance.check), async (c) => {
  const body = await readBody(c, checkSchema);
  await guardEntry(c, body.calendarId);
  const { user } = authOf(c);
  // Whoever may adjust the calendar (教务, admin) checks any session; a plain teacher only their own.
  const own = (await permCodesOf(c, user.id)).has(PERMS.calendar.edit) ? undefined : user.id;
  return c.json(ok(await checkSession(c.var.services.db, body, username(c), { ownSessionsOf: own }), '点名成功'));
});

attendanceRoutes.post(`${BASE}/revoke`, requirePerm(PERMS.attendance.revoke), async (c) => {
  const body = await readBody(c, revokeSchema);
  await guardEntry(c, body.calendarId);
  return c.json(ok(await revokeSession(c.var.services.db, body.calendarId, body.reason || undefined, username(c)), '撤销成功'));
});

attendanceRoutes.post(`${BASE}/makeup`, requirePerm(PERMS.attendance.makeup), async (c) => {
  const body = await readBody(c, makeupSchema);
  await guardEntry(c, body.toCalendarId);
  return c.json(ok(await arrangeMakeup(c.var.services.db, body, username(c)), '补课安排成功'));
});

attendanceRoutes.get(`${BASE}/pendingMakeup`, requirePerm(PERMS.calendar.list), async (c) => {
  const { pageNo, pageSize, offset } = readPage(c);
  const filter = { courseId: optionalIdQuery(c, 'courseId'), clazzId: optionalIdQuery(c, 'clazzId'), toCalendarId: optionalIdQuery(c, 'toCalendarId') };
  const { records, total } = await listPendingMakeup(c.var.services.db, filter, { offset, limit: pageSize });
  return c.json(ok(pageOf(await maskPhonesFor(c, records), total, pageNo, pageSize)));
});

attendanceRoutes.get('/edu/student/courses', requirePerm(PERMS.student.list), async (c) => {
  const studentId = idQuery(c, 'studentId');
  // A student outside the user's 学员管理 data rules reads as missing (an id in the query cannot reach past the rule).
  if (!(await dataRuleAllows(c.var.services.db, authOf(c), studentResource, studentId))) throw new ApiFailure(MSG.studentMissing);
  return c.json(ok(await studentCourses(c.var.services.db, studentId)));
});
