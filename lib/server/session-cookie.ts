import { sealData, unsealData } from 'iron-session';

/** What the sealed, httpOnly cookie holds. The token never leaves the server in any other form. */
export interface SessionData {
  token: string;
  userId: string;
  username: string;
  tenantId: number;
  loginAt: number;
  /** The login's active tenants (contract §2 tenantList), for the header's switch; absent from older cookies. */
  tenants?: SessionTenant[];
}

export interface SessionTenant {
  id: number;
  name: string;
}

export const SESSION_COOKIE = 'jw_session';
/** Spec 01 §9: login lifetime 7 days. The server-side session record is what really decides. */
export const SESSION_MAX_AGE_S = 7 * 24 * 3600;

export async function sealSession(data: SessionData, password: string): Promise<string> {
  return sealData(data, { password, ttl: SESSION_MAX_AGE_S });
}

/**
 * Unsealing costs a key derivation, a decryption and an HMAC on every API call; a sealed value
 * always opens to the same data, so recent results are kept briefly. Revocation is unaffected:
 * the backend checks the token's session record on every call.
 */
const UNSEAL_CACHE_MAX = 2000;
const UNSEAL_CACHE_MS = 60_000;
const unsealed = new Map<string, { data: SessionData; until: number }>();

/** null for a missing, tampered, foreign-key or expired cookie. */
export async function unsealSession(value: string | undefined | null, password: string): Promise<SessionData | null> {
  if (!value) return null;
  const key = password + '\0' + value;
  const hit = unsealed.get(key);
  if (hit && hit.until > Date.now()) return hit.data;
  const data = await unsealFresh(value, password);
  if (data) {
    if (unsealed.size >= UNSEAL_CACHE_MAX) unsealed.delete(unsealed.keys().next().value!);
    unsealed.set(key, { data, until: Date.now() + UNSEAL_CACHE_MS });
  }
  return data;
}

async function unsealFresh(value: string, password: string): Promise<SessionData | null> {
  try {
    const data = (await unsealData<Partial<SessionData>>(value, { password, ttl: SESSION_MAX_AGE_S })) as Partial<SessionData>;
    if (!data || typeof data.token !== 'string' || !data.token || typeof data.userId !== 'string') return null;
    return data as SessionData;
  } catch {
    return null;
  }
}

export function sessionCookieHeader(value: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_MAX_AGE_S}${secure ? '; Secure' : ''}`;
}

export function clearSessionCookieHeader(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

/** Minimal Cookie header parser (the ws upgrade has no framework to do it). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}
