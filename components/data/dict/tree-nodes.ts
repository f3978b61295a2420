/**
 * Pure helpers of the lazy tree selects (JTreeSelect / JCategorySelect semantics, spec 02 §4, §5):
 * server nodes → antd tree nodes, a 'loading...' placeholder while a level loads, a node with no
 * children becomes a leaf, and the JSON `condition` check.
 */

export interface TreeNode {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  code?: string;
  parentId?: string | null;
  disabled?: boolean;
  selectable?: boolean;
  children?: TreeNode[];
}

export const LOADING_TITLE = 'loading...';
export const CONDITION_ERROR = '组件JTreeSelect-condition传值有误，需要一个json字符串!';
export const UNKNOWN_RESPONSE = '返回数据类型不识别';
export const NOT_FOUND_TEXT = '没有查询到任何数据';
export const SEARCH_HINT = '请输入搜索内容';
export const TREE_POPUP_HEIGHT = 400;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A level as the server answers it (an array, or a page with `records`); anything else is 返回数据类型不识别. */
export function toTreeNodes(result: unknown): TreeNode[] {
  const list = Array.isArray(result) ? result : result && typeof result === 'object' ? (result as { records?: unknown }).records : undefined;
  if (!Array.isArray(list)) throw new Error(UNKNOWN_RESPONSE);
  return list
    .filter((n): n is Record<string, unknown> => !!n && typeof n === 'object')
    .map((n) => {
      const key = str(n.key ?? n.id ?? n.value);
      const node: TreeNode = { key, value: key, title: str(n.title ?? n.name ?? n.label), isLeaf: n.leaf === true || n.isLeaf === true };
      if (n.code !== undefined) node.code = str(n.code);
      if (n.parentId !== undefined) node.parentId = n.parentId === null ? null : str(n.parentId);
      if (Array.isArray(n.children) && n.children.length) node.children = toTreeNodes(n.children);
      return node;
    });
}

/** The disabled row shown under a node while its children load. */
export const loadingChild = (parentKey: string): TreeNode => ({
  key: `${parentKey}__loading`,
  value: `${parentKey}__loading`,
  title: LOADING_TITLE,
  isLeaf: true,
  disabled: true,
  selectable: false,
});

/** What is known about a node's children: still loading, or the loaded level. */
export type ChildState = 'loading' | TreeNode[];

/** Hangs the loaded (or loading) levels under their nodes; a node whose level came back empty is a leaf. */
export function attachChildren(nodes: readonly TreeNode[], loaded: Readonly<Record<string, ChildState>>): TreeNode[] {
  return nodes.map((n) => {
    const state = Object.prototype.hasOwnProperty.call(loaded, n.key) ? loaded[n.key] : undefined;
    if (state === 'loading') return { ...n, children: [loadingChild(n.key)] };
    if (state && state.length === 0) return { ...n, isLeaf: true, children: undefined };
    const kids = state ?? n.children;
    return kids ? { ...n, children: attachChildren(kids, loaded) } : n;
  });
}

export type ConditionCheck = { ok: true; value: string } | { ok: false; error: string };

/** `condition` must be empty or a JSON object string (spec 02 §5). */
export function checkCondition(condition: string | null | undefined): ConditionCheck {
  const raw = (condition ?? '').trim();
  if (!raw) return { ok: true, value: '' };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { ok: true, value: raw };
  } catch {
    // falls through to the error
  }
  return { ok: false, error: CONDITION_ERROR };
}

/** `"a,b"` → `['a','b']`. */
export const splitValue = (value: string | null | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== '0');
