import { Hono } from 'hono';
import { z } from 'zod';
import { toSchema } from '../../lib/resources/to-schema';
import { TENANT_MESSAGES, tenantDateProblem, tenantResource } from '../../features/system/tenant/tenant-resource';
import { PERMS } from '../../lib/permissions/codes';
import { tenantDeleteProblem, tenantIdOf } from './catalog-tenant';
import { audit, toColumns } from '../resources/columns';
import { addDictTexts, loadDictTexts, selectOne, toRecord } from '../resources/select';
import type { Row } from '../resources/query';
import { formatDateTime } from '../core/format';
import { DEFAULT_TENANT_ID, memberTenantIds } from '../db/tenant-scope';
import type { Database } from '../db';
import { ApiFailure, NO_PERMISSION, ok } from '../core/errors';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { holdsAnyCode, requirePerm } from '../core/perm';
import { parse, readBody } from '../core/validate';

/**
 * 租户管理's writes (issue #24 item 3), in JeecgBoot's SysTenantController wire: the administrator enters the 租户编号
 * (sys_tenant.id, an integer) on add and it never changes, which the resource engine (string keys of its own) cannot
 * say; list comes from the engine (a plain definition of the system area, server/areas.ts). Mounted from server/areas.ts,
 * ahead of the resource dispatcher. Also `/sys/tenant/queryList`, which the stock client's user form calls (issue 20 A.7). sys_tenant is not a business table: the tenant scope does not apply to it.
 */
export const tenantRoutes = new Hono<AppEnv>();

const def = tenantResource;
const API = def.api;
const MAX_BATCH = 1000;
const RAW_BODY = z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { error: '请求数据格式错误' });

/** A tenant as the list answers it (the engine's record: field names, GMT+8 dates, the key as a string, `status_dictText`). */
async function loadTenant(db: Database, id: number): Promise<Row | null> {
  const row = await selectOne(db, def, String(id));
  if (!row) return null;
  const record = toRecord(def, row);
  addDictTexts(def, record, await loadDictTexts(db, def, [record]));
  return record;
}

const isUniqueViolation = (e: unknown) => (e as { code?: unknown }).code === '23505';

/** `GET /sys/tenant/queryById?id=` → the tenant, or 未找到对应实体. */
tenantRoutes.get(`${API}/queryById`, requirePerm(PERMS.tenant.list), async (c) => {
  const id = tenantIdOf(c.req.query('id'));
  const record = id === null ? null : await loadTenant(c.var.services.db, id);
  if (!record) throw new ApiFailure(TENANT_MESSAGES.notFound);
  return c.json(ok(record));
});

/** `POST /sys/tenant/add` {id, name, beginDate, endDate, status}: the 租户编号 is the administrator's and must be new. */
tenantRoutes.post(`${API}/add`, requirePerm(PERMS.tenant.add), async (c) => {
  const { db } = c.var.services;
  const raw = await readBody(c, RAW_BODY);
  if (raw.id === undefined || raw.id === null || String(raw.id).trim() === '') throw new ApiFailure('请输入租户编号!');
  const id = tenantIdOf(raw.id);
  if (id === null) throw new ApiFailure(TENANT_MESSAGES.idInvalid);
  const body = parse(toSchema(def, 'add'), raw);
  const problem = tenantDateProblem(body.beginDate, body.endDate);
  if (problem) throw new ApiFailure(problem);
  if (await db.selectFrom('sys_tenant').select('id').where('id', '=', id).executeTakeFirst()) throw new ApiFailure(TENANT_MESSAGES.idExists);
  const row = toColumns(def, body);
  row.id = id;
  audit(def, row, 'createBy', authOf(c).user.username);
  audit(def, row, 'createTime', new Date());
  try {
    // Row built from the definition's columns only (toColumns); the table's Kysely type does not list them statically.
    await db.insertInto('sys_tenant').values(row as never).execute();
  } catch (e) {
    // Two admins adding the same number at once: the primary key decides, with the same answer.
    if (isUniqueViolation(e)) throw new ApiFailure(TENANT_MESSAGES.idExists);
    throw e;
  }
  return c.json(ok(await loadTenant(db, id), TENANT_MESSAGES.added));
});

/** `PUT|POST /sys/tenant/edit` {id, …}: the number stays; the default tenant cannot be frozen. */
async function edit(c: Ctx) {
  const { db } = c.var.services;
  const body = parse(toSchema(def, 'edit'), await readBody(c, RAW_BODY));
  const id = tenantIdOf(body.id);
  const existing = id === null ? undefined : await db.selectFrom('sys_tenant').selectAll().where('id', '=', id).executeTakeFirst();
  if (id === null || !existing) throw new ApiFailure(TENANT_MESSAGES.notFound);
  if (id === DEFAULT_TENANT_ID && body.status !== undefined && body.status !== null && Number(body.status) !== 1) throw new ApiFailure(TENANT_MESSAGES.defaultNotFrozen);
  // A partial edit is checked against the stored other bound.
  const begin = body.beginDate !== undefined ? body.beginDate : formatDateTime(existing.begin_date);
  const end = body.endDate !== undefined ? body.endDate : formatDateTime(existing.end_date);
  const problem = tenantDateProblem(begin, end);
  if (problem) throw new ApiFailure(problem);
  const row = toColumns(def, body);
  // Row built from the definition's columns only (toColumns), the key excluded.
  if (Object.keys(row).length) await db.updateTable('sys_tenant').set(row as never).where('id', '=', id).execute();
  return c.json(ok(await loadTenant(db, id), TENANT_MESSAGES.edited));
}
tenantRoutes.put(`${API}/edit`, requirePerm(PERMS.tenant.edit), edit);
tenantRoutes.post(`${API}/edit`, requirePerm(PERMS.tenant.edit), edit);

/**
 * Deletes tenants, all or none (one transaction): each must exist and be free of users and business rows
 * (catalog-tenant.ts `tenantDeleteProblem`); a refusal in a batch names its tenant.
 */
async function removeTenants(db: Database, ids: number[], batch: boolean): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const found = await tx.selectFrom('sys_tenant').select(['id', 'name']).where('id', 'in', ids).orderBy('id').execute();
    if (!batch && !found.length) throw new ApiFailure(TENANT_MESSAGES.notFound);
    for (const t of found) {
      const problem = await tenantDeleteProblem(tx, t.id);
      if (problem) throw new ApiFailure(batch ? TENANT_MESSAGES.inBatch(t.name, problem) : problem);
    }
    if (found.length) await tx.deleteFrom('sys_tenant').where('id', 'in', found.map((t) => t.id)).execute();
  });
}

/** `DELETE|POST /sys/tenant/delete?id=`. */
async function removeOne(c: Ctx) {
  const id = tenantIdOf(c.req.query('id'));
  if (id === null) throw new ApiFailure(TENANT_MESSAGES.notFound);
  await removeTenants(c.var.services.db, [id], false);
  return c.json(ok(null, TENANT_MESSAGES.deleted));
}
tenantRoutes.delete(`${API}/delete`, requirePerm(PERMS.tenant.delete), removeOne);
tenantRoutes.post(`${API}/delete`, requirePerm(PERMS.tenant.delete), removeOne);

/** `DELETE /sys/tenant/deleteBatch?ids=1,2`. */
tenantRoutes.delete(`${API}/deleteBatch`, requirePerm(PERMS.tenant.deleteBatch), async (c) => {
  const parts = [...new Set((c.req.query('ids') ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (!parts.length) throw new ApiFailure('请选择一条记录！');
  if (parts.length > MAX_BATCH) throw new ApiFailure(`一次最多删除${MAX_BATCH}条记录`);
  // Ids no tenant can have match nothing, as the engine's batch delete ignores unknown ids.
  const ids = parts.map(tenantIdOf).filter((n): n is number => n !== null);
  if (ids.length) await removeTenants(c.var.services.db, ids, true);
  return c.json(ok(null, TENANT_MESSAGES.deleted));
});

/** Tenants are read by 用户管理 (the 所属租户 choice) and by a future 租户管理. */
export const TENANT_READ_PERMS = [PERMS.tenant.list, PERMS.user.list, PERMS.user.add, PERMS.user.edit] as const;
const MAX_IDS = 500;

/** SysTenant as JeecgBoot serialises it (`id` an Integer, dates GMT+8). */
const toTenant = (t: { id: number; name: string; status: number; create_by: string | null; create_time: Date; begin_date: Date | null; end_date: Date | null }) => ({
  id: t.id,
  name: t.name,
  createBy: t.create_by,
  createTime: formatDateTime(t.create_time),
  beginDate: formatDateTime(t.begin_date),
  endDate: formatDateTime(t.end_date),
  status: t.status,
});

/**
 * `GET /sys/tenant/queryList[?ids=1,2]` → the active tenants (status 1), optionally only those ids, as a bare
 * list (SysTenantController.queryList). Ids that are not integers match nothing, as no tenant has them.
 */
tenantRoutes.get('/sys/tenant/queryList', async (c) => {
  const raw = (c.req.query('ids') ?? '').trim();
  // Anyone may ask about their own tenants (the header's tenant switch checks the one it moves to is still active).
  const own = new Set(memberTenantIds(authOf(c).user.rel_tenant_ids));
  const onlyOwn = raw !== '' && raw.split(',').every((s) => own.has(s.trim()));
  if (!onlyOwn && !(await holdsAnyCode(c, TENANT_READ_PERMS))) throw new ApiFailure(NO_PERMISSION, 510);
  let query = c.var.services.db
    .selectFrom('sys_tenant')
    .select(['id', 'name', 'status', 'create_by', 'create_time', 'begin_date', 'end_date'])
    .where('status', '=', 1);
  if (raw) {
    const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter((s) => /^-?\d{1,9}$/.test(s)).map(Number))].slice(0, MAX_IDS);
    if (!ids.length) return c.json(ok([]));
    query = query.where('id', 'in', ids);
  }
  const rows = await query.orderBy('id').execute();
  return c.json(ok(rows.map(toTenant)));
});
