'use client';

import { useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { Alert, Empty, Input, Modal, Spin, Tree } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { NOT_FOUND_TEXT } from '@/components/data/dict/tree-nodes';
import { http } from '@/lib/http';
import { DEPART_PICKER_WIDTH, MODAL_BODY_STYLE } from './picker-constants';
import { IdPickerSelect, type IdPickerSelectProps } from './picker-field';
import { testIdButton } from './picker-parts';

import { filterDepartTree, flattenDeparts, nextCheckedKeys, rootKeys, toDepartNodes, toggleKey, toPickedDepart, type DepartNode, type PickedDepart } from './depart-tree';

export type { PickedDepart } from './depart-tree';

/** Spec 02 §7's picker tree (without orgCode: the whole tree, the same nodes as queryTreeList). */
export const DEPART_TREE_URL = '/sys/sysDepart/queryTreeListByOrgCode';
export const DEPART_DICT = 'sys_depart,depart_name,id';
export const DEPART_SEARCH_PLACEHOLDER = '请输入部门名称按回车进行搜索';

/** The whole department tree, shared by every picker on the page. */
export function useDepartTree() {
  const showError = useApiError();
  return useSWR(['picker-depart-tree', DEPART_TREE_URL], () => http.get<unknown>(DEPART_TREE_URL).then((r) => toDepartNodes(r.result)), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: showError,
  });
}

/** The title with the searched text in red (as JSelectDepartModal does). */
function highlight(title: string, keyword: string): ReactNode {
  const kw = keyword.trim();
  const at = kw ? title.toLowerCase().indexOf(kw.toLowerCase()) : -1;
  if (at < 0) return title;
  return (
    <span>
      {title.slice(0, at)}
      <span style={{ color: '#f50' }}>{title.slice(at, at + kw.length)}</span>
      {title.slice(at + kw.length)}
    </span>
  );
}

interface AntNode {
  key: string;
  title: ReactNode;
  isLeaf: boolean;
  children?: AntNode[];
}

const toAnt = (nodes: readonly DepartNode[], keyword: string): AntNode[] =>
  nodes.map((n) => ({ key: n.key, title: <span data-testid={`depart-node-${n.key}`}>{highlight(n.title, keyword)}</span>, isLeaf: n.isLeaf, children: n.children ? toAnt(n.children, keyword) : undefined }));

export interface DepartTreeProps {
  /** Check boxes (the department picker); without, a click selects one node (the user-by-department tree). */
  checkable?: boolean;
  checkedKeys?: string[];
  /** With `checkable`: the keys after a check or a title click (single mode keeps one key). */
  onCheckedChange?: (keys: string[]) => void;
  multiple?: boolean;
  /** Without `checkable`: the clicked node (null when unselected). */
  onSelectNode?: (node: DepartNode | null) => void;
  selectedKey?: string | null;
  /** Expand the top-level departments at first (default true). */
  rootOpened?: boolean;
  height?: number;
}

/** The department tree with its search box (client-side, over the loaded tree). */
export function DepartTree({ checkable, checkedKeys = [], onCheckedChange, multiple = false, onSelectNode, selectedKey, rootOpened = true, height }: DepartTreeProps) {
  const tree = useDepartTree();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const all = useMemo(() => tree.data ?? [], [tree.data]);
  const filtered = useMemo(() => filterDepartTree(all, keyword), [all, keyword]);
  const byKey = useMemo(() => new Map(flattenDeparts(all).map((n) => [n.key, n])), [all]);
  const expandedKeys = expanded ?? (keyword ? filtered.expandedKeys : rootOpened ? rootKeys(all) : []);

  return (
    <div data-testid="depart-tree">
      <Input.Search
        placeholder={DEPART_SEARCH_PLACEHOLDER}
        allowClear
        style={{ marginBottom: 4 }}
        onSearch={(v) => {
          setKeyword(v);
          setExpanded(null);
        }}
        data-testid="depart-tree-search"
      />
      {tree.isLoading ? (
        <Spin />
      ) : tree.error ? (
        <Alert type="error" showIcon title="部门加载失败" description={tree.error instanceof Error ? tree.error.message : undefined} />
      ) : filtered.nodes.length === 0 ? (
        <Empty description={keyword ? NOT_FOUND_TEXT : '暂无数据'} />
      ) : (
        <Tree<AntNode>
          treeData={toAnt(filtered.nodes, keyword)}
          height={height}
          checkable={checkable}
          checkStrictly
          blockNode
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpanded(keys.map(String))}
          checkedKeys={checkable ? { checked: checkedKeys, halfChecked: [] } : undefined}
          selectedKeys={checkable ? [] : selectedKey ? [selectedKey] : []}
          onCheck={(v) => {
            const checked = (Array.isArray(v) ? v : v.checked).map(String);
            onCheckedChange?.(nextCheckedKeys(checkedKeys, checked, multiple));
          }}
          onSelect={(keys, info) => {
            const key = String(info.node.key);
            if (checkable) onCheckedChange?.(toggleKey(checkedKeys, key, multiple));
            else onSelectNode?.(keys.length ? (byKey.get(key) ?? null) : null);
          }}
        />
      )}
    </div>
  );
}

export interface DepartPickerModalProps {
  open: boolean;
  /** Default false: one department. */
  multiple?: boolean;
  selectedIds?: string[];
  title?: string;
  rootOpened?: boolean;
  onOk: (departs: PickedDepart[]) => void;
  onCancel: () => void;
}

/** JSelectDepartModal: the department tree, 500 wide, checkable; single mode keeps one key. */
export function DepartPickerModal(props: DepartPickerModalProps) {
  if (!props.open) return null;
  return <DepartPickerDialog {...props} />;
}

function DepartPickerDialog({ multiple = false, selectedIds = [], title = '选择部门', rootOpened, onOk, onCancel }: DepartPickerModalProps) {
  const [checked, setChecked] = useState<string[]>(() => (multiple ? [...selectedIds] : selectedIds.slice(0, 1)));
  const tree = useDepartTree();
  const ok = () => {
    const byKey = new Map(flattenDeparts(tree.data ?? []).map((n) => [n.key, n]));
    onOk(checked.map((k) => (byKey.has(k) ? toPickedDepart(byKey.get(k)!) : { id: k, departName: k })));
  };
  return (
    <Modal open title={title} width={DEPART_PICKER_WIDTH} styles={{ body: MODAL_BODY_STYLE }} okText="确定" cancelText="取消" onOk={ok} onCancel={onCancel} okButtonProps={testIdButton('depart-picker-ok')}>
      <div data-testid="depart-picker">
        <DepartTree checkable multiple={multiple} checkedKeys={checked} onCheckedChange={setChecked} rootOpened={rootOpened} />
      </div>
    </Modal>
  );
}

export type DepartSelectProps = IdPickerSelectProps<PickedDepart>;

/** JSelectDepart: department names (one tag in multiple mode; single by default), opens the department picker. */
export function DepartSelect({ multiple = false, testId = 'depart-select', ...props }: DepartSelectProps) {
  return <IdPickerSelect<PickedDepart> {...props} multiple={multiple} testId={testId} dict={DEPART_DICT} nameOf={(d) => d.departName} renderModal={(m) => <DepartPickerModal {...m} />} />;
}
