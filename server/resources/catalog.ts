import { sql } from 'kysely';
import { ADMIN_USERNAME } from '../../features/system/users/user-perms';
import { userResource } from '../../features/system/users/user-resource';
import { hashPassword, NO_PASSWORD, passwordProblem } from '../auth/password';
import type { Database } from '../db';
import { ApiFailure } from '../http/envelope';
import { linkId } from '../ids';
import { pushToUsers, PERMISSION_CHANGED } from '../services/notify';
import type { CrudHooks } from './crud';
import { registerDictResources } from './catalog-dict';
import { registerLocationResources } from './catalog-location';
import { registerMaterialResources } from './catalog-material';
import { registerTeachingResources } from './catalog-teaching';
import { registerMessageResources } from './catalog-messages';
import { registerRoleResources } from './catalog-roles';
import { registerTableColumnResources } from './catalog-table-columns';
import { registerResource } from './registry';

/**
 * The product's resources, registered once at start (server/app.ts). Each definition is data from
 * features/<screen>/; what is special about an entity lives in its hooks here.
 */

const splitIds = (v: unknown): string[] | undefined =>
  v === undefined ? undefined : [...new Set(String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean))];

/** Every id must name an existing row, or the whole save is refused (no half-linked user). */
async function assertExisting(db: Database, table: 'sys_role' | 'sys_depart', ids: string[], label: string) {
  if (!ids.length) return;
  const found =
    table === 'sys_depart'
      ? // A deleted department (soft delete) cannot take new users.
        await db.selectFrom('sys_depart').select('id').where('id', 'in', ids).where('del_flag', '=', '0').execute()
      : await db.selectFrom('sys_role').select('id').where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw new ApiFailure(`${label}不存在，请刷新后重试`);
}

const userHooks: CrudHooks = {
  async beforeSave(row, ctx) {
    const roles = splitIds(row.roleIds);
    const departs = splitIds(row.departIds);
    if (roles) await assertExisting(ctx.db, 'sys_role', roles, '所选角色');
    if (departs) await assertExisting(ctx.db, 'sys_depart', departs, '所选部门');
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
    const roles = splitIds(row.roleIds);
    const departs = splitIds(row.departIds);
    if (roles) {
      await ctx.db.deleteFrom('sys_user_role').where('user_id', '=', ctx.id).execute();
      if (roles.length) await ctx.db.insertInto('sys_user_role').values(roles.map((r) => ({ id: linkId(ctx.id, r), user_id: ctx.id, role_id: r }))).execute();
    }
    if (departs) {
      await ctx.db.deleteFrom('sys_user_depart').where('user_id', '=', ctx.id).execute();
      if (departs.length) {
        await ctx.db.insertInto('sys_user_depart').values(departs.map((d) => ({ id: linkId(ctx.id, d), user_id: ctx.id, dep_id: d }))).execute();
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
    if (ctx.mode === 'edit' && row.roleIds !== undefined) await pushToUsers(ctx.c.var.services, [ctx.id], { ...PERMISSION_CHANGED, msgTxt: '您的角色已变更' });
  },
  async afterLoad(records, ctx) {
    const ids = records.map((r) => String(r.id));
    if (!ids.length) return;
    const [roles, departs] = await Promise.all([
      ctx.db.selectFrom('sys_user_role').select(['user_id', 'role_id']).where('user_id', 'in', ids).orderBy('role_id').execute(),
      ctx.db.selectFrom('sys_user_depart').select(['user_id', 'dep_id']).where('user_id', 'in', ids).orderBy('dep_id').execute(),
    ]);
    for (const r of records) {
      r.roleIds = roles.filter((x) => x.user_id === r.id).map((x) => x.role_id).join(',');
      r.departIds = departs.filter((x) => x.user_id === r.id).map((x) => x.dep_id).join(',');
    }
  },
  extraWhere(ctx) {
    // `/sys/user/list?departId=` (contract §4): users linked to that department (server/http/user-routes.ts
    // answers an empty department before this runs).
    if (ctx.action === 'list' || ctx.action === 'exportXls') {
      const departId = (ctx.c.req.query('departId') ?? '').trim();
      if (!departId) return undefined;
      return (eb) => eb(sql.ref('id'), 'in', eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', departId));
    }
    if (ctx.action !== 'delete' && ctx.action !== 'deleteBatch') return undefined;
    // Nobody deletes their own account, and nobody the built-in administrator (the route guard says why).
    const self = ctx.auth.user.id;
    return (eb) => eb.and([eb(sql.ref('id'), '<>', self), eb(sql.ref('username'), '<>', ADMIN_USERNAME)]);
  },
};

let registered = false;

/** Idempotent: the registry is process-wide and several backends (tests) share it. */
export function registerCatalog(): void {
  if (registered) return;
  registered = true;
  registerResource(userResource, userHooks);
  registerDictResources();
  registerRoleResources();
  registerTableColumnResources();
  registerLocationResources();
  registerTeachingResources();
  registerMessageResources();
  registerMaterialResources();
}
