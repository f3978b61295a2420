import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** 32-char ids, the width JeecgBoot uses for varchar(32) keys. */
export const newId = () => randomUUID().replace(/-/g, '');

/** 256-bit random token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Stable 32-char ids for link rows (role↔permission, user↔role…), so re-seeding and re-saving find the same rows. */
export const linkId = (...parts: string[]) => sha256(parts.join('|')).slice(0, 32);

/** `'a,b,'` (JeecgBoot keeps a trailing comma) → ['a', 'b'], trimmed, unique. */
export function parseIdList(raw: string | null | undefined): string[] {
  return [...new Set(String(raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
}

/** The widest id of ours (varchar(32)); anything longer is refused before any SQL. */
export const ID_MAX = 32;

/** A trimmed id from a query parameter, or undefined when it is absent, blank or longer than any id of ours. */
export function idOrUndefined(raw: string | null | undefined): string | undefined {
  const v = (raw ?? '').trim();
  return v && v.length <= ID_MAX ? v : undefined;
}
