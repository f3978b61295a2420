import { IFRAME_COMPONENT, type MenuNode } from './menu-types';
import { screenOfComponent, type ScreenEntry } from './page-routes';
import { hasButtonAuth, missingScreenPerm, type AuthContext } from './permissions/rule';
import { SCREENS } from './screens';

/** The default home (spec 01 §2: '/' → /calpanel/CalendarPanel). */
export const CALENDAR_HOME = '/calpanel/CalendarPanel';

/** Where a user with no page at all goes: 个人中心 is every signed-in user's (a public screen). */
export const LAST_RESORT_HOME = '/account/center';

const normalise = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

export interface OpenablePage {
  path: string;
  hidden: boolean;
}

/**
 * The menu's pages this user can open, in menu order: a row with a component that is a screen of this build (by
 * name or alias) whose `perm` the user's codes grant, or an iframe page. Folders (layouts/*), external links and
 * rows naming a missing component are not pages. A page under a hidden row counts as hidden.
 */
export function openablePages(menu: readonly MenuNode[], ctx: AuthContext, screens: readonly ScreenEntry[] = SCREENS): OpenablePage[] {
  const has = (code: string) => hasButtonAuth(code, ctx);
  const out: OpenablePage[] = [];
  const walk = (nodes: readonly MenuNode[], hiddenAbove: boolean) => {
    for (const n of nodes) {
      const hidden = hiddenAbove || !!n.hidden;
      const component = n.component ?? '';
      const path = normalise(n.path ?? '');
      if (component === IFRAME_COMPONENT) {
        if (path.startsWith('/') && !n.meta?.url) out.push({ path, hidden });
      } else if (component && !component.startsWith('layouts/') && path.startsWith('/') && !n.meta?.url) {
        const screen = screenOfComponent(component, path, screens);
        if (screen && missingScreenPerm(screen.perm, has) === null) out.push({ path, hidden });
      }
      if (n.children?.length) walk(n.children, hidden);
    }
  };
  walk(menu, false);
  return out;
}

/**
 * Where '/' sends a user (issue #39): their roles' 首页配置 (`configured`) when they can open it, else the 行事历 when
 * they can, else the first visible page of their menu they can open, else 个人中心. Never a page that would say
 * 没有权限查看, so the 403 page's 返回首页 cannot lead back to one.
 */
export function resolveHome(configured: string | null | undefined, menu: readonly MenuNode[], ctx: AuthContext, screens: readonly ScreenEntry[] = SCREENS): string {
  const pages = openablePages(menu, ctx, screens);
  const can = (p: string) => pages.some((x) => x.path === normalise(p));
  if (configured && configured.startsWith('/') && !configured.startsWith('//') && can(configured)) return normalise(configured);
  if (can(CALENDAR_HOME)) return CALENDAR_HOME;
  return pages.find((p) => !p.hidden)?.path ?? LAST_RESORT_HOME;
}
