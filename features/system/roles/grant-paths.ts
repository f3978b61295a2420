import type { PermissionNode } from '../permission-tree';

/**
 * Ticking in the role grant tree (角色授权 and 角色管理's 授权): a role holds the path to what it holds
 * (issue #21; the server completes it too, server/permissions/grant-paths.ts), so ticking a menu or button
 * ticks its parents, and unticking a menu unticks what hangs under it. A menu may still be ticked without
 * its buttons. Pure, so the rule is tested without rendering.
 */

interface TreeIndex {
  parent: Map<string, string>;
  children: Map<string, string[]>;
}

function index(nodes: readonly PermissionNode[], into: TreeIndex = { parent: new Map(), children: new Map() }, parent?: string): TreeIndex {
  for (const n of nodes) {
    if (parent) into.parent.set(n.key, parent);
    if (n.children?.length) {
      into.children.set(n.key, n.children.map((c) => c.key));
      index(n.children, into, n.key);
    }
  }
  return into;
}

/** `next` (what the tree reports after one click) with the paths of newly ticked keys added and the subtrees of newly unticked keys removed. */
export function nextGrants(nodes: readonly PermissionNode[], prev: readonly string[], next: readonly string[]): string[] {
  const { parent, children } = index(nodes);
  const before = new Set(prev);
  const reported = new Set(next);
  const after = new Set(next);
  for (const k of next) {
    if (before.has(k)) continue;
    for (let p = parent.get(k); p; p = parent.get(p)) after.add(p);
  }
  const drop = (k: string) => {
    after.delete(k);
    for (const c of children.get(k) ?? []) drop(c);
  };
  for (const k of prev) if (!reported.has(k)) drop(k);
  return [...after];
}

