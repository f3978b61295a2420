import { Hono } from 'hono';
import { z } from 'zod';
import { LEAD_API } from '../../features/crm/lead/lead-resource';
import { POOL_BATCH_MAX, POOL_URLS } from '../../features/crm/pool/lead-pool-resource';
import { studentCourseResource } from '../../features/edu/student/student-resource';
import { LEAD_MESSAGES } from '../../lib/crm/lead-rules';
import { POOL_MESSAGES, validatePoolConfig } from '../../lib/crm/pool-rules';
import { PERMS } from '../../lib/permissions/codes';
import { normaliseDate, toSchema } from '../../lib/resources/to-schema';
import { ApiFailure, ok } from '../core/errors';
import { ID_MAX, parseIdList } from '../core/ids';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { assignLeads, claimLeads, loadPoolConfig, savePoolConfig, workbenchSummary } from './lead-pool';
import { bookTrial, convertLead, intendedCourseOf, listTrialSessions } from './lead-convert';
import { leadActorOf } from './leads';
import { pageOf, readPage } from '../core/paging';
import { permCodesOf, requirePerm } from '../core/perm';
import { labelledId, readBody } from '../core/validate';

/**
 * 线索池, 转化, 试听 and 招生工作台 (issue #23 §3, §4, §10). The pool's list is the resource engine's
 * (server/crm/catalog-lead-pool.ts); the rest is here, the SQL in server/crm/lead-pool.ts,
 * lead-convert.ts and lead-auto-return.ts.
 * - POST /crm/leadPool/claim {id} | {ids}: 领取 (crm:pool:claim), all or nothing, within max_owned.
 * - POST /crm/leadPool/assign {ids, userId}: 分配 (crm:pool:assign) to an active 在职 user, within their limit.
 * - GET|PUT /crm/leadPool/config: the pool's settings (crm:pool:config).
 * - POST /crm/tblLead/convert, POST /crm/tblLead/trial, GET /crm/tblLead/trialSessions (the trials themselves: lead-routes.ts).
 * - GET /crm/workbench/summary: the workbench's numbers (crm:lead:list).
 */
export const leadPoolRoutes = new Hono<AppEnv>();

const idsField = z.union([z.string().max(POOL_BATCH_MAX * 40), z.array(z.string().trim().max(ID_MAX))]).optional();
const MOVE = z.object({ id: z.string().trim().max(ID_MAX).optional(), ids: idsField, userId: z.string().trim().max(ID_MAX).optional() });

/** {id} or {ids} (an array or JeecgBoot's comma list), deduplicated. */
function leadIds(b: z.infer<typeof MOVE>): string[] {
  const ids = b.ids !== undefined ? (Array.isArray(b.ids) ? [...new Set(b.ids.filter(Boolean))] : parseIdList(b.ids)) : b.id ? [b.id] : [];
  if (!ids.length) throw new ApiFailure(POOL_MESSAGES.selectLeads);
  if (ids.length > POOL_BATCH_MAX) throw new ApiFailure(POOL_MESSAGES.tooMany(POOL_BATCH_MAX));
  if (ids.some((id) => id.length > ID_MAX)) throw new ApiFailure('参数错误');
  return ids;
}

leadPoolRoutes.post(POOL_URLS.claim, requirePerm(PERMS.leadPool.claim), async (c) => {
  const ids = leadIds(await readBody(c, MOVE));
  const count = await claimLeads(c.var.services.db, authOf(c).user, ids);
  return c.json(ok({ count }, count === 1 ? '领取成功' : `已领取${count}条线索`));
});

leadPoolRoutes.post(POOL_URLS.assign, requirePerm(PERMS.leadPool.assign), async (c) => {
  const body = await readBody(c, MOVE);
  const ids = leadIds(body);
  if (!body.userId) throw new ApiFailure(POOL_MESSAGES.selectUser);
  const count = await assignLeads(c.var.services.db, authOf(c).user, ids, body.userId);
  return c.json(ok({ count }, `已分配${count}条线索`));
});

leadPoolRoutes.get(POOL_URLS.config, requirePerm(PERMS.leadPool.config), async (c) => c.json(ok(await loadPoolConfig(c.var.services.db))));

leadPoolRoutes.on(['PUT', 'POST'], POOL_URLS.config, requirePerm(PERMS.leadPool.config), async (c) => {
  const raw = await readBody(c, z.record(z.string(), z.unknown(), { error: '请求数据格式错误' }));
  const v = validatePoolConfig(raw);
  if ('error' in v) throw new ApiFailure(v.error);
  await savePoolConfig(c.var.services.db, v.config, authOf(c).user.username);
  return c.json(ok(await loadPoolConfig(c.var.services.db), '保存成功'));
});

// ---------------------------------------------------------------- 转化 and 试听

async function actorOf(c: Ctx) {
  const { user } = authOf(c);
  return leadActorOf(user, await permCodesOf(c, user.id));
}

const dateField = (label: string) =>
  z
    .string()
    .trim()
    .max(20)
    .refine((s) => s === '' || normaliseDate(s, false) === s, `${label}格式不正确`)
    .nullish();

const CONVERT = z.looseObject({
  leadId: labelledId('线索'),
  studentName: z.string().trim().max(50, '学员姓名不能超过50个字符').nullish(),
  grade: z.string().trim().max(20, '年级不能超过20个字符').nullish(),
  validFrom: dateField('生效日期'),
});
/** The 课时包 fields of the body, read by the 课时包 form's schema. */
const PACKAGE_FIELDS = ['courseId', 'buyQty', 'giftQty', 'amount', 'validTo', 'remark'] as const;

leadPoolRoutes.post(`${LEAD_API}/convert`, requirePerm(PERMS.lead.convert), async (c) => {
  const body = await readBody(c, CONVERT);
  const { leadId, studentName, grade, validFrom } = body;
  // The package is read exactly like the 学员详情 form's single add (the student is filled in by the service).
  const fields = Object.fromEntries(PACKAGE_FIELDS.map((k) => [k, body[k]]).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  const parsed = toSchema(studentCourseResource, 'add').safeParse({ ...fields, studentId: leadId });
  if (!parsed.success) throw new ApiFailure(parsed.error.issues[0]?.message ?? '课时包数据不正确');
  const r = await convertLead(c.var.services.db, authOf(c), await actorOf(c), { leadId, pkg: parsed.data, validFrom: validFrom || null, studentName, grade });
  const trialNote = r.renamedFrom ? `，已使用试听时建立的学员，姓名由“${r.renamedFrom}”改为“${r.studentName}”` : `，已使用试听时建立的学员（${r.studentName}）`;
  const note = r.reused === 'lead' ? trialNote : r.reused === 'phone' ? `，手机号相同的学员（${r.studentName}）已存在，已关联该学员` : '';
  return c.json(ok(r, `转化成功${note}`));
});

const TRIAL = z.object({
  leadId: labelledId('线索'),
  calendarId: labelledId('课次'),
  // The child's name: a trial never names the student after the parent (issue #39).
  studentName: z.string({ error: LEAD_MESSAGES.trialStudentNameRequired }).trim().min(1, LEAD_MESSAGES.trialStudentNameRequired).max(50, LEAD_MESSAGES.trialStudentNameTooLong),
});

leadPoolRoutes.post(`${LEAD_API}/trial`, requirePerm(PERMS.lead.trial), async (c) => {
  const input = await readBody(c, TRIAL);
  const r = await bookTrial(c.var.services.db, authOf(c), await actorOf(c), input, new Date());
  return c.json(ok(r, '预约试听成功'));
});

leadPoolRoutes.get(`${LEAD_API}/trialSessions`, requirePerm(PERMS.lead.trial), async (c) => {
  const { pageNo, pageSize, offset } = readPage(c);
  const daysRaw = Number(c.req.query('days') ?? 14);
  const days = Number.isInteger(daysRaw) && daysRaw >= 1 && daysRaw <= 60 ? daysRaw : 14;
  const keyword = (c.req.query('keyword') ?? '').slice(0, 50);
  // leadId: the lead's 意向课程 comes first.
  const leadId = (c.req.query('leadId') ?? '').trim().slice(0, ID_MAX);
  const intendedCourseId = leadId ? await intendedCourseOf(c.var.services.db, await actorOf(c), leadId) : null;
  const { records, total } = await listTrialSessions(c.var.services.db, { keyword, days, now: new Date(), intendedCourseId }, { offset, limit: pageSize });
  return c.json(ok(pageOf(records, total, pageNo, pageSize)));
});

// ---------------------------------------------------------------- 招生工作台

leadPoolRoutes.get('/crm/workbench/summary', requirePerm(PERMS.lead.list), async (c) => {
  const { user } = authOf(c);
  const team = user.is_marketing === 1 || (await permCodesOf(c, user.id)).has(PERMS.lead.all);
  return c.json(ok(await workbenchSummary(c.var.services.db, user.id, team, new Date())));
});
