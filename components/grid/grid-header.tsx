'use client';

import type { CSSProperties } from 'react';
import { Checkbox, theme } from 'antd';
import { ROW_NUMBER_WIDTH, SELECTION_WIDTH } from '@/lib/grid/rows';
import { columnStatistics } from '@/lib/grid/statistics';
import type { GridColumn, GridRow } from '@/lib/grid/types';
import { ACTION_WIDTH, DRAG_HANDLE_WIDTH } from './grid-model';
import type { SortOrder } from './use-grid-row-order';

/** The theme colours the rows' light controls (lite-checkbox.module.css) read. */
export const themeVars = (token: ReturnType<typeof theme.useToken>['token']) =>
  ({
    '--grid-primary': token.colorPrimary,
    '--grid-primary-border': token.colorPrimaryBorder,
    '--grid-border': token.colorBorder,
    '--grid-disabled-bg': token.colorBgContainerDisabled,
  }) as CSSProperties;

const headCell = (width: number): CSSProperties => ({ width, minWidth: width, flex: 'none', padding: '8px', boxSizing: 'border-box', borderRight: '1px solid #f0f0f0', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });

interface GridHeaderProps {
  visibleCols: GridColumn[];
  widths: number[];
  totalWidth: number;
  dragSort: boolean;
  rowSelection: 'checkbox' | 'radio' | false;
  rowNumber: boolean;
  hasActions: boolean;
  disabled?: boolean;
  allChecked: boolean;
  someChecked: boolean;
  onSelectAll: (on: boolean) => void;
  order: SortOrder | null;
  onSort: (key: string) => void;
}

/** The sticky header: 全选, required marks and the isOrder columns' sort toggles. */
export function GridHeader({ visibleCols, widths, totalWidth, dragSort, rowSelection, rowNumber, hasActions, disabled, allChecked, someChecked, onSelectAll, order, onSort }: GridHeaderProps) {
  return (
    <div style={{ display: 'flex', position: 'sticky', top: 0, zIndex: 3, background: '#fafafa', width: totalWidth, fontWeight: 600, borderBottom: '1px solid #f0f0f0' }}>
      {dragSort && <div style={headCell(DRAG_HANDLE_WIDTH)} />}
      {rowSelection && (
        <div style={headCell(SELECTION_WIDTH)}>
          {rowSelection === 'checkbox' && <Checkbox aria-label="全选" checked={allChecked} indeterminate={someChecked} onChange={(e) => onSelectAll(e.target.checked)} data-testid="grid-select-all" />}
        </div>
      )}
      {rowNumber && <div style={headCell(ROW_NUMBER_WIDTH)}>#</div>}
      {visibleCols.map((c, i) => (
        <div
          key={c.key}
          style={{ ...headCell(widths[i]), cursor: c.isOrder && !disabled ? 'pointer' : undefined }}
          data-testid={c.isOrder ? `grid-sort-${c.key}` : undefined}
          aria-sort={order?.key === c.key ? (order.dir === 'asc' ? 'ascending' : 'descending') : undefined}
          onClick={c.isOrder && !disabled ? () => onSort(c.key) : undefined}
        >
          {c.validateRules?.some((r) => r.required) && <span style={{ color: '#ff4d4f' }}>* </span>}
          {c.title}
          {c.isOrder && <span style={{ color: order?.key === c.key ? '#1677ff' : '#bfbfbf', marginLeft: 4 }}>{order?.key === c.key && order.dir === 'desc' ? '↓' : '↑'}</span>}
        </div>
      ))}
      {hasActions && <div style={headCell(ACTION_WIDTH)}>操作</div>}
    </div>
  );
}

/** 合计 / 平均 rows, sticky at the bottom, for the columns that ask for them. */
export function GridStatistics({ rows, visibleCols, widths, lead, totalWidth }: { rows: GridRow[]; visibleCols: GridColumn[]; widths: number[]; lead: number; totalWidth: number }) {
  const statCols = visibleCols.filter((c) => c.statistics?.length);
  const statKinds = (['sum', 'average'] as const).filter((k) => statCols.some((c) => c.statistics?.includes(k)));
  return statKinds.map((kind) => (
    <div key={kind} data-testid={`grid-stat-${kind}`} style={{ display: 'flex', position: 'sticky', bottom: 0, zIndex: 3, background: '#fafafa', width: totalWidth, borderTop: '1px solid #f0f0f0' }}>
      <div style={headCell(lead || ROW_NUMBER_WIDTH)}>{kind === 'sum' ? '合计' : '平均'}</div>
      {visibleCols.map((c, i) => (
        <div key={c.key} style={headCell(widths[i])} data-testid={c.statistics?.includes(kind) ? `grid-stat-${kind}-${c.key}` : undefined}>
          {c.statistics?.includes(kind) ? String(columnStatistics(rows, c.key)[kind]) : ''}
        </div>
      ))}
    </div>
  ));
}
