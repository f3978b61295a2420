import { Hono } from 'hono';
import { z } from 'zod';
import { CLAZZ_API, CLAZZ_MESSAGES, clazzResource } from '../../features/edu/clazz/clazz-resource';
import { COURSE_MESSAGES, courseResource } from '../../features/edu/course/course-resource';
import { ROOM_MESSAGES, roomResource } from '../../features/edu/room/room-resource';
import { TEACHER_TRANSFER_LIST_URL, TEACHER_TRANSFER_URL, teacherResource } from '../../features/edu/teacher/teacher-resource';
import { normaliseDate } from '../../lib/resources/to-schema';
import type { ResourceDef } from '../../lib/resources/types';
import { futureSessionCounts, type SessionOwner } from './catalog-teaching-shared';
import { runCrud } from '../resources/crud';
import { maskPhonesFor } from './student-privacy';
import { getResource } from '../resources/registry';
import { addMembers, listMembers, NOT_FOUND, removeMember } from './clazz-members';
import { transferList, transferTeacher, TRANSFER_MESSAGES } from './teacher-transfer';
import { ApiFailure, ok } from '../core/errors';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { labelledId, readBody } from '../core/validate';
import { PERMS } from '../../lib/permissions/codes';

/**
 * Hand-written teaching routes (issue 7 §4–6), mounted ahead of the resource engine so its delete routes win:
 * - 班级成员: GET /clazz/tblClazz/members, POST addMembers / removeMember (rule R4: capacity, the default
 *   room's capacity, 结班; the future rolls follow membership in the same transaction);
 * - 教师调动: POST /edu/tblTeacher/transfer (future sessions move to a 接替教师 in one transaction, the
 *   database's exclusion constraint being the last word) and GET /edu/tblTeacher/transferList;
 * - 删除 of a teacher / room / class / course still used by future live sessions is refused with a count
 *   (the resources' own delete filter keeps such rows too, silently).
 * The SQL is in server/edu/clazz-members.ts and teacher-transfer.ts.
 */
export const clazzMemberRoutes = new Hono<AppEnv>();

export { TRANSFER_MESSAGES };

const MAX_IDS = 500;

// ---------------------------------------------------------------- 班级成员

clazzMemberRoutes.get(`${CLAZZ_API}/members`, requirePerm(PERMS.clazz.list), async (c) => {
  const records = await listMembers(c.var.services.db, (c.req.query('clazzId') ?? '').trim().slice(0, 32));
  if (!records) throw new ApiFailure(NOT_FOUND);
  return c.json(ok(await maskPhonesFor(c, records)));
});

const ADD_MEMBERS = z.object({
  clazzId: labelledId('班级'),
  studentIds: z.array(z.string().trim().min(1).max(32), { error: '请选择学员' }).min(1, '请选择学员').max(MAX_IDS, `一次最多添加${MAX_IDS}名学员`),
});

clazzMemberRoutes.post(`${CLAZZ_API}/addMembers`, requirePerm(PERMS.clazz.edit), async (c) => {
  const body = await readBody(c, ADD_MEMBERS);
  const added = await addMembers(c.var.services.db, authOf(c).user, body.clazzId, body.studentIds);
  return c.json(ok({ added }, added ? `已添加${added}名学员` : '所选学员已在班级中'));
});

const REMOVE_MEMBER = z.object({ clazzId: labelledId('班级'), studentId: labelledId('学员') });

clazzMemberRoutes.post(`${CLAZZ_API}/removeMember`, requirePerm(PERMS.clazz.edit), async (c) => {
  const body = await readBody(c, REMOVE_MEMBER);
  await removeMember(c.var.services.db, body.clazzId, body.studentId);
  return c.json(ok(null, '已退班'));
});

// ---------------------------------------------------------------- 教师调动

const TRANSFER = z.object({
  teacherId: labelledId('教师'),
  toDepartId: labelledId('调入校区'),
  toVenueId: z.string().trim().max(32).nullish(),
  effectiveDate: z
    .string({ error: '请选择生效日期' })
    .trim()
    .refine((s) => normaliseDate(s, false) === s, '请选择生效日期'),
  reason: z.string().trim().max(500, '调动原因不能超过500个字符').nullish(),
  reassignTo: z.string().trim().max(32).nullish(),
});

clazzMemberRoutes.post(TEACHER_TRANSFER_URL, requirePerm(PERMS.teacher.transfer), async (c) => {
  const body = await readBody(c, TRANSFER);
  const reassigned = await transferTeacher(c.var.services.db, authOf(c).user, body);
  return c.json(ok({ reassigned }, '调动成功'));
});

clazzMemberRoutes.get(TEACHER_TRANSFER_LIST_URL, requirePerm(PERMS.teacher.list), async (c) => {
  const teacherId = (c.req.query('teacherId') ?? '').trim().slice(0, 32);
  if (!teacherId) throw new ApiFailure('请选择教师');
  return c.json(ok(await transferList(c.var.services.db, teacherId)));
});

// ---------------------------------------------------------------- 删除 checks

const DELETE_CHECKS: { def: ResourceDef; by: SessionOwner; message: (n: number) => string }[] = [
  { def: clazzResource, by: 'clazz', message: CLAZZ_MESSAGES.futureSessions },
  { def: teacherResource, by: 'teacher', message: (n) => `该教师还有${n}个未上的课次，不能删除` },
  { def: roomResource, by: 'room', message: ROOM_MESSAGES.futureSessions },
  { def: courseResource, by: 'course', message: COURSE_MESSAGES.futureSessions },
];

/** Counts first (with a clear message), then the engine's own delete. */
async function checkedDelete(c: Ctx, def: ResourceDef, by: SessionOwner, message: (n: number) => string, action: 'delete' | 'deleteBatch') {
  const raw = action === 'delete' ? (c.req.query('id') ?? '') : (c.req.query('ids') ?? '');
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter((s) => s && s.length <= 64))].slice(0, 1000);
  let n = 0;
  for (const v of (await futureSessionCounts(c.var.services.db, by, ids)).values()) n += v;
  if (n > 0) throw new ApiFailure(message(n));
  const entry = getResource(def.name);
  return runCrud(c, def, entry?.hooks ?? {}, action);
}

for (const { def, by, message } of DELETE_CHECKS) {
  for (const action of ['delete', 'deleteBatch'] as const) {
    clazzMemberRoutes.delete(`${def.api}/${action}`, requirePerm(`${def.perm}:${action}`), (c) => checkedDelete(c, def, by, message, action));
  }
}
