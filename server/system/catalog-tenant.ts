import { sql } from 'kysely';
import { TENANT_MESSAGES } from '../../features/system/tenant/tenant-resource';
import type { Database } from '../db';
import { acrossTenants, DEFAULT_TENANT_ID } from '../db/tenant-scope';
import { ApiFailure } from '../core/errors';

/**
 * 租户 (issue #24 item 3): the resource (a plain definition of the system area in server/areas.ts: list and export
 * through the engine; the writes are server/system/tenant-routes.ts),
 * the rules that keep a tenant from being deleted while anything still belongs to it, and the check of 用户管理's
 * 所属租户 (sys_user.rel_tenant_ids, comma-joined tenant ids as JeecgBoot stores them).
 */

/** sys_user.rel_tenant_ids is varchar(100). */
const REL_TENANT_MAX = 100;

/** The ids of a comma-joined value, trimmed, without blanks or repeats. */
export const splitTenantIds = (v: unknown): string[] => [...new Set(String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean))];

/** A 租户编号 as the database can hold it (1 … int4 max), or null. */
export function tenantIdOf(raw: unknown): number | null {
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** A user row holds tenant `id` (an element of its comma list). */
const holdsTenant = (id: number) => sql<boolean>`${String(id)} = any(string_to_array(replace(u.rel_tenant_ids, ' ', ''), ','))`;

/** Business tables counted before a tenant is deleted, with the words the refusal uses. */
const KEY_TABLES = [
  ['tbl_student', '学员'],
  ['tbl_clazz', '班级'],
  ['tbl_course', '课程'],
  ['tbl_location', '场地'],
] as const;

/**
 * Why tenant `id` cannot be deleted, or null: the default tenant; users who still belong to it (live ones first, then
 * those in the recycle bin, who could be restored into a tenant that no longer exists); rows of the key business
 * tables (all of them, soft-deleted included). The request runs scoped to the caller's tenant, so the counts are
 * made across tenants.
 */
export async function tenantDeleteProblem(db: Database, id: number): Promise<string | null> {
  if (id === DEFAULT_TENANT_ID) return TENANT_MESSAGES.defaultNotDeleted;
  const { rows } = await sql<{ live: number; deleted: number }>`select
      count(*) filter (where u.del_flag = 0)::int as live, count(*) filter (where u.del_flag <> 0)::int as deleted
    from sys_user u where ${holdsTenant(id)}`.execute(db);
  const live = Number(rows[0]?.live ?? 0);
  const deleted = Number(rows[0]?.deleted ?? 0);
  if (live > 0) return TENANT_MESSAGES.hasUsers(live);
  if (deleted > 0) return TENANT_MESSAGES.hasDeletedUsers(deleted);
  const counts = await acrossTenants(() =>
    Promise.all(
      KEY_TABLES.map(async ([table, label]) => {
        const { rows: r } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where tenant_id = ${id}`.execute(db);
        return [label, Number(r[0]?.n ?? 0)] as const;
      }),
    ),
  );
  const held = counts.filter(([, n]) => n > 0);
  return held.length ? TENANT_MESSAGES.hasData(held.map(([label, n]) => `${label} ${n}`).join('，')) : null;
}

/**
 * 用户管理's 所属租户 (`relTenantIds`), checked on the server, answering the value to store:
 * - absent (undefined): on add the creator's current tenant (`fallback`), on edit left alone (undefined);
 * - sent empty: on add the same (JeecgBoot's stock form sends '' when nobody chose a tenant); on edit refused,
 *   用户至少要属于一个租户 (the user would be left without one);
 * - every id must name a tenant, and a frozen one cannot be joined; one the user already holds stays even when frozen
 *   since, so such a user can still be edited (login and the tenant switch leave frozen tenants out).
 */
export async function normalizeRelTenantIds(db: Database, value: unknown, stored: unknown, fallback: number | undefined): Promise<string | undefined> {
  if (value === undefined) return fallback === undefined ? undefined : String(fallback);
  const wanted = splitTenantIds(value);
  if (!wanted.length && fallback !== undefined) return String(fallback);
  if (!wanted.length) throw new ApiFailure(TENANT_MESSAGES.userNeedsTenant);
  const malformed = wanted.filter((s) => tenantIdOf(s) === null);
  if (malformed.length) throw new ApiFailure(TENANT_MESSAGES.unknownTenant(malformed));
  const ids = wanted.map((s) => tenantIdOf(s)!);
  const rows = await db.selectFrom('sys_tenant').select(['id', 'name', 'status']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknown = ids.filter((id) => !byId.has(id)).map(String);
  if (unknown.length) throw new ApiFailure(TENANT_MESSAGES.unknownTenant(unknown));
  const kept = new Set(splitTenantIds(stored));
  const frozen = ids.filter((id) => byId.get(id)!.status !== 1 && !kept.has(String(id)));
  if (frozen.length) throw new ApiFailure(TENANT_MESSAGES.frozenTenant(frozen.map((id) => byId.get(id)!.name)));
  const joined = ids.join(',');
  if (joined.length > REL_TENANT_MAX) throw new ApiFailure(TENANT_MESSAGES.tooManyTenants);
  return joined;
}
