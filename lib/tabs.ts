/**
 * Multi-tab mode (spec 01 §2 tab mode, §4 tabs, §8 tab-close warnings, §9 constants) as a pure reducer.
 * A tab is identified by its pathname (`key`); `path` is the full path with query that was opened last.
 */

/** Spec 01 §9. */
export const RELOAD_EFFECT_MS = 1400;
export const SCROLL_DEBOUNCE_MS = 100;
/** Pages whose state is kept alive at most (LRU, see touchLru). */
export const KEEP_ALIVE_LIMIT = 10;

/** Spec 01 §8 warnings. */
export const HOME_NOT_CLOSABLE = '首页不能关闭!';
export const LAST_TAB_NOT_CLOSABLE = '这是最后一页，不能再关闭了啦';

/** Spec 01 §2: tab context-menu keys. */
export const TAB_MENU = { refresh: '1', closeLeft: '2', closeRight: '3', closeOthers: '4' } as const;

export interface Tab {
  /** Full path including the query string. */
  path: string;
  /** Pathname: the identity of the tab. */
  key: string;
  title: string;
  closable: boolean;
}

export interface TabsState {
  tabs: Tab[];
  /** Key of the active tab. */
  active: string;
  /** Pathname of the home tab (never closable, kept by close-others). */
  home: string;
  /** A warning produced by the last action (shown once by the UI); cleared by every other action. */
  notice?: string;
}

export type TabsAction =
  | { type: 'open'; path: string; title: string }
  | { type: 'close'; key: string }
  | { type: 'closeLeft'; key: string }
  | { type: 'closeRight'; key: string }
  | { type: 'closeOthers'; key: string }
  | { type: 'setTitle'; key: string; title: string }
  | { type: 'disableMulti'; path: string; title?: string }
  | { type: 'restore'; saved: unknown }
  /** The tab context menu (keys 1–4); a refresh (1) leaves the tabs as they are. */
  | { type: 'context'; key: string; menuKey: string };

/** The pathname of a full path ('/a/b?x=1#h' → '/a/b'); a trailing slash is dropped. */
export function tabKey(path: string): string {
  const p = (path ?? '').split(/[?#]/)[0] || '/';
  return p.length > 1 ? p.replace(/\/+$/, '') || '/' : p;
}

const makeTab = (path: string, title: string, home: string): Tab => {
  const key = tabKey(path);
  return { path, key, title, closable: key !== home };
};

/** The starting state: only the home tab, active. */
export function initialTabs(homePath: string, homeTitle = '行事历'): TabsState {
  const home = tabKey(homePath);
  return { tabs: [makeTab(homePath, homeTitle, home)], active: home, home };
}

/** Keep `keep` tabs; the active tab moves to `fallback` when it was removed. */
function keepOnly(state: TabsState, keep: (tab: Tab, index: number) => boolean, fallback: string): TabsState {
  const tabs = state.tabs.filter(keep);
  const active = tabs.some((t) => t.key === state.active) ? state.active : fallback;
  return { tabs, active, home: state.home };
}

export function tabsReducer(state: TabsState, action: TabsAction): TabsState {
  const base: TabsState = { tabs: state.tabs, active: state.active, home: state.home };
  switch (action.type) {
    case 'open': {
      // Spec 01 §4: adds a tab unless its path is already open; then that tab is replaced in place.
      const key = tabKey(action.path);
      const index = state.tabs.findIndex((t) => t.key === key);
      if (index < 0) return { ...base, tabs: [...state.tabs, makeTab(action.path, action.title, state.home)], active: key };
      const old = state.tabs[index];
      const tabs = [...state.tabs];
      tabs[index] = { ...old, path: action.path, title: action.title || old.title };
      return { ...base, tabs, active: key };
    }
    case 'close': {
      const index = state.tabs.findIndex((t) => t.key === action.key);
      if (index < 0) return base;
      if (action.key === state.home || !state.tabs[index].closable) return { ...base, notice: HOME_NOT_CLOSABLE };
      if (state.tabs.length === 1) return { ...base, notice: LAST_TAB_NOT_CLOSABLE };
      const tabs = state.tabs.filter((_, i) => i !== index);
      // Closing the active tab activates its neighbour: the right one, else the left one.
      const active = state.active === action.key ? (state.tabs[index + 1] ?? state.tabs[index - 1]).key : state.active;
      return { ...base, tabs, active };
    }
    case 'closeLeft': {
      const index = state.tabs.findIndex((t) => t.key === action.key);
      if (index < 0) return base;
      return keepOnly(state, (t, i) => i >= index || !t.closable, action.key);
    }
    case 'closeRight': {
      const index = state.tabs.findIndex((t) => t.key === action.key);
      if (index < 0) return base;
      return keepOnly(state, (t, i) => i <= index || !t.closable, action.key);
    }
    case 'closeOthers': {
      // Keeps home plus the chosen tab, which becomes active.
      if (!state.tabs.some((t) => t.key === action.key)) return base;
      return { ...keepOnly(state, (t) => t.key === action.key || t.key === state.home || !t.closable, action.key), active: action.key };
    }
    case 'setTitle': {
      const tabs = state.tabs.map((t) => (t.key === action.key && action.title ? { ...t, title: action.title } : t));
      return { ...base, tabs };
    }
    case 'disableMulti': {
      // Spec 01 §4: turning multi-tab mode off leaves only the current page.
      const key = tabKey(action.path);
      const existing = state.tabs.find((t) => t.key === key);
      const tab = makeTab(action.path, action.title || existing?.title || '', state.home);
      return { ...base, tabs: [tab], active: key };
    }
    case 'context':
      return contextAction(state, action.key, action.menuKey).state;
    case 'restore': {
      const restored = parseSavedTabs(action.saved, state.home);
      return restored ?? base;
    }
  }
}

/** Result of a context-menu choice: the new state and, for '1', the key of the tab to reload. */
export interface ContextActionResult {
  state: TabsState;
  refresh?: string;
}

/** Spec 01 §2 tab context menu: '1' refresh, '2' close left, '3' close right, '4' close others. */
export function contextAction(state: TabsState, key: string, menuKey: string): ContextActionResult {
  switch (menuKey) {
    case TAB_MENU.refresh:
      return { state, refresh: key };
    case TAB_MENU.closeLeft:
      return { state: tabsReducer(state, { type: 'closeLeft', key }) };
    case TAB_MENU.closeRight:
      return { state: tabsReducer(state, { type: 'closeRight', key }) };
    case TAB_MENU.closeOthers:
      return { state: tabsReducer(state, { type: 'closeOthers', key }) };
    default:
      return { state };
  }
}

/** What is persisted: the tabs' full paths and titles, and the active key. */
export function serializeTabs(state: TabsState): string {
  return JSON.stringify({ tabs: state.tabs.map((t) => ({ path: t.path, title: t.title })), active: state.active });
}

/**
 * Validates a persisted value (the JSON string from serializeTabs, or the parsed object). Returns
 * null unless it holds at least one tab whose path is a same-site absolute path ('/…', not '//…')
 * with a string title. Invalid entries are dropped, duplicates by pathname keep the first, `closable`
 * is recomputed from `home`, and an active key that is not open falls back to the first tab.
 */
export function parseSavedTabs(saved: unknown, home: string): TabsState | null {
  let value = saved;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || !Array.isArray((value as { tabs?: unknown }).tabs)) return null;
  const homeKey = tabKey(home);
  const tabs: Tab[] = [];
  for (const raw of (value as { tabs: unknown[] }).tabs) {
    if (!raw || typeof raw !== 'object') continue;
    const { path, title } = raw as { path?: unknown; title?: unknown };
    if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || typeof title !== 'string') continue;
    const tab = makeTab(path, title, homeKey);
    if (!tabs.some((t) => t.key === tab.key)) tabs.push(tab);
  }
  if (tabs.length === 0) return null;
  const activeRaw = (value as { active?: unknown }).active;
  const active = typeof activeRaw === 'string' && tabs.some((t) => t.key === activeRaw) ? activeRaw : tabs[0].key;
  return { tabs, active, home: homeKey };
}

/** Spec 01 §2: '<page title> · <system name>', or just the system name on the calendar panel (or without a title). */
export function documentTitle(pageTitle: string | null | undefined, systemName: string, isCalendarPanel: boolean): string {
  return isCalendarPanel || !pageTitle ? systemName : `${pageTitle} · ${systemName}`;
}

/**
 * Least-recently-used bookkeeping for the kept-alive page cache: `key` becomes the most recent
 * (last); the oldest keys beyond `limit` are evicted. Inputs are not mutated.
 */
export function touchLru(keys: readonly string[], key: string, limit: number = KEEP_ALIVE_LIMIT): { keys: string[]; evicted: string[] } {
  const next = [...keys.filter((k) => k !== key), key];
  const overflow = Math.max(0, next.length - Math.max(0, limit));
  return { keys: next.slice(overflow), evicted: next.slice(0, overflow) };
}
