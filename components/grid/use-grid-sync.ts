'use client';

import { useEffect, useRef, type RefObject } from 'react';
import { useVxeSocket } from '@/components/grid/use-vxe-socket';
import type { GridColumn, GridRow } from '@/lib/grid/types';
import type { Active } from './grid-model';

interface SyncOptions {
  socket?: { pageId: string; socketKey: string };
  colMap: Map<string, GridColumn>;
  rowsRef: RefObject<GridRow[]>;
  /** Rows as loaded; a received patch moves them along so it does not count as a change here. */
  originals: RefObject<Map<string, GridRow>>;
  editingRef: RefObject<Active>;
  setRows: (next: GridRow[]) => void;
}

/** Realtime sync between sessions (/vxeSocket): applies the other sessions' cell patches. */
export function useGridSync({ socket, colMap, rowsRef, originals, editingRef, setRows }: SyncOptions) {
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

  return { sock, sockRef };
}
