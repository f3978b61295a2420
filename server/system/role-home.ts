import type { Database } from '../db';
import { resolveHome } from '../../lib/role-home';
import { userPermissionAnswer } from '../permissions/user-permission-answer';

/**
 * The 首页配置 that applies to a user (JeecgBoot 3.x `getDynamicIndexByUserRole`): the enabled sys_role_index row of
 * one of their roles with the highest priority (then the role code, so the choice is stable), or null.
 */
export async function configuredHome(db: Database, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('sys_role_index as i')
    .innerJoin('sys_role as r', 'r.role_code', 'i.role_code')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'r.id')
    .select('i.url')
    .where('ur.user_id', '=', userId)
    .where('i.status', '=', '1')
    .orderBy('i.priority', 'desc')
    .orderBy('i.role_code')
    .limit(1)
    .executeTakeFirst();
  return row?.url ?? null;
}

/** Where '/' sends the user: their 首页配置 if they can open it, else the 行事历, else their first page (lib/role-home.ts). */
export async function userHome(db: Database, userId: string): Promise<string> {
  const [configured, answer] = await Promise.all([configuredHome(db, userId), userPermissionAnswer(db, userId)]);
  return resolveHome(configured, answer.menu, answer);
}
