/**
 * The editable grid's pure logic (cell errors, keyboard steps, selection, paging, layout), kept out of
 * the components so it is tested without a DOM.
 */
import { validateCell, type CellError } from '@/lib/grid/rules';
import { columnWidth, isRowDisabled, isTempId, ROW_NUMBER_WIDTH, SELECTION_WIDTH } from '@/lib/grid/rows';
import type { GridColumn, GridRow } from '@/lib/grid/types';

export const DRAG_HANDLE_WIDTH = 40;
export const ACTION_WIDTH = 110;

/** The focused cell. */
export type Active = { rowId: string; key: string } | null;
/** Row id → column key → message. */
export type ErrorMap = Map<string, Record<string, string>>;
export const EMPTY_ERRORS: Record<string, string> = {};
/** A cell's new message; null clears it. */
export type CellErrorUpdate = { rowId: string; key: string; message: string | null };

/** Whether a row still holds what was loaded (arrays by content, empty and missing alike, numbers as text). */
export function sameValues(a: GridRow, b: GridRow, keys: string[]): boolean {
  return keys.every((k) => {
    const x = a[k];
    const y = b[k];
    if (Array.isArray(x) || Array.isArray(y)) return JSON.stringify(x ?? []) === JSON.stringify(y ?? []);
    return (x ?? '') === (y ?? '') || String(x ?? '') === String(y ?? '');
  });
}

/** The error map after some cells were (re)validated; a row without messages leaves the map. */
export function applyCellErrors(prev: ErrorMap, updates: CellErrorUpdate[]): ErrorMap {
  const next = new Map(prev);
  for (const u of updates) {
    const cur = { ...(next.get(u.rowId) ?? {}) };
    if (u.message) cur[u.key] = u.message;
    else delete cur[u.key];
    if (Object.keys(cur).length) next.set(u.rowId, cur);
    else next.delete(u.rowId);
  }
  return next;
}

/** The error map of a full validation. */
export function errorMapOf(found: CellError[]): ErrorMap {
  const next: ErrorMap = new Map();
  for (const e of found) next.set(e.rowId, { ...(next.get(e.rowId) ?? {}), [e.key]: e.message });
  return next;
}

/** Validates cells; a unique column is re-checked for every row (a fix elsewhere clears a duplicate). */
export async function cellValidationUpdates(cells: { rowId: string; key: string }[], colMap: Map<string, GridColumn>, all: GridRow[]): Promise<CellErrorUpdate[]> {
  const byId = new Map(all.map((r) => [r.id, r]));
  const updates: CellErrorUpdate[] = [];
  const uniqueDone = new Set<string>();
  for (const { rowId, key } of cells) {
    const col = colMap.get(key);
    if (!col?.validateRules?.length) continue;
    if (col.validateRules.some((r) => r.unique)) {
      if (uniqueDone.has(key)) continue;
      uniqueDone.add(key);
      for (const r of all) updates.push({ rowId: r.id, key, message: await validateCell(col, r, all) });
      continue;
    }
    const row = byId.get(rowId);
    if (row) updates.push({ rowId, key, message: await validateCell(col, row, all) });
  }
  return updates;
}

/**
 * The cell a keyboard move lands on: a column step past either edge wraps to the next (previous) row,
 * the row index is clamped to the rows. `rows` and `cols` must not be empty.
 */
export function stepCell(rows: GridRow[], cols: GridColumn[], active: NonNullable<Active>, dRow: number, dCol: number): { index: number; rowId: string; key: string } {
  let ri = rows.findIndex((r) => r.id === active.rowId);
  let ci = cols.findIndex((c) => c.key === active.key);
  ci += dCol;
  if (ci >= cols.length) {
    ci = 0;
    ri += 1;
  } else if (ci < 0) {
    ci = cols.length - 1;
    ri -= 1;
  }
  ri = Math.max(0, Math.min(rows.length - 1, ri + dRow));
  return { index: ri, rowId: rows[ri].id, key: cols[ci].key };
}

/** One realtime patch per persisted row a paste touched (new rows are not the other sessions' yet). */
export function pastePatches(rows: GridRow[], touched: { rowId: string; key: string }[]): Map<string, Record<string, unknown>> {
  const patches = new Map<string, Record<string, unknown>>();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const t of touched) if (!isTempId(t.rowId)) patches.set(t.rowId, { ...(patches.get(t.rowId) ?? {}), [t.key]: byId.get(t.rowId)?.[t.key] });
  return patches;
}

/** The client-side page shown: a page past the end (after removals) shows the last one. */
export function pageWindow(total: number, pageSize: number | undefined, page: number): { pageCount: number; safePage: number; pageStart: number } {
  const pageCount = pageSize ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const safePage = Math.min(page, pageCount);
  return { pageCount, safePage, pageStart: pageSize ? (safePage - 1) * pageSize : 0 };
}

/** The selection after one row's box changes (a radio grid holds at most one row). */
export function toggleSelection(selected: string[], id: string, on: boolean, mode: 'checkbox' | 'radio' | false): string[] {
  if (mode === 'radio') return on ? [id] : [];
  return on ? [...selected, id] : selected.filter((x) => x !== id);
}

/** The header box's state over the selectable rows of the page. */
export function selectionSummary(pageRows: GridRow[], disabledRows: Record<string, unknown> | undefined, selected: string[]): { selectable: GridRow[]; allChecked: boolean; someChecked: boolean } {
  const chosen = new Set(selected);
  const can = pageRows.filter((r) => !isRowDisabled(r, disabledRows));
  const every = can.length > 0 && can.every((r) => chosen.has(r.id));
  return { selectable: can, allChecked: every, someChecked: !every && can.some((r) => chosen.has(r.id)) };
}

/** 全选 on adds the page's selectable rows to the selection; off removes them (other pages keep theirs). */
export function selectAll(selected: string[], selectable: GridRow[], on: boolean): string[] {
  return on ? [...new Set([...selected, ...selectable.map((r) => r.id)])] : selected.filter((id) => !selectable.some((r) => r.id === id));
}

/** Column widths, the width of the leading fixed columns and the whole row. */
export function gridLayout(visibleCols: GridColumn[], parts: { dragSort: boolean; rowSelection: 'checkbox' | 'radio' | false; rowNumber: boolean; hasActions: boolean }): { widths: number[]; lead: number; totalWidth: number } {
  const widths = visibleCols.map(columnWidth);
  const lead = (parts.dragSort ? DRAG_HANDLE_WIDTH : 0) + (parts.rowSelection ? SELECTION_WIDTH : 0) + (parts.rowNumber ? ROW_NUMBER_WIDTH : 0);
  return { widths, lead, totalWidth: lead + widths.reduce((a, b) => a + b, 0) + (parts.hasActions ? ACTION_WIDTH : 0) };
}
