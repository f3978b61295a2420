/**
 * Optimistic concurrency of edits (issue #39): a record read for editing carries the version it was read at
 * (`_version`, the row's update time — its create time while never updated — in microseconds since the epoch,
 * as text). Our edit forms send it back; the server refuses the save when the row changed since. JeecgBoot's
 * stock client never sends `_version` (it sends `updateTime`, which is not a version), so it keeps
 * last-write-wins. Shared by the server (the check) and the client (the form's 刷新).
 */

/** The body field (and record field) of the version token; a name JeecgBoot never uses. */
export const ROW_VERSION_FIELD = '_version';

/** The envelope code of a refused stale edit (HTTP 200, success:false, like every refusal of the contract). */
export const EDIT_CONFLICT_CODE = 409;

export const EDIT_CONFLICT_MESSAGE = '该记录已被他人修改，请刷新后再编辑';

/** The refusal: the fixed text, then who changed the row and when (GMT+8, minutes), when known. */
export function editConflictMessage(who: string | null | undefined, when: string | null | undefined): string {
  const name = who?.trim();
  const at = when?.trim();
  if (!name && !at) return EDIT_CONFLICT_MESSAGE;
  return `${EDIT_CONFLICT_MESSAGE}（${[name, at && `于 ${at}`].filter(Boolean).join(' ')} 修改）`;
}

/** The version a body carries: a string token, '' for a row never stamped, undefined when the client sent none. */
export function versionOf(body: Record<string, unknown>): string | undefined {
  const v = body[ROW_VERSION_FIELD];
  if (typeof v === 'string') return v.slice(0, 40);
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

type Values = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * 刷新 after a refused save: the form takes the fresh record, except for the fields the user changed since
 * opening it (`values` differs from `read`), which keep the user's input — nothing typed is lost.
 */
export function refreshedValues(read: Values, values: Values, fresh: Values): Values {
  const out: Values = { ...fresh };
  for (const [name, v] of Object.entries(values)) {
    if (!same(v, read[name])) out[name] = v;
  }
  return out;
}
