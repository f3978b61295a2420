import { Hono, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { sql } from 'kysely';
import { ACTION_VERBS, KNOWN_OPERATIONS, OPERATE_TYPE_OPTIONS, operateTypeOf } from '../../lib/logs/operate-type';
import { formatRequestParam } from '../../lib/logs/redact';
import { PERMS } from '../../lib/permissions/codes';
import { SLICE_PUT_PATH } from '../../lib/upload/slice-plan';
import type { ResourceDef } from '../../lib/resources/types';
import { dataLogResource } from '../../features/system/logs/data-log-resource';
import { operationLogResource } from '../../features/system/logs/operation-log-resource';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { ApiFailure, ok } from '../core/errors';
import { escapeLike } from '../db/like';
import { runCrud, type CrudHooks, type HookCtx } from '../resources/crud';
import { resourceByApi, resourcesByTable } from '../resources/registry';
import type { WhereFn } from '../resources/query';
import { seesFullPhones } from '../edu/student-privacy';
import { compareDataVersions, type DataLogRow, listDataVersions, loadDataVersions, maskDataContent, toDataLogRecord } from './data-log-read';
import { OPERATION_LOG_TYPE, startOperationLogPruning, writeOperationLog } from '../ops/operation-log';
import { permCodesOf, requirePerm } from '../core/perm';

/**
 * 操作日志 and 数据日志 (issue #24 items 7, 8): the middleware that logs every mutating call, and JeecgBoot's read
 * routes — `/sys/log/list?logType=2` (system:opLog:list; other log types fall through to the login log's route in
 * system-routes.ts, system:log:list), `/sys/log/exportXls` (system:opLog:exportXls), `/sys/dataLog/list`,
 * `/sys/dataLog/queryDataVerList`, `/sys/dataLog/queryCompareList` and our `/sys/dataLog/compare` (system:dataLog:list).
 * Mount before systemRoutes.
 */

// ---------------------------------------------------------------- the operation log middleware

const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
/** JeecgBoot's GETs that change data (its stock client calls them with GET): 定时任务 暂停/启动/执行, 通告 发布/撤销. */
export const MUTATING_GETS: readonly RegExp[] = [/^\/sys\/quartzJob\/(pause|resume|execute)$/, /^\/sys\/annountCement\/(doReleaseData|doReovkeData)$/];
/**
 * Not logged: slice uploads (a thousand PUTs per gigabyte of one upload; its init and finish are logged) and logout
 * (the login log has it, with the session it ended).
 */
const NOT_LOGGED: readonly RegExp[] = [SLICE_PUT_PATH, /^\/sys\/logout$/];
/** A body the handler did not read is read for the log only up to this size. */
const MAX_UNREAD_BODY = 256 * 1024;
const OPERATE_LABEL = new Map(OPERATE_TYPE_OPTIONS.map((o) => [Number(o.value), o.text]));

export const isLoggedCall = (method: string, path: string): boolean =>
  (MUTATING.has(method) || (method === 'GET' && MUTATING_GETS.some((re) => re.test(path)))) && !NOT_LOGGED.some((re) => re.test(path));

/** Hono keeps what a handler read of the body; reading it again here costs nothing then. */
const bodyRead = (c: Ctx, key: string) => key in (c.req as unknown as { bodyCache: Record<string, unknown> }).bodyCache;

/** The body as the handler saw it: JSON or a form; a multipart body (a file) is never read. */
async function loggedBody(c: Ctx): Promise<{ body?: unknown; multipart?: boolean }> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('multipart/')) return { multipart: true };
  const length = Number(c.req.header('content-length') ?? 0);
  try {
    if (type.includes('application/json')) {
      if (!bodyRead(c, 'json') && length > MAX_UNREAD_BODY) return { body: `[${length}字节，未记录]` };
      return { body: await c.req.json() };
    }
    if (type.includes('application/x-www-form-urlencoded')) return { body: await c.req.parseBody() };
  } catch {
    return { body: '[无法解析]' };
  }
  return {};
}

/** The envelope's success, code and message, when the answer is JSON. */
async function outcome(copy: Response | null, status: number): Promise<{ success: boolean; code: number; message: string | null }> {
  const fallback = { success: status < 400, code: status, message: null };
  if (!copy) return fallback;
  try {
    const e = (await copy.json()) as { success?: unknown; code?: unknown; message?: unknown };
    return {
      success: status < 400 && e.success !== false,
      code: typeof e.code === 'number' ? e.code : status,
      message: typeof e.message === 'string' ? e.message : null,
    };
  } catch {
    return fallback;
  }
}

/** `学员-编辑` for a resource action (JeecgBoot's @AutoLog text), a known label, or the operate type and path. */
function describe(c: Ctx, method: string, path: string): { content: string; handler: string } {
  const cut = path.lastIndexOf('/');
  const action = path.slice(cut + 1);
  const resource = cut > 0 && ACTION_VERBS[action] ? resourceByApi(path.slice(0, cut)) : undefined;
  // An explicit route names itself; the resource dispatchers' patterns (`:action{…}`, `:path{.+}`) do not.
  const route = routePath(c);
  const explicit = Boolean(route) && !route.includes('{') && route !== '*';
  return {
    content: KNOWN_OPERATIONS[path] ?? (resource ? `${resource.def.title}-${ACTION_VERBS[action]}` : `${OPERATE_LABEL.get(operateTypeOf(method, path)) ?? '操作'} ${path}`),
    handler: explicit ? `${method} ${route}` : resource ? `${resource.def.name}.${action}()` : `${method} ${path}`,
  };
}

/**
 * Logs every mutating call once its answer is known: who (the session's user, or the username a login names), the
 * client IP, handler, path, duration, result (success, the envelope's code and message) and the redacted parameters.
 * Runs after the auth middleware, so calls refused for want of a session are not logged. Never fails the call.
 */
export function operationLog(basePath = ''): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    const path = c.req.path.slice(basePath.length) || '/';
    if (!isLoggedCall(method, path)) return next();
    const started = performance.now();
    await next();
    const cost = Math.round(performance.now() - started);
    try {
      const res = c.res;
      const json = (res.headers.get('content-type') ?? '').includes('json');
      const [result, input] = await Promise.all([outcome(json ? res.clone() : null, res.status), loggedBody(c)]);
      const { services, ip } = c.var;
      const auth = c.var.auth;
      const named = input.body && typeof input.body === 'object' ? (input.body as Record<string, unknown>).username : undefined;
      const { content, handler } = describe(c, method, path);
      startOperationLogPruning(services.db, services.config.operationLogDays);
      await writeOperationLog(services.db, {
        log_type: OPERATION_LOG_TYPE,
        log_content: content.slice(0, 1000),
        operate_type: operateTypeOf(method, path),
        userid: auth?.user.id ?? null,
        username: (auth?.user.username ?? (typeof named === 'string' ? named : null))?.slice(0, 100) ?? null,
        ip,
        method: handler.slice(0, 300),
        request_url: path.slice(0, 500),
        request_type: method,
        request_param: formatRequestParam({ query: c.req.query(), ...input }),
        cost_time: cost,
        success: result.success ? 1 : 0,
        result_code: result.code,
        result_message: result.message?.slice(0, 500) ?? null,
        tenant_id: auth?.tenantId || null,
      });
    } catch (e) {
      console.error('[op-log] not logged: %s %s: %s', method, path, (e as Error).message);
    }
  };
}

// ---------------------------------------------------------------- reads

export const logExtraRoutes = new Hono<AppEnv>();

const like = (s: string) => `%${escapeLike(s)}%`;

/**
 * A caller working in a tenant sees that tenant's rows and those of no tenant (sign-ins and other calls made before a
 * session existed); tenant 0 (only outside the embedded backend's auth) sees all.
 */
const inTenant = (ctx: HookCtx): WhereFn | null =>
  ctx.auth.tenantId ? (eb) => eb.or([eb(sql.ref('tenant_id'), '=', ctx.auth.tenantId), eb(sql.ref('tenant_id'), 'is', null)]) : null;

const opLogHooks: CrudHooks = {
  // log_type 2 only; JeecgBoot's keyWord searches the content (and, ours, the path).
  extraWhere: (ctx) => {
    const keyWord = (ctx.c.req.query('keyWord') ?? '').trim().slice(0, 100);
    const tenant = inTenant(ctx);
    return (eb) =>
      eb.and([
        eb(sql.ref('log_type'), '=', OPERATION_LOG_TYPE),
        ...(keyWord ? [eb.or([eb(sql.ref('log_content'), 'ilike', like(keyWord)), eb(sql.ref('request_url'), 'ilike', like(keyWord))])] : []),
        ...(tenant ? [tenant(eb)] : []),
      ]);
  },
};

logExtraRoutes.get('/sys/log/list', async (c, next) => {
  if (c.req.query('logType')?.trim() !== String(OPERATION_LOG_TYPE)) return next();
  return runCrud(c, operationLogResource, opLogHooks, 'list');
});

logExtraRoutes.get('/sys/log/exportXls', (c) => runCrud(c, operationLogResource, opLogHooks, 'exportXls'));

/** The resource whose labels describe a logged table: the registered one with `dataLog` (else any of that table). */
export function dataLogDefOf(table: string): ResourceDef | undefined {
  const found = resourcesByTable(table).filter((r) => r.def.table === table);
  return (found.find((r) => r.def.dataLog) ?? found[0])?.def;
}

const seesPhones = async (c: Ctx) => (await permCodesOf(c, authOf(c).user.id)).has(PERMS.student.phone);

const dataLogHooks: CrudHooks = {
  extraWhere: (ctx) => inTenant(ctx) ?? undefined,
  afterLoad: async (records, ctx) => {
    const full = await seesFullPhones(ctx);
    for (const r of records) if (typeof r.dataContent === 'string') r.dataContent = maskDataContent(String(r.dataTable), r.dataContent, full);
  },
};

logExtraRoutes.get('/sys/dataLog/list', (c) => runCrud(c, dataLogResource, dataLogHooks, 'list'));

const param = (c: Ctx, name: string) => (c.req.query(name) ?? '').trim().slice(0, 64);

/** JeecgBoot's versions of one record, newest first; 未找到版本信息 when there are none. */
logExtraRoutes.get('/sys/dataLog/queryDataVerList', requirePerm(PERMS.dataLog.list), async (c) => {
  const table = param(c, 'dataTable');
  const dataId = param(c, 'dataId');
  const rows = table && dataId ? await listDataVersions(c.var.services.db, table, dataId, authOf(c).tenantId) : [];
  if (!rows.length) throw new ApiFailure('未找到版本信息');
  const full = await seesPhones(c);
  const def = dataLogDefOf(table);
  return c.json(ok(rows.map((r) => toDataLogRecord(r, def, full))));
});

async function twoVersions(c: Ctx): Promise<{ error: string } | { rows: DataLogRow[] }> {
  const ids = [param(c, 'dataId1'), param(c, 'dataId2')];
  if (ids.some((id) => !id) || ids[0] === ids[1]) return { error: '请选择两个版本' };
  const rows = await loadDataVersions(c.var.services.db, ids, authOf(c).tenantId);
  if (rows.length !== 2) return { error: '未找到版本信息' };
  if (rows[0].data_table !== rows[1].data_table || rows[0].data_id !== rows[1].data_id) return { error: '只能比较同一条数据的两个版本' };
  return { rows };
}

/** JeecgBoot's two versions by id (older first), as SysDataLog records. */
logExtraRoutes.get('/sys/dataLog/queryCompareList', requirePerm(PERMS.dataLog.list), async (c) => {
  const r = await twoVersions(c);
  if ('error' in r) throw new ApiFailure(r.error);
  const full = await seesPhones(c);
  const def = dataLogDefOf(r.rows[0].data_table);
  return c.json(ok(r.rows.map((row) => toDataLogRecord(row, def, full))));
});

/** Ours: the two versions field by field, labelled by the resource definition, dictionary values as texts. */
logExtraRoutes.get('/sys/dataLog/compare', requirePerm(PERMS.dataLog.list), async (c) => {
  const r = await twoVersions(c);
  if ('error' in r) throw new ApiFailure(r.error);
  const [older, newer] = r.rows;
  return c.json(ok(await compareDataVersions(c.var.services.db, dataLogDefOf(older.data_table), older, newer, await seesPhones(c))));
});
