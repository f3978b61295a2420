import type { ReactNode } from 'react';
import type { CellError } from '@/lib/grid/rules';
import type { GridColumn, GridRow } from '@/lib/grid/types';

/** The editable grid's public types (imported through editable-grid.tsx, which re-exports them). */

export interface EditableGridRef {
  /** All rows, in display order (temporary ids included). */
  getValues(): GridRow[];
  /** Inserted rows with the temporary id dropped. */
  getNewRows(): Record<string, unknown>[];
  /** Persisted rows whose values (or sort number) differ from what was loaded. */
  getUpdatedRows(): GridRow[];
  /** Ids of removed persisted rows. */
  getDeleteIds(): string[];
  /** Validates every cell; marks and scrolls to the first bad one. */
  validate(): Promise<{ ok: boolean; errors: CellError[] }>;
  addRows(rows?: Record<string, unknown>[]): GridRow[];
  removeRows(ids: string[]): void;
  getSelection(): GridRow[];
  clearSelection(): void;
}

export interface EditableGridProps {
  columns: GridColumn[];
  /** Loaded rows; a new array resets the grid (changes, deletions, errors). */
  dataSource: GridRow[];
  /** Sort-number key rewritten after add, remove and reorder; null turns it off. Default orderNum. */
  dragSortKey?: string | null;
  /** Drag handle column (pointer, or keyboard: Space/Enter lifts, ↑/↓ move, Space/Enter drops, Escape cancels). */
  dragSort?: boolean;
  rowNumber?: boolean;
  rowSelection?: 'checkbox' | 'radio' | false;
  /** `{ field: value }`: matching rows cannot be selected. */
  disabledRows?: Record<string, unknown>;
  maxHeight?: number;
  toolbar?: boolean;
  /** Permission prefix: add / batch-delete hidden unless the user holds `${authPre}add` / `${authPre}batch_delete`. */
  authPre?: string;
  hideAdd?: boolean;
  hideRemove?: boolean;
  /** 保存: the caller reads the grid through the ref. */
  onSave?: () => void | Promise<void>;
  saving?: boolean;
  /** Async confirmation of a removal by the caller; without it the grid asks 确定要删除这 N 项吗?. */
  confirmRemove?: (ids: string[]) => Promise<boolean>;
  /** Client-side pages over the rows. */
  pagination?: { pageSize: number };
  showDetails?: boolean;
  /** Sub-table popover content of a row (retried; 打开子表失败 after more than 3 failures). */
  expandRender?: (row: GridRow) => Promise<ReactNode>;
  /** Realtime sync between sessions (/vxeSocket). */
  socket?: { pageId: string; socketKey: string };
  disabled?: boolean;
  onValuesChange?: (rows: GridRow[]) => void;
  /** Up to this many rows everything renders; above it only the visible rows do. */
  virtualThreshold?: number;
  testId?: string;
}
