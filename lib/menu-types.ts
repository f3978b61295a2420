/**
 * Client-side types of the permission answer (`GET /sys/permission/getUserPermissionByToken`,
 * contract §3), shared with the embedded backend's builder (server/permissions/menu-tree.ts). They are
 * slightly wider than what that builder emits, because an upstream JeecgBoot may answer differently
 * (`hidden: false`, `redirect: null`, a `meta.permission` list as in the antd-pro router).
 */

/** The component of iframe menu rows (JeecgBoot's IframePageView): `meta.url` is shown inside the shell. */
export const IFRAME_COMPONENT = 'layouts/IframePageView';

/** A button / page-control permission. `type` '1' visible (button), '2' disabled control; `status` '1' active, '0' inactive. */
export interface AuthEntry {
  action: string;
  type: string;
  describe: string;
  /** Only in `allAuth`. */
  status?: string;
}

export interface MenuMeta {
  keepAlive: boolean;
  internalOrExternal: boolean;
  title: string;
  componentName: string;
  icon?: string;
  /** External (or iframe) address; the node's `path` is then an md5 of it. */
  url?: string;
  hideTab?: boolean;
  /** Button rows under this menu (contract §3). */
  permissionList?: AuthEntry[];
  /** Route-level permission codes (antd-pro `meta.permission`); any one of them grants the route. */
  permission?: string[];
}

export interface MenuNode {
  id: string;
  route: '1' | '0';
  path: string;
  name: string;
  component: string | null;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: MenuNode[];
}

/** The `result` of the permission call. */
export interface PermissionAnswer {
  menu: MenuNode[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  sysSafeMode?: boolean;
}
