import type { GridColumn, GridRow } from './types';

/** Marker of a row that exists only in the browser (spec 02 §3: temporary ids carrying a marker). */
export const TEMP_ID_PREFIX = '__new_';
let seq = 0;
export const tempId = () => `${TEMP_ID_PREFIX}${Date.now().toString(36)}_${(seq++).toString(36)}`;
export const isTempId = (id: unknown) => typeof id === 'string' && id.startsWith(TEMP_ID_PREFIX);

export const BLUR_VALIDATE_MS = 100;
export const ROW_HEIGHT = 61;
export const DEFAULT_MAX_HEIGHT = 400;
export const ROW_NUMBER_WIDTH = 60;
export const SELECTION_WIDTH = 50;

/** A new row: defaults, defaultChecked checkboxes, a temporary id. */
export function newRow(cols: GridColumn[], values: Record<string, unknown> = {}): GridRow {
  const row: Record<string, unknown> = {};
  for (const c of cols) {
    if (c.type === 'checkbox') {
      const [on, off] = c.customValue ?? [true, false];
      row[c.key] = c.defaultValue !== undefined ? c.defaultValue : c.defaultChecked ? on : off;
    } else if (c.defaultValue !== undefined) row[c.key] = c.defaultValue;
  }
  return { ...row, ...values, id: tempId() };
}

/** Rewrites the sort key 1..n in display order (after add, remove and reorder). */
export function resequence(rows: GridRow[], sortKey: string | null | undefined): GridRow[] {
  if (!sortKey) return rows;
  return rows.map((r, i) => (r[sortKey] === i + 1 ? r : { ...r, [sortKey]: i + 1 }));
}

export function moveRow(rows: GridRow[], from: number, to: number, sortKey?: string | null): GridRow[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return rows;
  const next = rows.slice();
  const [r] = next.splice(from, 1);
  next.splice(to, 0, r);
  return resequence(next, sortKey);
}

/**
 * Sorts the rows by one column (an `isOrder` column's header), empty values last, numbers as numbers,
 * text in Chinese collation; stable, and the sort key is rewritten so the new order is what gets saved.
 */
export function sortRowsBy(rows: GridRow[], key: string, dir: 'asc' | 'desc', sortKey?: string | null): GridRow[] {
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  const sign = dir === 'asc' ? 1 : -1;
  const collator = new Intl.Collator('zh-CN', { numeric: true });
  const sorted = rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      const x = a.row[key];
      const y = b.row[key];
      if (empty(x) || empty(y)) return empty(x) === empty(y) ? a.i - b.i : empty(x) ? 1 : -1;
      const nx = Number(x);
      const ny = Number(y);
      const c = Number.isFinite(nx) && Number.isFinite(ny) ? nx - ny : collator.compare(String(x), String(y));
      return c === 0 ? a.i - b.i : sign * c;
    })
    .map((e) => e.row);
  return resequence(sorted, sortKey);
}

/** Removes rows; persisted ids go to the delete list, new ones just disappear. */
export function removeRowsById(rows: GridRow[], ids: string[], deleteIds: string[], sortKey?: string | null): { rows: GridRow[]; deleteIds: string[] } {
  const gone = new Set(ids);
  const kept = rows.filter((r) => !gone.has(r.id));
  const more = rows.filter((r) => gone.has(r.id) && !isTempId(r.id)).map((r) => r.id);
  return { rows: resequence(kept, sortKey), deleteIds: [...new Set([...deleteIds, ...more])] };
}

/** New rows for saving: the temporary id is dropped. */
export const withoutTempId = (r: GridRow): Record<string, unknown> => {
  const { id, ...rest } = r;
  return isTempId(id) ? rest : r;
};

/** Minimum widths (spec 02 §5): datetime / user / department ≥ 190, date ≥ 135. */
export function columnWidth(c: GridColumn): number {
  const w = c.width ?? 160;
  if (c.type === 'datetime' || c.type === 'sel_user' || c.type === 'sel_depart') return Math.max(w, 190);
  if (c.type === 'date') return Math.max(w, 135);
  return w;
}

/** disabledRows `{ field: value }`: a row matching every pair cannot be selected. */
export const isRowDisabled = (row: GridRow, disabledRows?: Record<string, unknown>) =>
  !!disabledRows && Object.keys(disabledRows).length > 0 && Object.entries(disabledRows).every(([k, v]) => row[k] === v);

/** The truncated file name of an upload cell: 5 characters plus '…'. */
export const shortFileName = (name: string) => (name.length > 5 ? `${name.slice(0, 5)}…` : name);
