import { Hono } from 'hono';
import { PERMS } from '../../lib/permissions/codes';
import type { AddMenuBody, CgreportSaveBody } from '../../lib/online/wire';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { ApiFailure, NO_PERMISSION, ok } from '../core/errors';
import { idOrUndefined } from '../core/ids';
import { addReportMenu, deleteReport, REPORT_MISSING, saveReport } from './report-design';
import { loadDesignerReport, parseReportSql, reportItems, reportParams } from './report-run';
import { deleteDataSource, deleteDataSources, DS_NOT_FOUND, getDataSource, saveDataSource, testConnection, toDataSource, type DataSourceInput } from './datasources';
import { reportTables, searchReportTables } from './report-tables';
import { permCodesOf, requirePerm } from '../core/perm';
import { pageOf, readPage } from '../core/paging';

/**
 * Issue #25: the report designer (Online报表配置) at JeecgBoot's paths (OnlCgreportHeadController /
 * OnlCgreportAPI), and 多数据源管理 (`/sys/dataSource/*`, SysDataSourceController). Every route needs its
 * online:cgreport:* / system:datasource:* code; the work is server/online/report-*.ts and datasources.ts. The
 * reports themselves are served by server/online/report-routes.ts (getRpColumns, getData …).
 */
export const onlineReportRoutes = new Hono<AppEnv>();

async function jsonBody(c: Ctx): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiFailure('请求数据格式错误');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiFailure('请求数据格式错误');
  return body as Record<string, unknown>;
}

function idParam(raw: string | undefined): string {
  const id = idOrUndefined(raw);
  if (!id) throw new ApiFailure('参数错误');
  return id;
}

/** A save body's shape (the rules themselves are lib/online/report-rules.ts). */
function saveBody(raw: Record<string, unknown>): CgreportSaveBody {
  const head = raw.head;
  if (!head || typeof head !== 'object' || Array.isArray(head)) throw new ApiFailure('缺少报表信息');
  return { head: head as CgreportSaveBody['head'], items: Array.isArray(raw.items) ? raw.items : [], params: Array.isArray(raw.params) ? raw.params : [] };
}

/* ---------------- 报表配置 ---------------- */

onlineReportRoutes.get('/online/cgreport/head/queryById', requirePerm(PERMS.cgreport.list), async (c) => {
  const rep = await loadDesignerReport(c.var.services.db, { id: idParam(c.req.query('id')) });
  if (!rep) throw new ApiFailure(REPORT_MISSING);
  return c.json(ok(rep.head));
});

onlineReportRoutes.get('/online/cgreport/item/listByHeadId', requirePerm(PERMS.cgreport.list), async (c) => c.json(ok(await reportItems(c.var.services.db, idParam(c.req.query('headId'))))));

onlineReportRoutes.get('/online/cgreport/param/listByHeadId', requirePerm(PERMS.cgreport.list), async (c) => c.json(ok(await reportParams(c.var.services.db, idParam(c.req.query('headId'))))));

onlineReportRoutes.post('/online/cgreport/head/add', requirePerm(PERMS.cgreport.add), async (c) =>
  c.json(ok(await saveReport(c.var.services.db, saveBody(await jsonBody(c)), authOf(c).user, 'add'), '添加成功！')),
);

onlineReportRoutes.put('/online/cgreport/head/edit', requirePerm(PERMS.cgreport.edit), async (c) =>
  c.json(ok(await saveReport(c.var.services.db, saveBody(await jsonBody(c)), authOf(c).user, 'edit'), '编辑成功！')),
);

onlineReportRoutes.delete('/online/cgreport/head/delete', requirePerm(PERMS.cgreport.delete), async (c) => {
  await deleteReport(c.var.services, idParam(c.req.query('id')), authOf(c).user);
  return c.json(ok(null, '删除成功!'));
});

/** The designer's own tools (解析SQL, the table browser) are for those who may add or edit a report. */
async function requireDesigner(c: Ctx): Promise<void> {
  const perms = await permCodesOf(c, authOf(c).user.id);
  if (!perms.has(PERMS.cgreport.add) && !perms.has(PERMS.cgreport.edit)) throw new ApiFailure(NO_PERMISSION, 510);
}

/** 解析SQL: the designer's check and preview. */
onlineReportRoutes.post('/online/cgreport/head/parseSql', async (c) => {
  await requireDesigner(c);
  const body = await jsonBody(c);
  const sqlText = typeof body.sql === 'string' ? body.sql : '';
  const dbSource = typeof body.dbSource === 'string' && body.dbSource.trim() ? body.dbSource.trim() : null;
  const params: Record<string, string | undefined> = {};
  if (body.params && typeof body.params === 'object' && !Array.isArray(body.params)) {
    for (const [k, v] of Object.entries(body.params)) if (typeof v === 'string' || typeof v === 'number') params[k] = String(v);
  }
  return c.json(ok(await parseReportSql(c.var.services.db, c.var.services.config, { sql: sqlText, dbSource, params }), '解析成功'));
});

/**
 * The table and column browser beside the SQL editor (issue #39): the tables a report may read with their Chinese
 * names, searched by `keyword` (table or column, name or text), paged by table (`pageNo`, `pageSize`).
 */
onlineReportRoutes.get('/online/cgreport/head/tables', async (c) => {
  await requireDesigner(c);
  const keyword = (c.req.query('keyword') ?? '').slice(0, 64);
  const { pageNo, pageSize, offset } = readPage(c);
  const found = searchReportTables(await reportTables(c.var.services.db), keyword);
  return c.json(ok(pageOf(found.slice(offset, offset + pageSize), found.length, pageNo, pageSize)));
});

onlineReportRoutes.post('/online/cgreport/head/addMenu/:headId', requirePerm(PERMS.cgreport.menu), async (c) => {
  const body = (await jsonBody(c)) as Partial<AddMenuBody>;
  const row = await addReportMenu(c.var.services, authOf(c).user, idParam(c.req.param('headId')), body, PERMS.cgreport.menu);
  return c.json(ok(row, row.created ? '已添加到菜单' : '该报表已在菜单中'));
});

/* ---------------- 多数据源管理 ---------------- */

onlineReportRoutes.get('/sys/dataSource/queryById', requirePerm(PERMS.dataSource.list), async (c) => {
  const row = await getDataSource(c.var.services.db, { id: idParam(c.req.query('id')) });
  if (!row) throw new ApiFailure(DS_NOT_FOUND);
  return c.json(ok(toDataSource(row)));
});

onlineReportRoutes.post('/sys/dataSource/add', requirePerm(PERMS.dataSource.add), async (c) => {
  // An id in an add body is ignored: add always makes a new row.
  const input = { ...((await jsonBody(c)) as DataSourceInput), id: undefined };
  return c.json(ok(await saveDataSource(c.var.services.db, c.var.services.config, input, authOf(c).user.username), '添加成功！'));
});

onlineReportRoutes.put('/sys/dataSource/edit', requirePerm(PERMS.dataSource.edit), async (c) => {
  const input = (await jsonBody(c)) as DataSourceInput;
  const id = idParam(typeof input.id === 'string' ? input.id : undefined);
  return c.json(ok(await saveDataSource(c.var.services.db, c.var.services.config, { ...input, id }, authOf(c).user.username), '编辑成功！'));
});

onlineReportRoutes.delete('/sys/dataSource/delete', requirePerm(PERMS.dataSource.delete), async (c) => {
  await deleteDataSource(c.var.services.db, idParam(c.req.query('id')));
  return c.json(ok(null, '删除成功!'));
});

/** JeecgBoot's `?ids=a,b` (at most 100): all or none (a source a report uses stops the whole batch). */
onlineReportRoutes.delete('/sys/dataSource/deleteBatch', requirePerm(PERMS.dataSource.delete), async (c) => {
  const ids = [...new Set((c.req.query('ids') ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (!ids.length || ids.length > 100) throw new ApiFailure('参数错误');
  await deleteDataSources(c.var.services.db, ids.map((id) => idParam(id)));
  return c.json(ok(null, '批量删除成功！'));
});

/**
 * 测试连接 (JeecgBoot's path): success answers 连接成功; a failed connection answers success:false with one message
 * (the reason is logged), a refused address or a stored password for another server its own message (issue #38).
 */
onlineReportRoutes.post('/online/cgreport/api/testConnection', requirePerm(PERMS.dataSource.test), async (c) => {
  const input = (await jsonBody(c)) as DataSourceInput;
  const id = typeof input.id === 'string' && input.id ? idParam(input.id) : undefined;
  const r = await testConnection(c.var.services.db, c.var.services.config, { ...input, id });
  if (!r.ok) throw new ApiFailure(r.message);
  return c.json(ok(true, r.message));
});
