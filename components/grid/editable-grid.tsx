'use client';

import { forwardRef, memo, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { App, Button, Checkbox, Descriptions, Modal, Pagination, Popover, Radio, Space, theme } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useAuth } from '@/components/shell/shell-context';
import { useVxeSocket } from '@/components/grid/use-vxe-socket';
import { validateCell, validateRows, type CellError } from '@/lib/grid/rules';
import { applyPaste, parsePasteText } from '@/lib/grid/paste';
import {
  BLUR_VALIDATE_MS,
  DEFAULT_MAX_HEIGHT,
  QUICK_INSERT_MESSAGE,
  QUICK_INSERT_MS,
  ROW_HEIGHT,
  ROW_NUMBER_WIDTH,
  SELECTION_WIDTH,
  columnWidth,
  isRowDisabled,
  isTempId,
  moveRow,
  sortRowsBy,
  newRow,
  removeRowsById,
  resequence,
  withoutTempId,
} from '@/lib/grid/rows';
import { columnStatistics } from '@/lib/grid/statistics';
import type { GridColumn, GridRow } from '@/lib/grid/types';
import { ALWAYS_LIVE, CellEditor, CellText, DRAFT_TYPES, isLiteCell } from './grid-cells';
import { LiteCheckbox } from './lite-checkbox';
import css from './editable-grid.module.css';

export const DRAG_HANDLE_WIDTH = 40;
/** Rows rendered beyond each edge of the visible ones. */
const OVERSCAN = 4;
export const ACTION_WIDTH = 110;
export const SUB_TABLE_FAILED = '打开子表失败';
/** A sub-table loader is tried once and retried 3 times before giving up. */
export const SUB_TABLE_TRIES = 4;
const NO_SELECTION = '请选择一条记录！';

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

type Active = { rowId: string; key: string } | null;
type ErrorMap = Map<string, Record<string, string>>;
const EMPTY_ERRORS: Record<string, string> = {};

function sameValues(a: GridRow, b: GridRow, keys: string[]): boolean {
  return keys.every((k) => {
    const x = a[k];
    const y = b[k];
    if (Array.isArray(x) || Array.isArray(y)) return JSON.stringify(x ?? []) === JSON.stringify(y ?? []);
    return (x ?? '') === (y ?? '') || String(x ?? '') === String(y ?? '');
  });
}

export const EditableGrid = forwardRef<EditableGridRef, EditableGridProps>(function EditableGrid(props, ref) {
  const {
    columns,
    dataSource,
    dragSortKey = 'orderNum',
    dragSort = false,
    rowNumber = true,
    rowSelection = 'checkbox',
    disabledRows,
    maxHeight = DEFAULT_MAX_HEIGHT,
    toolbar = true,
    authPre,
    hideAdd,
    hideRemove,
    onSave,
    saving,
    confirmRemove,
    pagination,
    showDetails,
    expandRender,
    socket,
    disabled,
    onValuesChange,
    virtualThreshold = 30,
    testId = 'editable-grid',
  } = props;
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const { has } = useAuth();
  const canAdd = !hideAdd && !disabled && (!authPre || has(`${authPre}add`));
  const canRemove = !hideRemove && !disabled && (!authPre || has(`${authPre}batch_delete`));

  const [rows, setRowsState] = useState<GridRow[]>(dataSource);
  const rowsRef = useRef<GridRow[]>(dataSource);
  const originals = useRef(new Map<string, GridRow>());
  const deleteRef = useRef<string[]>([]);
  const [errors, setErrors] = useState<ErrorMap>(() => new Map());
  const [active, setActive] = useState<Active>(null);
  const [editing, setEditing] = useState(false);
  const editingRef = useRef<Active>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<GridRow | null>(null);
  const lastInsert = useRef(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  const visibleCols = useMemo(() => columns.filter((c) => c.type !== 'hidden'), [columns]);
  const colMap = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  const compareKeys = useMemo(() => [...columns.map((c) => c.key), ...(dragSortKey ? [dragSortKey] : [])], [columns, dragSortKey]);

  const setRows = useCallback(
    (next: GridRow[]) => {
      rowsRef.current = next;
      setRowsState(next);
      onValuesChange?.(next);
    },
    [onValuesChange],
  );

  // A new dataSource is a fresh start (after a load or a save): every piece of grid state resets at
  // once, and the refs the event handlers read must change with it, hence an effect.
  useEffect(() => {
    originals.current = new Map(dataSource.map((r) => [r.id, r]));
    rowsRef.current = dataSource;
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRowsState(dataSource);
    deleteRef.current = [];
    setErrors(new Map());
    setSelected([]);
    setActive(null);
    setEditing(false);
    editingRef.current = null;
  }, [dataSource]);

  const setCellErrors = useCallback((updates: { rowId: string; key: string; message: string | null }[]) => {
    if (!updates.length) return;
    setErrors((prev) => {
      const next = new Map(prev);
      for (const u of updates) {
        const cur = { ...(next.get(u.rowId) ?? {}) };
        if (u.message) cur[u.key] = u.message;
        else delete cur[u.key];
        if (Object.keys(cur).length) next.set(u.rowId, cur);
        else next.delete(u.rowId);
      }
      return next;
    });
  }, []);

  /** Validates cells; a unique column is re-checked for every row (a fix elsewhere clears a duplicate). */
  const validateCells = useCallback(
    async (cells: { rowId: string; key: string }[]) => {
      const all = rowsRef.current;
      const byId = new Map(all.map((r) => [r.id, r]));
      const updates: { rowId: string; key: string; message: string | null }[] = [];
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
      setCellErrors(updates);
    },
    [colMap, setCellErrors],
  );

  const sock = useVxeSocket({
    pageId: socket?.pageId ?? '',
    socketKey: socket?.socketKey ?? '',
    enabled: !!socket,
    onUpdate: (args) => {
      if (args[0] !== 'update' || typeof args[1] !== 'string' || !args[2] || typeof args[2] !== 'object') return;
      const rowId = args[1];
      const patch = { ...(args[2] as Record<string, unknown>) };
      // Only known columns; never the cell this user is typing in.
      for (const k of Object.keys(patch)) if (!colMap.has(k) || (editingRef.current?.rowId === rowId && editingRef.current.key === k)) delete patch[k];
      if (!Object.keys(patch).length) return;
      const cur = rowsRef.current;
      const i = cur.findIndex((r) => r.id === rowId);
      if (i < 0) return;
      const next = cur.slice();
      next[i] = { ...cur[i], ...patch };
      const orig = originals.current.get(rowId);
      // Someone else's change is theirs to save: it does not make this row dirty here.
      if (orig) originals.current.set(rowId, { ...orig, ...patch });
      setRows(next);
    },
  });

  // The hook's answer may be a new object every render; the cell callbacks stay stable through a ref,
  // so a scroll re-renders only the rows that change (RowBody is memoised).
  const sockRef = useRef(sock);
  useEffect(() => {
    sockRef.current = sock;
  }, [sock]);

  const setCell = useCallback(
    (rowId: string, key: string, value: unknown) => {
      const cur = rowsRef.current;
      const i = cur.findIndex((r) => r.id === rowId);
      if (i < 0 || cur[i][key] === value) {
        setTimeout(() => void validateCells([{ rowId, key }]), BLUR_VALIDATE_MS);
        return;
      }
      const next = cur.slice();
      next[i] = { ...cur[i], [key]: value };
      setRows(next);
      // Blur validation is delayed 100 ms (spec 02 §9), so a click on the next cell lands first.
      setTimeout(() => void validateCells([{ rowId, key }]), BLUR_VALIDATE_MS);
      if (socket && !isTempId(rowId)) sockRef.current.send(['update', rowId, { [key]: value }]);
    },
    [setRows, validateCells, socket],
  );

  const pageSize = pagination?.pageSize;
  const pageCount = pageSize ? Math.max(1, Math.ceil(rows.length / pageSize)) : 1;
  const safePage = Math.min(page, pageCount);
  const pageStart = pageSize ? (safePage - 1) * pageSize : 0;
  const pageRows = useMemo(() => (pageSize ? rows.slice(pageStart, pageStart + pageSize) : rows), [rows, pageSize, pageStart]);

  const virtual = pageRows.length > virtualThreshold;
  // The virtualizer lives in GridBody, so a scroll re-renders only the rows; keyboard moves reach it here.
  const virtualizerRef = useRef<GridVirtualizer | null>(null);

  const scrollToRow = useCallback(
    (globalIndex: number) => {
      if (pageSize) setPage(Math.floor(globalIndex / pageSize) + 1);
      const local = pageSize ? globalIndex % pageSize : globalIndex;
      if (virtual) virtualizerRef.current?.scrollToIndex(local, { align: 'auto' });
      else if (scrollRef.current) {
        const top = local * ROW_HEIGHT;
        const el = scrollRef.current;
        if (top < el.scrollTop || top + ROW_HEIGHT * 2 > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, top - ROW_HEIGHT);
      }
    },
    [pageSize, virtual],
  );

  const editableCols = useMemo(() => visibleCols.filter((c) => !c.disabled), [visibleCols]);

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

  const stopEdit = useCallback(() => {
    setEditing(false);
    editingRef.current = null;
    rootRef.current?.focus({ preventScroll: true });
  }, []);

  const addRows = useCallback(
    (values?: Record<string, unknown>[]) => {
      const made = (values?.length ? values : [{}]).map((v) => newRow(columns, v));
      const next = resequence([...rowsRef.current, ...made], dragSortKey);
      setRows(next);
      return next.slice(next.length - made.length);
    },
    [columns, dragSortKey, setRows],
  );

  const removeRows = useCallback(
    (ids: string[]) => {
      const out = removeRowsById(rowsRef.current, ids, deleteRef.current, dragSortKey);
      deleteRef.current = out.deleteIds;
      setRows(out.rows);
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      setCellErrors(ids.flatMap((rowId) => columns.map((c) => ({ rowId, key: c.key, message: null }))));
      if (active && ids.includes(active.rowId)) {
        setActive(null);
        setEditing(false);
        editingRef.current = null;
      }
    },
    [dragSortKey, setRows, setCellErrors, columns, active],
  );

  const validateAll = useCallback(async () => {
    const all = rowsRef.current;
    const found = await validateRows(columns, all);
    const next: ErrorMap = new Map();
    for (const e of found) next.set(e.rowId, { ...(next.get(e.rowId) ?? {}), [e.key]: e.message });
    setErrors(next);
    const first = found[0];
    if (first) {
      const idx = all.findIndex((r) => r.id === first.rowId);
      scrollToRow(idx);
      setActive({ rowId: first.rowId, key: first.key });
      setEditing(false);
      editingRef.current = null;
    }
    return { ok: found.length === 0, errors: found };
  }, [columns, scrollToRow]);

  useImperativeHandle(
    ref,
    () => ({
      getValues: () => rowsRef.current.slice(),
      getNewRows: () => rowsRef.current.filter((r) => isTempId(r.id)).map(withoutTempId),
      getUpdatedRows: () =>
        rowsRef.current.filter((r) => {
          if (isTempId(r.id)) return false;
          const o = originals.current.get(r.id);
          return !o || !sameValues(r, o, compareKeys);
        }),
      getDeleteIds: () => deleteRef.current.slice(),
      validate: validateAll,
      addRows,
      removeRows,
      getSelection: () => rowsRef.current.filter((r) => selected.includes(r.id)),
      clearSelection: () => setSelected([]),
    }),
    [validateAll, addRows, removeRows, selected, compareKeys],
  );

  const onAddClick = () => {
    const now = Date.now();
    if (now - lastInsert.current < QUICK_INSERT_MS) {
      void message.warning(QUICK_INSERT_MESSAGE);
      return;
    }
    lastInsert.current = now;
    const [row] = addRows();
    const idx = rowsRef.current.findIndex((r) => r.id === row.id);
    scrollToRow(idx);
    const first = editableCols.find((c) => !ALWAYS_LIVE.has(c.type));
    if (first) startEdit(row.id, first.key);
  };

  const onRemoveClick = async () => {
    if (!selected.length) {
      void message.warning(NO_SELECTION);
      return;
    }
    const ids = selected.slice();
    const okay = confirmRemove
      ? await confirmRemove(ids)
      : await new Promise<boolean>((resolve) =>
          modal.confirm({ title: '确认删除', content: `确定要删除这 ${ids.length} 项吗?`, onOk: () => resolve(true), onCancel: () => resolve(false) }),
        );
    if (okay) removeRows(ids);
  };

  // Keyboard: arrows / Tab move, Enter edits, Escape cancels (the draft editor restores its value).
  const move = (dRow: number, dCol: number, edit: boolean) => {
    const cur = rowsRef.current;
    if (!active || !cur.length) {
      if (cur.length && visibleCols.length) setActive({ rowId: cur[0].id, key: visibleCols[0].key });
      return;
    }
    let ri = cur.findIndex((r) => r.id === active.rowId);
    let ci = visibleCols.findIndex((c) => c.key === active.key);
    ci += dCol;
    if (ci >= visibleCols.length) {
      ci = 0;
      ri += 1;
    } else if (ci < 0) {
      ci = visibleCols.length - 1;
      ri -= 1;
    }
    ri = Math.max(0, Math.min(cur.length - 1, ri + dRow));
    const target = { rowId: cur[ri].id, key: visibleCols[ci].key };
    scrollToRow(ri);
    if (edit) startEdit(target.rowId, target.key);
    else {
      setActive(target);
      setEditing(false);
      editingRef.current = null;
    }
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
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
    const keys: Record<string, [number, number]> = { ArrowDown: [1, 0], ArrowUp: [-1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (keys[e.key]) {
      e.preventDefault();
      move(keys[e.key][0], keys[e.key][1], false);
    } else if (e.key === 'Tab' && active) {
      e.preventDefault();
      move(0, e.shiftKey ? -1 : 1, false);
    } else if ((e.key === 'Enter' || e.key === 'F2') && active) {
      e.preventDefault();
      startEdit(active.rowId, active.key);
    }
  };

  // Paste a block copied from Excel at the focused cell (a plain single value inside an editor pastes normally).
  const onPaste = (e: React.ClipboardEvent<HTMLDivElement>) => {
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
    setEditing(false);
    editingRef.current = null;
    rootRef.current?.focus({ preventScroll: true });
    void validateCells(out.touched);
    if (socket) {
      const patches = new Map<string, Record<string, unknown>>();
      const byId = new Map(out.rows.map((r) => [r.id, r]));
      for (const t of out.touched) if (!isTempId(t.rowId)) patches.set(t.rowId, { ...(patches.get(t.rowId) ?? {}), [t.key]: byId.get(t.rowId)?.[t.key] });
      for (const [id, patch] of patches) sock.send(['update', id, patch]);
    }
  };

  // isOrder columns: the header sorts the rows themselves (asc, then desc) and the sort key follows,
  // so keyboard moves, paste and drag keep working on what is shown.
  const [order, setOrder] = useState<{ key: string; dir: 'asc' | 'desc' } | null>(null);
  const sortBy = useCallback(
    (key: string) => {
      const dir = order?.key === key && order.dir === 'asc' ? 'desc' : 'asc';
      setOrder({ key, dir });
      setRows(sortRowsBy(rowsRef.current, key, dir, dragSortKey));
    },
    [order, setRows, dragSortKey],
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
    [updateDrag, setRows, dragSortKey],
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
    [disabled, updateDrag, finishDrag],
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
  // O(rows) work: computed when rows or the selection change, never on a scroll frame.
  const { selectable, allChecked, someChecked } = useMemo(() => {
    const chosen = new Set(selected);
    const can = pageRows.filter((r) => !isRowDisabled(r, disabledRows));
    const every = can.length > 0 && can.every((r) => chosen.has(r.id));
    return { selectable: can, allChecked: every, someChecked: !every && can.some((r) => chosen.has(r.id)) };
  }, [pageRows, disabledRows, selected]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const toggleRow = useCallback(
    (id: string, on: boolean) => setSelected((s) => (rowSelection === 'radio' ? (on ? [id] : []) : on ? [...s, id] : s.filter((x) => x !== id))),
    [rowSelection],
  );

  const widths = useMemo(() => visibleCols.map(columnWidth), [visibleCols]);
  const hasActions = !!showDetails || !!expandRender;
  const lead = (dragSort ? DRAG_HANDLE_WIDTH : 0) + (rowSelection ? SELECTION_WIDTH : 0) + (rowNumber ? ROW_NUMBER_WIDTH : 0);
  const totalWidth = lead + widths.reduce((a, b) => a + b, 0) + (hasActions ? ACTION_WIDTH : 0);
  const statCols = visibleCols.filter((c) => c.statistics?.length);
  const statKinds = (['sum', 'average'] as const).filter((k) => statCols.some((c) => c.statistics?.includes(k)));

  const rowProps: RowShared = useMemo(
    () => ({
      cols: visibleCols,
      widths,
      dragSort,
      rowSelection,
      rowNumber,
      hasActions,
      showDetails: !!showDetails,
      expandRender,
      disabled: !!disabled,
      onCellClick: startEdit,
      onCellChange: setCell,
      onDone: stopEdit,
      onToggle: toggleRow,
      onDetail: setDetail,
      onHandlePointerDown,
      onHandleKeyDown,
    }),
    [visibleCols, widths, dragSort, rowSelection, rowNumber, hasActions, showDetails, expandRender, disabled, startEdit, setCell, stopEdit, toggleRow, onHandlePointerDown, onHandleKeyDown],
  );

  const body = (
    <GridBody
      pageRows={pageRows}
      pageStart={pageStart}
      virtual={virtual}
      maxHeight={maxHeight}
      scrollRef={scrollRef}
      virtualizerRef={virtualizerRef}
      rowProps={rowProps}
      active={active}
      editing={editing}
      errors={errors}
      selectedSet={selectedSet}
      disabledRows={disabledRows}
      drag={drag}
      totalWidth={totalWidth}
      testId={testId}
    />
  );

  return (
    <div
      ref={rootRef}
      tabIndex={0}
      data-testid={testId}
      data-socket={socket ? sock.status : undefined}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      style={{ outline: 'none' }}
    >
      {toolbar && (
        <Space style={{ marginBottom: 8 }} wrap>
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAddClick} data-testid="grid-add">
              新增
            </Button>
          )}
          {onSave && (
            <Button icon={<SaveOutlined />} loading={saving} onClick={() => void onSave()} data-testid="grid-save" disabled={disabled}>
              保存
            </Button>
          )}
          {canRemove && selected.length > 0 && (
            <Button danger icon={<DeleteOutlined />} onClick={() => void onRemoveClick()} data-testid="grid-remove">
              删除
            </Button>
          )}
          {selected.length > 0 && (
            <Button onClick={() => setSelected([])} data-testid="grid-clear">
              清空选择
            </Button>
          )}
          {selected.length > 0 && <span data-testid="grid-selected-count">已选择 {selected.length} 项</span>}
        </Space>
      )}
      <div ref={scrollRef} style={{ maxHeight, overflow: 'auto', border: '1px solid #f0f0f0', position: 'relative', ...themeVars(token) }} data-testid={`${testId}-scroll`}>
        <div style={{ display: 'flex', position: 'sticky', top: 0, zIndex: 3, background: '#fafafa', width: totalWidth, fontWeight: 600, borderBottom: '1px solid #f0f0f0' }}>
          {dragSort && <div style={headCell(DRAG_HANDLE_WIDTH)} />}
          {rowSelection && (
            <div style={headCell(SELECTION_WIDTH)}>
              {rowSelection === 'checkbox' && (
                <Checkbox
                  aria-label="全选"
                  checked={allChecked}
                  indeterminate={someChecked}
                  onChange={(e) => setSelected(e.target.checked ? [...new Set([...selected, ...selectable.map((r) => r.id)])] : selected.filter((id) => !selectable.some((r) => r.id === id)))}
                  data-testid="grid-select-all"
                />
              )}
            </div>
          )}
          {rowNumber && <div style={headCell(ROW_NUMBER_WIDTH)}>#</div>}
          {visibleCols.map((c, i) => (
            <div
              key={c.key}
              style={{ ...headCell(widths[i]), cursor: c.isOrder && !disabled ? 'pointer' : undefined }}
              data-testid={c.isOrder ? `grid-sort-${c.key}` : undefined}
              aria-sort={order?.key === c.key ? (order.dir === 'asc' ? 'ascending' : 'descending') : undefined}
              onClick={c.isOrder && !disabled ? () => sortBy(c.key) : undefined}
            >
              {c.validateRules?.some((r) => r.required) && <span style={{ color: '#ff4d4f' }}>* </span>}
              {c.title}
              {c.isOrder && <span style={{ color: order?.key === c.key ? '#1677ff' : '#bfbfbf', marginLeft: 4 }}>{order?.key === c.key && order.dir === 'desc' ? '↓' : '↑'}</span>}
            </div>
          ))}
          {hasActions && <div style={headCell(ACTION_WIDTH)}>操作</div>}
        </div>
        {body}
        {!pageRows.length && <div style={{ padding: 16, textAlign: 'center', color: '#999' }}>暂无数据</div>}
        {statKinds.map((kind) => (
          <div key={kind} data-testid={`grid-stat-${kind}`} style={{ display: 'flex', position: 'sticky', bottom: 0, zIndex: 3, background: '#fafafa', width: totalWidth, borderTop: '1px solid #f0f0f0' }}>
            <div style={headCell(lead || ROW_NUMBER_WIDTH)}>{kind === 'sum' ? '合计' : '平均'}</div>
            {visibleCols.map((c, i) => (
              <div key={c.key} style={headCell(widths[i])} data-testid={c.statistics?.includes(kind) ? `grid-stat-${kind}-${c.key}` : undefined}>
                {c.statistics?.includes(kind) ? String(columnStatistics(rows, c.key)[kind]) : ''}
              </div>
            ))}
          </div>
        ))}
      </div>
      {pageSize && rows.length > pageSize ? (
        <Pagination
          size="small"
          style={{ marginTop: 8, textAlign: 'right' }}
          current={safePage}
          pageSize={pageSize}
          total={rows.length}
          showTotal={(total, range) => `${range[0]}-${range[1]} 共${total}条`}
          onChange={(p) => setPage(p)}
        />
      ) : null}
      <Modal open={detail !== null} title="详情" footer={null} onCancel={() => setDetail(null)} width={720} destroyOnHidden>
        {detail && (
          <Descriptions column={2} bordered size="small" data-testid="grid-detail">
            {visibleCols.map((c) => (
              <Descriptions.Item key={c.key} label={c.title}>
                <CellText col={c} value={detail[c.key]} />
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Modal>
    </div>
  );
});

/** The theme colours the rows' light controls (lite-checkbox.module.css) read. */
const themeVars = (token: ReturnType<typeof theme.useToken>['token']) =>
  ({
    '--grid-primary': token.colorPrimary,
    '--grid-primary-border': token.colorPrimaryBorder,
    '--grid-border': token.colorBorder,
    '--grid-disabled-bg': token.colorBgContainerDisabled,
  }) as CSSProperties;

const headCell = (width: number): CSSProperties => ({ width, minWidth: width, flex: 'none', padding: '8px', boxSizing: 'border-box', borderRight: '1px solid #f0f0f0', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });

interface RowViewProps {
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

type DragState = { id: string; from: number; to: number } | null;

type GridVirtualizer = ReturnType<typeof useVirtualizer<HTMLDivElement, Element>>;
type RowShared = Omit<RowViewProps, 'row' | 'index' | 'top' | 'activeKey' | 'editing' | 'rowErrors' | 'selected' | 'rowDisabled' | 'dragging'>;

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
const GridBody = memo(function GridBody({ pageRows, pageStart, virtual, maxHeight, scrollRef, virtualizerRef, rowProps, active, editing, errors, selectedSet, disabledRows, drag, totalWidth, testId }: GridBodyProps) {
  // TanStack Virtual returns fresh functions by design, so the compiler leaves this component unmemoised.
  // eslint-disable-next-line react-hooks/incompatible-library
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

const RowBody = memo(function RowBody({
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

/** 子表: the row's sub-table in a popover, its loader retried; after more than 3 failures 打开子表失败. */
export function SubTablePopover({ row, load, index }: { row: GridRow; load: (row: GridRow) => Promise<ReactNode>; index: number }) {
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState<ReactNode>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'done' | 'failed'>('idle');
  const loadWithRetry = async () => {
    setState('loading');
    for (let attempt = 0; attempt < SUB_TABLE_TRIES; attempt += 1) {
      try {
        const node = await load(row);
        setContent(node);
        setState('done');
        return;
      } catch {
        // Next attempt; the caller's loader decides its own back-off.
      }
    }
    setState('failed');
  };
  return (
    <Popover
      open={open}
      trigger="click"
      onOpenChange={(o) => {
        setOpen(o);
        if (o && state !== 'done' && state !== 'loading') void loadWithRetry();
      }}
      content={<div data-testid={`grid-subtable-${index}`}>{state === 'failed' ? SUB_TABLE_FAILED : state === 'loading' ? '加载中…' : content}</div>}
    >
      <a data-testid={`grid-subtable-open-${index}`}>子表</a>
    </Popover>
  );
}
