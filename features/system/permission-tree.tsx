import { Switch, Tag, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { DataRuleLink } from './roles/data-rule-link';

/** GET /sys/role/queryTreeList: JeecgBoot's role grant tree, `{treeList, ids}` (ids = every permission id). */
export const ROLE_TREE_URL = '/sys/role/queryTreeList';

/**
 * One node of that tree (JeecgBoot TreeModel): the name is `slotTitle` (JeecgBoot leaves `title` null),
 * children null on a leaf. `menuType` and `perms` come from our backend only.
 */
export interface TreeModelNode {
  key: string;
  title?: string | null;
  slotTitle?: string | null;
  isLeaf?: boolean;
  ruleFlag?: number | null;
  menuType?: number;
  perms?: string | null;
  children?: TreeModelNode[] | null;
}

export interface RoleTreeAnswer {
  treeList: TreeModelNode[] | null;
  ids?: string[];
}

/** One node as the role screens use it: menu type 0 top menu, 1 sub menu, 2 button (unknown from a JeecgBoot server). */
export interface PermissionNode {
  key: string;
  title: string;
  menuType?: number;
  perms?: string | null;
  /** 1: a menu with data rules (菜单管理 → 数据规则); the role screens offer 数据规则 on it. */
  ruleFlag?: number;
  children?: PermissionNode[];
}

export const BUTTON_MENU_TYPE = 2;

/** The TreeModel nodes as PermissionNodes: the name from slotTitle (or title), children only where there are some. */
export function fromTreeModels(nodes: readonly TreeModelNode[] | null | undefined): PermissionNode[] {
  return (nodes ?? []).map((n) => {
    const node: PermissionNode = { key: n.key, title: n.slotTitle ?? n.title ?? '' };
    if (n.menuType !== undefined) node.menuType = n.menuType;
    if (n.perms !== undefined) node.perms = n.perms;
    if (n.ruleFlag) node.ruleFlag = n.ruleFlag;
    if (n.children?.length) node.children = fromTreeModels(n.children);
    return node;
  });
}

/**
 * The backend tree as antd Tree data: buttons carry a 按钮 tag, menus with rules a 数据规则 link. The permission code is
 * a hover text of the node, and written beside it only with 显示编码 on (`showCodes`, issue #39: raw codes beside
 * every node read as noise to a school's administrator).
 */
export function toTreeData(nodes: readonly PermissionNode[], showCodes = false): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: (
      <span data-permission-key={n.key} title={n.perms || undefined}>
        {n.title}
        {n.menuType === BUTTON_MENU_TYPE && (
          <Tag color="orange" style={{ marginInlineStart: 8 }}>
            按钮
          </Tag>
        )}
        {showCodes && n.perms && (
          <Typography.Text type="secondary" style={{ marginInlineStart: 4, fontSize: 12 }}>
            {n.perms}
          </Typography.Text>
        )}
        {Boolean(n.ruleFlag) && n.menuType !== BUTTON_MENU_TYPE && <DataRuleLink menu={{ key: n.key, title: n.title }} />}
      </span>
    ),
    children: n.children?.length ? toTreeData(n.children, showCodes) : undefined,
  }));
}

/** 显示编码: writes the permission codes beside the nodes (off: only on hover). */
export function ShowCodesSwitch({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <Switch size="small" checked={checked} onChange={onChange} data-testid="role-permission-codes" />
      显示编码
    </span>
  );
}

/** Every key of the tree, parents before children. */
export function allKeys(nodes: readonly PermissionNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    out.push(n.key);
    if (n.children) allKeys(n.children, out);
  }
  return out;
}

export function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((k) => set.has(k));
}
