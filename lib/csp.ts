/**
 * The pages' Content-Security-Policy (issue #38 point 6), as a pure function: proxy.ts builds one per request with a
 * fresh nonce and sets it on the request (Next reads the nonce from there and puts it on its own scripts) and on the
 * response. Scripts are the point: only scripts carrying the nonce, and what they load ('strict-dynamic'), run.
 *
 * Styles cannot take a nonce everywhere: antd's portal inserts a `<style>` for its scroll lock without one
 * (@rc-component/portal's useScrollLocker), and server-rendered `style=` attributes need 'unsafe-inline' anyway; a
 * nonce beside 'unsafe-inline' would switch 'unsafe-inline' off, so style-src has none.
 *
 * Three kinds of page:
 *  - console: the signed-in shell. Images, audio and video from anywhere over http(s) (rich text keeps external
 *    sources, lib/sanitize-html.ts), object URLs and data: images (upload previews, cropping, the captcha), the map's
 *    tile host, PDFs in blob: frames (and Chrome's viewer inside them), iframe menu pages (an administrator may frame any http(s) address), the
 *    notification and grid websockets on this host.
 *  - public: the anonymous pages under lib/redirect.ts's ANONYMOUS_PREFIXES (招生简章's `/brochure/<token>`): their
 *    images and rich text, the sign-up form's calls; no frames, no sockets.
 *  - sign-in: the login, register and reset pages (ANONYMOUS_PAGES): this site's own images and the data: captcha.
 * Pages the backend renders itself (/jeecg-boot/…) send their own policies and never pass the proxy.
 */

import { ANONYMOUS_PAGES, ANONYMOUS_PREFIXES } from './redirect';

export type PageKind = 'console' | 'public' | 'sign-in';

/** Where violation reports go (server/ops/csp-report.ts answers it ahead of Next). */
export const CSP_REPORT_PATH = '/csp-report';

export interface CspOptions {
  /** base64, fresh per response. */
  nonce: string;
  kind: PageKind;
  /** `NODE_ENV !== 'production'`: React's development build needs eval (its server error stacks). */
  dev: boolean;
  /** MAP_TILE_URL (a Leaflet template) or null. */
  tileUrl: string | null;
  /** The page's origin as the browser sees it (`https://jw.example.edu.cn`), for the websocket sources; null = 'self' only. */
  origin: string | null;
  /** Adds `report-uri` CSP_REPORT_PATH. */
  report: boolean;
}

const NONCE = /^[A-Za-z0-9+/_-]+={0,2}$/;
const HOST = /^(?:\*\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?$/;

/**
 * The CSP source for a Leaflet tile template: `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png` →
 * `https://*.tile.openstreetmap.org`; a site path → null ('self' covers it). A placeholder anywhere in the host but
 * its first label cannot be written as a host source: the scheme alone then.
 */
export function tileSource(tileUrl: string | null | undefined): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl?.trim() ?? '');
  if (!m) return null;
  const scheme = m[1].toLowerCase();
  const [first, ...rest] = m[2].toLowerCase().split('.');
  const host = first.includes('{') ? ['*', ...rest].join('.') : m[2].toLowerCase();
  if (!HOST.test(host) || rest.some((l) => l.includes('{'))) return `${scheme}:`;
  return `${scheme}://${host}`;
}

/** `ws://host wss://host` for the page's origin (both: a TLS-terminating proxy may hide the scheme). */
function socketSources(origin: string | null): string[] {
  const m = /^https?:\/\/([^/?#]+)$/i.exec(origin ?? '');
  if (!m || !HOST.test(m[1])) return [];
  return [`ws://${m[1]}`, `wss://${m[1]}`];
}

/** The header value: directives joined by '; '. */
export function buildCsp(opts: CspOptions): string {
  if (!NONCE.test(opts.nonce)) throw new Error('CSP nonce must be base64');
  const { kind } = opts;
  const tile = kind === 'console' ? tileSource(opts.tileUrl) : null;
  const remote = kind === 'sign-in' ? [] : ['http:', 'https:'];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", `'nonce-${opts.nonce}'`, "'strict-dynamic'", ...(opts.dev ? ["'unsafe-eval'"] : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...remote, ...(tile ? [tile] : [])]],
    ['media-src', ["'self'", 'blob:', ...remote]],
    ['font-src', ["'self'", 'data:']],
    // Development's hot reload talks over a websocket on every page.
    ['connect-src', ["'self'", ...(kind === 'console' || opts.dev ? socketSources(opts.origin) : [])]],
    ['frame-src', kind === 'console' ? ["'self'", 'blob:', 'http:', 'https:'] : ["'none'"]],
    // A PDF preview is a blob: frame (features/system/files/oss-file-preview.tsx), and a blob: document inherits this
    // policy: Chrome's viewer shows the PDF through an internal <embed>, which object-src governs (crbug.com/271452).
    ['object-src', kind === 'console' ? ['blob:'] : ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    // As X-Frame-Options SAMEORIGIN (next.config.ts): the shell's iframe pages may show this site's own pages.
    ['frame-ancestors', ["'self'"]],
  ];
  if (opts.report) directives.push(['report-uri', [CSP_REPORT_PATH]]);
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`).join('; ');
}

/** A nonce: 16 random bytes, base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Whether pages ask for violation reports: always in development, in production only with CSP_REPORT=on
 * (a browser sends one request per violation; the endpoint is rate-limited, see server/ops/csp-report.ts).
 */
export function cspReportEnabled(env: Readonly<Record<string, string | undefined>>): boolean {
  const flag = env.CSP_REPORT?.trim().toLowerCase();
  if (flag === 'on' || flag === '1' || flag === 'true') return true;
  if (flag === 'off' || flag === '0' || flag === 'false') return false;
  return env.NODE_ENV !== 'production';
}

/** The kind of page a path is (lib/redirect.ts's anonymous pages and prefixes; everything else is the console). */
export function pageKind(pathname: string): PageKind {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (ANONYMOUS_PREFIXES.some((p) => path.startsWith(p))) return 'public';
  if (ANONYMOUS_PAGES.includes(path) || path === '/user') return 'sign-in';
  return 'console';
}
