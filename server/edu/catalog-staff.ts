import { sql } from 'kysely';
import { maskPhone } from '../../lib/account/mask-phone';
import { handoverResource } from '../../features/edu/handover/handover-resource';
import { staffResource } from '../../features/edu/staff/staff-resource';
import { countsText, parseCounts, parseScopes } from '../../lib/edu/handover-rules';
import { PERMS } from '../../lib/permissions/codes';
import { permCodesOf } from '../core/perm';
import { loadDepartLinks } from '../auth/users';
import { fillNames } from './catalog-teaching-shared';
import type { CrudHooks } from '../resources/crud';
import { filtersOnPhone } from './student-privacy';
import { registerResource } from '../resources/registry';

/**
 * 员工管理 and 工作交接's lists (issue #23 items 6, 8) on the resource engine: paging, sort, search, 高级查询 and
 * export as every list. Staff rows are sys_user rows; the writes are hand-written (server/edu/staff-handover-routes.ts).
 */

const staffHooks: CrudHooks = {
  async afterLoad(records, ctx) {
    const ids = records.map((r) => String(r.id));
    if (!ids.length) return;
    const departs = await loadDepartLinks(ctx.db, ids);
    for (const r of records) r.selecteddeparts = departs.get(String(r.id))?.ids.join(',') ?? '';
    await fillNames(ctx.db, records, 'campusId', 'tbl_location');
    // The phone mask of 学员 (lib/account/mask-phone.ts), decided here so no client can ask for more; whoever
    // reads phone numbers in 用户管理 anyway (system:user:list) reads staff phone numbers in full.
    if (!(await permCodesOf(ctx.c, ctx.auth.user.id)).has(PERMS.user.list)) for (const r of records) if (typeof r.phone === 'string') r.phone = maskPhone(r.phone);
  },
  extraWhere(ctx) {
    if (ctx.action !== 'list' && ctx.action !== 'exportXls') return undefined;
    const params = ctx.c.req.query();
    // A masked caller filtering on the phone would learn the digits one query at a time: it matches nothing.
    if (filtersOnPhone(params) && !ctx.c.get('permCodes')?.has(PERMS.user.list)) return (eb) => eb.lit(false);
    // `departId`: the members of a department (as /sys/user/list?departId=).
    const departId = (params.departId ?? '').trim().slice(0, 32);
    if (!departId) return undefined;
    return (eb) => eb(sql.ref('id'), 'in', eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', departId));
  },
};

const handoverHooks: CrudHooks = {
  afterLoad(records) {
    for (const r of records) {
      const scopes = parseScopes(r.scopes) ?? [];
      const counts = parseCounts(typeof r.counts === 'string' ? r.counts : null);
      r.counts = counts;
      r.countsText = countsText(counts, scopes) || '无';
    }
  },
};

export function registerStaffResources(): void {
  registerResource(staffResource, staffHooks);
  registerResource(handoverResource, handoverHooks);
}
