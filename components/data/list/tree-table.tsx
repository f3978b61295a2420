'use client';

import { useState, type Key } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Table, type TableColumnsType, type TableProps } from 'antd';
import { http } from '@/lib/http';

type Row = Record<string, unknown>;

/** Spec 02 §5: a tree-table answer that is neither an array nor `{records: []}`. */
export const UNKNOWN_RESPONSE = '返回数据类型不识别';
export const LOADING_TEXT = 'loading...';
const PLACEHOLDER = '__treeTablePlaceholder';

/** The rows of an answer's `result`: the array itself, or its `records`; anything else throws. */
export function toTreeRows<R>(result: unknown): R[] {
  if (Array.isArray(result)) return result as R[];
  if (result && typeof result === 'object' && Array.isArray((result as { records?: unknown }).records)) return (result as { records: R[] }).records;
  throw new Error(UNKNOWN_RESPONSE);
}

export interface TreeTableProps<R extends Row = Row> {
  /** Top-level url; also the children url unless `childrenUrl` is given. */
  url: string;
  childrenUrl?: string;
  rowKey?: string;
  /** The param naming the parent (default parentId). */
  queryKey?: string;
  /** The parent value of the top level (null = none sent). */
  topValue?: string | null;
  queryParams?: Record<string, string | number>;
  condition?: string;
  columns: TableColumnsType<R>;
  /** Any other antd Table props (pagination, size, scroll …). */
  tableProps?: Omit<TableProps<R>, 'columns' | 'dataSource' | 'rowKey' | 'expandable' | 'loading'>;
}

async function fetchRows<R>(url: string, params: Record<string, string | number>): Promise<R[]> {
  const r = await http.get<unknown>(url, params);
  return toTreeRows<R>(r.result);
}

/**
 * JTreeTable: rows flagged `hasChildren === true` get a 'loading...' placeholder child; the first
 * expand loads the real children (replacing it) and a node whose load returns nothing becomes a leaf.
 */
export function TreeTable<R extends Row = Row>({ url, childrenUrl, rowKey = 'id', queryKey = 'parentId', topValue = null, queryParams, condition, columns, tableProps }: TreeTableProps<R>) {
  const { message } = App.useApp();
  const paramsFor = (parent: string | null) => {
    const p: Record<string, string | number> = { ...queryParams };
    if (parent !== null && parent !== undefined) p[queryKey] = parent;
    if (condition) p.condition = condition;
    return p;
  };
  const topKey = [url, paramsFor(topValue)] as const;
  const { data, error, isLoading, mutate } = useSWR(topKey, ([u, p]) => fetchRows<R>(u, p), { revalidateOnFocus: false, shouldRetryOnError: false });

  // Loaded children by parent key (null = leaf); reset whenever the top-level query changes.
  const queryId = JSON.stringify(topKey);
  const [tree, setTree] = useState<{ queryId: string; expanded: Key[]; children: Record<string, R[] | null>; loading: string[] }>({ queryId, expanded: [], children: {}, loading: [] });
  if (tree.queryId !== queryId) setTree({ queryId, expanded: [], children: {}, loading: [] });

  const firstColumn = (() => {
    for (const c of columns) {
      const idx = (c as { dataIndex?: unknown }).dataIndex;
      if (typeof idx === 'string' && idx) return idx;
    }
    return rowKey;
  })();

  const build = (rows: R[]): R[] =>
    rows.map((row) => {
      if (row.hasChildren !== true) return row;
      const id = String(row[rowKey]);
      const loaded = tree.children[id];
      if (loaded === null) return { ...row, children: undefined };
      if (loaded) return { ...row, children: build(loaded) };
      const placeholder = { [rowKey]: `${id}_loadChild`, [firstColumn]: LOADING_TEXT, isLoading: true, [PLACEHOLDER]: true } as unknown as R;
      return { ...row, children: [placeholder] };
    });

  const loadChildren = async (record: R) => {
    const id = String(record[rowKey]);
    setTree((t) => ({ ...t, loading: [...t.loading, id] }));
    try {
      const rows = await fetchRows<R>(childrenUrl ?? url, paramsFor(id));
      setTree((t) => ({ ...t, children: { ...t.children, [id]: rows.length === 0 ? null : rows }, loading: t.loading.filter((k) => k !== id) }));
    } catch (e) {
      setTree((t) => ({ ...t, expanded: t.expanded.filter((k) => String(k) !== id), loading: t.loading.filter((k) => k !== id) }));
      message.error(e instanceof Error ? e.message : UNKNOWN_RESPONSE);
    }
  };

  const onExpand = (expanded: boolean, record: R) => {
    const id = String(record[rowKey]);
    setTree((t) => ({ ...t, expanded: expanded ? [...t.expanded, id] : t.expanded.filter((k) => String(k) !== id) }));
    if (!expanded) return;
    const children = (record as { children?: R[] }).children;
    if (children?.[0] && (children[0] as Row)[PLACEHOLDER] && !tree.loading.includes(id)) void loadChildren(record);
  };

  if (error && !data) {
    return (
      <Alert
        type="error"
        showIcon
        title={error instanceof Error ? error.message : UNKNOWN_RESPONSE}
        action={
          <Button size="small" onClick={() => mutate()} data-testid="tree-table-retry">
            重试
          </Button>
        }
        data-testid="tree-table-error"
      />
    );
  }

  return (
    <Table<R>
      {...tableProps}
      rowKey={rowKey}
      columns={columns}
      dataSource={build(data ?? [])}
      loading={isLoading}
      expandable={{ expandedRowKeys: tree.expanded, onExpand }}
    />
  );
}
