import { Hono } from 'hono';
import { PERMS } from '../../lib/permissions/codes';
import { DASHBOARD_MESSAGES, figureOf, type FigureDef } from '../../lib/dashboard/dashboard-api';
import { defaultRange, rangeProblem, type DateRange } from '../../lib/dashboard/date-range';
import { ApiFailure, ok } from '../core/errors';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { xlsxResponse, type ExcelRow } from '../excel/write';
import { computeFigure, type FigureFilter } from './dashboard-analysis';
import { workplace } from './dashboard';
import { permCodesOf, requirePerm } from '../core/perm';

/**
 * 仪表盘 (issue #26 item 2):
 * - GET /dashboard/workplace: the signed-in user's 工作台 (`WorkplaceAnswer`); any signed-in user, each part only
 *   with the code its own screen needs (sessions calendar:entry:list, tasks crm:task:list, follow-ups crm:lead:list,
 *   homework learn:homework:grade; announcements always: everyone has a bell).
 * - GET /dashboard/analysis/{figure}?begin=YYYY-MM-DD&end=YYYY-MM-DD&locationId= (dashboard:analysis): one figure's
 *   rows `{figure, begin, end, locationId, rows}`; no dates = the last 6 months.
 * - GET /dashboard/analysis/{figure}/exportXls?… (dashboard:analysis): the same rows as `<title>.xlsx`.
 * The figures' SQL is in server/dashboard/dashboard-analysis.ts, the workplace's in server/dashboard/dashboard.ts.
 */
export const dashboardRoutes = new Hono<AppEnv>();

dashboardRoutes.get('/dashboard/workplace', async (c) => {
  const user = authOf(c).user;
  const codes = await permCodesOf(c, user.id);
  const answer = await workplace(
    c.var.services.db,
    user,
    {
      sessions: codes.has(PERMS.calendar.list),
      innerSessions: codes.has(PERMS.inner.list),
      tasks: codes.has(PERMS.task.list),
      followUps: codes.has(PERMS.lead.list),
      homework: codes.has(PERMS.homework.grade),
    },
    new Date(),
  );
  return c.json(ok(answer));
});

/** A venue id as ours look (32 characters at most, no punctuation that could matter anywhere). */
const LOCATION_ID = /^[A-Za-z0-9_-]{1,32}$/;

function readRequest(c: Ctx): { def: FigureDef; filter: FigureFilter } {
  const def = figureOf(c.req.param('figure') ?? '');
  if (!def) throw new ApiFailure(DASHBOARD_MESSAGES.unknownFigure);
  const begin = (c.req.query('begin') ?? '').trim();
  const end = (c.req.query('end') ?? '').trim();
  const range: DateRange = begin || end ? { begin, end } : defaultRange(new Date());
  const problem = rangeProblem(range);
  if (problem) throw new ApiFailure(problem);
  const rawLocation = (c.req.query('locationId') ?? '').trim();
  if (rawLocation && !LOCATION_ID.test(rawLocation)) throw new ApiFailure(DASHBOARD_MESSAGES.badLocation);
  return { def, filter: { range, locationId: def.byVenue && rawLocation ? rawLocation : null } };
}

dashboardRoutes.get('/dashboard/analysis/:figure', requirePerm(PERMS.dashboard.analysis), async (c) => {
  const { def, filter } = readRequest(c);
  const rows = await computeFigure(c.var.services.db, def.key, filter);
  return c.json(ok({ figure: def.key, begin: filter.range.begin, end: filter.range.end, locationId: filter.locationId, rows }));
});

dashboardRoutes.get('/dashboard/analysis/:figure/exportXls', requirePerm(PERMS.dashboard.analysis), async (c) => {
  const { def, filter } = readRequest(c);
  const rows = await computeFigure(c.var.services.db, def.key, filter);
  async function* each(): AsyncGenerator<ExcelRow> {
    for (const r of rows) yield r;
  }
  const { begin, end } = filter.range;
  return xlsxResponse(
    `${def.title}_${begin}_${end}.xlsx`,
    { title: def.title, subtitle: `统计区间：${begin} 至 ${end}${filter.locationId ? '（已按场地筛选）' : ''}　导出人:${authOf(c).user.realname ?? ''}`, columns: def.columns.map((col) => ({ header: col.title, key: col.key })) },
    each(),
  );
});

