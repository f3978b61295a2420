import { Hono } from 'hono';
import { z } from 'zod';
import { CLAZZ_GROUP_URL, CLAZZ_PROGRESS_URL, GROUP_LIMITS, GROUP_MESSAGES, STUDENT_PROGRESS_URL } from '../../lib/edu/progress-types';
import { addGroup, deleteGroup, editGroup, listGroups, setGroupMembers } from './clazz-groups';
import { clazzProgress, studentProgress } from './study-progress';
import { ApiFailure, ok } from '../core/errors';
import { maskPhonesFor } from './student-privacy';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv } from '../core/context';
import { idOrUndefined } from '../core/ids';
import { labelledId, readBody } from '../core/validate';
import { PERMS } from '../../lib/permissions/codes';

/**
 * 分组 of a class (GET list with clazz:clazz:list; writes with clazz:group:edit) and 学习进度 of a student
 * (edu:student:list) or a class (clazz:clazz:list). Issue 7 items 4 and 6.
 */
export const clazzGroupRoutes = new Hono<AppEnv>();

const groupName = z.string({ error: GROUP_MESSAGES.nameRequired }).trim().min(1, GROUP_MESSAGES.nameRequired).max(GROUP_LIMITS.nameMax, GROUP_MESSAGES.nameTooLong);
const sort = z.number({ error: '排序须为整数' }).int('排序须为整数').min(0, '排序须为整数').max(9999, '排序不能超过9999').optional();

const ADD = z.object({ clazzId: labelledId('班级'), name: groupName, sort });
const EDIT = z.object({ id: labelledId('分组'), name: groupName, sort });
const SET_MEMBERS = z.object({
  groupId: labelledId('分组'),
  studentIds: z.array(z.string().trim().min(1).max(32), { error: '请选择学员' }).max(GROUP_LIMITS.membersMax, `一个分组最多${GROUP_LIMITS.membersMax}名学员`),
});

clazzGroupRoutes.get(CLAZZ_GROUP_URL.list, requirePerm(PERMS.clazz.list), async (c) => {
  const clazzId = idOrUndefined(c.req.query('clazzId'));
  if (!clazzId) throw new ApiFailure('请选择班级');
  const groups = await listGroups(c.var.services.db, clazzId);
  for (const g of groups) await maskPhonesFor(c, g.members);
  return c.json(ok(groups));
});

clazzGroupRoutes.post(CLAZZ_GROUP_URL.add, requirePerm(PERMS.clazzGroup.edit), async (c) => {
  const body = await readBody(c, ADD);
  const id = await addGroup(c.var.services.db, body, authOf(c).user.username);
  return c.json(ok({ id }, '添加成功！'));
});

clazzGroupRoutes.put(CLAZZ_GROUP_URL.edit, requirePerm(PERMS.clazzGroup.edit), async (c) => {
  const body = await readBody(c, EDIT);
  await editGroup(c.var.services.db, body);
  return c.json(ok(null, '编辑成功!'));
});

clazzGroupRoutes.delete(CLAZZ_GROUP_URL.delete, requirePerm(PERMS.clazzGroup.edit), async (c) => {
  const id = idOrUndefined(c.req.query('id'));
  if (!id) throw new ApiFailure('请选择分组');
  await deleteGroup(c.var.services.db, id);
  return c.json(ok(null, '删除成功!'));
});

clazzGroupRoutes.post(CLAZZ_GROUP_URL.setMembers, requirePerm(PERMS.clazzGroup.edit), async (c) => {
  const body = await readBody(c, SET_MEMBERS);
  const r = await setGroupMembers(c.var.services.db, body);
  return c.json(ok(r, '分组成员已保存'));
});

// ---------------------------------------------------------------- 学习进度

clazzGroupRoutes.get(STUDENT_PROGRESS_URL, requirePerm(PERMS.student.list), async (c) => {
  const studentId = idOrUndefined(c.req.query('studentId'));
  if (!studentId) throw new ApiFailure('请选择学员');
  return c.json(ok(await studentProgress(c.var.services.db, studentId)));
});

clazzGroupRoutes.get(CLAZZ_PROGRESS_URL, requirePerm(PERMS.clazz.list), async (c) => {
  const clazzId = idOrUndefined(c.req.query('clazzId'));
  if (!clazzId) throw new ApiFailure('请选择班级');
  return c.json(ok(await clazzProgress(c.var.services.db, clazzId)));
});
