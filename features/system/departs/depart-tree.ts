import type { TreeDataNode } from 'antd';

/** One node of GET /sys/sysDepart/queryTreeList (contract §4 SysDepartTreeModel); children null on a leaf. */
export interface DepartNode {
  key: string;
  id: string;
  title: string;
  isLeaf: boolean;
  parentId: string | null;
  departName: string;
  departNameEn: string | null;
  departNameAbbr: string | null;
  departOrder: number;
  orgCategory: string;
  orgType: string;
  orgCode: string;
  mobile: string | null;
  fax: string | null;
  directorUserIds?: string | null;
  areaCode?: string | null;
  address: string | null;
  memo: string | null;
  status: string;
  children: DepartNode[] | null;
}

/** The server's nodes as antd Tree data (leaves without a children array, so no expand arrow). */
export function toTreeData(nodes: readonly DepartNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: n.departName,
    isLeaf: !n.children?.length,
    children: n.children?.length ? toTreeData(n.children) : undefined,
  }));
}

export function findDepart(nodes: readonly DepartNode[], id: string): DepartNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = n.children ? findDepart(n.children, id) : null;
    if (hit) return hit;
  }
  return null;
}

/** Keys of every node that has children (展开全部). */
export function parentKeys(nodes: readonly DepartNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (n.children?.length) {
      out.push(n.id);
      parentKeys(n.children, out);
    }
  }
  return out;
}

/** Ids of the ancestors of `id`, root first (empty when it is a root or not found). */
export function ancestorsOf(nodes: readonly DepartNode[], id: string, path: string[] = []): string[] | null {
  for (const n of nodes) {
    if (n.id === id) return path;
    if (n.children) {
      const hit = ancestorsOf(n.children, id, [...path, n.id]);
      if (hit) return hit;
    }
  }
  return null;
}
