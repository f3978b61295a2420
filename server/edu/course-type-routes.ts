import { Hono } from 'hono';
import { z } from 'zod';
import { CHAPTER_URLS, COURSE_TYPE_URLS, TREE_LIMITS, treeMessages, type TreeLabel } from '../../lib/edu/course-type-api';
import { PERMS } from '../../lib/permissions/codes';
import { addChapter, CHAPTER_STORE, chapterTree, deleteChapter } from './chapters';
import { addNode, COURSE_TYPE_STORE, courseTypeTree, deleteCourseType, moveNode, renameNode } from './course-types';
import { ApiFailure, ok } from '../core/errors';
import { authOf, type AppEnv } from '../core/context';
import { ID_MAX, idOrUndefined } from '../core/ids';
import { requirePerm } from '../core/perm';
import { idParam, labelledId, readBody } from '../core/validate';

/**
 * 课程分类 (`/course/courseType/*`) and 章节 of a course (`/course/chapter/*`), issue #22: each a tree answered
 * whole (`tree`), with add / edit (rename) / delete / move. Reading needs course:course:list (whoever sees the
 * courses sees how they are filed); writes need the tree's own codes. The SQL is in server/edu/course-types.ts and chapters.ts.
 */
export const courseTypeRoutes = new Hono<AppEnv>();

const nameOf = (label: TreeLabel, max: number) => {
  const m = treeMessages(label);
  return z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(max, m.nameTooLong);
};
/** An optional parent id: absent, null or '' is a root. */
const parentOf = z
  .string()
  .trim()
  .max(ID_MAX, '参数错误')
  .nullish()
  .transform((v) => v || null);
// Past the end means last (clamped by the service).
const position = z.number({ error: '参数错误' }).int('参数错误').min(0, '参数错误').max(99_999, '参数错误');

const typeName = nameOf('分类', TREE_LIMITS.typeName);
const chapterTitle = nameOf('章节', TREE_LIMITS.chapterTitle);
const MOVE = z.object({ id: idParam, parentId: parentOf, sort: position });

// ---------------------------------------------------------------- 课程分类

courseTypeRoutes.get(COURSE_TYPE_URLS.tree, requirePerm(PERMS.course.list), async (c) => c.json(ok(await courseTypeTree(c.var.services.db))));

courseTypeRoutes.post(COURSE_TYPE_URLS.add, requirePerm(PERMS.courseType.add), async (c) => {
  const body = await readBody(c, z.object({ parentId: parentOf, name: typeName }));
  const id = await addNode(c.var.services.db, COURSE_TYPE_STORE, { scope: null, ...body }, authOf(c).user.username);
  return c.json(ok({ id }, '添加成功！'));
});

courseTypeRoutes.put(COURSE_TYPE_URLS.edit, requirePerm(PERMS.courseType.edit), async (c) => {
  const body = await readBody(c, z.object({ id: idParam, name: typeName }));
  await renameNode(c.var.services.db, COURSE_TYPE_STORE, body, authOf(c).user.username);
  return c.json(ok(null, '编辑成功!'));
});

courseTypeRoutes.delete(COURSE_TYPE_URLS.delete, requirePerm(PERMS.courseType.delete), async (c) => {
  const id = idOrUndefined(c.req.query('id'));
  if (!id) throw new ApiFailure('参数错误');
  await deleteCourseType(c.var.services.db, id, authOf(c).user.username);
  return c.json(ok(null, '删除成功!'));
});

courseTypeRoutes.post(COURSE_TYPE_URLS.move, requirePerm(PERMS.courseType.edit), async (c) => {
  const body = await readBody(c, MOVE);
  await moveNode(c.var.services.db, COURSE_TYPE_STORE, body, authOf(c).user.username);
  return c.json(ok(null, '移动成功'));
});

// ---------------------------------------------------------------- 章节

courseTypeRoutes.get(CHAPTER_URLS.tree, requirePerm(PERMS.course.list), async (c) => {
  const courseId = idOrUndefined(c.req.query('courseId'));
  if (!courseId) throw new ApiFailure('请选择课程');
  return c.json(ok(await chapterTree(c.var.services.db, courseId)));
});

courseTypeRoutes.post(CHAPTER_URLS.add, requirePerm(PERMS.chapter.add), async (c) => {
  const body = await readBody(c, z.object({ courseId: labelledId('课程'), parentId: parentOf, title: chapterTitle }));
  const id = await addChapter(c.var.services.db, body, authOf(c).user.username);
  return c.json(ok({ id }, '添加成功！'));
});

courseTypeRoutes.put(CHAPTER_URLS.edit, requirePerm(PERMS.chapter.edit), async (c) => {
  const body = await readBody(c, z.object({ id: idParam, title: chapterTitle }));
  await renameNode(c.var.services.db, CHAPTER_STORE, { id: body.id, name: body.title }, authOf(c).user.username);
  return c.json(ok(null, '编辑成功!'));
});

courseTypeRoutes.delete(CHAPTER_URLS.delete, requirePerm(PERMS.chapter.delete), async (c) => {
  const id = idOrUndefined(c.req.query('id'));
  if (!id) throw new ApiFailure('参数错误');
  await deleteChapter(c.var.services.db, id, authOf(c).user.username);
  return c.json(ok(null, '删除成功!'));
});

courseTypeRoutes.post(CHAPTER_URLS.move, requirePerm(PERMS.chapter.edit), async (c) => {
  const body = await readBody(c, MOVE);
  await moveNode(c.var.services.db, CHAPTER_STORE, body, authOf(c).user.username);
  return c.json(ok(null, '移动成功'));
});
