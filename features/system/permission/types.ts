/** Wire shapes of 菜单管理 (server/system/permission-admin-routes.ts). */

import { MENU_TYPE } from '../../../lib/permissions/permission-rules';

/**
 * One row of GET /sys/permission/list (JeecgBoot SysPermissionTree; `key`/`title`/`leaf` are also sent and
 * not used). A JeecgBoot server sends `children: null` on leaves and no `ruleFlag`: `fromWire` evens that out.
 */
export interface PermissionRow {
  id: string;
  parentId: string | null;
  name: string;
  perms: string | null;
  permsType: string | null;
  icon: string | null;
  component: string | null;
  componentName: string | null;
  url: string | null;
  redirect: string | null;
  sortNo: number;
  menuType: number;
  isLeaf: boolean;
  route: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  hidden: boolean;
  hideTab: boolean;
  status: string;
  /** Ours: 1 when the menu has data rules (the 规则 tag). */
  ruleFlag?: number;
  internalOrExternal: boolean;
  children?: PermissionRow[];
}

/** A row as it comes over the wire: children may be null (a leaf) or empty. */
export type PermissionWireRow = Omit<PermissionRow, 'children'> & { children?: PermissionWireRow[] | null };

/** The wire tree with `children` only where there are children (antd's table shows an expander for any array). */
export function fromWire(rows: readonly PermissionWireRow[] | null | undefined): PermissionRow[] {
  return (rows ?? []).map(({ children, ...r }) => (children?.length ? { ...r, children: fromWire(children) } : r));
}

/** One data rule (GET /sys/permission/getPermRuleListByPermId). */
export interface DataRuleRow {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleColumnText?: string;
  ruleConditions: string;
  ruleConditions_dictText?: string;
  ruleValue: string;
  status: string;
}

export interface RuleColumnsAnswer {
  resources: { name: string; title: string }[];
  fields: { value: string; text: string }[];
}

export const isButton = (r: Pick<PermissionRow, 'menuType'>) => r.menuType === MENU_TYPE.button;

/** Every row of the tree, parents first. */
export function flatten(rows: readonly PermissionRow[], out: PermissionRow[] = []): PermissionRow[] {
  for (const r of rows) {
    out.push(r);
    if (r.children) flatten(r.children, out);
  }
  return out;
}

/** The ids from the top down to `id`'s parent (what must be expanded to show `id`). */
export function ancestorsOf(rows: readonly PermissionRow[], id: string): string[] {
  const parent = new Map(flatten(rows).map((r) => [r.id, r.parentId]));
  const out: string[] = [];
  const seen = new Set<string>();
  let at = parent.get(id) ?? null;
  while (at && !seen.has(at)) {
    seen.add(at);
    out.unshift(at);
    at = parent.get(at) ?? null;
  }
  return out;
}

/** Rows whose name contains `keyword` with their whole subtree, and their ancestors (so each match stays in its place). */
export function filterTree(rows: readonly PermissionRow[], keyword: string): PermissionRow[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...rows];
  const walk = (list: readonly PermissionRow[]): PermissionRow[] =>
    list.flatMap((r) => {
      if (r.name.toLowerCase().includes(k)) return [r];
      const kids = walk(r.children ?? []);
      return kids.length ? [{ ...r, children: kids }] : [];
    });
  return walk(rows);
}

/** Ids of rows that have children (for 展开全部). */
export const parentIds = (rows: readonly PermissionRow[]) => flatten(rows).filter((r) => r.children?.length).map((r) => r.id);

/** Parent choices for the form: menus only, without `exclude` and its subtree (a row cannot move below itself). */
export interface ParentOption {
  value: string;
  title: string;
  children?: ParentOption[];
}
export function parentOptions(rows: readonly PermissionRow[], exclude?: string): ParentOption[] {
  return rows
    .filter((r) => !isButton(r) && r.id !== exclude)
    .map((r) => {
      const children = parentOptions(r.children ?? [], exclude);
      return { value: r.id, title: r.name, ...(children.length ? { children } : {}) };
    });
}
