'use client';

import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { App, Pagination, theme } from 'antd';
import { useAuth } from '@/components/shell/shell-context';
import { validateRows } from '@/lib/grid/rules';
import { BLUR_VALIDATE_MS, DEFAULT_MAX_HEIGHT, ROW_HEIGHT, isTempId, newRow, removeRowsById, resequence, withoutTempId } from '@/lib/grid/rows';
import type { GridRow } from '@/lib/grid/types';
import type { EditableGridProps, EditableGridRef } from './editable-grid-types';
import { GridBody, type GridVirtualizer, type RowShared } from './grid-body';
import { ALWAYS_LIVE } from './grid-cells';
import { GridHeader, GridStatistics, themeVars } from './grid-header';
import { errorMapOf, gridLayout, pageWindow, sameValues } from './grid-model';
import { GridDetailModal, GridToolbar } from './grid-toolbar';
import { useActiveCell } from './use-active-cell';
import { useGridKeyboard } from './use-grid-keyboard';
import { useGridPaste } from './use-grid-paste';
import { useGridRowOrder } from './use-grid-row-order';
import { useGridSelection } from './use-grid-selection';
import { useGridSync } from './use-grid-sync';
import { useGridValidation } from './use-grid-validation';

// The public surface stays here; the parts live beside this file (one concern each).
export { ACTION_WIDTH, DRAG_HANDLE_WIDTH } from './grid-model';
export { SubTablePopover, SUB_TABLE_FAILED, SUB_TABLE_TRIES } from './sub-table-popover';
export type { EditableGridProps, EditableGridRef } from './editable-grid-types';

const NO_SELECTION = '请选择一条记录！';

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
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<GridRow | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  const visibleCols = useMemo(() => columns.filter((c) => c.type !== 'hidden'), [columns]);
  const colMap = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  const compareKeys = useMemo(() => [...columns.map((c) => c.key), ...(dragSortKey ? [dragSortKey] : [])], [columns, dragSortKey]);

  const pageSize = pagination?.pageSize;
  const { safePage, pageStart } = pageWindow(rows.length, pageSize, page);
  const pageRows = useMemo(() => (pageSize ? rows.slice(pageStart, pageStart + pageSize) : rows), [rows, pageSize, pageStart]);
  const cell = useActiveCell(colMap, disabled, rootRef);
  const { active, editing, editingRef, startEdit, stopEdit, focusCell } = cell;
  const { selected, setSelected, selectedSet, allChecked, someChecked, toggleRow, onSelectAll } = useGridSelection(pageRows, disabledRows, rowSelection);
  const { errors, setErrors, setCellErrors, validateCells } = useGridValidation(colMap, rowsRef);

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
    setRowsState(dataSource);
    deleteRef.current = [];
    setErrors(new Map());
    setSelected([]);
    focusCell(null);
  }, [dataSource, setErrors, setSelected, focusCell]);

  const { sock, sockRef } = useGridSync({ socket, colMap, rowsRef, originals, editingRef, setRows });

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
    [setRows, validateCells, socket, sockRef],
  );

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
      if (active && ids.includes(active.rowId)) focusCell(null);
    },
    [dragSortKey, setRows, setSelected, setCellErrors, columns, active, focusCell],
  );

  const validateAll = useCallback(async () => {
    const all = rowsRef.current;
    const found = await validateRows(columns, all);
    setErrors(errorMapOf(found));
    const first = found[0];
    if (first) {
      const idx = all.findIndex((r) => r.id === first.rowId);
      scrollToRow(idx);
      focusCell({ rowId: first.rowId, key: first.key });
    }
    return { ok: found.length === 0, errors: found };
  }, [columns, setErrors, scrollToRow, focusCell]);

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
    [validateAll, addRows, removeRows, selected, setSelected, compareKeys],
  );

  const onAddClick = () => {
    // Every click adds a row (issue #39): a new row is local until the form saves, so there is no network call to
    // guard here; the save itself is the one guarded by its button's loading state.
    const [row] = addRows();
    const idx = rowsRef.current.findIndex((r) => r.id === row.id);
    scrollToRow(idx);
    const first = visibleCols.find((c) => !c.disabled && !ALWAYS_LIVE.has(c.type));
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

  const onKeyDown = useGridKeyboard({ rowsRef, visibleCols, colMap, cell, scrollToRow, rootRef });
  const onPaste = useGridPaste({ active, disabled, columns, dragSortKey, rowsRef, setRows, endEdit: cell.endEdit, validateCells, rootRef, socket: socket ? sock : undefined });
  const { order, sortBy, drag, onHandlePointerDown, onHandleKeyDown } = useGridRowOrder({ rowsRef, setRows, dragSortKey, pageRows, pageStart, scrollRef, scrollToRow, disabled });

  const hasActions = !!showDetails || !!expandRender;
  const { widths, lead, totalWidth } = useMemo(() => gridLayout(visibleCols, { dragSort, rowSelection, rowNumber, hasActions }), [visibleCols, dragSort, rowSelection, rowNumber, hasActions]);

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

  return (
    <div ref={rootRef} tabIndex={0} data-testid={testId} data-socket={socket ? sock.status : undefined} onKeyDown={onKeyDown} onPaste={onPaste} style={{ outline: 'none' }}>
      {toolbar && (
        <GridToolbar canAdd={canAdd} canRemove={canRemove} selectedCount={selected.length} onAdd={onAddClick} onSave={onSave} saving={saving} disabled={disabled} onRemove={() => void onRemoveClick()} onClear={() => setSelected([])} />
      )}
      <div ref={scrollRef} style={{ maxHeight, overflow: 'auto', border: '1px solid #f0f0f0', position: 'relative', ...themeVars(token) }} data-testid={`${testId}-scroll`}>
        <GridHeader
          visibleCols={visibleCols}
          widths={widths}
          totalWidth={totalWidth}
          dragSort={dragSort}
          rowSelection={rowSelection}
          rowNumber={rowNumber}
          hasActions={hasActions}
          disabled={disabled}
          allChecked={allChecked}
          someChecked={someChecked}
          onSelectAll={onSelectAll}
          order={order}
          onSort={sortBy}
        />
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
        {!pageRows.length && <div style={{ padding: 16, textAlign: 'center', color: '#999' }}>暂无数据</div>}
        <GridStatistics rows={rows} visibleCols={visibleCols} widths={widths} lead={lead} totalWidth={totalWidth} />
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
      <GridDetailModal detail={detail} visibleCols={visibleCols} onClose={() => setDetail(null)} />
    </div>
  );
});
