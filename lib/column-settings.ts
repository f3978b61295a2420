/**
 * Column settings (spec 02 §4, §9): the visible columns of a list, stored per route for 7 days.
 * Same shape and key as the Vue lists (`Vue.ls.set(route + ':colsettings', checked, 7 days)` under the
 * `pro__` namespace), written through the expiring-entry helpers of lib/storage-keys.ts.
 */
import { PREFIX, readExpiring, writeExpiring } from './storage-keys';

/** Spec 02 §4: column settings are kept 7 days. */
export const COLUMN_SETTINGS_TTL_MS = 604_800_000;

/** Columns that are never hidden: the row number and the actions column (as the Vue lists). */
export const ALWAYS_VISIBLE = ['rowIndex', 'action'] as const;

/** Storage key (without the `pro__` prefix) of a route's column settings. */
export const columnSettingsKey = (route: string) => `${route}:colsettings`;

export function saveColumnSettings(storage: Storage, route: string, visible: readonly string[], now = Date.now()): void {
  writeExpiring(storage, columnSettingsKey(route), [...visible], COLUMN_SETTINGS_TTL_MS, now);
}

/** The stored visible columns, or null when none are stored or they expired (an expired entry is removed). */
export function loadColumnSettings(storage: Storage, route: string, now = Date.now()): string[] | null {
  const v = readExpiring<unknown>(storage, columnSettingsKey(route), now);
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
}

/**
 * The raw stored entry parsed without touching storage (for render-time reads): the columns, or null
 * when absent, malformed or expired.
 */
export function parseColumnSettings(raw: string | null, now = Date.now()): string[] | null {
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as { value?: unknown; expire?: unknown };
    if (typeof entry.expire === 'number' && entry.expire < now) return null;
    const v = entry.value;
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
  } catch {
    return null;
  }
}

export function clearColumnSettings(storage: Storage, route: string): void {
  storage.removeItem(PREFIX + columnSettingsKey(route));
}

/**
 * The columns to show: every column when nothing is stored; otherwise those in `visible`, plus the
 * always-visible ones. Order follows `columns`.
 */
export function applyColumnSettings<C extends { key: string }>(columns: readonly C[], visible: readonly string[] | null): C[] {
  if (!visible) return [...columns];
  const keep = new Set<string>([...visible, ...ALWAYS_VISIBLE]);
  return columns.filter((c) => keep.has(c.key));
}
