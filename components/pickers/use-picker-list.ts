'use client';

import { useState } from 'react';
import useSWR from 'swr';
import type { TablePaginationConfig, TableProps } from 'antd';
import { http } from '@/lib/http';
import { toPageData } from '@/lib/list-state';
import { PICKER_DEFAULT_SORT, PICKER_PAGE_SIZE, PICKER_PAGE_SIZE_OPTIONS, pickerTotalText } from './picker-constants';

export type PickerParams = Record<string, string | number>;

export interface PickerListOptions {
  url: string;
  /** Fixed params of every call (e.g. status=1, departId). */
  baseParams?: PickerParams;
  /** false: nothing is fetched (e.g. no department chosen yet). */
  enabled?: boolean;
  /** Called with the failure of a page load. */
  onError?: (e: unknown) => void;
}

interface Query {
  pageNo: number;
  pageSize: number;
  column: string;
  order: 'asc' | 'desc';
  search: PickerParams;
}

const FIRST: Query = { pageNo: 1, pageSize: PICKER_PAGE_SIZE, ...PICKER_DEFAULT_SORT, search: {} };

/**
 * Server-paged rows of a picker (spec 02 §9: page size 10, options 10/20/30, quick jumper, sort
 * createTime desc). A new search goes back to page 1.
 */
export function usePickerList<R>({ url, baseParams = {}, enabled = true, onError }: PickerListOptions) {
  const [query, setQuery] = useState<Query>(FIRST);
  const params: PickerParams = { ...baseParams, ...query.search, column: query.column, order: query.order, pageNo: query.pageNo, pageSize: query.pageSize };
  const { data, error, isLoading, mutate } = useSWR(enabled ? ['picker-list', url, JSON.stringify(params)] : null, () => http.get<unknown>(url, params).then((r) => toPageData<R>(r.result)), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    keepPreviousData: true,
    onError,
  });

  const pagination: TablePaginationConfig = {
    current: query.pageNo,
    pageSize: query.pageSize,
    total: data?.total ?? 0,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: PICKER_PAGE_SIZE_OPTIONS,
    showTotal: pickerTotalText,
  };

  const onTableChange: TableProps<R>['onChange'] = (p, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = s?.order && s.field ? String(Array.isArray(s.field) ? s.field.join('.') : s.field) : PICKER_DEFAULT_SORT.column;
    const order = s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : PICKER_DEFAULT_SORT.order;
    setQuery((q) => {
      const pageSize = p.pageSize ?? q.pageSize;
      const sortChanged = column !== q.column || order !== q.order;
      return { ...q, column, order, pageSize, pageNo: pageSize !== q.pageSize || sortChanged ? 1 : (p.current ?? 1) };
    });
  };

  return {
    records: enabled ? (data?.records ?? []) : [],
    total: enabled ? (data?.total ?? 0) : 0,
    loading: enabled && isLoading,
    error: enabled ? (error as unknown) : undefined,
    params,
    pagination: enabled ? pagination : { ...pagination, total: 0 },
    onTableChange,
    /** A new search: page 1, these params (empty values dropped). */
    search: (values: Record<string, string | number | undefined | null>) => {
      const clean: PickerParams = {};
      for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && String(v).trim() !== '') clean[k] = typeof v === 'number' ? v : String(v).trim();
      setQuery((q) => ({ ...q, pageNo: 1, search: clean }));
    },
    reload: () => void mutate(),
  };
}
