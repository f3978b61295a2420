'use client';

import { useCallback, useMemo, useState } from 'react';
import type { GridRow } from '@/lib/grid/types';
import { selectAll, selectionSummary, toggleSelection } from './grid-model';

/** The selected row ids, across pages; disabled rows are left out of 全选. */
export function useGridSelection(pageRows: GridRow[], disabledRows: Record<string, unknown> | undefined, rowSelection: 'checkbox' | 'radio' | false) {
  const [selected, setSelected] = useState<string[]>([]);
  // O(rows) work: computed when rows or the selection change, never on a scroll frame.
  const { selectable, allChecked, someChecked } = useMemo(() => selectionSummary(pageRows, disabledRows, selected), [pageRows, disabledRows, selected]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const toggleRow = useCallback((id: string, on: boolean) => setSelected((s) => toggleSelection(s, id, on, rowSelection)), [rowSelection]);
  const onSelectAll = (on: boolean) => setSelected(selectAll(selected, selectable, on));
  return { selected, setSelected, selectedSet, allChecked, someChecked, toggleRow, onSelectAll };
}
