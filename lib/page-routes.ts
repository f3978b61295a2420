import { IFRAME_COMPONENT } from './menu-types';
import type { ScreenPerm } from './permissions/rule';

/**
 * Which screen a path shows (spec 01 §2 dynamic menu routes), as a pure function.
 * Screens are registered by component name with a canonical path; the user's menu decides access.
 */
export interface ScreenEntry {
  /** Menu `component` value that names this screen, e.g. 'system/OnlineList'. */
  component: string;
  /**
   * Other menu `component` values that open this screen: the names of JeecgBoot's stock client (issue #45: a menu
   * row naming `system/SysUserOnlineList` works in both clients). Two screens may share an alias (JeecgBoot's one
   * `system/LogList` holds both logs); the menu row's path then picks the one whose `path` it is.
   */
  aliases?: readonly string[];
  /** Where the screen lives when the menu does not say otherwise. */
  path: string;
  title: string;
  /** Reachable by every signed-in user, menu or not (home, exception pages, my announcements …). */
  public?: boolean;
  /**
   * A full-page detail screen under the `/detailOperation` parent (spec 01 §2: e.g.
   * /course/teachTemplateAddEdit): not in the menu, reachable when the menu holds this list component.
   */
  detailOf?: string;
  /**
   * The permission the screen needs (its list code, usually): without it the registry
   * (features/shell-pages.tsx) renders the no-permission page instead, and the screen asks for nothing.
   */
  perm?: ScreenPerm;
  /**
   * An alias of another screen's path (the 教育 menu's 修改密码 → 安全设置, one implementation): the shell goes
   * there at once, as for a menu folder, so the alias opens no tab and is never kept alive.
   */
  redirect?: string;
}

export interface MenuRoute {
  path: string;
  component: string | null;
  title: string;
  /** meta.url of iframe rows. */
  url?: string;
}


export type Resolved =
  | { kind: 'screen'; component: string; title: string; path: string }
  | { kind: 'missing'; component: string; title: string; path: string }
  | { kind: 'iframe'; url: string; title: string; path: string }
  | { kind: 'forbidden'; path: string }
  | { kind: 'not-found'; path: string };

const normalise = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

export function resolveRoute(pathname: string, menu: MenuRoute[], screens: ScreenEntry[]): Resolved {
  const path = normalise(pathname);
  const fixed = screens.find((s) => s.public && s.path === path);
  if (fixed) return { kind: 'screen', component: fixed.component, title: fixed.title, path };
  const detail = screens.find((s) => s.detailOf && s.path === path);
  if (detail) {
    return menu.some((m) => m.component === detail.detailOf)
      ? { kind: 'screen', component: detail.component, title: detail.title, path }
      : { kind: 'forbidden', path };
  }
  const entry = menu.find((m) => normalise(m.path) === path && m.component);
  if (entry) {
    if (entry.component === IFRAME_COMPONENT && entry.url) return { kind: 'iframe', url: entry.url, title: entry.title, path };
    const screen = screenOfComponent(entry.component!, path, screens);
    // A menu row naming a component this build does not have: say so clearly instead of crashing.
    return screen
      ? { kind: 'screen', component: screen.component, title: entry.title || screen.title, path }
      : { kind: 'missing', component: entry.component!, title: entry.title, path };
  }
  if (screens.some((s) => s.path === path)) return { kind: 'forbidden', path };
  return { kind: 'not-found', path };
}

/**
 * The screen a menu row's component opens: the one of that name, else one with it among its `aliases` — where several
 * have it, the one whose path the row has (then the first).
 */
export function screenOfComponent(component: string, path: string, screens: readonly ScreenEntry[]): ScreenEntry | undefined {
  const named = screens.filter((s) => s.component === component || s.aliases?.includes(component));
  return named.find((s) => s.aliases?.includes(component) && s.path === path) ?? named.find((s) => s.component === component) ?? named[0];
}
