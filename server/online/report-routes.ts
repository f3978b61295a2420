import { Hono } from 'hono';
import { getReport } from './reports/registry';
import { REPORT_NOT_FOUND, reportColumns, reportData, reportQueryInfo, type ReportExecutor } from './reports/run';
import type { AnyReportDef } from './reports/types';
import type { CgreportChart, CgreportParam } from '../../lib/online/wire';
import { limitPage, loadDesignerReport, prepareDesignerReport, type DesignerReport } from './report-run';
import { REPORT_CODE_RE, REPORT_ROW_LIMIT } from '../../lib/online/report-rules';
import { onlineReportCodes, PERMS } from '../../lib/permissions/codes';
import { xlsxResponse, type ExcelRow } from '../excel/write';
import { ApiFailure, NO_PERMISSION, ok } from '../core/errors';
import { idOrUndefined } from '../core/ids';
import { permCodesOf } from '../core/perm';
import { readPage } from '../core/paging';
import { authOf, type AppEnv, type Ctx } from '../core/context';

/**
 * Online reports (contract §10; spec 02's report popup). Two kinds behind one set of paths: reports defined in code
 * (server/online/reports/, any signed-in user unless they name a permission code; they win on a code clash) and reports made
 * in 报表配置 (issue #25, onl_cgreport_*; readable by holders of `online:report:<code>:list` or of the designer's
 * `online:cgreport:list`, run by server/online/report-run.ts under its guards). The path names a report code, never
 * SQL; `self_<param>` query values bind a designer report's `${param}`s. getQueryInfo and getData take the code too
 * (getRpColumns answers it as cgRpConfigId); a designer report's head id works too, as JeecgBoot's stock pages send it.
 */
export const reportRoutes = new Hono<AppEnv>();

const PREFIX = '/online/cgreport/api';
const EXPORT_BATCH = 500;

interface Resolved {
  def: AnyReportDef;
  exec?: ReportExecutor;
  designer?: DesignerReport;
}

/** The named report, if it exists and the caller may read (or export) it; otherwise its refusal is thrown. */
async function resolve(c: Ctx, action: 'list' | 'exportXls' = 'list'): Promise<Resolved> {
  const code = (c.req.param('code') ?? '').trim();
  const perms = () => permCodesOf(c, authOf(c).user.id);
  const def = getReport(code);
  if (def) {
    if (def.perm && !(await perms()).has(def.perm)) throw new ApiFailure(NO_PERMISSION, 510);
    return { def };
  }
  const { db, config } = c.var.services;
  // By code (our screens, getRpColumns' cgRpConfigId), else by head id (JeecgBoot's stock pages name reports so).
  const byCode = REPORT_CODE_RE.test(code) ? await loadDesignerReport(db, { code }) : undefined;
  const id = byCode ? undefined : idOrUndefined(code);
  const rep = byCode ?? (id ? await loadDesignerReport(db, { id }) : undefined);
  if (!rep) throw new ApiFailure(REPORT_NOT_FOUND);
  const held = await perms();
  // The report's own code names its permission, whichever way the path named it.
  if (!held.has(onlineReportCodes(rep.head.code)[action]) && !held.has(PERMS.cgreport.list)) throw new ApiFailure(NO_PERMISSION, 510);
  const prepared = await prepareDesignerReport(db, config, rep, c.req.query());
  return { ...prepared, designer: rep };
}

/** The chart chosen in the designer, for the report screen; null without one. */
function chartOf(rep: DesignerReport | undefined): CgreportChart | null {
  const h = rep?.head;
  if (!h || h.chartType === 'none' || !h.chartX) return null;
  return { type: h.chartType, x: h.chartX, y: (h.chartY ?? '').split(',').map((s) => s.trim()).filter(Boolean) };
}

const columnsOf = async (c: Ctx, r: Resolved) => ({ ...(await reportColumns(c.var.services.db, r.def)), chart: chartOf(r.designer) });

const dataOf = (c: Ctx, r: Resolved) => {
  const { offset, pageSize } = readPage(c);
  return reportData(c.var.services.db, r.def, c.req.query(), limitPage({ offset, limit: pageSize }), r.exec);
};

reportRoutes.get(`${PREFIX}/getRpColumns/:code`, async (c) => {
  const r = await resolve(c);
  return c.json(ok(await columnsOf(c, r)));
});

reportRoutes.get(`${PREFIX}/getQueryInfo/:code`, async (c) => {
  const r = await resolve(c);
  return c.json(ok(reportQueryInfo(r.def)));
});

/** The designer report's `${param}`s with their defaults (code-defined reports have none). */
reportRoutes.get(`${PREFIX}/getParamsInfo/:code`, async (c) => {
  const r = await resolve(c);
  // dictCode / paramType (issue #39, only when set): the query form's pick list or date picker for the param.
  const extras = (p: CgreportParam) => ({ ...(p.dictCode ? { dictCode: p.dictCode } : {}), ...(p.paramType ? { paramType: p.paramType } : {}) });
  return c.json(ok((r.designer?.params ?? []).map((p) => ({ paramName: p.paramName, paramTxt: p.paramTxt, paramValue: p.paramValue, orderNum: p.orderNum, ...extras(p) }))));
});

reportRoutes.get(`${PREFIX}/getData/:code`, async (c) => {
  const r = await resolve(c);
  return c.json(ok(await dataOf(c, r)));
});

/** JeecgBoot's names for the report's title and check-box switch, read by its stock report pages. */
const stockHead = (r: Resolved) => ({ cgreportHeadName: r.def.title, isCheckbox: 'N' });

/** The stock OnlCgreportAutoList's columns call (deprecated in JeecgBoot, still used by its page). */
reportRoutes.get(`${PREFIX}/getColumns/:code`, async (c) => {
  const r = await resolve(c);
  return c.json(ok({ ...(await columnsOf(c, r)), ...stockHead(r) }));
});

reportRoutes.get(`${PREFIX}/getColumnsAndData/:code`, async (c) => {
  const r = await resolve(c);
  const [columns, data] = await Promise.all([columnsOf(c, r), dataOf(c, r)]);
  return c.json(ok({ ...columns, ...stockHead(r), data }));
});

/** The report's rows with the same filters, sort and params as getData, up to the row limit; dictionary columns as text. */
reportRoutes.get(`${PREFIX}/exportXls/:code`, async (c) => {
  const r = await resolve(c, 'exportXls');
  const { db } = c.var.services;
  const query = c.req.query();
  const { def, exec } = r;
  if (!def.columns.length) throw new ApiFailure('报表没有可导出的列');
  // The first page runs before the response starts, so a refused or timed-out report answers its message, not a broken file.
  const first = await reportData(db, def, query, limitPage({ offset: 0, limit: EXPORT_BATCH }), exec);
  const toRow = (rec: Record<string, unknown>): ExcelRow =>
    Object.fromEntries(
      def.columns.map((col) => {
        const v = col.dictCode ? (rec[`${col.field}_dictText`] ?? rec[col.field]) : rec[col.field];
        return [col.field, v === null || v === undefined ? null : typeof v === 'number' ? v : String(v)];
      }),
    );
  async function* rows(): AsyncGenerator<ExcelRow> {
    let page = first.records;
    for (let offset = 0; ; ) {
      for (const rec of page) yield toRow(rec);
      offset += EXPORT_BATCH;
      if (page.length < EXPORT_BATCH || offset >= REPORT_ROW_LIMIT) return;
      page = (await reportData(db, def, query, limitPage({ offset, limit: EXPORT_BATCH }), exec)).records;
    }
  }
  const columns = def.columns.map((col) => ({ header: col.title, key: col.field, ...(col.width ? { width: Math.max(8, Math.round(col.width / 7)) } : {}) }));
  return xlsxResponse(`${def.title}.xlsx`, { title: def.title, subtitle: `导出人:${authOf(c).user.realname}`, columns }, rows());
});
