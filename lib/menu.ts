/**
 * The permission menu (contract §3) turned into what the shell needs (spec 01 §2): sidebar items,
 * breadcrumbs, menu search, path lookups and per-path title overrides. Pure and serialisable, so a
 * server component can compute it and hand it to client components.
 */
import { IFRAME_COMPONENT, type MenuNode } from './menu-types';

/** Spec 01 §2: the breadcrumb always starts with 行事历 linking to the calendar panel. */
export const HOME_TITLE = '行事历';
export const HOME_BREADCRUMB_HREF = '/calpanel/CalendarPanel';

/** Spec 01 §5: an empty or null menu rejects with this message. */
export const PERMISSION_LIST_ERROR = 'getPermissionList: permissions must be a non-null array !';

export interface NavItem {
  /** The menu path (unique per entry, used as the antd Menu key). */
  key: string;
  label: string;
  /** The server's icon name (e.g. 'setting'); the client maps it to a component. */
  icon?: string;
  /** Where a click goes: the path, or the external/iframe url when `external`. */
  href: string;
  /** Open `href` as a link in a new tab. */
  external: boolean;
  /** Present only for submenus. */
  children?: NavItem[];
}

export interface BreadcrumbItem {
  title: string;
  /** Absent on the last item (plain text). */
  href?: string;
}

export interface MenuSearchItem {
  id: string;
  title: string;
  path: string;
  url?: string;
  /** External or iframe page: choosing it opens `url` in a new tab. */
  external: boolean;
}

export type MenuSearchTarget = { kind: 'navigate'; path: string } | { kind: 'open'; url: string };

/* ------------------------------------------------------------------ helpers */

/** Drops query and hash and a trailing slash ('/' stays '/'); adds a leading slash. */
export function normalizePath(path: string): string {
  let p = (path ?? '').split(/[?#]/)[0].trim();
  if (!p.startsWith('/')) p = `/${p}`;
  p = p.replace(/\/{2,}/g, '/');
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

const segments = (path: string) => normalizePath(path).split('/').filter(Boolean);
const isRoute = (n: MenuNode) => n.route !== '0';
const HTTP = /^https?:\/\//i;

/** External or iframe target: `meta.internalOrExternal`, a `meta.url`, or an http(s) path. */
export function isExternalNode(node: MenuNode): boolean {
  return node.meta?.internalOrExternal === true || !!node.meta?.url || HTTP.test(node.path);
}

/** The address an external/iframe node opens, if it has one. */
export function externalUrl(node: MenuNode): string | undefined {
  if (node.meta?.url) return node.meta.url;
  return HTTP.test(node.path) ? node.path : undefined;
}

/**
 * An iframe page (JeecgBoot's IframePageView, not flagged external): the sidebar opens it inside the
 * shell at its route path; menu search still opens its url in a new tab (spec 01 §2).
 */
export function isIframeNode(node: MenuNode): boolean {
  return node.component === IFRAME_COMPONENT && node.meta?.internalOrExternal !== true && !!externalUrl(node);
}

/**
 * The address an iframe page may show: http(s) or a same-origin absolute path. JeecgBoot's
 * `{{ window._CONFIG['domianURL'] }}` template stands for the API prefix. Anything else (javascript:,
 * data:, protocol-relative) is refused.
 */
export function safeFrameUrl(url: string | undefined, apiPrefix: string): string | null {
  if (!url) return null;
  const u = url.trim().replace(/^\{\{\s*window\._CONFIG\[['"]domianURL['"]\]\s*\}\}/, apiPrefix);
  if (/^https?:\/\/[^\s]+$/i.test(u)) return u;
  if (/^\/(?![/\\])[^\s]*$/.test(u)) return u;
  return null;
}

/** Visible (not hidden, routable) children of a node. */
const visibleChildren = (node: MenuNode) => (node.children ?? []).filter((c) => isRoute(c) && !c.hidden);

/** Sidebar rule: an entry with (visible) children and no always-show flag is a submenu. */
const isSubmenu = (node: MenuNode) => !node.alwaysShow && visibleChildren(node).length > 0;

/**
 * Where a node leads when chosen: itself for a page (no visible children, or alwaysShow — "items
 * flagged alwaysShow redirect to themselves"), else its `redirect`, else the first visible page below it.
 */
export function landingPath(node: MenuNode): string {
  if (!isSubmenu(node)) return node.path;
  if (node.redirect) return node.redirect;
  return landingPath(visibleChildren(node)[0]);
}

/* ------------------------------------------------------------------ validation */

/** Spec 01 §5: the menu must be a non-empty array, else the permission load fails with PERMISSION_LIST_ERROR. */
export function validateMenu(menu: unknown): MenuNode[] {
  if (!Array.isArray(menu) || menu.length === 0) throw new Error(PERMISSION_LIST_ERROR);
  return menu as MenuNode[];
}

/* ------------------------------------------------------------------ sidebar */

/**
 * Sidebar items (spec 01 §2): route '0' items (with their subtree) and hidden items are skipped; an
 * entry with visible children and no alwaysShow flag becomes a submenu; alwaysShow items are leaf
 * links to themselves even when they have children; external items link to their url in a new tab.
 * A parent whose children are all hidden is a leaf link to itself.
 */
export function toNavItems(menu: readonly MenuNode[]): NavItem[] {
  const out: NavItem[] = [];
  for (const node of menu) {
    if (!isRoute(node) || node.hidden) continue;
    const iframe = isIframeNode(node);
    const external = isExternalNode(node) && !iframe;
    const href = iframe ? normalizePath(node.path) : (external && externalUrl(node)) || node.path;
    const item: NavItem = { key: node.path, label: node.meta?.title ?? node.name, href, external };
    if (node.meta?.icon) item.icon = node.meta.icon;
    if (isSubmenu(node)) item.children = toNavItems(node.children ?? []);
    out.push(item);
  }
  return out;
}

/* ------------------------------------------------------------------ path matching */

/** ':name' segments of a menu path match any one segment. Returns the number of literal segments, or -1. */
function matchSegments(pattern: string[], path: string[]): number {
  if (pattern.length > path.length) return -1;
  let literals = 0;
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i].startsWith(':')) continue;
    if (pattern[i] !== path[i]) return -1;
    literals++;
  }
  return literals;
}

/**
 * The chain (outermost first) of the menu node that owns `pathname`, or [] when none does.
 * Decision (documented for isPathInMenu): a routable node (route '0' subtrees excluded, hidden nodes
 * included — they are routes without a menu entry) owns its exact path; a PAGE node (no visible
 * children, or alwaysShow) also owns its child paths segment-wise ('/isystem/user' owns
 * '/isystem/user/123', not '/isystem/username'). A container only owns its exact path, so a menu
 * folder never opens the paths of sibling pages the user was not given. ':param' segments match
 * any single segment. Exact beats prefix, longer beats shorter, literal beats ':param'.
 */
export function matchMenuChain(menu: readonly MenuNode[], pathname: string): MenuNode[] {
  const target = segments(pathname);
  let best: { chain: MenuNode[]; exact: boolean; length: number; literals: number } | null = null;
  const visit = (nodes: readonly MenuNode[], parents: MenuNode[]) => {
    for (const node of nodes) {
      if (!isRoute(node)) continue;
      const chain = [...parents, node];
      const pattern = segments(node.path);
      const literals = matchSegments(pattern, target);
      if (literals >= 0 && pattern.length > 0) {
        const exact = pattern.length === target.length;
        if (exact || !isSubmenu(node)) {
          const better =
            !best ||
            (exact && !best.exact) ||
            (exact === best.exact && (pattern.length > best.length || (pattern.length === best.length && literals > best.literals)));
          if (better) best = { chain, exact, length: pattern.length, literals };
        }
      }
      if (node.children) visit(node.children, chain);
    }
  };
  visit(menu, []);
  return best ? (best as { chain: MenuNode[] }).chain : [];
}

/** The node whose path is exactly `path` (':param' segments match any segment), or null. */
export function findMenuByPath(menu: readonly MenuNode[], path: string): MenuNode | null {
  const chain = matchMenuChain(menu, path);
  const node = chain[chain.length - 1];
  return node && segments(node.path).length === segments(path).length ? node : null;
}

/** Whether the menu grants `pathname` (see matchMenuChain for the exact / child-segment rule). */
export function isPathInMenu(menu: readonly MenuNode[], pathname: string): boolean {
  return matchMenuChain(menu, pathname).length > 0;
}

/** The menu title of the page at `pathname`, or null. */
export function titleForPath(menu: readonly MenuNode[], pathname: string): string | null {
  const chain = matchMenuChain(menu, pathname);
  return chain.length ? chain[chain.length - 1].meta?.title ?? null : null;
}

/* ------------------------------------------------------------------ breadcrumb */

/**
 * Spec 01 §2: the home (行事历 unless the user's home is another page, issue #39; linking to `homeHref`) first, then the titles of the matched menu chain; the
 * last item has no href. A chain node that is the home page itself is not repeated. Intermediate
 * folders link to where they land (`landingPath`).
 */
export function breadcrumbFor(menu: readonly MenuNode[], pathname: string, homeHref: string = HOME_BREADCRUMB_HREF, homeTitle: string = HOME_TITLE): BreadcrumbItem[] {
  const home = normalizePath(homeHref);
  const chain = matchMenuChain(menu, pathname).filter((n) => normalizePath(n.path) !== home);
  const items: BreadcrumbItem[] = [{ title: homeTitle, href: homeHref }, ...chain.map((n) => ({ title: n.meta?.title ?? n.name, href: landingPath(n) }))];
  delete items[items.length - 1].href;
  return items;
}

/* ------------------------------------------------------------------ menu search */

/**
 * The entries the menu search offers: every link of the sidebar (submenus themselves are not links,
 * their pages are), in menu order. Hidden and route '0' items are not offered.
 */
export function flattenForSearch(menu: readonly MenuNode[]): MenuSearchItem[] {
  const out: MenuSearchItem[] = [];
  const visit = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (!isRoute(node) || node.hidden) continue;
      if (isSubmenu(node)) {
        visit(node.children ?? []);
        continue;
      }
      const item: MenuSearchItem = { id: node.id, title: node.meta?.title ?? node.name, path: node.path, external: isExternalNode(node) };
      const url = externalUrl(node);
      if (url) item.url = url;
      out.push(item);
    }
  };
  visit(menu);
  return out;
}

/** Items whose title contains `keyword` (trimmed, case-insensitive); an empty keyword keeps all. */
export function searchMenu(items: readonly MenuSearchItem[], keyword: string): MenuSearchItem[] {
  const k = (keyword ?? '').trim().toLowerCase();
  return k ? items.filter((i) => i.title.toLowerCase().includes(k)) : [...items];
}

/** Spec 01 §2: choosing by id navigates to the path, or opens the url in a new tab for external/iframe pages. */
export function menuSearchTarget(items: readonly MenuSearchItem[], id: string): MenuSearchTarget | null {
  const item = items.find((i) => i.id === id);
  if (!item) return null;
  return item.external && item.url ? { kind: 'open', url: item.url } : { kind: 'navigate', path: item.path };
}

/* ------------------------------------------------------------------ page-title overrides */

/** The storage key of the page-title override for a route's full path (path + query). */
export function routeTitleKey(fullPath: string): string {
  return `route:title:${fullPath}`;
}

/** The locally stored title override for `fullPath`, or null when absent or blank. */
export function readTitleOverride(storage: Pick<Storage, 'getItem'>, fullPath: string): string | null {
  const v = storage.getItem(routeTitleKey(fullPath));
  return v && v.trim() ? v : null;
}

/** Stores a title override for `fullPath`. */
export function writeTitleOverride(storage: Pick<Storage, 'setItem'>, fullPath: string, title: string): void {
  storage.setItem(routeTitleKey(fullPath), title);
}

/**
 * Spec 01 §2: selecting a side-menu entry looks the menu up by path and stores its title under the
 * per-path title key. Returns the stored title, or null when the path is not an exact menu entry.
 */
export function storeMenuTitle(storage: Pick<Storage, 'setItem'>, menu: readonly MenuNode[], path: string): string | null {
  const node = findMenuByPath(menu, path);
  if (!node) return null;
  writeTitleOverride(storage, path, node.meta.title);
  return node.meta.title;
}
