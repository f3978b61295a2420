import { sql } from 'kysely';
import { POSITION_MESSAGES, positionResource } from '../../features/system/position/position-resource';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import type { CrudHooks } from '../resources/crud';
import { getResource, registerResource } from '../resources/registry';

/**
 * 职务 (issue #24 item 2) on the resource engine: codes are unique with a clear message, a code held by users
 * cannot change, and a held position cannot be deleted (the explicit delete routes in
 * server/system/position-routes.ts say how many hold it; the filter below keeps the engine's own delete
 * safe too). Users hold positions as JeecgBoot stores them: comma-joined codes in `sys_user.post`.
 */

const POST_MAX = 100;

/** The codes of a comma-joined `post` value, trimmed, without blanks or repeats. */
export const splitPostCodes = (v: unknown): string[] => [...new Set(String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean))];

/** A live user's `post` holds `code` (an element of its comma list). */
const holds = (code: ReturnType<typeof sql.ref> | string) => sql<boolean>`${code} = any(string_to_array(u.post, ','))`;

/** How many live users hold each of these position ids (ids without holders are absent). */
export async function positionHolderCounts(db: Database, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const { rows } = await sql<{ id: string; n: number }>`select p.id, count(u.id)::int as n
    from sys_position p join sys_user u on u.del_flag = 0 and ${holds(sql.ref('p.code'))}
    where p.id in (${sql.join(ids)}) group by p.id`.execute(db);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** Live users holding `code`. */
async function holdersOfCode(db: Database, code: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from sys_user u where u.del_flag = 0 and ${holds(code)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The user form's 职务 (`post`), checked on the server: every code must name a position. A value equal to a
 * position's name becomes its code (older JeecgBoot forms and imports send names); a value the user already
 * holds stays even when no position has it (free text from before positions existed, or 员工管理's 岗位), so
 * such a user can still be edited. Anything else is refused. Answers the value to store (null for none).
 */
export async function normalizePost(db: Database, value: unknown, stored: unknown): Promise<string | null> {
  const wanted = splitPostCodes(value);
  if (!wanted.length) return null;
  const kept = new Set(splitPostCodes(stored));
  const rows = await db.selectFrom('sys_position').select(['code', 'name']).where((eb) => eb.or([eb('code', 'in', wanted), eb('name', 'in', wanted)])).execute();
  const byCode = new Set(rows.map((r) => r.code));
  const byName = new Map<string, string>();
  // Names are not unique: a name shared by two positions is ambiguous and is not translated.
  for (const r of rows) byName.set(r.name, byName.has(r.name) && byName.get(r.name) !== r.code ? '' : r.code);
  const out: string[] = [];
  const unknown: string[] = [];
  for (const v of wanted) {
    if (byCode.has(v) || kept.has(v)) out.push(v);
    else if (byName.get(v)) out.push(byName.get(v)!);
    else unknown.push(v);
  }
  if (unknown.length) throw new ApiFailure(POSITION_MESSAGES.unknownPost(unknown));
  const joined = [...new Set(out)].join(',');
  // sys_user.post is varchar(100); names may turn into longer codes after the field schema's length check.
  if (joined.length > POST_MAX) throw new ApiFailure(POSITION_MESSAGES.tooMany);
  return joined;
}

export const positionHooks: CrudHooks = {
  async beforeSave(row, ctx) {
    if (typeof row.code !== 'string') return;
    const code = row.code.trim();
    row.code = code;
    // The engine's own unique check says only 该值不可用; a duplicate code deserves its name (issue #24).
    let dup = ctx.db.selectFrom('sys_position').select('id').where('code', '=', code);
    if (ctx.mode === 'edit') dup = dup.where('id', '<>', ctx.id);
    if (await dup.executeTakeFirst()) throw new ApiFailure(POSITION_MESSAGES.codeExists);
    const before = ctx.existing?.code;
    if (ctx.mode === 'edit' && typeof before === 'string' && before !== code) {
      const n = await holdersOfCode(ctx.db, before);
      if (n > 0) throw new ApiFailure(POSITION_MESSAGES.codeInUse(n));
    }
  },
  extraWhere(ctx) {
    if (ctx.action !== 'delete' && ctx.action !== 'deleteBatch') return undefined;
    return (eb) => eb.not(eb.exists(sql`(select 1 from sys_user u where u.del_flag = 0 and ${holds(sql.ref('sys_position.code'))})`));
  },
};

/** Idempotent (the registry is process-wide; several test backends share it). Called from registerCatalog (server/areas.ts). */
export function registerPositionResources(): void {
  if (getResource(positionResource.name)?.def === positionResource) return;
  registerResource(positionResource, positionHooks);
}
