import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { linkId } from '../core/ids';

/**
 * Top-level menu folders for the demo's designer-made screens (issue #39), out of the daily 教育 group: 统计报表
 * holds the report 各校区本月课消 (online-reports.ts), 表单应用 the register 教材领用登记 (online-forms.ts). Seeded with
 * those screens only, so an installation without the demo has no empty folder. Migration 0046 moves an older
 * installation's two rows here.
 */
export const DEMO_FOLDERS = {
  report: { id: 'perm_report', name: '统计报表', url: '/report', sort_no: 6.5, icon: 'bar-chart' },
  onlineApps: { id: 'perm_online_apps', name: '表单应用', url: '/onlineApps', sort_no: 6.6, icon: 'form' },
} as const;

/** Inserts the folder when missing and links it to `roles` then (an administrator's later unlinking survives). */
export async function seedDemoFolder(db: Kysely<DB>, folder: (typeof DEMO_FOLDERS)[keyof typeof DEMO_FOLDERS], roles: readonly string[]): Promise<void> {
  const inserted = await db
    .insertInto('sys_permission')
    .values({ ...folder, parent_id: null, component: 'layouts/RouteView', menu_type: 0, perms: null, perms_type: '1', is_leaf: false, create_by: 'system' })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return;
  for (const roleId of roles) {
    await db.insertInto('sys_role_permission').values({ id: linkId(roleId, folder.id), role_id: roleId, permission_id: folder.id }).onConflict((oc) => oc.doNothing()).execute();
  }
}
