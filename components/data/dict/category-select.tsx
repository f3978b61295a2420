'use client';

import type { CSSProperties } from 'react';
import { App } from 'antd';
import { http } from '@/lib/http';
import { LazyTreeSelect } from './lazy-tree-select';
import { checkCondition, toTreeNodes } from './tree-nodes';

export interface CategorySelectProps {
  /** Code of the category whose children are the roots ('0' or empty = the top level). */
  pcode?: string;
  /** JSON object string: field (code, name, id, createBy, sysOrgCode) → LIKE pattern. */
  condition?: string;
  /** Load the whole subtree at once instead of level by level. */
  async?: boolean;
  /** Comma-separated category ids. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
}

/** JCategorySelect: the category dictionary (/sys/category/*) as a lazy tree select; the value is category ids. */
export function CategorySelect({ pcode = '0', condition, async = true, ...rest }: CategorySelectProps) {
  const { message } = App.useApp();
  const check = checkCondition(condition);
  const cond = check.ok ? check.value : '';
  const nodes = (r: { result: unknown }) => toTreeNodes(r.result);
  // With a condition every level goes through loadTreeData (the only endpoint that filters).
  const loadRoot = () =>
    (cond ? http.get<unknown>('/sys/category/loadTreeData', { pcode, condition: cond }) : http.get<unknown>('/sys/category/loadTreeRoot', { async, pcode })).then(nodes);
  const loadChildren = (pid: string) =>
    (cond ? http.get<unknown>('/sys/category/loadTreeData', { pid, condition: cond }) : http.get<unknown>('/sys/category/loadTreeChildren', { pid })).then(nodes);
  return (
    <LazyTreeSelect
      {...rest}
      treeKey={check.ok ? JSON.stringify(['category', pcode, async, cond]) : null}
      configError={check.ok ? undefined : check.error}
      // spec 02 §8: a failed category-root load shows the server message as an error.
      onRootError={(e) => message.error(e instanceof Error ? e.message : String(e))}
      loadRoot={loadRoot}
      loadChildren={loadChildren}
      loadLabels={(ids) => http.get<string[]>('/sys/category/loadDictItem/', { ids, delNotExist: false }).then((r) => r.result ?? [])}
    />
  );
}
