'use client';

import { useSyncExternalStore } from 'react';
import { uploadListReducer, type UploadItem, type UploadListAction } from '@/lib/upload-list';

/**
 * The one upload list of the signed-in shell. Upload widgets call `uploadList.start(…)` and drive the
 * returned handle; the shell's 360 px drawer renders the list. Retry callbacks live here, outside the
 * (serialisable) list state.
 */
interface Snapshot {
  items: UploadItem[];
  open: boolean;
}

let snapshot: Snapshot = { items: [], open: false };
const listeners = new Set<() => void>();
const retries = new Map<string, () => void>();
let seq = 0;

function emit(next: Snapshot) {
  snapshot = next;
  for (const l of listeners) l();
}

function dispatch(action: UploadListAction) {
  emit({ ...snapshot, items: uploadListReducer(snapshot.items, action) });
}

export interface UploadHandle {
  id: string;
  progress(percent: number): void;
  done(): void;
  fail(message?: string): void;
}

export interface StartOptions {
  size?: number;
  /** Called by 重新上传; the widget restarts the transfer and drives the same handle again. */
  retry?: () => void;
  /** Open the drawer when the upload starts (default true). */
  reveal?: boolean;
}

export const uploadList = {
  start(name: string, { size, retry, reveal = true }: StartOptions = {}): UploadHandle {
    const id = `up_${Date.now().toString(36)}_${++seq}`;
    if (retry) retries.set(id, retry);
    dispatch({ type: 'add', item: { id, name, size, retryable: !!retry } });
    if (reveal && !snapshot.open) emit({ ...snapshot, open: true });
    return {
      id,
      progress: (percent) => dispatch({ type: 'progress', id, percent }),
      done: () => dispatch({ type: 'done', id }),
      fail: (message) => dispatch({ type: 'error', id, message }),
    };
  },
  retry(id: string) {
    const fn = retries.get(id);
    if (!fn) return;
    dispatch({ type: 'retry', id });
    fn();
  },
  remove(id: string) {
    retries.delete(id);
    dispatch({ type: 'remove', id });
  },
  clearFinished() {
    for (const i of snapshot.items) if (i.status !== 'uploading') retries.delete(i.id);
    dispatch({ type: 'clearFinished' });
  },
  setOpen(open: boolean) {
    if (open !== snapshot.open) emit({ ...snapshot, open });
  },
  /** Tests only: forget everything. */
  reset() {
    retries.clear();
    emit({ items: [], open: false });
  },
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const getSnapshot = () => snapshot;
const EMPTY: Snapshot = { items: [], open: false };

export function useUploadList(): Snapshot {
  return useSyncExternalStore(subscribe, getSnapshot, () => EMPTY);
}

const hasItems = () => snapshot.items.length > 0;

/** Whether anything was uploaded: a boolean snapshot, so the shell re-renders only when it flips, not on every progress tick. */
export function useHasUploads(): boolean {
  return useSyncExternalStore(subscribe, hasItems, () => false);
}
