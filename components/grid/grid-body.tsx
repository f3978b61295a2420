'use client';

import { memo, useEffect } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { isRowDisabled, ROW_HEIGHT } from '@/lib/grid/rows';
import type { GridRow } from '@/lib/grid/types';
import { EMPTY_ERRORS, type Active, type ErrorMap } from './grid-model';
import { RowBody, type RowViewProps } from './grid-row';

/** Rows rendered beyond each edge of the visible ones. */
const OVERSCAN = 4;

/** A row lifted by its drag handle: its index on the page and where it would land. */
export type DragState = { id: string; from: number; to: number } | null;

export type GridVirtualizer = ReturnType<typeof useVirtualizer<HTMLDivElement, Element>>;
/** The props every row shares (memoised once in the grid, so a scroll re-renders only changed rows). */
export type RowShared = Omit<RowViewProps, 'row' | 'index' | 'top' | 'activeKey' | 'editing' | 'rowErrors' | 'selected' | 'rowDisabled' | 'dragging'>;

interface GridBodyProps {
  pageRows: GridRow[];
  pageStart: number;
  virtual: boolean;
  maxHeight: number;
  scrollRef: React.RefObject<HTMLDivElement | null>;
  virtualizerRef: React.RefObject<GridVirtualizer | null>;
  rowProps: RowShared;
  active: Active;
  editing: boolean;
  errors: ErrorMap;
  selectedSet: Set<string>;
  disabledRows?: Record<string, unknown>;
  drag: DragState;
  totalWidth: number;
  testId: string;
}

/**
 * The rows. The virtualizer's state lives here, so a scroll frame re-renders this body (and the rows
 * whose slot now shows another record), never the toolbar, header and statistics around it (bench/grid).
 */
export const GridBody = memo(function GridBody({ pageRows, pageStart, virtual, maxHeight, scrollRef, virtualizerRef, rowProps, active, editing, errors, selectedSet, disabledRows, drag, totalWidth, testId }: GridBodyProps) {
  // TanStack Virtual returns fresh functions by design, so the compiler leaves this component unmemoised.
  const virtualizer = useVirtualizer({
    count: virtual ? pageRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    initialRect: { width: 1000, height: maxHeight },
  });
  useEffect(() => {
    virtualizerRef.current = virtualizer;
  }, [virtualizer, virtualizerRef]);
  // Virtual rows are keyed by slot (index modulo the pool size), so a row scrolling in takes over the
  // DOM of one that scrolled out instead of mounting 23 cells. The pool is always full (the visible
  // rows and overscan from the virtualiser's first, topped up to a constant count) so no slot mounts
  // or unmounts as rows cross the edges. Nothing may leak between the records sharing a slot: RowBody
  // keys every stateful child (editors, antd controls, sub-table popover) by row id and drops the
  // focus when its record changes; only stateless parts (text, light checkboxes, drag handle) are reused.
  let indexes: number[];
  let pool = 0;
  if (virtual) {
    const shown = virtualizer.getVirtualItems();
    pool = Math.max(Math.ceil(maxHeight / ROW_HEIGHT) + 1 + 2 * OVERSCAN, shown.length);
    const from = Math.max(0, Math.min(shown[0]?.index ?? 0, pageRows.length - pool));
    const to = Math.min(pageRows.length, from + pool);
    // In slot order, not row order: a reordered child list makes React move DOM nodes, and a moved
    // row is detached and rebuilt by the browser (style, layout objects) like a new one.
    indexes = Array.from({ length: to - from }, (_, i) => from + i).sort((a, b) => (a % pool) - (b % pool));
  } else indexes = pageRows.map((_, i) => i);
  return (
    <div style={{ height: pageRows.length * ROW_HEIGHT, position: 'relative', width: totalWidth }} data-testid={`${testId}-body`} onKeyDown={virtual ? tabInRowOrder : undefined}>
      {indexes.map((index) => {
        const row = pageRows[index];
        if (!row) return null;
        const isActiveRow = active?.rowId === row.id;
        return (
          <RowBody
            key={virtual ? `s${index % pool}` : row.id}
            {...rowProps}
            row={row}
            index={pageStart + index}
            top={index * ROW_HEIGHT}
            activeKey={isActiveRow ? active.key : null}
            editing={isActiveRow && editing}
            rowErrors={errors.get(row.id) ?? EMPTY_ERRORS}
            selected={selectedSet.has(row.id)}
            rowDisabled={isRowDisabled(row, disabledRows)}
            dragging={drag?.id === row.id}
          />
        );
      })}
      {drag && drag.to !== drag.from && (
        <div
          data-testid="grid-drop-indicator"
          style={{ position: 'absolute', left: 0, width: totalWidth, height: 2, zIndex: 4, background: '#1677ff', top: (drag.to > drag.from ? drag.to + 1 : drag.to) * ROW_HEIGHT - 1 }}
        />
      )}
    </div>
  );
});

const TABBABLE = 'input:not([disabled]), button:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab between the row controls (drag handles, selection boxes) of virtual rows, in row
 * order: the rows are in slot order in the DOM (GridBody), so the browser's own order would jump.
 * Inside a cell the grid's key handler moves between cells instead.
 */
function tabInRowOrder(e: React.KeyboardEvent<HTMLDivElement>) {
  if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
  const from = e.target as HTMLElement;
  if (from.closest('[data-grid-cell]')) return;
  const body = e.currentTarget;
  const rows = [...body.querySelectorAll<HTMLElement>(':scope > [data-row-index]')].sort((a, b) => Number(a.dataset.rowIndex) - Number(b.dataset.rowIndex));
  const inOrder = rows.flatMap((r) => [...r.querySelectorAll<HTMLElement>(TABBABLE)]);
  const at = inOrder.indexOf(from);
  if (at < 0) return;
  const next = inOrder[at + (e.shiftKey ? -1 : 1)];
  if (next) {
    e.preventDefault();
    next.focus();
    return;
  }
  // Leaving the rows: start the browser's own move from the body's last (or first) control in the
  // DOM, so the focus lands after (or before) the grid's rows.
  const inDom = [...body.querySelectorAll<HTMLElement>(TABBABLE)];
  inDom[e.shiftKey ? 0 : inDom.length - 1]?.focus();
}
