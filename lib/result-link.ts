/* The 成功 / 失败 result pages' links (features/result/; reached from import and handover results, issue #39). */

/**
 * Where a result page's 返回 may go: a path of this site only (`/x…`), never `//host`, a scheme or a backslash
 * trick, so a crafted link cannot send the user elsewhere. Anything else: null (the page offers 返回首页).
 */
export function safeBackPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 300) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  if (/[\u0000-\u001f]/.test(raw)) return null;
  return raw;
}

/** The link to a result page after a long action; 返回 leads back to `back`. Title and text cut as the page cuts them. */
export function resultHref(status: 'success' | 'fail', opts: { title?: string; desc?: string; back?: string }): string {
  const q = new URLSearchParams();
  if (opts.title) q.set('title', opts.title.slice(0, 100));
  if (opts.desc) q.set('desc', opts.desc.slice(0, 500));
  if (opts.back) q.set('back', opts.back);
  const s = q.toString();
  return `/result/${status}${s ? `?${s}` : ''}`;
}

/** The page the user is on (path and query), as a result page's 返回; null outside a browser. */
export function currentPath(): string | null {
  return typeof window === 'undefined' ? null : `${window.location.pathname}${window.location.search}`;
}
