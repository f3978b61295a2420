/**
 * Browser storage keys (spec 01 §3: `pro__` prefix). The access token is deliberately absent:
 * it lives only in the httpOnly session cookie.
 */
export const PREFIX = 'pro__';
export const USER_INFO = 'Login_Userinfo';
export const USER_NAME = 'Login_Username';
export const DICT_ITEMS = 'UI_DICT_CACHE_ITEMS';
export const TENANT_ID = 'TENANT_ID';
/** sessionStorage lists of button permissions (spec 01 §6). */
export const LOGIN_USER_BUTTON_AUTH = 'LOGIN_USER_BUTTON_AUTH';
export const SYS_BUTTON_AUTH = 'SYS_BUTTON_AUTH';

/** localStorage entries written with an expiry, the way the spec's storage wrapper does. */
export interface Expiring<T> {
  value: T;
  expire: number | null;
}

export function writeExpiring<T>(storage: Storage, key: string, value: T, ttlMs: number | null, now = Date.now()) {
  const entry: Expiring<T> = { value, expire: ttlMs === null ? null : now + ttlMs };
  storage.setItem(PREFIX + key, JSON.stringify(entry));
}

export function readExpiring<T>(storage: Storage, key: string, now = Date.now()): T | null {
  const raw = storage.getItem(PREFIX + key);
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as Expiring<T>;
    if (entry.expire !== null && entry.expire < now) {
      storage.removeItem(PREFIX + key);
      return null;
    }
    return entry.value;
  } catch {
    storage.removeItem(PREFIX + key);
    return null;
  }
}

/** Everything logout must clear (spec 01 §4): user info, username, dictionary items, tenant, auth lists. */
export function clearClientSession(local: Storage, session: Storage) {
  for (const k of [USER_INFO, USER_NAME, DICT_ITEMS, TENANT_ID]) local.removeItem(PREFIX + k);
  // The tab's session store is the signed-in user's only: button lists, open tabs (pro__MULTI_TABS) and
  // each list page's page/sort/search. The next user of this browser tab starts clean.
  session.clear();
}
