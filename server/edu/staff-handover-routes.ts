import { Hono } from 'hono';
import { z } from 'zod';
import { HANDOVER_MESSAGES, HANDOVER_URL, isDateText, parseScopes, STAFF_MESSAGES, STAFF_URL, type HandoverScope } from '../../lib/edu/handover-rules';
import { PERMS } from '../../lib/permissions/codes';
import { editStaff, leaveStaff, rejoinStaff } from './staff';
import { previewHandover, runHandover } from './work-handover';
import { ok } from '../core/errors';
import { authOf, type AppEnv } from '../core/context';
import { requirePerm } from '../core/perm';
import { idParam, labelledId, readBody } from '../core/validate';

/**
 * 员工管理's writes and 工作交接 (issue #23 items 6, 8), mounted ahead of the resource engine, which serves both
 * lists (GET /edu/staff/list, /edu/handover/list, exportXls; server/edu/catalog-staff.ts):
 * - PUT /edu/staff/edit {id, post, campusId}; POST /edu/staff/leave {id, leaveDate}; POST /edu/staff/rejoin {id}
 *   (edu:staff:edit). 离职 is refused while the user holds work: the message names the counts, `result.counts` has them.
 * - POST /edu/handover/preview {fromUser, toUser?, scopes} → counts; POST /edu/handover/add {fromUser, toUser,
 *   scopes, reason} → {id, counts} moved in one transaction (edu:handover:add).
 * The SQL is in server/edu/staff.ts and work-handover.ts.
 */
export const staffHandoverRoutes = new Hono<AppEnv>();

const EDIT = z.object({
  id: labelledId('员工'),
  post: z.string().trim().max(50, STAFF_MESSAGES.postTooLong).nullish(),
  campusId: z.string().trim().max(32, STAFF_MESSAGES.campusUnknown).nullish(),
});

const LEAVE = z.object({
  id: labelledId('员工'),
  leaveDate: z.string({ error: STAFF_MESSAGES.leaveDateRequired }).trim().refine(isDateText, STAFF_MESSAGES.leaveDateRequired),
});

const scopesField = z.unknown().transform((v, ctx): HandoverScope[] => {
  const scopes = parseScopes(v);
  if (!scopes) {
    ctx.addIssue({ code: 'custom', message: HANDOVER_MESSAGES.badScope });
    return z.NEVER;
  }
  return scopes;
});

const PREVIEW = z.object({ fromUser: labelledId('交接人'), toUser: z.string().trim().max(32, '接收人不正确').nullish(), scopes: scopesField });

const HANDOVER = z.object({
  fromUser: labelledId('交接人'),
  toUser: labelledId('接收人'),
  scopes: scopesField,
  reason: z.string().trim().max(200, HANDOVER_MESSAGES.reasonTooLong).nullish(),
});

staffHandoverRoutes.on(['PUT', 'POST'], STAFF_URL.edit, requirePerm(PERMS.staff.edit), async (c) => {
  const body = await readBody(c, EDIT);
  await editStaff(c.var.services.db, authOf(c).user, body, new Date());
  return c.json(ok(null, STAFF_MESSAGES.saved));
});

staffHandoverRoutes.post(STAFF_URL.leave, requirePerm(PERMS.staff.edit), async (c) => {
  const body = await readBody(c, LEAVE);
  await leaveStaff(c.var.services, authOf(c).user, body, new Date());
  return c.json(ok(null, STAFF_MESSAGES.left));
});

staffHandoverRoutes.post(STAFF_URL.rejoin, requirePerm(PERMS.staff.edit), async (c) => {
  const { id } = await readBody(c, z.object({ id: idParam }));
  await rejoinStaff(c.var.services.db, authOf(c).user, id, new Date());
  return c.json(ok(null, STAFF_MESSAGES.rejoined));
});

staffHandoverRoutes.post(HANDOVER_URL.preview, requirePerm(PERMS.handover.add), async (c) => {
  const body = await readBody(c, PREVIEW);
  return c.json(ok(await previewHandover(c.var.services.db, { fromUser: body.fromUser, toUser: body.toUser ?? '', scopes: body.scopes }, new Date())));
});

staffHandoverRoutes.post(HANDOVER_URL.add, requirePerm(PERMS.handover.add), async (c) => {
  const body = await readBody(c, HANDOVER);
  const result = await runHandover(c.var.services, authOf(c).user, { ...body, reason: body.reason ?? null }, new Date());
  return c.json(ok(result, HANDOVER_MESSAGES.done));
});
