/**
 * The text filter input (spec 02 §9, JeecgBoot's JInput): the user types plain text, the search
 * param carries the operator in the value, as the list query's plain-field grammar reads it
 * (server/resources/query.ts `plainCondition`):
 * - like → `*v*` (contains)
 * - ne   → `!v`
 * - ge   → `>= v`, le → `<= v`. JInput sent `>=v`; the server (like JeecgBoot's QueryGenerator)
 *   only recognises the operator followed by one space, so the space is sent.
 */
export type TextFilterOperator = 'like' | 'ne' | 'ge' | 'le';

export const TEXT_FILTER_OPERATORS: readonly TextFilterOperator[] = ['like', 'ne', 'ge', 'le'];

export const TEXT_FILTER_LABELS: Record<TextFilterOperator, string> = {
  like: '包含',
  ne: '不等于',
  ge: '大于等于',
  le: '小于等于',
};

/** Plain text + operator → the param value ('' = no filter). */
export function toFilterValue(text: string, op: TextFilterOperator): string {
  // `*` inside a contains value would change the server's reading (left/right like), so it is dropped.
  const v = (op === 'like' ? text.replace(/\*/g, '') : text).trim();
  if (!v) return '';
  switch (op) {
    case 'like':
      return `*${v}*`;
    case 'ne':
      return `!${v}`;
    case 'ge':
      return `>= ${v}`;
    case 'le':
      return `<= ${v}`;
  }
}

/**
 * A param value → the text to show and its operator. Values without a recognised operator are
 * shown as they are, under `fallback` (the input's default operator).
 */
export function fromFilterValue(value: string | null | undefined, fallback: TextFilterOperator = 'like'): { text: string; op: TextFilterOperator } {
  const v = (value ?? '').trim();
  if (!v) return { text: '', op: fallback };
  if (v.length > 2 && v.startsWith('*') && v.endsWith('*')) return { text: v.slice(1, -1), op: 'like' };
  const cmp = /^(>=|<=)\s?(.*)$/.exec(v);
  if (cmp) return { text: cmp[2].trim(), op: cmp[1] === '>=' ? 'ge' : 'le' };
  if (v.startsWith('!')) return { text: v.slice(1).trim(), op: 'ne' };
  return { text: v, op: fallback };
}
