/**
 * The upload-session cookie (spec 02 §9): which server upload belongs to which local file, so a
 * reload or a dropped connection continues where it stopped when the user picks the same file again.
 * A JSON map fileKey → uploadId, kept 1 day, at most 5 entries (the oldest dropped), SameSite=Strict.
 */

export const UPLOAD_SESSION_COOKIE = 'jw_upload_sessions';
export const UPLOAD_SESSION_MAX_AGE_S = 86_400;
export const UPLOAD_SESSION_MAX_ENTRIES = 5;

export type SessionMap = Record<string, string>;

export interface CookieJar {
  read(): string;
  write(setCookie: string): void;
}

const documentJar: CookieJar = {
  read: () => (typeof document === 'undefined' ? '' : document.cookie),
  write: (v) => {
    if (typeof document !== 'undefined') document.cookie = v;
  },
};

/** A short, stable key for a local file (the cookie must stay small): FNV-1a over its identity. */
export function fileKey(file: { name: string; size: number; lastModified?: number }, biz = ''): string {
  const text = `${file.name}\u0000${file.size}\u0000${file.lastModified ?? 0}\u0000${biz}`;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  // A letter first: integer-like keys would be reordered by JSON objects, losing the oldest-first order.
  return 'f' + (h1 >>> 0).toString(36) + (h2 >>> 0).toString(36);
}

export function parseSessions(cookieHeader: string): SessionMap {
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== UPLOAD_SESSION_COOKIE) continue;
    try {
      const parsed = JSON.parse(decodeURIComponent(part.slice(at + 1).trim())) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
      const out: SessionMap = {};
      for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string' && /^[0-9a-f]{32}$/.test(v)) out[k] = v;
      return out;
    } catch {
      return {};
    }
  }
  return {};
}

/** The Set-Cookie value; an empty map deletes the cookie. */
export function sessionCookie(map: SessionMap): string {
  const entries = Object.entries(map);
  if (entries.length === 0) return `${UPLOAD_SESSION_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
  return `${UPLOAD_SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(map))}; Max-Age=${UPLOAD_SESSION_MAX_AGE_S}; Path=/; SameSite=Strict`;
}

export class UploadSessions {
  constructor(private readonly jar: CookieJar = documentJar) {}

  get(key: string): string | undefined {
    return parseSessions(this.jar.read())[key];
  }

  /** Remembers an upload; the newest goes last, and only the last 5 are kept. */
  set(key: string, uploadId: string): void {
    const map = parseSessions(this.jar.read());
    delete map[key];
    map[key] = uploadId;
    const keys = Object.keys(map);
    for (const k of keys.slice(0, Math.max(0, keys.length - UPLOAD_SESSION_MAX_ENTRIES))) delete map[k];
    this.jar.write(sessionCookie(map));
  }

  delete(key: string): void {
    const map = parseSessions(this.jar.read());
    if (!(key in map)) return;
    delete map[key];
    this.jar.write(sessionCookie(map));
  }
}
