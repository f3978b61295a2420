import { vxePagePerm } from '../../lib/grid/vxe-pages';
import type { Database } from '../db';
import { loadUserPermCodes } from '../auth/users';

/** `canJoin` for the grid socket on the embedded database: the page's permission code (lib/grid/vxe-pages.ts). */
export function vxeJoinCheck(db: Database) {
  return async (userId: string, pageId: string): Promise<boolean> => {
    const perm = vxePagePerm(pageId);
    return !!perm && (await loadUserPermCodes(db, userId)).has(perm);
  };
}
