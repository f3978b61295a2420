import { Hono } from 'hono';
import { APPLY_API } from '../../lib/calendar/apply-types';
import { addApply, applyInputSchema, auditApply, auditSchema, listApplies, parseApplyFilter, withdrawApply, withdrawSchema } from './calendar-apply';
import { PERMS } from '../../lib/permissions/codes';
import { actorOf, canSeeInner, guardEntry } from './calendar-access';
import { ok } from '../core/errors';
import { pageOf, readPage } from '../core/paging';
import { requirePerm } from '../core/perm';
import { pushCalendarChanged } from './calendar-notify';
import { authOf, type AppEnv } from '../core/context';
import { readBody } from '../core/validate';
import { noticeApplyAudited, noticeApplySubmitted } from '../message/work-notices';

/**
 * 请假 / 调课 applications and their 审核 (issue 7 item 7): `/calendar/tblCalendarApply/list|add|audit|withdraw`.
 * Each route checks its permission code; an approval that clashes answers code 409 like the calendar.
 */
export const applyRoutes = new Hono<AppEnv>();

applyRoutes.get(APPLY_API.list, requirePerm(PERMS.apply.list), async (c) => {
  const { user } = authOf(c);
  const { pageNo, pageSize, offset } = readPage(c);
  const filter = parseApplyFilter(c.req.query(), await canSeeInner(c));
  const { records, total } = await listApplies(c.var.services.db, filter, { offset, limit: pageSize }, user.username);
  return c.json(ok(pageOf(records, total, pageNo, pageSize)));
});

applyRoutes.post(APPLY_API.add, requirePerm(PERMS.apply.add), async (c) => {
  const body = await readBody(c, applyInputSchema);
  await guardEntry(c, body.calendarId);
  const saved = await addApply(c.var.services.db, body, await actorOf(c));
  const { user, tenantId } = authOf(c);
  await noticeApplySubmitted(c.var.services, saved.id, user, tenantId);
  return c.json(ok(saved, '申请已提交'));
});

applyRoutes.post(APPLY_API.audit, requirePerm(PERMS.apply.audit), async (c) => {
  const body = await readBody(c, auditSchema);
  const result = await auditApply(c.var.services.db, body, await actorOf(c));
  // An approved 调课 moved a session: its teachers' open calendars reload.
  if (result.resultCalendarId) await pushCalendarChanged(c.var.services, [result.resultCalendarId]);
  await noticeApplyAudited(c.var.services, body.id, body.pass, authOf(c).user);
  return c.json(ok(result, body.pass ? '审核通过' : '已驳回'));
});

applyRoutes.post(APPLY_API.withdraw, requirePerm(PERMS.apply.withdraw), async (c) => {
  const body = await readBody(c, withdrawSchema);
  await withdrawApply(c.var.services.db, body.id, authOf(c).user);
  return c.json(ok(null, '已撤销'));
});
