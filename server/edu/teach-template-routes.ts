import { Hono } from 'hono';
import { z } from 'zod';
import { APPLY_CONFIRM_CODE, TEMPLATE_MESSAGES, TEMPLATE_URLS } from '../../features/edu/teach-template/teach-template-resource';
import { PERMS } from '../../lib/permissions/codes';
import { teachesSession } from '../calendar/attendance';
import { pushCalendarChanged } from '../calendar/calendar-notify';
import { liveTemplate, loadLessons } from './teach-templates';
import { applyTargets, applyTemplate, sessionMaterials } from './template-apply';
import { ApiFailure, ok } from '../core/errors';
import { authOf, type AppEnv } from '../core/context';
import { idOrUndefined } from '../core/ids';
import { actorOf, canSeeAll, canSeeInner, guardEntry } from '../calendar/calendar-access';
import { requirePerm } from '../core/perm';
import { labelledId, readBody } from '../core/validate';

/**
 * 教学模板's routes beside the resource engine (server/edu/catalog-teach-template.ts), mounted ahead of it:
 * - GET  /course/teachTemplate/queryTeachTemplateItemByMainId?id= — a template's lessons (JeecgBoot's one-to-many
 *   sub-list read), course:template:list;
 * - POST /course/teachTemplate/apply {templateId, clazzId, seriesId?, overwrite?} — fills the class's future
 *   sessions (server/edu/template-apply.ts), course:template:apply; hand-changed sessions make it answer
 *   success=false, code 409, result {needConfirm, changed} until the caller says overwrite true / false;
 * - GET  /course/teachTemplate/applyTargets?clazzId= — the class's series and future session counts (the dialog);
 * - GET  /calendar/material/list?calendarId= — a session's materials, read like the session itself
 *   (calendar:entry:list, and without calendar:entry:all only a session the caller teaches).
 */
export const teachTemplateRoutes = new Hono<AppEnv>();

teachTemplateRoutes.get(TEMPLATE_URLS.items, requirePerm(PERMS.template.list), async (c) => {
  const id = idOrUndefined(c.req.query('id'));
  if (!id) throw new ApiFailure(TEMPLATE_MESSAGES.notFound);
  await liveTemplate(c.var.services.db, id);
  return c.json(ok(await loadLessons(c.var.services.db, id)));
});

const APPLY = z.object({
  templateId: labelledId('教学模板'),
  clazzId: labelledId('班级'),
  seriesId: z.string().trim().max(32, '排课规则不正确').nullish(),
  overwrite: z.boolean({ error: '参数错误' }).nullish(),
});

teachTemplateRoutes.post(TEMPLATE_URLS.apply, requirePerm(PERMS.template.apply), async (c) => {
  const body = await readBody(c, APPLY);
  const out = await applyTemplate(c.var.services.db, { ...body, seriesId: body.seriesId || null }, await actorOf(c), await canSeeInner(c));
  if (out.kind === 'confirm') throw new ApiFailure(TEMPLATE_MESSAGES.changedConfirm(out.changed), APPLY_CONFIRM_CODE, 200, { needConfirm: true, changed: out.changed });
  // The teachers of the filled sessions see the new content on their open calendars.
  if (out.calendarIds.length) await pushCalendarChanged(c.var.services, out.calendarIds);
  return c.json(ok({ filled: out.filled, skipped: out.skipped }, TEMPLATE_MESSAGES.applied(out.filled, out.skipped)));
});

teachTemplateRoutes.get(TEMPLATE_URLS.applyTargets, requirePerm(PERMS.template.apply), async (c) => {
  const id = idOrUndefined(c.req.query('clazzId'));
  if (!id) throw new ApiFailure(TEMPLATE_MESSAGES.clazzNotFound);
  return c.json(ok(await applyTargets(c.var.services.db, id, await canSeeInner(c))));
});

teachTemplateRoutes.get(TEMPLATE_URLS.sessionMaterials, requirePerm(PERMS.calendar.list), async (c) => {
  const id = idOrUndefined(c.req.query('calendarId'));
  if (!id) throw new ApiFailure('日程不存在或已删除');
  // The rule of /calendar/tblCalendar/queryById: another teacher's session, or a hidden 内部班 one, reads as missing.
  if (!(await canSeeAll(c)) && !(await teachesSession(c.var.services.db, id, authOf(c).user.id))) throw new ApiFailure('日程不存在或已删除');
  await guardEntry(c, id);
  return c.json(ok(await sessionMaterials(c.var.services.db, id)));
});
