import { Hono } from 'hono';
import { CALENDAR_PERM } from '../services/teaching-seed';
import {
  addEntry,
  calendarOptions,
  cancelEntry,
  cancelSchema,
  editEntry,
  entryEditSchema,
  entryInputSchema,
  getEntryDetail,
  parseRangeQuery,
  queryRange,
  type Actor,
} from '../services/calendar';
import { addSeries, previewSeries, seriesSchema } from '../services/schedule-series';
import { ApiFailure, ok } from './envelope';
import { permCodesOf, requirePerm } from './perm';
import { authOf, type AppEnv, type Ctx } from './types';
import { readBody } from './validate';

/**
 * 行事历 (issue 7): `/calendar/tblCalendar/*` (range, queryById, add, edit, cancel, options) and
 * `/calendar/scheduleSeries/*` (preview, add). Every route checks its permission code; clashes answer
 * code 409 with `result: { conflicts, canOverride }` (lib/calendar/types.ts).
 */
export const calendarRoutes = new Hono<AppEnv>();

async function actorOf(c: Ctx): Promise<Actor> {
  const { user } = authOf(c);
  const codes = await permCodesOf(c, user.id);
  return { id: user.id, username: user.username, realname: user.realname ?? null, canOverride: codes.has(CALENDAR_PERM.override) };
}

calendarRoutes.get('/calendar/tblCalendar/range', requirePerm(CALENDAR_PERM.list), async (c) => {
  const f = parseRangeQuery(c.req.query());
  return c.json(ok(await queryRange(c.var.services.db, f)));
});

calendarRoutes.get('/calendar/tblCalendar/queryById', requirePerm(CALENDAR_PERM.list), async (c) => {
  const id = (c.req.query('id') ?? '').trim();
  if (!id || id.length > 32) throw new ApiFailure('日程不存在或已删除');
  return c.json(ok(await getEntryDetail(c.var.services.db, id)));
});

calendarRoutes.get('/calendar/tblCalendar/options', requirePerm(CALENDAR_PERM.list), async (c) => c.json(ok(await calendarOptions(c.var.services.db))));

calendarRoutes.post('/calendar/tblCalendar/add', requirePerm(CALENDAR_PERM.add), async (c) => {
  const body = await readBody(c, entryInputSchema);
  const result = await addEntry(c.var.services.db, body, await actorOf(c));
  return c.json(ok(result, '添加成功！'));
});

calendarRoutes.put('/calendar/tblCalendar/edit', requirePerm(CALENDAR_PERM.edit), async (c) => {
  const body = await readBody(c, entryEditSchema);
  const result = await editEntry(c.var.services.db, body, await actorOf(c));
  return c.json(ok(result, '编辑成功!'));
});

calendarRoutes.post('/calendar/tblCalendar/cancel', requirePerm(CALENDAR_PERM.cancel), async (c) => {
  const body = await readBody(c, cancelSchema);
  const result = await cancelEntry(c.var.services.db, body, await actorOf(c));
  return c.json(ok(result, '已取消'));
});

calendarRoutes.post('/calendar/scheduleSeries/preview', requirePerm(CALENDAR_PERM.seriesAdd), async (c) => {
  const body = await readBody(c, seriesSchema);
  return c.json(ok(await previewSeries(c.var.services.db, body)));
});

calendarRoutes.post('/calendar/scheduleSeries/add', requirePerm(CALENDAR_PERM.seriesAdd), async (c) => {
  const body = await readBody(c, seriesSchema);
  const result = await addSeries(c.var.services.db, body, await actorOf(c));
  return c.json(ok(result, `排课成功，共生成${result.count}个课次`));
});
