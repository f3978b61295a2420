import { sql } from 'kysely';
import { ADMIN_ROLE_CODE, ADMIN_ROLE_ID, roleResource } from '../../features/system/roles/role-resource';
import { ApiFailure } from '../core/errors';
import type { CrudHooks } from '../resources/crud';
import { getResource, registerResource } from '../resources/registry';

/**
 * 角色管理 on the resource engine (list, queryById, add, edit, exportXls). Deletion is served by the
 * explicit routes in server/system/role-user-routes.ts, which refuse with a reason; the filter below only
 * makes the engine's own delete safe should those routes ever not be mounted.
 */

export const ROLE_CODE_FIXED = '角色编码不可修改';

export const roleHooks: CrudHooks = {
  beforeSave(row, ctx) {
    if (ctx.mode !== 'edit' || row.roleCode === undefined) return;
    // Codes are identifiers other data may name (JeecgBoot's form locks the field on edit too); the admin
    // role's code in particular must stay 'admin'.
    if (row.roleCode !== ctx.existing?.role_code) throw new ApiFailure(ROLE_CODE_FIXED);
    delete row.roleCode;
  },
  extraWhere(ctx) {
    if (ctx.action !== 'delete' && ctx.action !== 'deleteBatch') return undefined;
    return (eb) =>
      eb.and([
        eb(sql.ref('id'), '<>', ADMIN_ROLE_ID),
        eb(sql.ref('role_code'), '<>', ADMIN_ROLE_CODE),
        eb.not(eb.exists(sql`(select 1 from sys_user_role ur join sys_user u on u.id = ur.user_id where ur.role_id = sys_role.id and u.del_flag = 0)`)),
      ]);
  },
};

/** Idempotent (the registry is process-wide; several test backends share it). Called from registerCatalog (server/areas.ts). */
export function registerRoleResources(): void {
  if (getResource(roleResource.name)?.def === roleResource) return;
  registerResource(roleResource, roleHooks);
}
