'use client';

import { useCallback, useEffect, useMemo, useReducer, useState, type Key } from 'react';
import useSWR from 'swr';
import type { TablePaginationConfig } from 'antd';
import type { FilterValue, SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import {
  initListState,
  lastPageWithRows,
  listReducer,
  loadListState,
  PAGE_SIZE_OPTIONS,
  saveListState,
  toListParams,
  toPageData,
  type ListParams,
  type ListState,
  type ListStateSource,
  type SearchValues,
  type SuperQuery,
} from '@/lib/list-state';
import { missingUrlMessage, resolveUrls, type ListUrls } from './list-urls';
import { useListActions, type ListActions } from './use-list-actions';

export type Row = Record<string, unknown>;

/**
 * What the list engine needs of a list. A ResourceDef is one; a hand-built list or a picker names its
 * row key and, without an `api`, its list url in `urls.list`. `defaultSort: null` sends no sort,
 * no `fields` sends search values as given (lib/list-state.ts).
 */
export interface ListSource extends ListStateSource {
  /** CRUD, export and import urls default to `{api}/list|add|…` (list-urls.ts). */
  api?: string;
  rowKey: string;
}

export interface UseListPageOptions {
  source: ListSource;
  /** Endpoint overrides; CRUD/export/import default to `source.api` (see list-urls.ts). */
  urls?: ListUrls;
  /** Where the list state is remembered (sessionStorage, per page); null or absent = not remembered. */
  stateKey?: string | null;
  /** Fixed params sent with every list call (e.g. a parent id); they win over the search values. */
  extraParams?: ListParams;
  /** The table's column names, for the mixin's `field` param (none: not sent). */
  columnNames?: readonly string[];
  /** A new table sort starts again at page 1 (the pickers). */
  sortResetsPage?: boolean;
  /** Reload every so many ms; the table then shows its spinner only while nothing is loaded. */
  refreshInterval?: number;
  /** Report a failed load through useApiError as well (default true). */
  notifyErrors?: boolean;
  /** false: nothing is loaded yet (e.g. a popup still reading its configuration). */
  enabled?: boolean;
}

export interface ListPage<R extends object = Row> extends ListActions<R> {
  state: ListState<R>;
  params: ListParams;
  urls: ListUrls;
  rowKey: string;
  records: R[];
  total: number;
  loading: boolean;
  /** The last load failure (kept while stale rows are shown); `retry` reloads. */
  error: unknown;
  /** Some answer is shown (perhaps the previous page's while the next one failed). */
  hasData: boolean;
  reload: () => Promise<unknown>;
  /** After `count` rows were removed: the last page that still has rows, reloaded. */
  afterRemoval: (count: number) => Promise<void>;
  /** Goes to a page (page 1 after a change the list state does not know of, e.g. a tab). */
  goToPage: (pageNo: number) => void;
  search: (values: SearchValues) => void;
  reset: () => void;
  setSuperQuery: (query: SuperQuery | null) => void;
  select: (keys: readonly Key[], rows: R[]) => void;
  clearSelection: () => void;
  /** antd Table `onChange`: paging, sorting and column filters. */
  onTableChange: (pagination: TablePaginationConfig, filters: Record<string, FilterValue | null>, sorter: SorterResult<R> | SorterResult<R>[], extra: TableCurrentDataSource<R>) => void;
  pagination: TablePaginationConfig;
}

/** Spec 02 §9 total text: 'range 共N条' → "1-10 共35条". */
export const totalText = (total: number, range: [number, number]) => `${range[0]}-${range[1]} 共${total}条`;

const SWR_OPTIONS = { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false } as const;

function readSaved(stateKey: string | null | undefined) {
  if (!stateKey || typeof window === 'undefined') return null;
  try {
    return loadListState(window.sessionStorage, stateKey);
  } catch {
    return null;
  }
}

/**
 * The list mixin as a hook (DESIGN §3): a reducer for the state, swr for `GET {list}` with
 * `toListParams(state)`, and explicit callbacks. Client only: the saved state is read on first render.
 */
export function useListPage<R extends object = Row>(options: UseListPageOptions): ListPage<R> {
  const { source, urls: urlOverrides, stateKey, extraParams, columnNames, sortResetsPage, refreshInterval, notifyErrors = true, enabled = true } = options;
  const showError = useApiError();
  const urls = useMemo(() => resolveUrls(source, urlOverrides), [source, urlOverrides]);
  const [state, dispatch] = useReducer(listReducer<R>, undefined, () => initListState<R>(source, readSaved(stateKey), columnNames));
  // The state belongs to the key it was read under: a later key (a prop that changed) never receives it.
  const [ownerKey] = useState(stateKey);

  const params = useMemo(() => ({ ...toListParams(state), ...extraParams }), [state, extraParams]);
  const listUrl = urls.list;
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    listUrl && enabled ? ([listUrl, params] as const) : null,
    ([url, p]: readonly [string, ListParams]) => http.get<unknown>(url, p).then((r) => toPageData<R>(r.result)),
    { ...SWR_OPTIONS, refreshInterval, onError: notifyErrors ? showError : undefined },
  );

  useEffect(() => {
    if (!ownerKey) return;
    try {
      saveListState(window.sessionStorage, ownerKey, state);
    } catch {
      // Storage full or blocked: the list still works, it is just not remembered.
    }
  }, [ownerKey, state]);

  const records = useMemo(() => data?.records ?? [], [data]);
  const reload = useCallback(() => mutate(), [mutate]);
  const actions = useListActions<R>({ rowKey: source.rowKey, urls, state, dispatch, records, reload });

  const onTableChange: ListPage<R>['onTableChange'] = (pagination, filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const column = s?.order ? String(s.columnKey ?? s.field ?? '') : null;
      dispatch({ type: 'sort', column, order: s?.order ?? null });
      if (sortResetsPage) dispatch({ type: 'page', pageNo: 1, pageSize: state.pageSize });
    } else if (extra.action === 'filter') {
      dispatch({ type: 'filters', filters: filters as Record<string, (string | number | boolean)[] | null> });
    } else {
      dispatch({ type: 'page', pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? state.pageSize });
    }
  };

  return {
    ...actions,
    state,
    params,
    urls,
    rowKey: source.rowKey,
    records,
    total: data?.total ?? 0,
    loading: isLoading || (isValidating && !refreshInterval),
    error: listUrl || !enabled ? error : new Error(missingUrlMessage('list')),
    hasData: data !== undefined,
    reload,
    afterRemoval: async (count) => {
      const total = Math.max(0, (data?.total ?? 0) - count);
      if (lastPageWithRows(state.pageNo, state.pageSize, total) !== state.pageNo) dispatch({ type: 'clamp', total });
      else await mutate();
    },
    goToPage: (pageNo) => dispatch({ type: 'page', pageNo, pageSize: state.pageSize }),
    search: (values) => dispatch({ type: 'search', values }),
    reset: () => dispatch({ type: 'reset' }),
    setSuperQuery: (query) => dispatch({ type: 'superQuery', query }),
    select: (keys, rows) => dispatch({ type: 'select', keys: keys.map(String), rows }),
    clearSelection: () => dispatch({ type: 'clearSelection' }),
    onTableChange,
    pagination: {
      current: state.pageNo,
      pageSize: state.pageSize,
      total: data?.total ?? 0,
      pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
      showSizeChanger: true,
      showQuickJumper: true,
      showTotal: totalText,
    },
  };
}
