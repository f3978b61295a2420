import { Hono } from 'hono';
import { PERMS } from '../../lib/permissions/codes';
import {
  addEntry,
  assertClazzVisible,
  assertEntryVisible,
  calendarOptions,
  cancelEntry,
  cancelSchema,
  editEntry,
  entryEditSchema,
  entryInputSchema,
  getEntryDetail,
  parseRangeQuery,
  queryRangeJson,
  queryRangeText,
} from './calendar';
import { addSeries, previewSeries, seriesSchema } from './schedule-series';
import { actorOf, canSeeAll, canSeeInner, ownTeacherFilter } from './calendar-access';
import { calendarAudience, pushCalendarChanged } from './calendar-notify';
import { teachesSession } from './attendance';
import { teacherIdsOfUser } from '../edu/teachers';
import { ApiFailure, NO_PERMISSION, ok } from '../core/errors';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { idOrUndefined } from '../core/ids';
import { readBody } from '../core/validate';

/**
 * 行事历 (issue 7): `/calendar/tblCalendar/*` (range, queryById, add, edit, cancel, options) and
 * `/calendar/scheduleSeries/*` (preview, add). Every route checks its permission code; clashes answer
 * code 409 with `result: { conflicts, canOverride }` (lib/calendar/types.ts). Reads are limited to the
 * caller's own sessions with `mine=1`, and always without calendar:entry:all; writes tell the teachers
 * concerned (CALENDAR_CHANGED) so their open calendars reload.
 */
export const calendarRoutes = new Hono<AppEnv>();

/** `scope` of a read: absent or 0 → 对外教学; 1 → 内部班, refused (510) without calendar:inner:list. */
async function readScope(c: Ctx, raw: string | undefined): Promise<0 | 1> {
  if (raw !== '1') return 0;
  if (!(await canSeeInner(c))) throw new ApiFailure(NO_PERMISSION, 510);
  return 1;
}

calendarRoutes.get('/calendar/tblCalendar/range', requirePerm(PERMS.calendar.list), async (c) => {
  const f = parseRangeQuery(c.req.query());
  const scope = await readScope(c, c.req.query('scope'));
  const ownTeacherIds = await ownTeacherFilter(c, c.req.query('mine') === '1');
  const { db, config } = c.var.services;
  const query = { ...f, scope, ownTeacherIds };
  // The entries' JSON text, spliced into the usual envelope as it is (no objects per entry, no JSON.stringify of
  // thousands of them; bench/calendar.ts). PostgreSQL hands rows over cheaply and builds JSON slower than Node:
  // there the rows come as text arrays and Node writes the JSON (queryRangeText). PGlite decodes every row field
  // in WebAssembly and JS: there the database writes it in one statement (queryRangeJson). Both answer as queryRange.
  const entries = config.databaseUrl ? await queryRangeText(db, query) : await queryRangeJson(db, query);
  const { result: _none, ...envelope } = ok(null);
  c.header('content-type', 'application/json; charset=UTF-8');
  // As bytes: a string body is first checked for lone surrogates (undici's USVString conversion, a pass over the
  // whole text) and then encoded; Buffer.from encodes once (a lone surrogate becomes U+FFFD either way).
  return c.body(Buffer.from(`${JSON.stringify(envelope).slice(0, -1)},"result":${entries}}`, 'utf8'));
});

calendarRoutes.get('/calendar/tblCalendar/queryById', requirePerm(PERMS.calendar.list), async (c) => {
  const id = idOrUndefined(c.req.query('id'));
  if (!id) throw new ApiFailure('日程不存在或已删除');
  // Without calendar:entry:all another teacher's session reads as missing, as it is absent from the range.
  if (!(await canSeeAll(c)) && !(await teachesSession(c.var.services.db, id, authOf(c).user.id))) throw new ApiFailure('日程不存在或已删除');
  return c.json(ok(await getEntryDetail(c.var.services.db, id, await canSeeInner(c))));
});

calendarRoutes.get('/calendar/tblCalendar/options', requirePerm(PERMS.calendar.list), async (c) =>
  c.json(ok(await calendarOptions(c.var.services.db, await readScope(c, c.req.query('scope')), await teacherIdsOfUser(c.var.services.db, authOf(c).user.id)))),
);

calendarRoutes.post('/calendar/tblCalendar/add', requirePerm(PERMS.calendar.add), async (c) => {
  const body = await readBody(c, entryInputSchema);
  const inner = await canSeeInner(c);
  if (body.scope === 1 && !inner) throw new ApiFailure(NO_PERMISSION, 510);
  await assertClazzVisible(c.var.services.db, body.clazzId, inner);
  const result = await addEntry(c.var.services.db, body, await actorOf(c));
  await pushCalendarChanged(c.var.services, [result.id]);
  return c.json(ok(result, '添加成功！'));
});

calendarRoutes.put('/calendar/tblCalendar/edit', requirePerm(PERMS.calendar.edit), async (c) => {
  const body = await readBody(c, entryEditSchema);
  await assertEntryVisible(c.var.services.db, body.id, await canSeeInner(c));
  // Teachers taken off the entry (or its series) must hear of it too.
  const before = await calendarAudience(c.var.services.db, [body.id]);
  const result = await editEntry(c.var.services.db, body, await actorOf(c));
  await pushCalendarChanged(c.var.services, [body.id], { before });
  return c.json(ok(result, '编辑成功!'));
});

calendarRoutes.post('/calendar/tblCalendar/cancel', requirePerm(PERMS.calendar.cancel), async (c) => {
  const body = await readBody(c, cancelSchema);
  await assertEntryVisible(c.var.services.db, body.id, await canSeeInner(c));
  const result = await cancelEntry(c.var.services.db, body, await actorOf(c));
  await pushCalendarChanged(c.var.services, [body.id]);
  return c.json(ok(result, '已取消'));
});

calendarRoutes.post('/calendar/scheduleSeries/preview', requirePerm(PERMS.series.add), async (c) => {
  const body = await readBody(c, seriesSchema);
  await assertClazzVisible(c.var.services.db, body.clazzId, await canSeeInner(c));
  return c.json(ok(await previewSeries(c.var.services.db, body)));
});

calendarRoutes.post('/calendar/scheduleSeries/add', requirePerm(PERMS.series.add), async (c) => {
  const body = await readBody(c, seriesSchema);
  await assertClazzVisible(c.var.services.db, body.clazzId, await canSeeInner(c));
  const result = await addSeries(c.var.services.db, body, await actorOf(c));
  await pushCalendarChanged(c.var.services, [], { seriesIds: [result.seriesId] });
  return c.json(ok(result, `排课成功，共生成${result.count}个课次`));
});
