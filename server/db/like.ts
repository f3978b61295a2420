/** Escapes a user's search text for a LIKE pattern: `%`, `_` and the escape character match literally (contract §7). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
