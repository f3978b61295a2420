/**
 * Local layout settings (spec 01 §3 local settings, §2 settings drawer, §4 sidebar / header auto-hide,
 * §9 screen widths). Stored in localStorage the way the Vue antd-pro app did: `pro__`-prefixed keys
 * holding `{value, expire}` JSON (lib/storage-keys.ts `writeExpiring` / `readExpiring`, no expiry).
 */
import { PRIMARY_COLOR } from './config';
import { readExpiring, writeExpiring } from './storage-keys';

export type NavTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';
export type Device = 'desktop' | 'tablet' | 'mobile';

export interface Settings {
  navTheme: NavTheme;
  primaryColor: string;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
}

/** Spec 01 §3 defaults: side menu, light theme, fixed-width content, fixed header and sidebar, multi-page, teal. */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  navTheme: 'light',
  primaryColor: PRIMARY_COLOR,
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: true,
  autoHideHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  multipage: true,
});

/** Spec 01 §2: eight preset primary colours, the default teal first (antd-pro's list with 拂晓蓝 replaced by the default). */
export const PRESET_COLORS: ReadonlyArray<{ key: string; color: string }> = Object.freeze([
  { key: '默认', color: '#58B8A1' },
  { key: '薄暮', color: '#F5222D' },
  { key: '火山', color: '#FA541C' },
  { key: '日暮', color: '#FAAD14' },
  { key: '明青', color: '#13C2C2' },
  { key: '极光绿', color: '#52C41A' },
  { key: '极客蓝', color: '#2F54EB' },
  { key: '酱紫', color: '#722ED1' },
]);

/** The antd-pro mutation-type names; stored as `pro__<NAME>`. */
export const SIDEBAR_TYPE = 'SIDEBAR_TYPE';
export const DEFAULT_THEME = 'DEFAULT_THEME';
export const DEFAULT_LAYOUT_MODE = 'DEFAULT_LAYOUT_MODE';
export const DEFAULT_COLOR = 'DEFAULT_COLOR';
export const DEFAULT_COLOR_WEAK = 'DEFAULT_COLOR_WEAK';
export const DEFAULT_FIXED_HEADER = 'DEFAULT_FIXED_HEADER';
export const DEFAULT_FIXED_SIDEMENU = 'DEFAULT_FIXED_SIDEMENU';
export const DEFAULT_FIXED_HEADER_HIDDEN = 'DEFAULT_FIXED_HEADER_HIDDEN';
export const DEFAULT_CONTENT_WIDTH_TYPE = 'DEFAULT_CONTENT_WIDTH_TYPE';
export const DEFAULT_MULTI_PAGE = 'DEFAULT_MULTI_PAGE';

/** Which storage key (without the `pro__` prefix) holds each setting. */
export const SETTING_STORAGE_KEYS: Readonly<Record<keyof Settings, string>> = Object.freeze({
  navTheme: DEFAULT_THEME,
  primaryColor: DEFAULT_COLOR,
  layout: DEFAULT_LAYOUT_MODE,
  contentWidth: DEFAULT_CONTENT_WIDTH_TYPE,
  fixedHeader: DEFAULT_FIXED_HEADER,
  autoHideHeader: DEFAULT_FIXED_HEADER_HIDDEN,
  fixSiderbar: DEFAULT_FIXED_SIDEMENU,
  colorWeak: DEFAULT_COLOR_WEAK,
  multipage: DEFAULT_MULTI_PAGE,
});

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Whether `value` is an acceptable value for setting `key`. */
export function isValidSetting<K extends keyof Settings>(key: K, value: unknown): value is Settings[K] {
  switch (key) {
    case 'navTheme':
      return value === 'dark' || value === 'light';
    case 'layout':
      return value === 'sidemenu' || value === 'topmenu';
    case 'contentWidth':
      return value === 'Fixed' || value === 'Fluid';
    case 'primaryColor':
      return typeof value === 'string' && HEX.test(value);
    default:
      return typeof value === 'boolean';
  }
}

/**
 * The drawer's dependencies (spec 01 §2): fluid content only with the top menu (the side menu forces
 * Fixed); hiding the header on scroll needs a fixed header; a fixed side menu is off with the top menu.
 * Returns a new object.
 */
export function normalizeSettings(s: Settings): Settings {
  const out = { ...s };
  if (out.layout === 'sidemenu') out.contentWidth = 'Fixed';
  if (out.layout === 'topmenu') out.fixSiderbar = false;
  if (!out.fixedHeader) out.autoHideHeader = false;
  return out;
}

/** Which drawer controls are disabled by the current settings (same rules as normalizeSettings). */
export function disabledSettingControls(s: Settings): { fluidContent: boolean; autoHideHeader: boolean; fixSiderbar: boolean } {
  return { fluidContent: s.layout === 'sidemenu', autoHideHeader: !s.fixedHeader, fixSiderbar: s.layout === 'topmenu' };
}

/** Changes one setting and applies the dependencies. Invalid values leave the settings as they were. */
export function applySetting<K extends keyof Settings>(s: Settings, key: K, value: Settings[K]): Settings {
  if (!isValidSetting(key, value)) return normalizeSettings(s);
  return normalizeSettings({ ...s, [key]: value });
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Reads every setting; a missing, malformed or invalid value reads as its default. The result is normalized. */
export function loadSettings(storage: KeyValueStorage): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(SETTING_STORAGE_KEYS) as (keyof Settings)[]) {
    const value = readExpiring<unknown>(storage as Storage, SETTING_STORAGE_KEYS[key]);
    if (isValidSetting(key, value)) (out as unknown as Record<string, unknown>)[key] = value;
  }
  return normalizeSettings(out);
}

/** Stores one setting (no expiry). An invalid value throws a TypeError instead of being stored. */
export function saveSetting<K extends keyof Settings>(storage: KeyValueStorage, key: K, value: Settings[K]): void {
  if (!isValidSetting(key, value)) throw new TypeError(`invalid value for setting ${String(key)}`);
  writeExpiring(storage as Storage, SETTING_STORAGE_KEYS[key], value, null);
}

/** Stores every setting of `s` after normalizing it; returns what was stored. */
export function saveSettings(storage: KeyValueStorage, s: Settings): Settings {
  const n = normalizeSettings(s);
  for (const key of Object.keys(SETTING_STORAGE_KEYS) as (keyof Settings)[]) saveSetting(storage, key, n[key]);
  return n;
}

/** The stored sidebar-open flag (`pro__SIDEBAR_TYPE`), or `fallback` when none is stored. */
export function loadSidebarOpen(storage: KeyValueStorage, fallback = true): boolean {
  const v = readExpiring<unknown>(storage as Storage, SIDEBAR_TYPE);
  return typeof v === 'boolean' ? v : fallback;
}

export function saveSidebarOpen(storage: KeyValueStorage, open: boolean): void {
  writeExpiring(storage as Storage, SIDEBAR_TYPE, open, null);
}

/* ------------------------------------------------------------------ screens */

/** Spec 01 §4, §9: below 1088px counts as mobile ('tablet'), below 768px as small mobile ('mobile'). */
export const MOBILE_MAX_WIDTH = 1088;
export const SMALL_MOBILE_MAX_WIDTH = 768;
/** Spec 01 §4, §9: the header hides after 100px of scrolling. */
export const HEADER_AUTO_HIDE_PX = 100;

export function deviceFor(width: number): Device {
  if (width < SMALL_MOBILE_MAX_WIDTH) return 'mobile';
  if (width < MOBILE_MAX_WIDTH) return 'tablet';
  return 'desktop';
}

/** Spec 01 §4: the sidebar opens on desktop and closes on (any) mobile width. */
export function sidebarOpenFor(device: Device): boolean {
  return device === 'desktop';
}

/** Spec 01 §2: the side menu becomes a drawer on small mobile screens. */
export function menuAsDrawer(device: Device): boolean {
  return device === 'mobile';
}

/**
 * Spec 01 §2: tabs are shown only on non-mobile screens when multi-tab mode is on. Decision: "mobile"
 * here is the spec's own definition (below 1088px), so tabs show on desktop only.
 */
export function tabsVisible(settings: Pick<Settings, 'multipage'>, device: Device): boolean {
  return settings.multipage && device === 'desktop';
}

/**
 * Spec 01 §4: with auto-hide on (which needs a fixed header) the header hides once the page has
 * scrolled more than 100px. When the previous scroll position is given, scrolling up shows it again.
 */
export function shouldHideHeader(scrollTop: number, settings: Pick<Settings, 'fixedHeader' | 'autoHideHeader'>, previousScrollTop?: number): boolean {
  if (!settings.fixedHeader || !settings.autoHideHeader) return false;
  if (previousScrollTop !== undefined && scrollTop < previousScrollTop) return false;
  return scrollTop > HEADER_AUTO_HIDE_PX;
}
