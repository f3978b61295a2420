/**
 * Optimistic concurrency of edits (issue #39): a record read for editing carries the version it was read at
 * (`_version`, the row's update time — its create time while never updated — in microseconds since the epoch,
 * as text). Our edit forms send it back in the `If-Match` header; the server refuses the save when the row changed
 * since. Never in the body: JeecgBoot's stock client echoes whole records (updateTime, and `_version` too) in its
 * edit bodies, and it must keep last-write-wins; it never sends If-Match. Shared by the server (the check) and the
 * client (the header, the form's 刷新).
 */

/** The record field of the version token (read side only; a body's `_version` is ignored). */
export const ROW_VERSION_FIELD = '_version';

/** The request header our forms send the version in (forwarded by the BFF). */
export const ROW_VERSION_HEADER = 'If-Match';

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

/** The version a request carries in its If-Match header (quotes allowed): '' for a row never stamped, undefined when absent. */
export function versionOf(header: string | null | undefined): string | undefined {
  if (header === null || header === undefined) return undefined;
  return header.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1').slice(0, 40);
}

/** The version of a record as read (its `_version`), for the If-Match header of its save; undefined when it has none. */
export function recordVersion(record: Record<string, unknown> | null | undefined): string | undefined {
  const v = record?.[ROW_VERSION_FIELD];
  return typeof v === 'string' ? v : undefined;
}

/** `http.put`'s options for saving `record`: its version as If-Match, or none (a record read without one). */
export function saveOptions(record: Record<string, unknown> | null | undefined): [] | [{ ifMatch: string }] {
  const v = recordVersion(record);
  return v === undefined ? [] : [{ ifMatch: v }];
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
