'use client';

import { useMemo } from 'react';
import useSWR from 'swr';
import { http } from '@/lib/http';
import { customColumnsTableOf, withCustomColumns, type CustomColumn } from '@/lib/resources/custom-columns';
import type { ResourceDef } from '@/lib/resources/types';

/** The most custom columns one table shows (the server caps its own read the same way). */
const MAX_CUSTOM_COLUMNS = 200;

/**
 * The resource with the administrator's custom columns appended (spec 02 §7: `GET sys/sysTableColumn/list`
 * with tableId, column=sort, order=asc). Resources without a customValuesColumn make no request. While
 * the columns load (or if they fail) the page works with the resource's own fields.
 */
export function useCustomColumns(def: ResourceDef): ResourceDef {
  const table = def.customValuesColumn ? customColumnsTableOf(def) : null;
  const { data } = useSWR(
    table ? (['/sys/sysTableColumn/list', table] as const) : null,
    ([url, tableId]: readonly [string, string]) =>
      http.get<{ records?: CustomColumn[] }>(url, { tableId, column: 'sort', order: 'asc', pageNo: 1, pageSize: MAX_CUSTOM_COLUMNS }).then((r) => r.result?.records ?? []),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  return useMemo(() => (data?.length ? withCustomColumns(def, data) : def), [def, data]);
}
