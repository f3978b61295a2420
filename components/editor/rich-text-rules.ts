/**
 * The rich text editor's rules (spec 02 §9: height 300, font sizes 12 to 72px, images png/jpg/jpeg,
 * media mp3 … avi with video for mp4/mov/rmvb/avi) and the URL checks of its toolbar. Pure, so the
 * editor's extensions, its dialogs and the tests share them. The server still sanitises whatever
 * the editor produces (lib/sanitize-html.ts); these checks only keep the author from inserting
 * something that would be stripped or refused there.
 */
import { API_PREFIX } from '@/lib/config';
import { isSafeUrl, isSitePath } from '@/lib/sanitize-html';

export { EDITOR_HEIGHT } from './constants';

/** 12 to 72px, the usual steps of a word processor's size list. */
export const FONT_SIZES = [12, 14, 16, 18, 20, 24, 28, 32, 36, 48, 60, 72].map((n) => `${n}px`);
export const MIN_FONT_SIZE = 12;
export const MAX_FONT_SIZE = 72;

export const IMAGE_TYPES = ['png', 'jpg', 'jpeg'] as const;
export const VIDEO_TYPES = ['mp4', 'mov', 'rmvb', 'avi'] as const;
export const AUDIO_TYPES = ['mp3', 'acc', 'wav', 'flac', 'ogg', 'ape'] as const;
export const MEDIA_TYPES = [...AUDIO_TYPES, ...VIDEO_TYPES] as const;

/** Files uploaded to this site are served here (contract §8). */
export const STATIC_PREFIX = `${API_PREFIX}/sys/common/static/`;

export const LINK_MESSAGE = '链接地址只能以 http://、https:// 或 mailto: 开头';
export const FILE_URL_MESSAGE = '地址只能是 http(s) 链接或本站上传的文件';
export const IMAGE_TYPE_MESSAGE = `图片仅支持 ${IMAGE_TYPES.join('、')} 格式`;
export const MEDIA_TYPE_MESSAGE = `音视频仅支持 ${MEDIA_TYPES.join('、')} 格式`;

export type Checked<T = string> = { ok: true; url: T } | { ok: false; message: string };

const HAS_CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f]/;

/** A link target: http(s) with a host, or mailto: with an address. Nothing else (javascript:, data:, relative …). */
export function checkLinkUrl(raw: string | null | undefined): Checked {
  const url = String(raw ?? '').trim();
  if (!url || HAS_CONTROL_OR_SPACE.test(url) || !isSafeUrl(url, 'link')) return { ok: false, message: LINK_MESSAGE };
  if (/^mailto:[^@]+@[^@]+$/i.test(url)) return { ok: true, url };
  return hasHttpHost(url) ? { ok: true, url } : { ok: false, message: LINK_MESSAGE };
}

/** True for http(s)://host… (a URL the browser parses with that scheme and a host). */
function hasHttpHost(url: string): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/** An uploaded file of this site: `/jeecg-boot/sys/common/static/<path>` without `..` segments. */
function isStaticPath(url: string): boolean {
  if (!url.startsWith(STATIC_PREFIX) || !isSitePath(url)) return false;
  const path = url.split(/[?#]/)[0];
  return !path.split('/').some((seg) => {
    try {
      return decodeURIComponent(seg) === '..' || decodeURIComponent(seg) === '.';
    } catch {
      return true;
    }
  });
}

/** The lower-case extension of the URL's path ('' when none). */
export function extensionOf(url: string): string {
  let path = url.split(/[?#]/)[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: use the raw text.
  }
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** An http(s) URL or one of this site's uploaded files; the shared part of the image and media checks. */
function checkFileUrl(raw: string | null | undefined): Checked {
  const url = String(raw ?? '').trim();
  if (!url || HAS_CONTROL_OR_SPACE.test(url)) return { ok: false, message: FILE_URL_MESSAGE };
  return hasHttpHost(url) || isStaticPath(url) ? { ok: true, url } : { ok: false, message: FILE_URL_MESSAGE };
}

/** An image by URL: http(s) or an uploaded file, and a png / jpg / jpeg. */
export function checkImageUrl(raw: string | null | undefined): Checked {
  const r = checkFileUrl(raw);
  if (!r.ok) return r;
  return (IMAGE_TYPES as readonly string[]).includes(extensionOf(r.url)) ? r : { ok: false, message: IMAGE_TYPE_MESSAGE };
}

export type MediaKind = 'video' | 'audio';

/** Audio or video by URL: video for mp4, mov, rmvb, avi; audio for the other listed types. */
export function checkMediaUrl(raw: string | null | undefined): Checked<{ src: string; kind: MediaKind }> {
  const r = checkFileUrl(raw);
  if (!r.ok) return r;
  const ext = extensionOf(r.url);
  if ((VIDEO_TYPES as readonly string[]).includes(ext)) return { ok: true, url: { src: r.url, kind: 'video' } };
  if ((AUDIO_TYPES as readonly string[]).includes(ext)) return { ok: true, url: { src: r.url, kind: 'audio' } };
  return { ok: false, message: MEDIA_TYPE_MESSAGE };
}

/**
 * An image already in the content (pasted or loaded): any URL the sanitiser keeps except inline data,
 * so pasting never smuggles in a javascript: or data: source. The type rule applies to insertion only.
 */
export const isKeptImageSrc = (src: string | null | undefined) => !!src && !/^\s*data:/i.test(src) && isSafeUrl(src, 'image') && !HAS_CONTROL_OR_SPACE.test(src.trim());

/** '24px' for a size from 12 to 72px (whole pixels), else null. */
export function normalizeFontSize(raw: string | null | undefined): string | null {
  const m = /^\s*(\d{1,2})(?:\.0+)?px\s*$/i.exec(String(raw ?? ''));
  if (!m) return null;
  const n = Number(m[1]);
  return n >= MIN_FONT_SIZE && n <= MAX_FONT_SIZE ? `${n}px` : null;
}

/** The editor's HTML for "nothing written" is '' (not '<p></p>'), so required checks and the server see it empty. */
export const EMPTY_DOC = '<p></p>';
export const sameHtml = (a: string | null | undefined, b: string | null | undefined) => normalizeEmpty(a) === normalizeEmpty(b);
const normalizeEmpty = (html: string | null | undefined) => {
  const s = String(html ?? '').trim();
  return s === EMPTY_DOC ? '' : s;
};
