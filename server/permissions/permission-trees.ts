import type { SysPermission } from '../db/schema';
import { formatDateTime } from '../core/format';

/**
 * The sys_permission trees JeecgBoot's controllers answer, built from live rows sorted by sort_no:
 *
 * - `SysPermissionTree` (`/sys/permission/list`, 菜单管理): every column, plus `key`/`title` and both `leaf`
 *   and `isLeaf` (Jackson serialises the model's `isLeaf()` and `getIsLeaf()` getters as two properties).
 * - `TreeModel` (`/sys/permission/queryTreeList`, the menu form's parent picker; `/sys/role/queryTreeList`,
 *   the role grant tree), with the constructor each controller uses.
 *
 * As in JeecgBoot, `children` is null on a leaf. Unlike JeecgBoot, a row whose parent is gone (or a loop)
 * stands at the top rather than vanishing, so it can still be found and deleted.
 */

/** One row as JeecgBoot's SysPermissionTree serialises it; `ruleFlag` is ours (the 规则 tag of 菜单管理). */
export function toPermissionWire(r: SysPermission) {
  return {
    id: r.id,
    key: r.id,
    title: r.name,
    parentId: r.parent_id,
    name: r.name,
    perms: r.perms,
    permsType: r.perms_type,
    icon: r.icon,
    component: r.component,
    componentName: r.component_name,
    url: r.url,
    redirect: r.redirect,
    sortNo: r.sort_no,
    menuType: r.menu_type,
    leaf: r.is_leaf,
    isLeaf: r.is_leaf,
    route: r.is_route,
    keepAlive: r.keep_alive,
    description: r.description,
    delFlag: r.del_flag,
    alwaysShow: r.always_show,
    hidden: r.hidden,
    hideTab: r.hide_tab,
    status: r.status,
    ruleFlag: r.rule_flag,
    internalOrExternal: r.internal_or_external,
    createBy: r.create_by,
    createTime: formatDateTime(r.create_time),
    updateBy: r.update_by,
    updateTime: formatDateTime(r.update_time),
  };
}

export type PermissionTreeNode = ReturnType<typeof toPermissionWire> & { children: PermissionTreeNode[] | null };

/** JeecgBoot's TreeModel: `label`/`value` and `scopedSlots` are set by one constructor or the other. */
export interface TreeModelNode {
  key: string;
  title: string | null;
  slotTitle: string;
  isLeaf: boolean;
  /** The same flag under the name JeecgBoot's client reads to draw the tree (issue #39). */
  leaf: boolean;
  icon: string | null;
  ruleFlag: number | null;
  scopedSlots: { title: string } | null;
  parentId: string | null;
  label: string | null;
  value: string;
  children: TreeModelNode[] | null;
  /** Ours, on the role grant tree only (its 按钮 tag and code); a JeecgBoot server does not send them. */
  menuType?: number;
  perms?: string | null;
}

/**
 * Nests rows (already in display order) under their parents. `isLeaf` follows the children actually
 * found, so the flag and `children` never disagree even if the stored is_leaf were stale.
 */
function nest<N extends { children: N[] | null }>(rows: readonly SysPermission[], toNode: (r: SysPermission, isLeaf: boolean) => N): N[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<string | null, SysPermission[]>();
  for (const r of rows) {
    const parent = r.parent_id && ids.has(r.parent_id) && r.parent_id !== r.id ? r.parent_id : null;
    if (!byParent.has(parent)) byParent.set(parent, []);
    byParent.get(parent)!.push(r);
  }
  const seen = new Set<string>();
  const nodeOf = (r: SysPermission): N => {
    seen.add(r.id);
    // Each row has one parent, so only a loop could bring a row back; `seen` cuts it.
    const kids = (byParent.get(r.id) ?? []).filter((x) => !seen.has(x.id));
    const node = toNode(r, kids.length === 0);
    node.children = kids.length ? kids.map(nodeOf) : null;
    return node;
  };
  const tree = (byParent.get(null) ?? []).map(nodeOf);
  // Rows only reachable through a loop (a↔b, which the editor refuses to create) would otherwise vanish.
  for (const r of rows) if (!seen.has(r.id)) tree.push(nodeOf(r));
  return tree;
}

/** `/sys/permission/list`: SysPermissionTree nodes. */
export function toPermissionTree(rows: readonly SysPermission[]): PermissionTreeNode[] {
  return nest<PermissionTreeNode>(rows, (r, isLeaf) => ({ ...toPermissionWire(r), leaf: isLeaf, isLeaf, children: null }));
}

/** `/sys/permission/queryTreeList`: `new TreeModel(permission)` — title, slotTitle and label are the name. */
export function toMenuTreeModels(rows: readonly SysPermission[]): TreeModelNode[] {
  return nest<TreeModelNode>(rows, (r, isLeaf) => ({
    key: r.id,
    title: r.name,
    slotTitle: r.name,
    isLeaf,
    leaf: isLeaf,
    icon: r.icon,
    ruleFlag: null,
    scopedSlots: null,
    parentId: r.parent_id,
    label: r.name,
    value: r.id,
    children: null,
  }));
}

/**
 * `/sys/role/queryTreeList`: `new TreeModel(key, parentId, slotTitle, ruleFlag, isLeaf)` — the stock client
 * renders `slotTitle` through the `hasDatarule` slot; `title` is the name here too (JeecgBoot leaves it null)
 * so plain tree widgets can show it.
 */
export function toRoleTreeModels(rows: readonly SysPermission[]): TreeModelNode[] {
  return nest<TreeModelNode>(rows, (r, isLeaf) => ({
    key: r.id,
    title: r.name,
    slotTitle: r.name,
    isLeaf,
    leaf: isLeaf,
    icon: null,
    ruleFlag: r.rule_flag,
    scopedSlots: { title: 'hasDatarule' },
    parentId: r.parent_id,
    label: null,
    value: r.id,
    children: null,
    menuType: r.menu_type,
    perms: r.perms,
  }));
}
