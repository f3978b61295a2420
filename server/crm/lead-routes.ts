import { Hono } from 'hono';
import { z } from 'zod';
import { LEAD_API, LEAD_FOLLOW_API } from '../../features/crm/lead/lead-resource';
import { FOLLOW_METHODS, LEAD_LIMITS, LEAD_MESSAGES, parseTags, parseWallTime } from '../../lib/crm/lead-rules';
import { TASK_MESSAGES } from '../../lib/crm/task-rules';
import { PERMS } from '../../lib/permissions/codes';
import { ok } from '../core/errors';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { ID_MAX } from '../core/ids';
import { formatDateTime } from '../core/format';
import { addBatchTasks, addFollow, leadActorOf, leadTrials, listFollows, moveToPool, ownerHistory, replaceTags, toggleTopping } from './leads';
import { pushTasksAssigned } from './tasks';
import { pageOf, readPage } from '../core/paging';
import { permCodesOf, requirePerm } from '../core/perm';
import { idParam, readBody } from '../core/validate';

/**
 * 线索's hand-written routes (issue #23; the list / form / export / import are the resource engine's,
 * server/crm/catalog-lead.ts): spec 02 §7's toPool / toPoolBatch / topping / updateTags / addBatchTask, the
 * 跟进记录 and the lead drawer's reads. Each checks its permission code; the lead rules (visible, owner or
 * marketing flag, one transaction) are in server/crm/leads.ts.
 */
export const leadRoutes = new Hono<AppEnv>();

const MAX_IDS = 500;

async function actor(c: Ctx) {
  const auth = authOf(c);
  return leadActorOf(auth.user, await permCodesOf(c, auth.user.id));
}

/** ids as JeecgBoot sends them (a comma string) or as an array. */
const idList = z
  .union([z.string(), z.array(z.string())], { error: LEAD_MESSAGES.selectOne })
  .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))])
  .refine((ids) => ids.length > 0, LEAD_MESSAGES.selectOne)
  .refine((ids) => ids.length <= MAX_IDS, `一次最多操作${MAX_IDS}条线索`)
  .refine((ids) => ids.every((s) => s.length <= ID_MAX), '参数错误');

/** 放入线索池's reason: optional (spec 02 §7 sends id / ids only); blank is none. */
const reason = z
  .string()
  .trim()
  .max(LEAD_LIMITS.reasonMax, LEAD_MESSAGES.reasonTooLong)
  .nullish()
  .transform((v) => v || null);

/** A wall time 'YYYY-MM-DD HH:mm[:ss]' (Asia/Shanghai) as an instant. */
const wallTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((s, ctx) => {
      const d = parseWallTime(s);
      if (!d) ctx.addIssue({ code: 'custom', message });
      return d as Date;
    });

// ---------------------------------------------------------------- 放入线索池, 置顶, 标签, 批量建任务

leadRoutes.post(`${LEAD_API}/toPool`, requirePerm(PERMS.lead.toPool), async (c) => {
  const body = await readBody(c, z.object({ id: idParam, reason }));
  await moveToPool(c.var.services.db, await actor(c), [body.id], body.reason, new Date());
  return c.json(ok(null, '已放入线索池'));
});

leadRoutes.post(`${LEAD_API}/toPoolBatch`, requirePerm(PERMS.lead.toPool), async (c) => {
  const body = await readBody(c, z.object({ ids: idList, reason }));
  const n = await moveToPool(c.var.services.db, await actor(c), body.ids, body.reason, new Date());
  return c.json(ok({ count: n }, `已将${n}条线索放入线索池`));
});

const toppingRoute = async (c: Ctx) => {
  const body = await readBody(c, z.object({ id: idParam }));
  const topping = await toggleTopping(c.var.services.db, await actor(c), body.id, new Date());
  return c.json(ok({ topping: topping ? 1 : 0 }, topping ? '置顶成功' : '已取消置顶'));
};
leadRoutes.put(`${LEAD_API}/topping`, requirePerm(PERMS.lead.topping), toppingRoute);
leadRoutes.post(`${LEAD_API}/topping`, requirePerm(PERMS.lead.topping), toppingRoute);

leadRoutes.post(`${LEAD_API}/updateTags`, requirePerm(PERMS.lead.updateTags), async (c) => {
  // The list engine posts the whole record; only id and tags are read.
  const body = await readBody(c, z.object({ id: idParam, tags: z.unknown() }));
  const tags = await replaceTags(c.var.services.db, await actor(c), body.id, parseTags(body.tags), new Date());
  return c.json(ok({ tags }, '标签已更新'));
});

const BATCH_TASK = z.object({
  ids: idList,
  title: z.string({ error: LEAD_MESSAGES.taskTitleRequired }).trim().min(1, LEAD_MESSAGES.taskTitleRequired).max(LEAD_LIMITS.taskTitleMax, `任务标题不能超过${LEAD_LIMITS.taskTitleMax}个字符`),
  assignee: z.string({ error: LEAD_MESSAGES.taskAssigneeRequired }).trim().min(1, LEAD_MESSAGES.taskAssigneeRequired).max(ID_MAX, TASK_MESSAGES.assigneeInactive),
  dueTime: wallTime(LEAD_MESSAGES.taskDueRequired),
  content: z.string().trim().max(LEAD_LIMITS.taskContentMax, `任务内容不能超过${LEAD_LIMITS.taskContentMax}个字符`).nullish(),
});

leadRoutes.post(`${LEAD_API}/addBatchTask`, requirePerm(PERMS.lead.addBatchTask), async (c) => {
  const body = await readBody(c, BATCH_TASK);
  const ids = await addBatchTasks(c.var.services.db, await actor(c), body.ids, { title: body.title, assignee: body.assignee, dueTime: body.dueTime, content: body.content || null }, new Date());
  await pushTasksAssigned(c.var.services, [body.assignee], body.title);
  return c.json(ok({ count: ids.length, ids }, `已创建${ids.length}个任务`));
});

// ---------------------------------------------------------------- the drawer's reads

const leadIdQuery = (c: Ctx) => (c.req.query('leadId') ?? '').trim().slice(0, ID_MAX);

leadRoutes.get(`${LEAD_API}/ownerHistory`, requirePerm(PERMS.lead.list), async (c) => {
  const rows = await ownerHistory(c.var.services.db, await actor(c), leadIdQuery(c));
  return c.json(ok(rows.map((r) => ({ ...r, createTime: formatDateTime(r.createTime) }))));
});

leadRoutes.get(`${LEAD_API}/trials`, requirePerm(PERMS.lead.list), async (c) => {
  const r = await leadTrials(c.var.services.db, await actor(c), leadIdQuery(c));
  return c.json(ok({ student: r.student, trials: r.trials.map((t) => ({ ...t, startTime: formatDateTime(t.startTime), endTime: formatDateTime(t.endTime) })) }));
});

// ---------------------------------------------------------------- 跟进记录

const METHOD_VALUES = FOLLOW_METHODS.map((m) => m.value) as number[];

const FOLLOW = z.object({
  leadId: idParam,
  method: z.coerce.number({ error: LEAD_MESSAGES.followMethod }).refine((n) => METHOD_VALUES.includes(n), LEAD_MESSAGES.followMethod),
  content: z.string({ error: LEAD_MESSAGES.followContentRequired }).trim().min(1, LEAD_MESSAGES.followContentRequired).max(LEAD_LIMITS.followContentMax, LEAD_MESSAGES.followContentTooLong),
  images: z.string().max(4000, LEAD_MESSAGES.tooManyImages).nullish(),
  nextFollowTime: z.union([z.literal(''), z.null(), wallTime('下次跟进时间格式不正确')]).optional(),
});

leadRoutes.post(`${LEAD_FOLLOW_API}/add`, requirePerm(PERMS.lead.follow), async (c) => {
  const body = await readBody(c, FOLLOW);
  const next = body.nextFollowTime instanceof Date ? body.nextFollowTime : null;
  const id = await addFollow(c.var.services.db, c.var.services.storage, await actor(c), { leadId: body.leadId, method: body.method, content: body.content, images: body.images ?? null, nextFollowTime: next }, new Date());
  return c.json(ok({ id }, '添加成功！'));
});

leadRoutes.get(`${LEAD_FOLLOW_API}/list`, requirePerm(PERMS.lead.list), async (c) => {
  const { pageNo, pageSize, offset } = readPage(c);
  const { records, total } = await listFollows(c.var.services.db, await actor(c), leadIdQuery(c), { offset, limit: pageSize });
  const wire = records.map((r) => ({ ...r, followTime: formatDateTime(r.followTime), nextFollowTime: formatDateTime(r.nextFollowTime) }));
  return c.json(ok(pageOf(wire, total, pageNo, pageSize)));
});
