import type { TreeNodeWire } from '../../../lib/edu/course-type-api';

/**
 * Where a drop in antd's Tree puts the dragged node, as the move endpoint's `{parentId, sort}` (sort = the
 * position among the new siblings once the node has left its old place). antd reports the target node, whether
 * the drop fell in a gap, and the position relative to the target: -1 above it, 0 on it, 1 below it (its
 * `dropPosition` minus the target's index, as antd's own draggable demo computes it).
 */
export interface DropInfo {
  dragKey: string;
  dropKey: string;
  /** -1 above the target, 0 on it, 1 below it. */
  relative: number;
  dropToGap: boolean;
  /** The target is expanded (a drop just below an open node lands as its first child). */
  targetExpanded: boolean;
}

export interface MoveTarget {
  parentId: string | null;
  sort: number;
}

/** The node, its parent's id and its siblings (itself included). */
export function locate(nodes: readonly TreeNodeWire[], key: string, parentId: string | null = null): { node: TreeNodeWire; parentId: string | null; siblings: readonly TreeNodeWire[] } | null {
  for (const n of nodes) {
    if (n.key === key) return { node: n, parentId, siblings: nodes };
    const hit = n.children ? locate(n.children, key, n.key) : null;
    if (hit) return hit;
  }
  return null;
}

export function dropTarget(tree: readonly TreeNodeWire[], info: DropInfo): MoveTarget | null {
  const target = locate(tree, info.dropKey);
  if (!target || info.dragKey === info.dropKey) return null;
  const intoTarget = !info.dropToGap || (info.relative === 1 && info.targetExpanded && (target.node.children?.length ?? 0) > 0);
  if (intoTarget) return { parentId: target.node.key, sort: 0 };
  const others = target.siblings.filter((n) => n.key !== info.dragKey);
  const at = others.findIndex((n) => n.key === info.dropKey);
  return { parentId: target.parentId, sort: info.relative === -1 ? at : at + 1 };
}
