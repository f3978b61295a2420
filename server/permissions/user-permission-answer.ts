import type { Database } from '../db';
import { GenerationCache } from '../db/cache-generation';
import { buildPermissionAnswer, type PermissionRow } from './menu-tree';

/**
 * The menu and button answer, per user, until sys_permission, sys_role_permission or sys_user_role change
 * (server/db/cache-generation.ts): every signed-in page render asks for it (issue #28, the home's first byte).
 * The cached object is shared: nothing may change it.
 */
const permissionAnswers = new GenerationCache<ReturnType<typeof buildPermissionAnswer>>(500);

async function loadPermissionAnswer(db: Database, userId: string) {
  const columns = [
    'p.id', 'p.parent_id', 'p.name', 'p.url', 'p.component', 'p.component_name', 'p.redirect', 'p.menu_type', 'p.perms', 'p.perms_type',
    'p.sort_no', 'p.always_show', 'p.icon', 'p.is_route', 'p.keep_alive', 'p.hidden', 'p.hide_tab', 'p.status', 'p.internal_or_external',
  ] as const;
  const userRows = await db
    .selectFrom('sys_permission as p')
    .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .select(columns)
    .distinct()
    .where('ur.user_id', '=', userId)
    .where('p.del_flag', '=', 0)
    .orderBy('p.sort_no')
    .execute();
  const allButtons = await db.selectFrom('sys_permission as p').select(columns).where('p.menu_type', '=', 2).where('p.del_flag', '=', 0).orderBy('p.sort_no').execute();
  return buildPermissionAnswer(userRows as PermissionRow[], allButtons as PermissionRow[]);
}

/** `getUserPermissionByToken`'s answer for a user (contract §3), cached per user. */
export const userPermissionAnswer = (db: Database, userId: string) => permissionAnswers.get(db, userId, () => loadPermissionAnswer(db, userId));
