import type { Database } from '../index';

/** The marketing role's landing page (issue #23 §10): its 招生工作台. */
export const ROLE_HOMES: readonly { roleId: string; homePath: string }[] = [{ roleId: 'role_marketing', homePath: '/crm/workbench' }];

/**
 * Sets the demo roles' home_path where it is still null (idempotent, every start; an administrator's own value
 * is kept). Users without a role home keep the 行事历.
 */
export async function seedRoleHomes(db: Database): Promise<void> {
  for (const { roleId, homePath } of ROLE_HOMES) {
    await db.updateTable('sys_role').set({ home_path: homePath }).where('id', '=', roleId).where('home_path', 'is', null).execute();
  }
}
