import { Hono } from 'hono';
import { getReport } from '../reports/registry';
import { REPORT_NOT_FOUND, reportColumns, reportData, reportQueryInfo } from '../reports/run';
import type { AnyReportDef } from '../reports/types';
import { loadUserPermCodes } from '../services/users';
import { fail, NO_PERMISSION, ok } from '../core/errors';
import { readPage } from './paging';
import { authOf, type AppEnv, type Ctx } from '../core/context';

/**
 * Online reports (contract §10; spec 02's report popup). Reports exist only in server/reports/: the
 * path names a report code, never SQL. Any signed-in user may read a report unless it names a
 * permission code. getQueryInfo and getData take the code too (getRpColumns answers it as cgRpConfigId).
 */
export const reportRoutes = new Hono<AppEnv>();

const PREFIX = '/online/cgreport/api';

/** The named report, if it exists and the caller may read it; otherwise the answer to send. */
async function resolve(c: Ctx): Promise<{ def: AnyReportDef } | { denied: Response }> {
  const def = getReport(c.req.param('code'));
  if (!def) return { denied: c.json(fail(REPORT_NOT_FOUND)) };
  if (def.perm) {
    const codes = await loadUserPermCodes(c.var.services.db, authOf(c).user.id);
    if (!codes.has(def.perm)) return { denied: c.json(fail(NO_PERMISSION, 510)) };
  }
  return { def };
}

reportRoutes.get(`${PREFIX}/getRpColumns/:code`, async (c) => {
  const r = await resolve(c);
  if ('denied' in r) return r.denied;
  return c.json(ok(await reportColumns(c.var.services.db, r.def)));
});

reportRoutes.get(`${PREFIX}/getQueryInfo/:code`, async (c) => {
  const r = await resolve(c);
  if ('denied' in r) return r.denied;
  return c.json(ok(reportQueryInfo(r.def)));
});

reportRoutes.get(`${PREFIX}/getData/:code`, async (c) => {
  const r = await resolve(c);
  if ('denied' in r) return r.denied;
  const { offset, pageSize } = readPage(c);
  return c.json(ok(await reportData(c.var.services.db, r.def, c.req.query(), { offset, limit: pageSize })));
});
