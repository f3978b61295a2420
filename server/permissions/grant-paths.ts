import { sql } from 'kysely';
import type { Database } from '../db';

/**
 * A role's grants form a tree (issue #21): holding a menu or button means holding the path to it, or a
 * child granted alone would float at the top of the user's menu (menu-tree.ts lifts an orphan to the top).
 * `withAncestors` is what saveRolePermission stores: the chosen ids plus every live ancestor of each, in the
 * order given, ancestors appended. One recursive query; the tree is a handful of levels deep.
 */
export async function withAncestors(db: Database, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const { rows } = await sql<{ id: string }>`
    with recursive up(id, parent_id) as (
      select id, parent_id from sys_permission where id in (${sql.join([...ids])}) and del_flag = 0
      union
      select p.id, p.parent_id from sys_permission p join up on p.id = up.parent_id where p.del_flag = 0)
    select id from up order by id`.execute(db);
  const chosen = new Set(ids);
  return [...ids, ...rows.map((r) => r.id).filter((id) => !chosen.has(id))];
}
