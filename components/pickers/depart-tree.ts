/**
 * Pure helpers of the department pickers over `/sys/sysDepart/queryTreeList` (contract §4: `key` =
 * `value` = id, `title` = departName, `children` null on leaves).
 */

export interface DepartNode {
  key: string;
  title: string;
  departName: string;
  orgCode?: string;
  parentId?: string | null;
  isLeaf: boolean;
  children?: DepartNode[];
}

/** What a department picker returns. */
export interface PickedDepart {
  id: string;
  departName: string;
  orgCode?: string;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The server's tree (an array; `children` null or [] on leaves) as tree nodes. */
export function toDepartNodes(result: unknown): DepartNode[] {
  if (!Array.isArray(result)) return [];
  return result
    .filter((n): n is Record<string, unknown> => !!n && typeof n === 'object')
    .map((n) => {
      const key = str(n.key ?? n.id ?? n.value);
      const departName = str(n.departName ?? n.title);
      const kids = Array.isArray(n.children) && n.children.length ? toDepartNodes(n.children) : undefined;
      const node: DepartNode = { key, title: str(n.title ?? n.departName), departName, isLeaf: !kids };
      if (n.orgCode !== undefined && n.orgCode !== null) node.orgCode = str(n.orgCode);
      if (n.parentId !== undefined) node.parentId = n.parentId === null ? null : str(n.parentId);
      if (kids) node.children = kids;
      return node;
    });
}

export function flattenDeparts(nodes: readonly DepartNode[]): DepartNode[] {
  return nodes.flatMap((n) => [n, ...(n.children ? flattenDeparts(n.children) : [])]);
}

export const toPickedDepart = (n: DepartNode): PickedDepart => ({ id: n.key, departName: n.departName || n.title, ...(n.orgCode !== undefined ? { orgCode: n.orgCode } : {}) });

/** Keys of the nodes that have children, from the top level only (rootOpened). */
export const rootKeys = (nodes: readonly DepartNode[]) => nodes.filter((n) => n.children?.length).map((n) => n.key);

/**
 * The tree narrowed to the nodes whose name contains `keyword`, with their ancestors (expanded) and
 * their whole subtrees. An empty keyword gives the whole tree and no forced expansion.
 */
export function filterDepartTree(nodes: readonly DepartNode[], keyword: string): { nodes: DepartNode[]; expandedKeys: string[]; matched: string[] } {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return { nodes: [...nodes], expandedKeys: [], matched: [] };
  const expanded: string[] = [];
  const matched: string[] = [];
  const walk = (list: readonly DepartNode[]): DepartNode[] =>
    list.flatMap((n) => {
      if (n.title.toLowerCase().includes(kw)) {
        matched.push(n.key);
        return [n];
      }
      const kids = n.children ? walk(n.children) : [];
      if (!kids.length) return [];
      expanded.push(n.key);
      return [{ ...n, children: kids }];
    });
  const out = walk(nodes);
  return { nodes: out, expandedKeys: expanded, matched };
}

/**
 * The checked keys after a check event. Multiple: as checked. Single (spec 02 §5): only the newly
 * checked key is kept; unchecking the one key leaves none.
 */
export function nextCheckedKeys(prev: readonly string[], checked: readonly string[], multiple: boolean): string[] {
  if (multiple) return [...checked];
  const added = checked.filter((k) => !prev.includes(k));
  return added.length ? [added[added.length - 1]] : [];
}

/** A click on a title: single mode makes it the one key; multiple mode toggles it. */
export function toggleKey(prev: readonly string[], key: string, multiple: boolean): string[] {
  if (!multiple) return [key];
  return prev.includes(key) ? prev.filter((k) => k !== key) : [...prev, key];
}
