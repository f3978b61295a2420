import { Tag, Typography } from 'antd';
import type { TreeDataNode } from 'antd';

/** One node of GET /sys/permission/list: menu type 0 top menu, 1 sub menu, 2 button. */
export interface PermissionNode {
  key: string;
  title: string;
  menuType: number;
  perms: string | null;
  children?: PermissionNode[];
}

export const BUTTON_MENU_TYPE = 2;

/** The backend tree as antd Tree data: buttons carry a 按钮 tag and their permission code. */
export function toTreeData(nodes: readonly PermissionNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: (
      <span data-permission-key={n.key}>
        {n.title}
        {n.menuType === BUTTON_MENU_TYPE && (
          <Tag color="orange" style={{ marginInlineStart: 8 }}>
            按钮
          </Tag>
        )}
        {n.perms && (
          <Typography.Text type="secondary" style={{ marginInlineStart: 4, fontSize: 12 }}>
            {n.perms}
          </Typography.Text>
        )}
      </span>
    ),
    children: n.children?.length ? toTreeData(n.children) : undefined,
  }));
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
