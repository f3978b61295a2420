'use client';

import { memo, useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { Radio, Space } from 'antd';
import { ROW_NUMBER_WIDTH, SELECTION_WIDTH } from '@/lib/grid/rows';
import type { GridColumn, GridRow } from '@/lib/grid/types';
import { ALWAYS_LIVE, CellEditor, CellText, isLiteCell } from './grid-cells';
import { ACTION_WIDTH, DRAG_HANDLE_WIDTH } from './grid-model';
import { LiteCheckbox } from './lite-checkbox';
import { SubTablePopover } from './sub-table-popover';
import css from './editable-grid.module.css';

/** One rendered row: shared props (RowShared in grid-body) plus this row's own state. */
export interface RowViewProps {
  row: GridRow;
  index: number;
  top: number;
  cols: GridColumn[];
  widths: number[];
  dragSort: boolean;
  rowSelection: 'checkbox' | 'radio' | false;
  rowNumber: boolean;
  hasActions: boolean;
  showDetails: boolean;
  expandRender?: (row: GridRow) => Promise<ReactNode>;
  disabled: boolean;
  activeKey: string | null;
  editing: boolean;
  rowErrors: Record<string, string>;
  selected: boolean;
  rowDisabled: boolean;
  onCellClick: (rowId: string, key: string) => void;
  onCellChange: (rowId: string, key: string, value: unknown) => void;
  onDone: (how: 'commit' | 'cancel') => void;
  onToggle: (id: string, on: boolean) => void;
  onDetail: (row: GridRow) => void;
  onHandlePointerDown: (rowId: string, e: React.PointerEvent) => void;
  onHandleKeyDown: (rowId: string, e: React.KeyboardEvent) => void;
  dragging?: boolean;
}

export const RowBody = memo(function RowBody({
  row,
  index,
  top,
  cols,
  widths,
  dragSort,
  rowSelection,
  rowNumber,
  hasActions,
  showDetails,
  expandRender,
  disabled,
  activeKey,
  editing,
  rowErrors,
  selected,
  rowDisabled,
  onCellClick,
  onCellChange,
  onDone,
  onToggle,
  onDetail,
  onHandlePointerDown,
  onHandleKeyDown,
  dragging,
}: RowViewProps) {
  const rowClass = `${css.row}${dragging ? ` ${css.rowDragging}` : selected ? ` ${css.rowSelected}` : ''}`;
  const rowRef = useRef<HTMLDivElement>(null);
  const shownId = useRef(row.id);
  useLayoutEffect(() => {
    if (shownId.current === row.id) return;
    shownId.current = row.id;
    // A recycled row now shows another record: focus must not carry over (a Space on the focused
    // checkbox or drag handle would act on the new record), just as if the old row had unmounted.
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && rowRef.current?.contains(focused)) focused.blur();
  }, [row.id]);
  return (
    <div ref={rowRef} className={rowClass} style={{ transform: `translateY(${top}px)` }} data-row-id={row.id} data-row-index={index} data-testid={`grid-row-${index}`}>
      {dragSort && (
        <div className={css.cell} style={cellWidth(DRAG_HANDLE_WIDTH)}>
          <span
            role="button"
            tabIndex={0}
            aria-label="拖动排序"
            aria-pressed={!!dragging}
            data-testid={`grid-drag-${index}`}
            onPointerDown={(e) => onHandlePointerDown(row.id, e)}
            onKeyDown={(e) => onHandleKeyDown(row.id, e)}
            style={{ cursor: dragging ? 'grabbing' : 'grab', padding: 4, touchAction: 'none' }}
          >
            {HOLDER_ICON}
          </span>
        </div>
      )}
      {rowSelection && (
        <div className={css.cell} style={cellWidth(SELECTION_WIDTH)}>
          {rowSelection === 'radio' ? (
            <Radio key={row.id} checked={selected} disabled={rowDisabled} onChange={() => onToggle(row.id, true)} data-testid={`grid-select-${index}`} />
          ) : (
            <LiteCheckbox checked={selected} disabled={rowDisabled} onChange={(on) => onToggle(row.id, on)} aria-label="选择" data-testid={`grid-select-${index}`} />
          )}
        </div>
      )}
      {rowNumber && <div className={css.cell} style={cellWidth(ROW_NUMBER_WIDTH)}>{index + 1}</div>}
      {cols.map((col, i) => {
        const isActive = activeKey === col.key;
        const err = rowErrors[col.key];
        const live = ALWAYS_LIVE.has(col.type);
        const cellDisabled = disabled || !!col.disabled;
        const control = live || (isActive && editing);
        const lite = isLiteCell(col);
        return (
          <div
            key={col.key}
            data-grid-cell
            data-testid={`grid-cell-${index}-${col.key}`}
            data-invalid={err ? 'true' : undefined}
            data-active={isActive ? 'true' : undefined}
            title={err}
            onClick={() => {
              if (!(isActive && editing)) onCellClick(row.id, col.key);
            }}
            className={`${css.cell} ${cellDisabled ? css.locked : css.editable}${err ? ` ${css.invalid}` : isActive ? ` ${css.active}` : ''}${control && !lite ? ` ${css.clip}` : ''}`}
            style={cellWidth(widths[i])}
          >
            {control ? (
              <CellEditor key={lite ? undefined : row.id} col={col} row={row} value={row[col.key]} disabled={cellDisabled} onChange={(v) => onCellChange(row.id, col.key, v)} onDone={onDone} autoFocus />
            ) : (
              <div className={css.text} data-testid="grid-cell-text">
                <CellText col={col} value={row[col.key]} />
              </div>
            )}
            {err && (
              <div className={css.error} data-testid="grid-cell-error">
                {err}
              </div>
            )}
          </div>
        );
      })}
      {hasActions && (
        <div className={`${css.cell} ${css.clip}`} style={cellWidth(ACTION_WIDTH)}>
          <Space size={4}>
            {showDetails && (
              <a onClick={() => onDetail(row)} data-testid={`grid-detail-${index}`}>
                详情
              </a>
            )}
            {expandRender && <SubTablePopover key={row.id} row={row} load={expandRender} index={index} />}
          </Space>
        </div>
      )}
    </div>
  );
});

/**
 * The drag handle's six dots as one constant element: an icon component's context and style hooks
 * ran for every row a virtual scroll mounted.
 */
const HOLDER_ICON = (
  <span role="img" aria-label="holder" className="anticon">
    <svg viewBox="0 0 12 16" width="1em" height="1em" fill="currentColor" focusable="false" aria-hidden="true">
      {[3, 9].flatMap((cx) => [3, 8, 13].map((cy) => <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={1.5} />))}
    </svg>
  </span>
);

/** One style object per width, shared by every cell of that width (the rest is in the CSS module). */
const widthStyles = new Map<number, CSSProperties>();
const cellWidth = (width: number): CSSProperties => {
  let st = widthStyles.get(width);
  if (!st) widthStyles.set(width, (st = { width, minWidth: width }));
  return st;
};
