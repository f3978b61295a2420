'use client';

import type { RefObject } from 'react';
import { applyPaste, parsePasteText } from '@/lib/grid/paste';
import { newRow, resequence } from '@/lib/grid/rows';
import type { GridColumn, GridRow } from '@/lib/grid/types';
import { pastePatches, type Active } from './grid-model';

interface PasteOptions {
  active: Active;
  disabled?: boolean;
  columns: GridColumn[];
  dragSortKey: string | null;
  rowsRef: RefObject<GridRow[]>;
  setRows: (next: GridRow[]) => void;
  endEdit: () => void;
  validateCells: (cells: { rowId: string; key: string }[]) => Promise<void>;
  rootRef: RefObject<HTMLDivElement | null>;
  /** Set when the grid syncs with other sessions. */
  socket?: { send(args: unknown[]): void };
}

/** Pastes a block copied from Excel at the focused cell (a plain single value inside an editor pastes normally). */
export function useGridPaste({ active, disabled, columns, dragSortKey, rowsRef, setRows, endEdit, validateCells, rootRef, socket }: PasteOptions) {
  return (e: React.ClipboardEvent<HTMLDivElement>) => {
    if (!active || disabled) return;
    const text = e.clipboardData.getData('text/plain');
    if (!text) return;
    const inEditor = e.target !== rootRef.current;
    if (inEditor && !/[\t\n]/.test(text.replace(/\r?\n$/, ''))) return;
    e.preventDefault();
    const cur = rowsRef.current;
    const ri = cur.findIndex((r) => r.id === active.rowId);
    const out = applyPaste(cur, columns, ri, active.key, parsePasteText(text), () => newRow(columns));
    setRows(resequence(out.rows, dragSortKey));
    endEdit();
    rootRef.current?.focus({ preventScroll: true });
    void validateCells(out.touched);
    if (socket) for (const [id, patch] of pastePatches(out.rows, out.touched)) socket.send(['update', id, patch]);
  };
}
