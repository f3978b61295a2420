'use client';

import type { CSSProperties } from 'react';
import { http } from '@/lib/http';
import { EMPTY_DICT_CODE } from '@/lib/dict-cache';
import { LazyTreeSelect } from './lazy-tree-select';
import { checkCondition, toTreeNodes } from './tree-nodes';

export const TREE_DATA_URL = '/sys/dict/loadTreeData';

export interface DictTreeSelectProps {
  /** `table,text,code` of a tree table the server registers (e.g. `sys_category,name,id`). */
  dict: string;
  /** Parent column (default `pid`) and the root's parent value (default ''). */
  pidField?: string;
  pidValue?: string;
  hasChildField?: string;
  /** JSON object string: field → LIKE pattern. */
  condition?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** Another endpoint answering TreeSelectModel[] with the same parameters. */
  url?: string;
  id?: string;
  style?: CSSProperties;
}

/** JTreeSelect: a table tree dictionary, loaded level by level from /sys/dict/loadTreeData. */
export function DictTreeSelect({ dict, pidField = 'pid', pidValue = '', hasChildField = '', condition, url = TREE_DATA_URL, ...rest }: DictTreeSelectProps) {
  const [tableName = '', text = '', code = ''] = (dict ?? '').split(',').map((s) => s.trim());
  const check = checkCondition(condition);
  const configError = !tableName || !text || !code ? EMPTY_DICT_CODE : check.ok ? undefined : check.error;
  const cond = check.ok ? check.value : '';
  const level = (pid: string) =>
    http.get<unknown>(url, { pid, pidField, hasChildField, condition: cond, tableName, text, code }).then((r) => toTreeNodes(r.result));
  return (
    <LazyTreeSelect
      {...rest}
      treeKey={configError ? null : JSON.stringify([url, dict, pidField, pidValue, hasChildField, cond])}
      configError={configError}
      loadRoot={() => level(pidValue)}
      loadChildren={level}
      loadLabels={(values) =>
        http.get<string[]>(`/sys/dict/loadDictItem/${encodeURIComponent(dict)}`, { key: values, delNotExist: false }).then((r) => r.result ?? [])
      }
    />
  );
}
