import { createHash } from 'node:crypto';
import { IFRAME_COMPONENT, type AuthEntry, type MenuNode } from '../../lib/menu-types';
import { authEntryOf, authLists } from '../../lib/permissions/rule';

/** The columns of sys_permission the menu answer is built from. */
export interface PermissionRow {
  id: string;
  parent_id: string | null;
  name: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: number;
  perms: string | null;
  perms_type: string | null;
  sort_no: number;
  always_show: boolean;
  icon: string | null;
  is_route: boolean;
  keep_alive: boolean;
  hidden: boolean;
  hide_tab: boolean;
  status: string;
  internal_or_external: boolean;
}

// The answer's types are shared with the client (lib/menu-types.ts), so the two cannot drift.
export type { AuthEntry, MenuNode };

const isExternal = (url: string) => /^https?:\/\//.test(url) || url.startsWith('{{');


export function routeName(row: PermissionRow): string {
  if (row.component_name) return row.component_name;
  return (row.url ?? '').replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

function toNode(row: PermissionRow, topLevel: boolean): MenuNode {
  const url = row.url ?? '';
  // An iframe row may name a same-origin page (e.g. /manual/index.html); it still gets a hashed route path.
  const external = isExternal(url) || (row.component === IFRAME_COMPONENT && url.startsWith('/'));
  const node: MenuNode = {
    id: row.id,
    route: row.is_route ? '1' : '0',
    path: external ? createHash('md5').update(url).digest('hex') : url,
    name: routeName(row),
    component: row.component,
    meta: {
      keepAlive: row.keep_alive,
      internalOrExternal: row.internal_or_external,
      title: row.name,
      componentName: row.component_name || (row.component ?? '').split('/').pop() || '',
    },
  };
  if (topLevel) node.redirect = row.redirect;
  if (row.hidden) node.hidden = true;
  if (row.always_show) node.alwaysShow = true;
  if (row.icon) node.meta.icon = row.icon;
  if (external) node.meta.url = url;
  if (row.hide_tab) node.meta.hideTab = true;
  return node;
}

// The same mapping and lists the backend's permission check reads (lib/permissions/rule.ts).
const toAuth = authEntryOf;

/**
 * `getUserPermissionByToken` (contract §3): the user's rows (already ordered by sort_no) become the
 * menu tree of menu_type 0/1 rows; button rows are listed in their menu's meta.permissionList and,
 * when active, in `auth`. A top-level node whose children are all hidden is hidden too.
 */
export function buildPermissionAnswer(userRows: PermissionRow[], allButtonRows: PermissionRow[]) {
  const sorted = [...userRows].sort((a, b) => a.sort_no - b.sort_no);
  const menuRows = sorted.filter((r) => r.menu_type !== 2);
  const ids = new Set(menuRows.map((r) => r.id));
  const byParent = new Map<string | null, PermissionRow[]>();
  for (const r of menuRows) {
    const parent = r.parent_id && ids.has(r.parent_id) ? r.parent_id : null;
    if (!byParent.has(parent)) byParent.set(parent, []);
    byParent.get(parent)!.push(r);
  }
  const buttonsByParent = new Map<string, AuthEntry[]>();
  for (const b of sorted.filter((r) => r.menu_type === 2 && r.parent_id)) {
    if (!buttonsByParent.has(b.parent_id!)) buttonsByParent.set(b.parent_id!, []);
    buttonsByParent.get(b.parent_id!)!.push(toAuth(b));
  }
  const build = (parent: string | null, depth: number): MenuNode[] =>
    (byParent.get(parent) ?? []).map((row) => {
      const node = toNode(row, depth === 0);
      const perms = buttonsByParent.get(row.id);
      if (perms) node.meta.permissionList = perms;
      const children = build(row.id, depth + 1);
      if (children.length) {
        node.children = children;
        if (depth === 0 && children.every((c) => c.hidden)) node.hidden = true;
      }
      return node;
    });
  const menu = build(null, 0);
  const { auth, allAuth } = authLists(sorted, allButtonRows);
  return { menu, auth, allAuth, sysSafeMode: false };
}
