/**
 * Request caches with invalidation (issue #28). Permission codes, data rules, custom columns and dictionaries change
 * only when an administrator changes them, yet every list request read them again. They are now cached per database
 * handle and dropped whenever the generation moves: `sys_cache_gen.gen`, bumped by triggers in the changing
 * transaction itself (migration 0044, for every change of the tables behind these caches, whoever makes it — this
 * instance, another one, the seed or SQL by hand).
 *
 * Every authenticated request reads the generation in its session statement (server/auth/sessions.ts) and notes
 * it here. An entry is loaded after the newest generation noted so far, so it reflects at least that state; when a
 * newer one is noted, every entry of the older one is dropped. Hence the first request that starts after a change
 * has committed — on any instance — reads fresh values, with no statement of its own for it.
 *
 * Not cached (the loader runs as before): inside a transaction (it may see its own uncommitted writes), and before
 * any request has noted a generation (start-up work, scheduled jobs).
 */
import type { Database } from './index';

const noted = new WeakMap<object, number>();

/** The generation a request's session statement read; the newest one counts. Without one (its row gone) nothing new is cached. */
export function noteCacheGeneration(db: object, raw: string | number | null | undefined): void {
  if (raw === null || raw === undefined) {
    noted.delete(db);
    return;
  }
  const gen = Number(raw);
  if (Number.isFinite(gen) && gen > (noted.get(db) ?? -1)) noted.set(db, gen);
}

/** The newest generation noted for `db`, or undefined before the first request. */
export const cacheGeneration = (db: object): number | undefined => noted.get(db);

/** Whether reads on `db` may be cached: a root handle (not a transaction) whose generation is known. */
export const cacheable = (db: Database): boolean => !db.isTransaction && noted.has(db);

/**
 * One kind of cached value (by key), per database handle. Values are promises, so concurrent requests for a
 * missing key share one load; a failed load is forgotten. At most `limit` keys are kept (the oldest go first).
 */
export class GenerationCache<V> {
  private readonly slots = new WeakMap<object, { gen: number; entries: Map<string, Promise<V>> }>();
  constructor(private readonly limit = 2000) {}

  get(db: Database, key: string, load: () => Promise<V>): Promise<V> {
    const gen = noted.get(db);
    if (gen === undefined || db.isTransaction) return load();
    let slot = this.slots.get(db);
    if (!slot || slot.gen !== gen) {
      slot = { gen, entries: new Map() };
      this.slots.set(db, slot);
    }
    const entries = slot.entries;
    const hit = entries.get(key);
    if (hit) return hit;
    const loading = load();
    entries.set(key, loading);
    loading.catch(() => entries.get(key) === loading && entries.delete(key));
    if (entries.size > this.limit) entries.delete(entries.keys().next().value!);
    return loading;
  }
}
