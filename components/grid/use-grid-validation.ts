'use client';

import { useCallback, useState, type RefObject } from 'react';
import type { GridColumn, GridRow } from '@/lib/grid/types';
import { applyCellErrors, cellValidationUpdates, type CellErrorUpdate, type ErrorMap } from './grid-model';

/** The cells' error messages, and validation of some cells against the current rows. */
export function useGridValidation(colMap: Map<string, GridColumn>, rowsRef: RefObject<GridRow[]>) {
  const [errors, setErrors] = useState<ErrorMap>(() => new Map());

  const setCellErrors = useCallback((updates: CellErrorUpdate[]) => {
    if (!updates.length) return;
    setErrors((prev) => applyCellErrors(prev, updates));
  }, []);

  const validateCells = useCallback(
    async (cells: { rowId: string; key: string }[]) => setCellErrors(await cellValidationUpdates(cells, colMap, rowsRef.current)),
    [colMap, setCellErrors, rowsRef],
  );

  return { errors, setErrors, setCellErrors, validateCells };
}
