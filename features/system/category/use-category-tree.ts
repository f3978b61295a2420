'use client';

import { useCallback, useMemo, useState, type Key } from 'react';
import useSWR from 'swr';
import { App } from 'antd';
import { http } from '@/lib/http';

/** Spec 02 §5: a tree-table answer that is neither an array nor `{records: []}`. */
export const UNKNOWN_RESPONSE = '返回数据类型不识别';
/** The text of the placeholder row standing in for children not loaded yet. */
export const LOADING_TEXT = 'loading...';

/** The rows of an answer's `result`: the array itself, or its `records`; anything else throws. */
export function toTreeRows<R>(result: unknown): R[] {
  if (Array.isArray(result)) return result as R[];
  if (result && typeof result === 'object' && Array.isArray((result as { records?: unknown }).records)) return (result as { records: R[] }).records;
  throw new Error(UNKNOWN_RESPONSE);
}

/** A row of /sys/category/rootList and childList (server/system/category.ts CategoryRecord). */
export interface CategoryRow {
  id: string;
  pid: string;
  name: string;
  code: string;
  /** '1' when the node has children. */
  hasChild: string;
  [field: string]: unknown;
}

export interface CategoryTreeRow extends CategoryRow {
  children?: CategoryTreeRow[];
  /** The 'loading...' row standing in for children not loaded yet. */
  placeholder?: true;
}

export const ROOT_LIST_URL = '/sys/category/rootList';
export const CHILD_LIST_URL = '/sys/category/childList';
export const HAS_CHILD = '1';

export interface CategoryQuery {
  name?: string;
  code?: string;
  pageNo: number;
  pageSize: number;
}

/** Loaded children by parent id: rows, or null once a load came back empty (the node is a leaf). */
export type LoadedChildren = Record<string, CategoryRow[] | null>;

/**
 * Spec 02 §4 tree table: a node flagged hasChild gets a 'loading...' placeholder child until its
 * children are loaded; a node whose load returned nothing becomes a leaf. Pure.
 */
export function buildTree(rows: readonly CategoryRow[], loaded: LoadedChildren): CategoryTreeRow[] {
  return rows.map((row) => {
    const { children: _ignored, ...plain } = row as CategoryTreeRow;
    if (plain.hasChild !== HAS_CHILD) return plain;
    const kids = loaded[plain.id];
    if (kids === null) return plain;
    if (kids) return { ...plain, children: buildTree(kids, loaded) };
    const placeholder: CategoryTreeRow = { id: `${plain.id}_loadChild`, pid: plain.id, name: LOADING_TEXT, code: '', hasChild: '0', placeholder: true };
    return { ...plain, children: [placeholder] };
  });
}

/** rootList params: blank filters are not sent (a name or code filter searches the whole tree). */
export function rootListParams(q: CategoryQuery): Record<string, string | number> {
  const p: Record<string, string | number> = { pageNo: q.pageNo, pageSize: q.pageSize };
  if (q.name?.trim()) p.name = q.name.trim();
  if (q.code?.trim()) p.code = q.code.trim();
  return p;
}

function toPage(result: unknown): { records: CategoryRow[]; total: number } {
  const records = toTreeRows<CategoryRow>(result);
  const total = result && typeof result === 'object' && 'total' in result ? Number((result as { total: unknown }).total) : records.length;
  return { records, total: Number.isFinite(total) ? total : records.length };
}

const fetchChildren = (pid: string) => http.get<unknown>(CHILD_LIST_URL, { pid }).then((r) => toTreeRows<CategoryRow>(r.result));

interface TreeState {
  queryId: string;
  expanded: string[];
  children: LoadedChildren;
  loading: string[];
}

/**
 * The category tree of the admin screen: one page of roots (rootList, paged and searchable) and the
 * children of expanded nodes (childList, loaded once per expand). `refresh` reloads the page and every
 * expanded node after a write, so a new child or a renamed node shows where it is.
 */
export function useCategoryTree(query: CategoryQuery) {
  const { message } = App.useApp();
  const params = useMemo(() => rootListParams(query), [query]);
  const key = [ROOT_LIST_URL, params] as const;
  const { data, error, isLoading, isValidating, mutate } = useSWR(key, ([u, p]: readonly [string, Record<string, string | number>]) => http.get<unknown>(u, p).then((r) => toPage(r.result)), {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });

  // Loaded children belong to one query; a new search or page starts collapsed.
  const queryId = JSON.stringify(params);
  const [tree, setTree] = useState<TreeState>({ queryId, expanded: [], children: {}, loading: [] });
  if (tree.queryId !== queryId) setTree({ queryId, expanded: [], children: {}, loading: [] });

  const loadChildren = useCallback(
    async (id: string) => {
      setTree((t) => ({ ...t, loading: [...t.loading, id] }));
      try {
        const rows = await fetchChildren(id);
        setTree((t) => ({ ...t, children: { ...t.children, [id]: rows.length ? rows : null }, loading: t.loading.filter((k) => k !== id) }));
      } catch (e) {
        setTree((t) => ({ ...t, expanded: t.expanded.filter((k) => k !== id), loading: t.loading.filter((k) => k !== id) }));
        message.error(e instanceof Error ? e.message : UNKNOWN_RESPONSE);
      }
    },
    [message],
  );

  const onExpand = (expanded: boolean, row: CategoryTreeRow) => {
    const id = row.id;
    setTree((t) => ({ ...t, expanded: expanded ? [...t.expanded.filter((k) => k !== id), id] : t.expanded.filter((k) => k !== id) }));
    if (expanded && tree.children[id] === undefined && !tree.loading.includes(id)) void loadChildren(id);
  };

  /** Reloads the page and the children of every expanded node (plus `expand`, e.g. the parent of a new child). */
  const refresh = async (expand?: string) => {
    const ids = [...new Set([...tree.expanded, ...(expand ? [expand] : [])])];
    const [, ...kids] = await Promise.all([mutate(), ...ids.map((id) => fetchChildren(id).catch(() => undefined))]);
    const children: LoadedChildren = {};
    ids.forEach((id, i) => {
      const rows = kids[i];
      if (rows !== undefined) children[id] = rows.length ? rows : null;
    });
    setTree((t) => ({ ...t, expanded: ids.filter((id) => children[id]), children, loading: [] }));
  };

  const records = data?.records ?? [];
  return {
    rows: buildTree(records, tree.children),
    records,
    total: data?.total ?? 0,
    error: data ? undefined : error,
    loading: isLoading || isValidating,
    expandedRowKeys: tree.expanded as Key[],
    onExpand,
    refresh,
    retry: () => void mutate(),
  };
}
