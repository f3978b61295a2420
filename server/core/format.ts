/** JeecgBoot's Jackson date formats (contract §1): yyyy-MM-dd HH:mm:ss in GMT+8. */
export function formatDateTime(d: Date | string | null | undefined): string | null {
  if (!d) return null;
  const date = typeof d === 'string' ? new Date(d) : d;
  if (Number.isNaN(date.getTime())) return null;
  const t = new Date(date.getTime() + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}-${p(t.getUTCMonth() + 1)}-${p(t.getUTCDate())} ${p(t.getUTCHours())}:${p(t.getUTCMinutes())}:${p(t.getUTCSeconds())}`;
}

/**
 * Parses a query date bound as the client means it, in GMT+8: `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss`.
 * `begin` answers the first instant (a bare date = 00:00:00); `end` answers the EXCLUSIVE upper limit,
 * just after the named second (a bare date = after 23:59:59; contract §7), so compare with `<`.
 * Null when malformed or not a real calendar date/time.
 */
export function parseDateBoundGmt8(s: string, bound: 'begin' | 'end'): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/.exec(s.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [h, mi, sec] = m[4] ? [Number(m[4]), Number(m[5]), Number(m[6])] : bound === 'end' ? [23, 59, 59] : [0, 0, 0];
  if (h > 23 || mi > 59 || sec > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi, sec);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return new Date(utc - 8 * 3600_000 + (bound === 'end' ? 1000 : 0));
}
