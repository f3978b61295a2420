import { sql } from 'kysely';
import { ADMIN_USERNAME } from '../../lib/system/user-perms';
import { userResource } from '../../features/system/users/user-resource';
import { hashPassword, NO_PASSWORD, passwordProblem } from '../auth/password';
import type { Database } from '../db';
import { escapeLike } from '../db/like';
import { ApiFailure } from '../core/errors';
import { linkId } from '../core/ids';
import { pushToUsers, PERMISSION_CHANGED } from '../realtime/notify';
import { loadDepartLinks } from '../auth/users';
import type { CrudHooks } from '../resources/crud';
import { normalizePost } from './catalog-position';
import { normalizeRelTenantIds } from './catalog-tenant';
import { registerResource } from '../resources/registry';

/**
 * 用户管理's hooks. Each area's definitions are data from
 * features/<screen>/; what is special about an entity lives in its hooks here.
 */

/**
 * A comma list of ids from a body value: undefined when the key was absent (an edit leaves those links
 * alone), [] when sent empty (JeecgBoot: the stock client sends '' for "none", which clears).
 */
const splitIds = (v: unknown): string[] | undefined =>
  v === undefined ? undefined : [...new Set(String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean))];

/**
 * Every id must name an existing row, or the whole save is refused (no half-linked user). A deleted
 * department (soft delete) cannot take new members; 负责部门 only needs the row to exist, so a stored one
 * whose department was deleted later does not block every edit of the user.
 */
async function assertExisting(db: Database, table: 'sys_role' | 'sys_depart', ids: string[], label: string, liveOnly = true) {
  if (!ids.length) return;
  let found: { id: string }[];
  if (table === 'sys_role') found = await db.selectFrom('sys_role').select('id').where('id', 'in', ids).execute();
  else {
    let q = db.selectFrom('sys_depart').select('id').where('id', 'in', ids);
    if (liveOnly) q = q.where('del_flag', '=', '0');
    found = await q.execute();
  }
  if (found.length !== ids.length) throw new ApiFailure(`${label}不存在，请刷新后重试`);
}

/** The user's links to replace with `wanted`: only the difference is written. */
async function replaceLinks(db: Database, table: 'sys_user_role' | 'sys_user_depart', userId: string, wanted: string[]): Promise<boolean> {
  const current =
    table === 'sys_user_role'
      ? (await db.selectFrom('sys_user_role').select('role_id as ref').where('user_id', '=', userId).execute()).map((r) => r.ref)
      : (await db.selectFrom('sys_user_depart').select('dep_id as ref').where('user_id', '=', userId).execute()).map((r) => r.ref);
  const gone = current.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !current.includes(id));
  if (table === 'sys_user_role') {
    if (gone.length) await db.deleteFrom('sys_user_role').where('user_id', '=', userId).where('role_id', 'in', gone).execute();
    if (added.length) await db.insertInto('sys_user_role').values(added.map((r) => ({ id: linkId(userId, r), user_id: userId, role_id: r }))).execute();
  } else {
    if (gone.length) await db.deleteFrom('sys_user_depart').where('user_id', '=', userId).where('dep_id', 'in', gone).execute();
    if (added.length) await db.insertInto('sys_user_depart').values(added.map((d) => ({ id: linkId(userId, d), user_id: userId, dep_id: d }))).execute();
  }
  return gone.length > 0 || added.length > 0;
}

/** Saves whose roles really changed (afterSave marks them, afterCommit pushes): an edit re-sending the same roles pushes nothing. */
const rolesChanged = new WeakSet<object>();

/**
 * 用户管理 speaks JeecgBoot's parameters (SysUserController add / edit): `selectedroles` → sys_user_role,
 * `selecteddeparts` → sys_user_depart (membership), both replaced when sent and left alone when absent;
 * `departIds` is 负责部门, a column of the user row like avatar, telephone and userIdentity.
 */
const userHooks: CrudHooks = {
  async beforeSave(row, ctx) {
    const roles = splitIds(row.selectedroles);
    const departs = splitIds(row.selecteddeparts);
    const managed = splitIds(row.departIds);
    if (roles) await assertExisting(ctx.db, 'sys_role', roles, '所选角色');
    if (departs) await assertExisting(ctx.db, 'sys_depart', departs, '所选部门');
    if (managed) {
      await assertExisting(ctx.db, 'sys_depart', managed, '所选负责部门', false);
      row.departIds = managed.length ? managed.join(',') : null;
    }
    // The schema converts to an integer but checks options only on strings: 1 普通用户, 2 上级.
    if (row.userIdentity !== undefined && row.userIdentity !== null && row.userIdentity !== 1 && row.userIdentity !== 2) throw new ApiFailure('身份的值不正确');
    // 职务: position codes (JeecgBoot's sys_user.post), unknown ones refused (catalog-position.ts).
    if (row.post !== undefined) row.post = await normalizePost(ctx.db, row.post, ctx.existing?.post);
    // 所属租户 (catalog-tenant.ts): known, unfrozen tenants, at least one; a new user without it joins the creator's tenant.
    const tenants = await normalizeRelTenantIds(ctx.db, row.relTenantIds, ctx.existing?.rel_tenant_ids, ctx.mode === 'add' ? ctx.auth.tenantId : undefined);
    if (tenants !== undefined) row.relTenantIds = tenants;
    if (ctx.mode === 'edit') {
      // Passwords change through 修改密码 / 重置密码, never through the edit form.
      delete row.password;
      return;
    }
    const password = typeof row.password === 'string' ? row.password : '';
    if (ctx.action === 'importExcel' && !password) {
      // Imported accounts have no password until an SMS or admin reset (and a 10k-row import does
      // not pay 10k scrypt hashes for passwords nobody knows).
      row.password = NO_PASSWORD;
      return;
    }
    if (!password) throw new ApiFailure('请输入登录密码!');
    const problem = passwordProblem(password);
    if (problem) throw new ApiFailure(problem);
    row.password = await hashPassword(password);
  },
  async afterSave(row, ctx) {
    const roles = splitIds(row.selectedroles);
    const departs = splitIds(row.selecteddeparts);
    if (roles && (await replaceLinks(ctx.db, 'sys_user_role', ctx.id, roles))) rolesChanged.add(row);
    if (departs) {
      await replaceLinks(ctx.db, 'sys_user_depart', ctx.id, departs);
      if (departs.length) {
        // The current department stays one of the user's departments.
        await ctx.db
          .updateTable('sys_user')
          .set({ org_code: sql`(select org_code from sys_depart where id = ${departs[0]})` })
          .where('id', '=', ctx.id)
          .where((eb) => eb.or([eb('org_code', 'is', null), eb('org_code', 'not in', eb.selectFrom('sys_depart').select('org_code').where('id', 'in', departs))]))
          .execute();
      } else await ctx.db.updateTable('sys_user').set({ org_code: null }).where('id', '=', ctx.id).execute();
    }
  },
  // A role change takes effect on the user's open pages (the push of 角色授权), once it has committed.
  async afterCommit(row, ctx) {
    if (ctx.mode === 'edit' && rolesChanged.has(row)) await pushToUsers(ctx.c.var.services, [ctx.id], { ...PERMISSION_CHANGED, msgTxt: '您的角色已变更' });
  },
  // A page's and a queryById's links come with the rows (one statement for the page); an export's through afterLoad.
  selectWith: {
    selectedroles: () => sql`select coalesce(string_agg(ur.role_id, ',' order by ur.role_id), '') from sys_user_role ur where ur.user_id = ${sql.ref('sys_user.id')}`,
    selecteddeparts: () =>
      sql`select coalesce(string_agg(d.id, ',' order by d.org_code), '') from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
        where ud.user_id = ${sql.ref('sys_user.id')} and d.del_flag = '0'`,
    orgCodeTxt: () =>
      sql`select string_agg(d.depart_name, ',' order by d.org_code) from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
        where ud.user_id = ${sql.ref('sys_user.id')} and d.del_flag = '0'`,
  },
  async afterLoad(records, ctx) {
    const ids = records.filter((r) => r.selectedroles === undefined).map((r) => String(r.id));
    if (!ids.length) return;
    const [roles, departs] = await Promise.all([
      ctx.db.selectFrom('sys_user_role').select(['user_id', 'role_id']).where('user_id', 'in', ids).orderBy('role_id').execute(),
      loadDepartLinks(ctx.db, ids),
    ]);
    for (const r of records) {
      if (r.selectedroles !== undefined) continue;
      const links = departs.get(String(r.id));
      // What the edit form sends back unchanged, and JeecgBoot's `orgCodeTxt` (the department names).
      r.selectedroles = roles.filter((x) => x.user_id === r.id).map((x) => x.role_id).join(',');
      r.selecteddeparts = links?.ids.join(',') ?? '';
      r.orgCodeTxt = links?.names.join(',') ?? null;
    }
  },
  extraWhere(ctx) {
    // `/sys/user/list?departId=` (contract §4): users linked to that department (server/system/user-routes.ts
    // answers an empty department before this runs).
    if (ctx.action === 'list' || ctx.action === 'exportXls') {
      const departId = (ctx.c.req.query('departId') ?? '').trim();
      if (departId) return (eb) => eb(sql.ref('id'), 'in', eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', departId));
      // `?orgCode=A01*` (spec 02 §7's user picker; QueryGenerator's trailing * is right-like): users linked to a live
      // department whose org code starts with it, i.e. that department and those under it; without * exactly it.
      const orgCode = (ctx.c.req.query('orgCode') ?? '').trim().slice(0, 65);
      if (!orgCode || orgCode === '*') return undefined;
      const prefix = orgCode.endsWith('*') ? orgCode.slice(0, -1) : null;
      return (eb) =>
        eb(
          sql.ref('id'),
          'in',
          eb
            .selectFrom('sys_user_depart as ud')
            .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
            .select('ud.user_id')
            .where('d.del_flag', '=', '0')
            .where((w) => (prefix !== null ? w('d.org_code', 'like', `${escapeLike(prefix)}%`) : w('d.org_code', '=', orgCode))),
        );
    }
    if (ctx.action !== 'delete' && ctx.action !== 'deleteBatch') return undefined;
    // Nobody deletes their own account, and nobody the built-in administrator (the route guard says why).
    const self = ctx.auth.user.id;
    return (eb) => eb.and([eb(sql.ref('id'), '<>', self), eb(sql.ref('username'), '<>', ADMIN_USERNAME)]);
  },
};

/** 用户管理's resource with its hooks (server/areas.ts registers every area's resources once). */
export function registerUserResources(): void {
  registerResource(userResource, userHooks);
}
