/**
 * Wire-time helpers of the 行事历 (issue 7): the wire carries 'YYYY-MM-DD HH:mm:ss' wall-clock times in
 * Asia/Shanghai, the server works in UTC Dates. Shanghai has no DST, so a fixed +8 h offset is exact and
 * needs no timezone database (and behaves the same in the browser and on the server).
 */

export const SHANGHAI_OFFSET_MS = 8 * 3600_000;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Wall-clock parts of a UTC instant in Asia/Shanghai, read from a shifted Date's UTC fields. */
function local(d: Date): Date {
  return new Date(d.getTime() + SHANGHAI_OFFSET_MS);
}

/** UTC Date → 'YYYY-MM-DD HH:mm:ss' (Asia/Shanghai). */
export function toWireTime(d: Date): string {
  const l = local(d);
  return `${l.getUTCFullYear()}-${pad(l.getUTCMonth() + 1)}-${pad(l.getUTCDate())} ${pad(l.getUTCHours())}:${pad(l.getUTCMinutes())}:${pad(l.getUTCSeconds())}`;
}

/** UTC Date → 'YYYY-MM-DD' (the Shanghai calendar day). */
export const toWireDate = (d: Date): string => toWireTime(d).slice(0, 10);

/** UTC Date → 'HH:mm' (Shanghai). */
export const toWireHm = (d: Date): string => toWireTime(d).slice(11, 16);

/** UTC Date → 'MM-DD HH:mm' (short form for log lines). */
export const toShortTime = (d: Date): string => toWireTime(d).slice(5, 16);

const WIRE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss' (Shanghai wall clock) → UTC Date; null when the
 * text is not such a time or names an impossible date (2026-02-30, 25:00).
 */
export function parseWireTime(raw: string | null | undefined): Date | null {
  const m = WIRE_RE.exec(String(raw ?? '').trim());
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((v) => (v === undefined ? undefined : Number(v))) as number[];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const floating = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(floating);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return new Date(floating - SHANGHAI_OFFSET_MS);
}

/** A wall-clock "floating UTC" Date (fields = Shanghai wall clock) → the real UTC instant. */
export const fromFloating = (floating: Date): Date => new Date(floating.getTime() - SHANGHAI_OFFSET_MS);

/** 'HH:mm' → minutes after midnight; null when malformed. */
export function parseHm(raw: string | null | undefined): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(String(raw ?? '').trim());
  if (!m) return null;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  return h > 23 || mi > 59 ? null : h * 60 + mi;
}
