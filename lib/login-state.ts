import { DEFAULT_TENANT_ID, DICT_CACHE_TTL_MS, LOGIN_INFO_TTL_MS, USER_INFO_REFRESH_TTL_MS } from './config';
import { safeRedirectPath } from './redirect';
import { clearClientSession, DICT_ITEMS, TENANT_ID, USER_INFO, USER_NAME, writeExpiring } from './storage-keys';
import type { Envelope } from './envelope';

/** A department as the backend lists it (spec 01 §3: id, departName, orgCode). */
export interface DepartInfo {
  id: string;
  departName: string;
  orgCode: string;
  parentId?: string | null;
}

/** The userInfo object of login / selectDepart / getAccountInfoFromToken answers (contract §2). */
export interface LoginUserInfo {
  id: string;
  username: string;
  realname: string;
  avatar?: string | null;
  phone?: string | null;
  email?: string | null;
  orgCode?: string | null;
  orgCodeTxt?: string | null;
  workNo?: string | null;
  post?: string | null;
  isAdmin?: number | null;
  isMarketing?: number | null;
}

export interface DictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
}

export interface TenantInfo {
  id: number;
  name?: string;
}

/** A login answer as the browser gets it: the BFF has already taken the token out. */
export interface LoginResult {
  userInfo: LoginUserInfo;
  departs: DepartInfo[];
  /** 0: no department, 1: exactly one (made current by the server), 2: several, the user picks one. */
  multi_depart: 0 | 1 | 2;
  sysAllDictItems?: Record<string, DictItem[]>;
  tenantList?: TenantInfo[];
}

/**
 * Login answers must be checked on `code === 200`, not only `success`: the legacy phone login answers a
 * wrong code with success true and code 0 (contract §2). Returns the message to show, or null when signed in.
 */
export function loginFailure(envelope: Envelope): string | null {
  const result = envelope.result as Partial<LoginResult> | null | undefined;
  if (envelope.success && envelope.code === 200 && result && typeof result === 'object' && result.userInfo) return null;
  return envelope.message || '登录失败，请稍后重试';
}

/** The tenant the session runs under: the first active tenant, else the default (spec 01 §9). */
export function tenantIdOf(result: Pick<LoginResult, 'tenantList'>): number {
  const first = result.tenantList?.[0]?.id;
  return typeof first === 'number' && Number.isInteger(first) && first > 0 ? first : DEFAULT_TENANT_ID;
}

/**
 * Stores what a successful login hands the browser (spec 01 §4): user info and username for 7 days,
 * the dictionaries for the dictionary-cache lifetime, and the tenant id.
 */
export function persistLogin(storage: Storage, result: LoginResult, now = Date.now()): void {
  writeExpiring(storage, USER_INFO, result.userInfo, LOGIN_INFO_TTL_MS, now);
  writeExpiring(storage, USER_NAME, result.userInfo.username, LOGIN_INFO_TTL_MS, now);
  if (result.sysAllDictItems) writeExpiring(storage, DICT_ITEMS, result.sysAllDictItems, DICT_CACHE_TTL_MS, now);
  writeExpiring(storage, TENANT_ID, tenantIdOf(result), LOGIN_INFO_TTL_MS, now);
}

/** With several departments the user has to choose one before entering (multi_depart 2). */
export function needsDepartSelection(result: Pick<LoginResult, 'multi_depart' | 'departs'>): boolean {
  return result.multi_depart === 2 && result.departs.length > 0;
}

/** After choosing a department the returned user info replaces the stored one (login lifetime). */
export function persistSelectedDepart(storage: Storage, userInfo: LoginUserInfo, now = Date.now()): void {
  writeExpiring(storage, USER_INFO, userInfo, LOGIN_INFO_TTL_MS, now);
}

/** User info refreshed from the session is kept for 365 days (spec 01 §4). */
export function persistRefreshedUserInfo(storage: Storage, userInfo: LoginUserInfo, now = Date.now()): void {
  writeExpiring(storage, USER_INFO, userInfo, USER_INFO_REFRESH_TTL_MS, now);
  writeExpiring(storage, USER_NAME, userInfo.username, USER_INFO_REFRESH_TTL_MS, now);
}

/** Where the browser goes after login: the guard's redirect target when it is a same-site path, else home. */
export function postLoginPath(redirect: string | string[] | null | undefined): string {
  const value = Array.isArray(redirect) ? redirect[0] : redirect;
  return safeRedirectPath(value, '/');
}

/** Where the browser goes after logout: the single sign-on logout page when the server names one, else login. */
export function logoutTarget(result: unknown): string {
  if (result && typeof result === 'object' && 'casLogoutUrl' in result) {
    const url = (result as { casLogoutUrl?: unknown }).casLogoutUrl;
    if (typeof url === 'string' && /^https?:\/\//i.test(url)) return url;
  }
  return '/user/login';
}

/** Logout clears user info, username, dictionaries, tenant and the button-permission lists (spec 01 §4). */
export function clearLoginState(local: Storage, session: Storage): void {
  clearClientSession(local, session);
}
