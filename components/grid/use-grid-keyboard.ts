'use client';

import type { RefObject } from 'react';
import type { GridColumn, GridRow } from '@/lib/grid/types';
import { DRAFT_TYPES } from './grid-cells';
import { stepCell } from './grid-model';
import type { ActiveCell } from './use-active-cell';

const ARROWS: Record<string, [number, number]> = { ArrowDown: [1, 0], ArrowUp: [-1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

interface KeyboardOptions {
  rowsRef: RefObject<GridRow[]>;
  visibleCols: GridColumn[];
  colMap: Map<string, GridColumn>;
  cell: ActiveCell;
  scrollToRow: (globalIndex: number) => void;
  rootRef: RefObject<HTMLDivElement | null>;
}

/** Keyboard: arrows / Tab move, Enter or F2 edits, Escape cancels (the draft editor restores its value). */
export function useGridKeyboard({ rowsRef, visibleCols, colMap, cell, scrollToRow, rootRef }: KeyboardOptions) {
  const { active, setActive, startEdit, stopEdit, focusCell } = cell;

  const move = (dRow: number, dCol: number, edit: boolean) => {
    const cur = rowsRef.current;
    if (!active || !cur.length) {
      if (cur.length && visibleCols.length) setActive({ rowId: cur[0].id, key: visibleCols[0].key });
      return;
    }
    const target = stepCell(cur, visibleCols, active, dRow, dCol);
    scrollToRow(target.index);
    if (edit) startEdit(target.rowId, target.key);
    else focusCell({ rowId: target.rowId, key: target.key });
  };

  return (e: React.KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const inEditor = target !== rootRef.current && !!target.closest('[data-grid-cell]');
    if (inEditor) {
      const col = active ? colMap.get(active.key) : undefined;
      if (e.key === 'Tab') {
        e.preventDefault();
        move(0, e.shiftKey ? -1 : 1, true);
      } else if (e.key === 'Enter' && col && DRAFT_TYPES.has(col.type)) {
        e.preventDefault();
        move(1, 0, false);
        rootRef.current?.focus({ preventScroll: true });
      } else if (e.key === 'Escape') stopEdit();
      return;
    }
    if (target !== rootRef.current) return;
    if (ARROWS[e.key]) {
      e.preventDefault();
      move(ARROWS[e.key][0], ARROWS[e.key][1], false);
    } else if (e.key === 'Tab' && active) {
      e.preventDefault();
      move(0, e.shiftKey ? -1 : 1, false);
    } else if ((e.key === 'Enter' || e.key === 'F2') && active) {
      e.preventDefault();
      startEdit(active.rowId, active.key);
    }
  };
}
