import { Hono } from 'hono';
import { z } from 'zod';
import { HOMEWORK_API, HOMEWORK_LIMITS, HOMEWORK_MESSAGES as M, HOMEWORK_URL } from '../../lib/learntools/homework-types';
import { PERMS } from '../../lib/permissions/codes';
import { assignHomework, assignOptions, calendarHomework, closeOverdue, editHomework, homeworkDetail, homeworkStudents, type Actor } from './homework';
import { gradeSubmission, openSubmission, recordSubmission, returnSubmission } from './homework-grading';
import { ApiFailure, ok } from '../core/errors';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { idOrUndefined } from '../core/ids';
import { loadHomeworkScope } from './homework-scope';
import { requirePerm } from '../core/perm';
import { idParam, labelledId, readBody } from '../core/validate';
import { noticeHomeworkAssigned } from '../message/work-notices';

/**
 * 作业 (issue #22 item 6), mounted ahead of the resource engine (which serves list / queryById / delete /
 * exportXls of server/learntools/catalog-homework.ts):
 * - GET assignOptions, POST add (布置作业: learn:homework:add), PUT edit (learn:homework:edit), GET detail;
 * - 学员作业: GET students, GET submission (marks 已读), POST submit (录入提交), grade, return (learn:homework:grade);
 * - GET byCalendar (the session drawer's line).
 * Every route first loads the caller's class scope (server/learntools/homework-scope.ts): a teacher reaches only
 * the homework of classes they teach, on the engine's routes too.
 */
export const homeworkRoutes = new Hono<AppEnv>();

const READS = new Set(['list', 'queryById', 'exportXls']);

homeworkRoutes.use(`${HOMEWORK_API}/*`, async (c, next) => {
  if (!c.get('auth')) return next();
  await loadHomeworkScope(c);
  // The stored status follows the clock before the list filters on it (已发布 → 已截止).
  if (READS.has(c.req.path.slice(c.req.path.lastIndexOf('/') + 1))) await closeOverdue(c.var.services.db);
  return next();
});

const actorOf = (c: Ctx): Actor => {
  const { user } = authOf(c);
  return { username: user.username, orgCode: user.org_code ?? null };
};
const scopeOf = (c: Ctx) => loadHomeworkScope(c);

const optionalId = z.string().trim().max(32, '参数错误').nullish();
const HOMEWORK_BODY = z.object({
  clazzId: labelledId('班级'),
  calendarId: optionalId,
  title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(HOMEWORK_LIMITS.titleMax, M.titleTooLong),
  content: z.string().max(HOMEWORK_LIMITS.contentMax, '作业内容过长').nullish(),
  attachments: z.string().max(5000, M.tooManyAttachments).nullish(),
  source: z.number({ error: '请选择作业来源' }).int().min(0, '请选择作业来源').max(1, '请选择作业来源'),
  workbookId: optionalId,
  dueTime: z.string({ error: M.dueRequired }).trim().min(1, M.dueRequired).max(19, M.dueRequired),
  maxScore: z.number({ error: '满分须为数字' }).positive('满分须大于0').max(HOMEWORK_LIMITS.maxScoreMax, `满分不能超过${HOMEWORK_LIMITS.maxScoreMax}`).nullish(),
  assigneeMode: z.number({ error: '请选择布置对象' }).int().min(0, '请选择布置对象').max(1, '请选择布置对象'),
  studentIds: z.array(z.string().trim().min(1).max(32), { error: M.studentsRequired }).max(HOMEWORK_LIMITS.studentsMax, `最多选择${HOMEWORK_LIMITS.studentsMax}名学员`).optional(),
});
const EDIT_BODY = HOMEWORK_BODY.extend({ id: idParam });

const version = z.number({ error: M.stale }).int().min(0);
const SUBMIT = z.object({
  id: idParam,
  version,
  content: z.string().max(HOMEWORK_LIMITS.contentMax, '提交内容过长').nullish(),
  attachments: z.string().max(5000, M.tooManyAttachments).nullish(),
  answers: z.record(z.string().max(32), z.string().max(5000, '答案过长')).optional(),
});
const GRADE = z.object({
  id: idParam,
  version,
  score: z.number({ error: M.scoreRequired }).nullish(),
  itemScores: z.record(z.string().max(32), z.number({ error: M.scoreRequired })).optional(),
  comment: z.string().max(HOMEWORK_LIMITS.commentMax, `评语不能超过${HOMEWORK_LIMITS.commentMax}个字符`).nullish(),
});
const RETURN = z.object({
  id: idParam,
  version,
  comment: z.string({ error: M.commentRequired }).trim().min(1, M.commentRequired).max(HOMEWORK_LIMITS.commentMax, `评语不能超过${HOMEWORK_LIMITS.commentMax}个字符`),
});

homeworkRoutes.get(HOMEWORK_URL.assignOptions, requirePerm(PERMS.homework.list), async (c) => {
  const r = await assignOptions(c.var.services.db, await scopeOf(c), idOrUndefined(c.req.query('clazzId')), idOrUndefined(c.req.query('calendarId')));
  return c.json(ok(r));
});

homeworkRoutes.post(HOMEWORK_URL.add, requirePerm(PERMS.homework.add), async (c) => {
  const body = await readBody(c, HOMEWORK_BODY);
  const id = await assignHomework(c.var.services.db, body, actorOf(c), await scopeOf(c), c.var.services.storage);
  await noticeHomeworkAssigned(c.var.services, id, authOf(c).user);
  return c.json(ok({ id }, '作业已布置'));
});

homeworkRoutes.put(HOMEWORK_URL.edit, requirePerm(PERMS.homework.edit), async (c) => {
  const body = await readBody(c, EDIT_BODY);
  await editHomework(c.var.services.db, body, actorOf(c), await scopeOf(c), c.var.services.storage);
  return c.json(ok(null, '编辑成功!'));
});

homeworkRoutes.get(HOMEWORK_URL.detail, requirePerm(PERMS.homework.list), async (c) => {
  const id = idOrUndefined(c.req.query('id'));
  if (!id) throw new ApiFailure(M.notFound);
  return c.json(ok(await homeworkDetail(c.var.services.db, id, await scopeOf(c))));
});

homeworkRoutes.get(HOMEWORK_URL.students, requirePerm(PERMS.homework.list), async (c) => {
  const id = idOrUndefined(c.req.query('homeworkId'));
  if (!id) throw new ApiFailure(M.notFound);
  return c.json(ok(await homeworkStudents(c.var.services.db, id, await scopeOf(c))));
});

homeworkRoutes.get(HOMEWORK_URL.submission, requirePerm(PERMS.homework.list), async (c) => {
  const id = idOrUndefined(c.req.query('id'));
  if (!id) throw new ApiFailure(M.submissionNotFound);
  return c.json(ok(await openSubmission(c.var.services.db, id, await scopeOf(c))));
});

homeworkRoutes.post(HOMEWORK_URL.submit, requirePerm(PERMS.homework.grade), async (c) => {
  const body = await readBody(c, SUBMIT);
  await recordSubmission(c.var.services.db, body, await scopeOf(c), c.var.services.storage);
  return c.json(ok(null, '已录入提交'));
});

homeworkRoutes.post(HOMEWORK_URL.grade, requirePerm(PERMS.homework.grade), async (c) => {
  const body = await readBody(c, GRADE);
  const score = await gradeSubmission(c.var.services.db, body, actorOf(c), await scopeOf(c));
  return c.json(ok({ score }, '批改成功'));
});

homeworkRoutes.post(HOMEWORK_URL.returnBack, requirePerm(PERMS.homework.grade), async (c) => {
  const body = await readBody(c, RETURN);
  await returnSubmission(c.var.services.db, body, actorOf(c), await scopeOf(c));
  return c.json(ok(null, '已退回订正'));
});

homeworkRoutes.get(HOMEWORK_URL.byCalendar, requirePerm(PERMS.homework.list), async (c) => {
  const id = idOrUndefined(c.req.query('calendarId'));
  if (!id) throw new ApiFailure('请选择课次');
  return c.json(ok(await calendarHomework(c.var.services.db, id, await scopeOf(c))));
});
