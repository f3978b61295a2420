/** Display helpers of the 系统监控 screens (the server answers raw numbers: bytes, seconds, ms). */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** 1536 → "1.5 KB"; binary steps, one decimal from KB on. */
export function formatBytes(n: number | null | undefined): string {
  if (n == null || !Number.isFinite(n)) return '-';
  let v = Math.max(0, n);
  let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${v} B` : `${v.toFixed(1)} ${UNITS[u]}`;
}

/** 93784 → "1天 2小时 3分"; under a minute "N秒". */
export function formatUptime(sec: number | null | undefined): string {
  if (sec == null || !Number.isFinite(sec)) return '-';
  const d = Math.floor(sec / 86400);
  const h = Math.floor((sec % 86400) / 3600);
  const m = Math.floor((sec % 3600) / 60);
  if (!d && !h && !m) return `${Math.floor(sec)}秒`;
  return [d && `${d}天`, (d || h) && `${h}小时`, `${m}分`].filter(Boolean).join(' ');
}

export const formatMs = (n: number | null | undefined) => (n == null ? '-' : `${n} ms`);
