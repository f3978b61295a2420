import type { Database } from '../db';
import { GenerationCache } from '../db/cache-generation';
import type { UserPermissions } from '../core/context';
import { loadUserPermCodes } from '../auth/users';

/**
 * A user's permissions (`loadUserPermCodes`: held button rows and rules switched off) as the route guard reads them,
 * cached until the next change of sys_permission, sys_role_permission or sys_user_role (server/db/cache-generation.ts).
 * Checks inside a transaction (a write that must not remove the writer's own rights) still read the database.
 */
const cache = new GenerationCache<UserPermissions>();

export const cachedUserPermCodes = (db: Database, userId: string): Promise<UserPermissions> => cache.get(db, userId, () => loadUserPermCodes(db, userId));
