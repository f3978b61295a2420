import type { SysAnnouncement } from '../db/schema';
import { escapeHtml, sanitizeHtml } from '../../lib/sanitize-html';
import { formatDateTime } from '../core/format';
import { PRIORITY_TEXT } from './announcements';

/**
 * `/sys/annountCement/show/{id}` as a page (JeecgBoot's templates/announcement/showContent.ftl: title, a
 * priority tag, sender, send date, then the content). The content is user HTML: it goes through the same
 * sanitiser as on save, and the page's CSP allows no script at all, so a stored payload that slipped past
 * an older sanitiser still cannot run.
 */

/** No script, no plugins, no forms; images and media from this site or the web; links may open new tabs. */
export const ANNOUNCEMENT_PAGE_CSP =
  "default-src 'none'; img-src 'self' data: http: https:; media-src 'self' http: https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; sandbox allow-popups allow-popups-to-escape-sandbox";

export const ANNOUNCEMENT_PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // The stock client puts the token in this page's URL: it must not travel on to linked sites.
  'referrer-policy': 'no-referrer',
  'content-security-policy': ANNOUNCEMENT_PAGE_CSP,
};

const STYLE = `body{margin:0;padding:20px 16px 12px;background-color:#fafafa;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif}
.rich_media_title{font-size:22px;line-height:1.4;margin:0 0 14px}
.meta_content{margin-bottom:22px;line-height:20px;word-wrap:break-word}
.rich_media_meta{display:inline-block;vertical-align:middle;margin:0 10px 10px 0;font-size:15px}
.rich_media_meta.priority{padding:0 4px;font-size:12px;line-height:1.67;border:1px solid #d9d9d9;border-radius:4px;background:rgba(0,0,0,.05);color:rgba(0,0,0,.3);margin-right:8px}
.rich_media_meta.H{color:#f5222d;background:#fff1f0;border-color:#ffcfbf}
.rich_media_meta.M{color:#fa8c16;background:#fff7e6;border-color:#ffe59a}
.rich_media_meta.text{color:rgba(0,0,0,.3)}
img{max-width:100%;height:auto}`;

function shell(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>`;
}

/** 2026-03-01 10:00:00 (GMT+8) → 2026年03月01日, as the template's `?string('yyyy年MM月dd日')`. */
function chineseDate(d: Date | null): string | null {
  const s = formatDateTime(d);
  return s ? `${s.slice(0, 4)}年${s.slice(5, 7)}月${s.slice(8, 10)}日` : null;
}

/** The announcement page: every stored text escaped, the content sanitised. */
export function renderAnnouncementPage(a: Pick<SysAnnouncement, 'titile' | 'priority' | 'sender' | 'send_time' | 'msg_content'>): string {
  const meta: string[] = [];
  if (a.priority) {
    const cls = /^[HML]$/.test(a.priority) ? ` ${a.priority}` : '';
    meta.push(`<span class="rich_media_meta priority${cls}">${escapeHtml(PRIORITY_TEXT[a.priority] ?? a.priority)}</span>`);
  }
  if (a.sender) meta.push(`<span class="rich_media_meta text">${escapeHtml(a.sender)}</span>`);
  const date = chineseDate(a.send_time);
  if (date) meta.push(`<span class="rich_media_meta text">${date}</span>`);
  return shell(
    '通告详情',
    `<div>
<h2 class="rich_media_title">${escapeHtml(a.titile)}</h2>
<div class="meta_content">${meta.join('')}</div>
</div>
<div class="rich_media_content">
${sanitizeHtml(a.msg_content)}
</div>`,
  );
}

/** A short page for a refusal (the iframe shows it instead of a blank frame). */
export function renderMessagePage(message: string): string {
  return shell('通告详情', `<p class="rich_media_meta text">${escapeHtml(message)}</p>`);
}
