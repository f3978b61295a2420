'use client';

import { useCallback, useRef, useState, type RefObject } from 'react';
import type { GridColumn } from '@/lib/grid/types';
import { ALWAYS_LIVE } from './grid-cells';
import type { Active } from './grid-model';

/**
 * The focused cell and whether it is being edited. `editingRef` mirrors the edited cell for handlers
 * that run outside a render (a realtime patch must never land on the cell being typed in).
 */
export function useActiveCell(colMap: Map<string, GridColumn>, disabled: boolean | undefined, rootRef: RefObject<HTMLDivElement | null>) {
  const [active, setActive] = useState<Active>(null);
  const [editing, setEditing] = useState(false);
  const editingRef = useRef<Active>(null);

  const startEdit = useCallback(
    (rowId: string, key: string) => {
      const col = colMap.get(key);
      setActive({ rowId, key });
      const editable = !!col && !col.disabled && !disabled && !ALWAYS_LIVE.has(col.type);
      setEditing(editable);
      editingRef.current = editable ? { rowId, key } : null;
    },
    [colMap, disabled],
  );

  /** Leaves edit mode; the grid takes the focus back so the arrows keep working. */
  const stopEdit = useCallback(() => {
    setEditing(false);
    editingRef.current = null;
    rootRef.current?.focus({ preventScroll: true });
  }, [rootRef]);

  /** Leaves edit mode without moving the focus. */
  const endEdit = useCallback(() => {
    setEditing(false);
    editingRef.current = null;
  }, []);

  /** Focuses a cell (or none) without editing it. */
  const focusCell = useCallback((target: Active) => {
    setActive(target);
    setEditing(false);
    editingRef.current = null;
  }, []);

  return { active, setActive, editing, editingRef, startEdit, stopEdit, endEdit, focusCell };
}

export type ActiveCell = ReturnType<typeof useActiveCell>;
