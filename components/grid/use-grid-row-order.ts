'use client';

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { moveRow, ROW_HEIGHT, sortRowsBy } from '@/lib/grid/rows';
import type { GridRow } from '@/lib/grid/types';
import type { DragState } from './grid-body';

export type SortOrder = { key: string; dir: 'asc' | 'desc' };

interface RowOrderOptions {
  rowsRef: RefObject<GridRow[]>;
  setRows: (next: GridRow[]) => void;
  dragSortKey: string | null;
  pageRows: GridRow[];
  pageStart: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  scrollToRow: (globalIndex: number) => void;
  disabled?: boolean;
}

/** The rows' order by hand: the isOrder header sort and the drag handle (pointer and keyboard). */
export function useGridRowOrder({ rowsRef, setRows, dragSortKey, pageRows, pageStart, scrollRef, scrollToRow, disabled }: RowOrderOptions) {
  // isOrder columns: the header sorts the rows themselves (asc, then desc) and the sort key follows,
  // so keyboard moves, paste and drag keep working on what is shown.
  const [order, setOrder] = useState<SortOrder | null>(null);
  const sortBy = useCallback(
    (key: string) => {
      const dir = order?.key === key && order.dir === 'asc' ? 'desc' : 'asc';
      setOrder({ key, dir });
      setRows(sortRowsBy(rowsRef.current, key, dir, dragSortKey));
    },
    [order, setRows, dragSortKey, rowsRef],
  );

  // Drag sort by hand, not with a drag-and-drop library: rows have one fixed height, so the target
  // is arithmetic, and nothing registers per row — a library's per-row registration re-rendered every
  // visible row whenever virtual scrolling mounted one (bench/grid: scroll p95 doubled).
  const [drag, setDrag] = useState<DragState>(null);
  const dragRef = useRef<DragState>(null);
  const pageRowsRef = useRef(pageRows);
  useEffect(() => {
    pageRowsRef.current = pageRows;
  }, [pageRows]);
  const updateDrag = useCallback((d: DragState) => {
    dragRef.current = d;
    setDrag(d);
  }, []);
  const finishDrag = useCallback(
    (commit: boolean) => {
      const d = dragRef.current;
      updateDrag(null);
      if (!d || !commit || d.from === d.to) return;
      setOrder(null); // the rows are no longer sorted by a column
      const cur = rowsRef.current;
      const from = cur.findIndex((r) => r.id === d.id);
      if (from < 0) return;
      setRows(moveRow(cur, from, from + (d.to - d.from), dragSortKey));
    },
    [updateDrag, setRows, dragSortKey, rowsRef],
  );
  const onHandlePointerDown = useCallback(
    (id: string, e: React.PointerEvent) => {
      if (disabled || e.button !== 0) return;
      e.preventDefault();
      const from = pageRowsRef.current.findIndex((r) => r.id === id);
      if (from < 0) return;
      const last = pageRowsRef.current.length - 1;
      const startY = e.clientY;
      const startScroll = scrollRef.current?.scrollTop ?? 0;
      updateDrag({ id, from, to: from });
      const move = (ev: PointerEvent) => {
        const box = scrollRef.current;
        if (box) {
          // Scroll while the pointer rests near an edge, so a row can travel past the visible ones.
          const r = box.getBoundingClientRect();
          if (ev.clientY < r.top + 30) box.scrollTop -= 20;
          else if (ev.clientY > r.bottom - 30) box.scrollTop += 20;
        }
        const dy = ev.clientY - startY + ((box?.scrollTop ?? 0) - startScroll);
        const to = Math.min(last, Math.max(0, from + Math.round(dy / ROW_HEIGHT)));
        if (to !== dragRef.current?.to) updateDrag({ id, from, to });
      };
      const end = (commit: boolean) => () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', onUp);
        window.removeEventListener('pointercancel', onCancel);
        finishDrag(commit);
      };
      const onUp = end(true);
      const onCancel = end(false);
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', onUp);
      window.addEventListener('pointercancel', onCancel);
    },
    [disabled, updateDrag, finishDrag, scrollRef],
  );
  /** Keyboard drag on the handle: Space or Enter lifts and drops, ↑/↓ move, Escape cancels. */
  const onHandleKeyDown = useCallback(
    (id: string, e: React.KeyboardEvent) => {
      if (disabled) return;
      const d = dragRef.current;
      const lifted = d?.id === id ? d : null;
      const stop = () => {
        e.preventDefault();
        e.stopPropagation();
      };
      if (e.key === ' ' || e.key === 'Enter') {
        stop();
        if (lifted) finishDrag(true);
        else {
          const from = pageRowsRef.current.findIndex((r) => r.id === id);
          if (from >= 0) updateDrag({ id, from, to: from });
        }
      } else if (lifted && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
        stop();
        const to = Math.min(pageRowsRef.current.length - 1, Math.max(0, lifted.to + (e.key === 'ArrowUp' ? -1 : 1)));
        updateDrag({ ...lifted, to });
        scrollToRow(pageStart + to);
      } else if (lifted && e.key === 'Escape') {
        stop();
        finishDrag(false);
      }
    },
    [disabled, updateDrag, finishDrag, scrollToRow, pageStart],
  );

  return { order, sortBy, drag, onHandlePointerDown, onHandleKeyDown };
}
