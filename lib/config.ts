/** Client-visible constants (spec 01 §7, §9). */
export const API_PREFIX = process.env.NEXT_PUBLIC_API_PREFIX || '/jeecg-boot';
export const REQUEST_TIMEOUT_MS = 600_000;
export const DEFAULT_TENANT_ID = 0;
export const PRIMARY_COLOR = '#58B8A1';
export const DICT_CACHE_TTL_MS = 7 * 24 * 3600 * 1000;
export const LOGIN_INFO_TTL_MS = 7 * 24 * 3600 * 1000;
export const USER_INFO_REFRESH_TTL_MS = 365 * 24 * 3600 * 1000;
