import { DICT_CACHE_TTL_MS } from './config';
import { DICT_ITEMS, PREFIX, readExpiring, writeExpiring } from './storage-keys';

/**
 * The browser's dictionary cache (spec 02 §7, spec 01 §9): the answer of /sys/dict/queryAllDictItems
 * (or the login answer's `sysAllDictItems`) kept in localStorage for 7 days. It is the same entry
 * login writes (`lib/login-state.ts`) and logout clears (`clearClientSession`). Pure: the storage and
 * the clock are parameters.
 */
export const DICT_CACHE_KEY = DICT_ITEMS;
/** The full localStorage key, `pro__UI_DICT_CACHE_ITEMS`. */
export const DICT_CACHE_STORAGE_KEY = PREFIX + DICT_ITEMS;
export const DICT_CACHE_TTL = DICT_CACHE_TTL_MS;
/** The spec's message for a dictionary component given no code. */
export const EMPTY_DICT_CODE = '字典Code不能为空!';

/**
 * One dictionary option as the components use it (contract §6 DictModel; text falls back to label, then title),
 * with spec 02 §3's optional extras: `phone` (a person's, e.g. a user or teacher dictionary) and `ownBy` (the owner's
 * user id, for options that are records someone owns).
 */
export interface DictOption {
  value: string;
  text: string;
  title: string;
  label: string;
  disabled?: boolean;
  phone?: string;
  ownBy?: string;
}

export type DictMap = Record<string, DictOption[]>;

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** Accepts whatever a server or an old cache holds and returns clean options (non-objects dropped). */
export function normalizeDictItems(raw: unknown): DictOption[] {
  if (!Array.isArray(raw)) return [];
  const out: DictOption[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    const text = str(r.text ?? r.label ?? r.title);
    const option: DictOption = { value: str(r.value), text, title: text, label: text };
    if (r.disabled === true) option.disabled = true;
    const phone = str(r.phone).trim();
    if (phone) option.phone = phone;
    const ownBy = str(r.ownBy).trim();
    if (ownBy) option.ownBy = ownBy;
    out.push(option);
  }
  return out;
}

/** How a select shows an option: '李文静（13800000001）' when it carries a phone (spec 01 §3's teacher option), else its text. */
export const dictOptionLabel = (o: Pick<DictOption, 'text' | 'phone'>): string => (o.phone ? `${o.text}（${o.phone}）` : o.text);

/** The whole cached map, or null when absent, unreadable or older than 7 days (an expired entry is removed). */
export function readDictCache(storage: Storage, now = Date.now()): DictMap | null {
  const value = readExpiring<unknown>(storage, DICT_CACHE_KEY, now);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: DictMap = {};
  for (const [code, items] of Object.entries(value as Record<string, unknown>)) out[code] = normalizeDictItems(items);
  return out;
}

/** Stores the map for 7 days from `now`. */
export function writeDictCache(storage: Storage, map: Record<string, unknown>, now = Date.now()): void {
  const clean: DictMap = {};
  for (const [code, items] of Object.entries(map)) clean[code] = normalizeDictItems(items);
  writeExpiring(storage, DICT_CACHE_KEY, clean, DICT_CACHE_TTL, now);
}

export function clearDictCache(storage: Storage): void {
  storage.removeItem(DICT_CACHE_STORAGE_KEY);
}

/** One dictionary's options from the cache; null when the cache is missing/expired or does not know the code. */
export function lookupDict(storage: Storage, code: string, now = Date.now()): DictOption[] | null {
  const map = readDictCache(storage, now);
  if (!map || !Object.prototype.hasOwnProperty.call(map, code)) return null;
  return map[code];
}

/** Splits a stored value (`"1,2"`, a number, an array) into its item values; blanks dropped. */
export function splitDictValue(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const parts = Array.isArray(value) ? value.map(str) : str(value).split(',');
  return parts.map((s) => s.trim()).filter((s) => s !== '');
}

/** Texts for a (comma-separated) value joined with ","; an unknown value shows as itself (contract §1 `_dictText`). */
export function dictTextOf(items: readonly DictOption[], value: unknown): string {
  return splitDictValue(value)
    .map((v) => items.find((i) => i.value === v)?.text ?? v)
    .join(',');
}
