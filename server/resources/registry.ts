import { Hono } from 'hono';
import { checkDef } from '../../lib/resources/field-kinds';
import type { ResourceDef } from '../../lib/resources/types';
import type { AppEnv } from '../core/context';
import { isCrudAction, runCrud, type CrudHooks } from './crud';

/**
 * The server-side resource registry: name → definition + hooks. A registered resource is served by
 * `resourceRoutes` (mounted through server/system/check-routes.ts) and is what the duplicate check and the
 * custom-column list accept as a table. It is process-wide: register at module load (the integrator's
 * list) or, in tests, before the first request for it.
 */

export interface RegisteredResource {
  def: ResourceDef;
  hooks: CrudHooks;
}

const byName = new Map<string, RegisteredResource>();
const byApi = new Map<string, RegisteredResource>();

/** Registers a resource; throws on an unsound definition or a name / api already taken by another one. */
export function registerResource(def: ResourceDef, hooks: CrudHooks = {}): RegisteredResource {
  const problems = checkDef(def);
  if (problems.length) throw new Error(`resource "${def.name}": ${problems.join('; ')}`);
  const taken = byName.get(def.name) ?? byApi.get(def.api);
  if (taken && taken.def !== def) throw new Error(`resource "${def.name}" (${def.api}) is already registered as "${taken.def.name}" (${taken.def.api})`);
  const entry: RegisteredResource = { def, hooks };
  byName.set(def.name, entry);
  byApi.set(def.api, entry);
  return entry;
}

/**
 * Plain definitions (no hooks: the definition says everything) registered as they are, in order. Idempotent: a
 * definition already registered is skipped, so several test backends of one process share the registry.
 */
export function registerDefinitions(defs: readonly ResourceDef[]): void {
  for (const def of defs) if (byName.get(def.name)?.def !== def) registerResource(def);
}

/** Removes a resource (tests). */
export function unregisterResource(name: string): void {
  const entry = byName.get(name);
  if (!entry) return;
  byName.delete(name);
  byApi.delete(entry.def.api);
}

export const getResource = (name: string): RegisteredResource | undefined => byName.get(name);

export const resourceByApi = (api: string): RegisteredResource | undefined => byApi.get(api);

export const listResources = (): RegisteredResource[] => [...byName.values()];

/** Resources stored in (or taking custom columns under) a table name; exact match only. */
export const resourcesByTable = (table: string): RegisteredResource[] =>
  listResources().filter((r) => r.def.table === table || r.def.customColumnsTable === table);

/**
 * Serves every registered resource: `<api>/<action>` for the CRUD actions; anything else falls through
 * to the routes after it (exportXls / importExcel are wired by server/excel/ with explicit routes).
 */
export const resourceRoutes = new Hono<AppEnv>();

resourceRoutes.all('/:path{.+}', async (c, next) => {
  const path = `/${c.req.param('path')}`;
  const cut = path.lastIndexOf('/');
  const action = path.slice(cut + 1);
  if (cut <= 0 || !isCrudAction(action)) return next();
  const entry = byApi.get(path.slice(0, cut));
  if (!entry) return next();
  return runCrud(c, entry.def, entry.hooks, action);
});
