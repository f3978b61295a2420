import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { linkId } from '../core/ids';

/**
 * The demo's 首页配置 (sys_role_index, issue #39): marketing lands on its 招生工作台. Everyone else has no row and
 * lands on the 行事历 (or, without it, on their first permitted page: server/system/role-home.ts).
 */
export const ROLE_INDEX_SEED: readonly { roleId: string; roleCode: string; url: string; component: string }[] = [
  { roleId: 'role_marketing', roleCode: 'marketing', url: '/crm/workbench', component: 'crm/LeadWorkbench' },
];

/** The stable id of a role's seeded 首页配置. */
export const roleIndexId = (roleCode: string) => linkId('role_index', roleCode);

/**
 * Inserts the rows of the roles this run created (`newRoles`, by id): a row an administrator later changed or
 * cleared in 首页配置 is never put back. Installations from before 0046 got theirs from sys_role.home_path.
 */
export async function seedRoleIndex(db: Kysely<DB>, newRoles: ReadonlySet<string>): Promise<void> {
  const rows = ROLE_INDEX_SEED.filter((r) => newRoles.has(r.roleId)).map((r) => ({
    id: roleIndexId(r.roleCode),
    role_code: r.roleCode,
    url: r.url,
    component: r.component,
    create_by: 'system',
    update_by: null,
    update_time: null,
    sys_org_code: null,
  }));
  if (rows.length) await db.insertInto('sys_role_index').values(rows).onConflict((oc) => oc.doNothing()).execute();
}
