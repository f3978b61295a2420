import { Hono } from 'hono';
import { POSITION_MESSAGES, POSITION_READ_PERMS, positionResource } from '../../features/system/position/position-resource';
import { positionHolderCounts, positionHooks } from './catalog-position';
import { runCrud } from '../resources/crud';
import { getResource } from '../resources/registry';
import { dataRuleWhere } from '../resources/data-rules';
import { parseListQuery, type Row } from '../resources/query';
import { addDictTexts, loadDictTexts, selectPage, toRecord } from '../resources/select';
import { formatDateTime } from '../core/format';
import { ApiFailure, NO_PERMISSION, ok } from '../core/errors';
import { pageOf, readPage } from '../core/paging';
import { permCodesOf, requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { PERMS } from '../../lib/permissions/codes';
import { tenantRoutes } from './tenant-routes';
import { memberTenantIds } from '../db/tenant-scope';

/**
 * The read endpoints of 租户 and 职务 that JeecgBoot's stock client calls from its user form (issue 20 A.7):
 * `/sys/tenant/queryList` and `/sys/position/list`, in JeecgBoot's shapes. Their screens come with issue 24.
 * JeecgBoot leaves both open to any signed-in user; here the caller needs a code that uses them (or, for
 * queryList, asks only about tenants of their own).
 */
export const tenantPositionRoutes = new Hono<AppEnv>();
// 租户管理's writes and queryById (issue #24 item 3), ahead of the resource dispatcher like every explicit route.
tenantPositionRoutes.route('/', tenantRoutes);

/** Tenants are read by 用户管理 (the 所属租户 choice) and by a future 租户管理. */
export const TENANT_READ_PERMS = [PERMS.tenant.list, PERMS.user.list, PERMS.user.add, PERMS.user.edit] as const;
const MAX_IDS = 500;

async function holdsAny(c: Ctx, codes: readonly string[]): Promise<boolean> {
  const held = await permCodesOf(c, authOf(c).user.id);
  return codes.some((code) => held.has(code));
}

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
tenantPositionRoutes.get('/sys/tenant/queryList', async (c) => {
  const raw = (c.req.query('ids') ?? '').trim();
  // Anyone may ask about their own tenants (the header's tenant switch checks the one it moves to is still active).
  const own = new Set(memberTenantIds(authOf(c).user.rel_tenant_ids));
  const onlyOwn = raw !== '' && raw.split(',').every((s) => own.has(s.trim()));
  if (!onlyOwn && !(await holdsAny(c, TENANT_READ_PERMS))) throw new ApiFailure(NO_PERMISSION, 510);
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

/**
 * `GET /sys/position/list` (SysPositionController.list): a page of positions in the query grammar of contract
 * §7 (the picker's `code=a,b,` is an IN list), default newest first, each record with `postRank_dictText`.
 */
tenantPositionRoutes.get('/sys/position/list', async (c) => {
  if (!(await holdsAny(c, POSITION_READ_PERMS))) throw new ApiFailure(NO_PERMISSION, 510);
  const { db } = c.var.services;
  const def = positionResource;
  const { pageNo, pageSize, offset } = readPage(c);
  const query = parseListQuery(def, c.req.query());
  // Data rules attach to the menu whose list button is `system:position:list` (none until the 职务 screen exists).
  const rules = await dataRuleWhere(db, authOf(c), def);
  const { rows, total } = await selectPage(db, def, query, { offset, limit: pageSize }, { extraWhere: rules });
  const records: Row[] = rows.map((r) => toRecord(def, r));
  const texts = await loadDictTexts(db, def, records);
  for (const r of records) addDictTexts(def, r, texts);
  return c.json(ok(pageOf(records, total, pageNo, pageSize)));
});

/**
 * `DELETE /sys/position/delete?id=` and `deleteBatch?ids=` (issue #24): refused while live users hold the
 * position (该职务还有N个用户在用，不能删除), then the resource engine's own delete.
 */
for (const action of ['delete', 'deleteBatch'] as const) {
  tenantPositionRoutes.delete(`${positionResource.api}/${action}`, requirePerm(PERMS.position[action]), async (c) => {
    const raw = c.req.query(action === 'delete' ? 'id' : 'ids') ?? '';
    const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter((s) => s && s.length <= 64))].slice(0, 1000);
    let held = 0;
    for (const n of (await positionHolderCounts(c.var.services.db, ids)).values()) held += n;
    if (held > 0) throw new ApiFailure(POSITION_MESSAGES.inUse(held));
    return runCrud(c, positionResource, getResource(positionResource.name)?.hooks ?? positionHooks, action);
  });
}
