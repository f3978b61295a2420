'use client';

import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import useSWR from 'swr';
import { App, TreeSelect } from 'antd';
import { DEFAULT_PLACEHOLDER } from './dict-select';
import { DICT_SWR_TAG } from './use-dict';
import { attachChildren, NOT_FOUND_TEXT, SEARCH_HINT, splitValue, TREE_POPUP_HEIGHT, type ChildState, type TreeNode } from './tree-nodes';

export interface LazyTreeSelectProps {
  /** Identifies the tree (its url and parameters); null = misconfigured, nothing is loaded. */
  treeKey: string | null;
  loadRoot: () => Promise<TreeNode[]>;
  loadChildren: (key: string) => Promise<TreeNode[]>;
  /** Texts of the current values, in order (for values whose nodes are not loaded yet). */
  loadLabels: (values: string) => Promise<string[]>;
  /** Shown once with message.error, and the control is marked as an error (e.g. a bad condition). */
  configError?: string;
  /** How a failed root load is reported (default: logged only). */
  onRootError?: (e: unknown) => void;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
}

interface Levels {
  tree: string | null;
  map: Record<string, ChildState>;
}

function findTitle(nodes: readonly TreeNode[], key: string): string | undefined {
  for (const n of nodes) {
    if (n.key === key) return n.title;
    const hit = n.children ? findTitle(n.children, key) : undefined;
    if (hit !== undefined) return hit;
  }
  return undefined;
}

const NO_LEVELS: Record<string, ChildState> = {};

const logOnly = (e: unknown) => console.error('[tree-select] load failed', e);

/** A lazily loaded tree select: root on mount, each level on first expand, 'loading...' meanwhile. */
export function LazyTreeSelect({
  treeKey,
  loadRoot,
  loadChildren,
  loadLabels,
  configError,
  onRootError = logOnly,
  value,
  onChange,
  multiple,
  placeholder = DEFAULT_PLACEHOLDER,
  disabled,
  id,
  style,
}: LazyTreeSelectProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [levels, setLevels] = useState<Levels>({ tree: treeKey, map: {} });
  // Loaded levels belong to one tree; a new tree starts empty (derived, no effect needed).
  const loaded = levels.tree === treeKey ? levels.map : NO_LEVELS;

  const root = useSWR(treeKey && !configError ? [DICT_SWR_TAG, 'tree', treeKey] : null, () => loadRoot(), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: onRootError,
  });
  const current = (value ?? '').trim();
  const labels = useSWR(treeKey && current && current !== '0' ? [DICT_SWR_TAG, 'tree-labels', treeKey, current] : null, () => loadLabels(current), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: logOnly,
  });

  useEffect(() => {
    if (configError) message.error(configError);
  }, [configError, message]);

  const treeData = useMemo(() => attachChildren(root.data ?? [], loaded), [root.data, loaded]);

  const setLevel = (key: string, state: ChildState | null) =>
    setLevels((prev) => {
      const map = { ...(prev.tree === treeKey ? prev.map : {}) };
      if (state === null) delete map[key];
      else map[key] = state;
      return { tree: treeKey, map };
    });

  const loadData = async (node: { key?: unknown; value?: unknown }) => {
    const key = String(node.value ?? node.key ?? '');
    if (!key || Object.prototype.hasOwnProperty.call(loaded, key)) return;
    setLevel(key, 'loading');
    try {
      setLevel(key, await loadChildren(key));
    } catch (e) {
      setLevel(key, null);
      logOnly(e);
    }
  };

  const values = splitValue(current);
  const labelled = values.map((v, i) => ({ value: v, label: findTitle(treeData, v) ?? labels.data?.[i] ?? v }));

  return (
    <TreeSelect<{ value: string; label: string } | { value: string; label: string }[]>
      id={id}
      style={{ minWidth: 160, ...style }}
      treeData={treeData}
      loadData={loadData}
      labelInValue
      value={multiple ? labelled : labelled[0]}
      multiple={multiple}
      allowClear
      disabled={disabled}
      status={configError ? 'error' : undefined}
      loading={root.isLoading}
      placeholder={open ? SEARCH_HINT : placeholder}
      showSearch={{ treeNodeFilterProp: 'title' }}
      notFoundContent={NOT_FOUND_TEXT}
      listHeight={TREE_POPUP_HEIGHT}
      styles={{ popup: { root: { maxHeight: TREE_POPUP_HEIGHT, overflow: 'auto' } } }}
      onOpenChange={setOpen}
      onChange={(v) => {
        const list = Array.isArray(v) ? v : v ? [v] : [];
        const joined = list.map((x) => String(x.value)).join(',');
        onChange?.(joined || undefined);
      }}
    />
  );
}
