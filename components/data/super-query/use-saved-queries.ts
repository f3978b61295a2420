'use client';

import { useCallback, useRef, useState } from 'react';
import { App } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { ApiError, http } from '@/lib/http';
import {
  DELETE_OK,
  isOfflineStatus,
  mergeSaved,
  pendingOf,
  readSavedQueries,
  removeSaved,
  SAVE_OK,
  SAVED_OFFLINE,
  toSavedList,
  toSavedQuery,
  toSaveBody,
  upsertSaved,
  writeSavedQueries,
  type SavedQuery,
} from '@/lib/saved-queries';

export const SAVED_QUERY_URLS = {
  list: '/sys/superQuery/list',
  save: '/sys/superQuery/save',
  delete: '/sys/superQuery/delete',
} as const;

const isOffline = (e: unknown) => e instanceof ApiError && isOfflineStatus(e.status);

function readLocal(code: string): SavedQuery[] {
  try {
    return readSavedQueries(window.localStorage, code);
  } catch {
    return [];
  }
}

function writeLocal(code: string, list: SavedQuery[]) {
  try {
    writeSavedQueries(window.localStorage, code, list);
  } catch {
    // Storage full or blocked: the server copy still holds the list.
  }
}

export interface SavedQueries {
  list: SavedQuery[];
  /** The last sync could not reach the server: the list is the local copy. */
  offline: boolean;
  loading: boolean;
  /** Uploads entries saved offline, then takes the server's list (and caches it). */
  sync: () => Promise<void>;
  /** Saves (insert or overwrite by title); true when kept, on the server or, offline, locally. */
  save: (entry: SavedQuery) => Promise<boolean>;
  remove: (entry: SavedQuery) => Promise<boolean>;
}

/**
 * The saved queries of one page (`code` = save code or route). The server is the source when it
 * answers; localStorage (`pro__JSuperQuerySaved_<code>`) is the offline cache, where an entry without
 * a server id waits to be uploaded.
 */
export function useSavedQueries(code: string): SavedQueries {
  const { message } = App.useApp();
  const showError = useApiError();
  const [list, setList] = useState<SavedQuery[]>([]);
  const [offline, setOffline] = useState(false);
  const [loading, setLoading] = useState(false);
  // The latest list for callbacks that outlive a render (confirm dialogs, awaited calls).
  const current = useRef<SavedQuery[]>([]);

  const commit = useCallback(
    (next: SavedQuery[]) => {
      current.current = next;
      setList(next);
      writeLocal(code, next);
    },
    [code],
  );

  const sync = useCallback(async () => {
    const local = readLocal(code);
    current.current = local;
    setList(local);
    setLoading(true);
    try {
      const stillPending: SavedQuery[] = [];
      for (const p of pendingOf(local)) {
        try {
          await http.post(SAVED_QUERY_URLS.save, toSaveBody(code, p));
        } catch (e) {
          if (isOffline(e)) throw e;
          // Refused (e.g. the page's limit): kept locally, and the user is told why.
          stillPending.push(p);
          message.warning(`${p.title}：${e instanceof Error ? e.message : '同步失败'}`);
        }
      }
      const r = await http.get<unknown>(SAVED_QUERY_URLS.list, { code });
      commit(mergeSaved(toSavedList(r.result), stillPending));
      setOffline(false);
    } catch (e) {
      if (isOffline(e)) setOffline(true);
      else showError(e);
    } finally {
      setLoading(false);
    }
  }, [code, commit, message, showError]);

  const save = useCallback(
    async (entry: SavedQuery) => {
      try {
        const r = await http.post<unknown>(SAVED_QUERY_URLS.save, toSaveBody(code, entry));
        commit(upsertSaved(current.current, toSavedQuery(r.result) ?? entry));
        setOffline(false);
        message.success(r.message || SAVE_OK);
        return true;
      } catch (e) {
        if (!isOffline(e)) {
          showError(e);
          return false;
        }
        // Offline: kept without an id, so the next sync uploads it (overwriting by title on the server).
        commit(upsertSaved(current.current, { title: entry.title, matchType: entry.matchType, records: entry.records }));
        setOffline(true);
        message.warning(SAVED_OFFLINE);
        return true;
      }
    },
    [code, commit, message, showError],
  );

  const remove = useCallback(
    async (entry: SavedQuery) => {
      if (entry.id) {
        try {
          await http.del(SAVED_QUERY_URLS.delete, { id: entry.id });
        } catch (e) {
          showError(e);
          // Deleted elsewhere or changed meanwhile: show the server's list again.
          if (!isOffline(e)) void sync();
          return false;
        }
      }
      commit(removeSaved(current.current, entry));
      message.success(DELETE_OK);
      return true;
    },
    [commit, message, showError, sync],
  );

  return { list, offline, loading, sync, save, remove };
}
