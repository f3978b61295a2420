/**
 * HTML sanitising for rich text (announcement content, later the editor's output), on save in the
 * backend and again before display in the browser (content from a legacy upstream is not cleaned by
 * us). Built on the `sanitize-html` library (htmlparser2 underneath) with a strict allow-list; the
 * helpers below only add our URL and style rules to it.
 */
import sanitize from 'sanitize-html';

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'mark', 'small',
  'span', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
  'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
  // The editor's audio / video blocks (spec 02 §9): a source and the player's controls, nothing else.
  'video', 'audio',
];

/** Elements removed together with everything inside them (the library keeps the text of other disallowed tags). */
const DROP_WITH_CONTENT = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed', 'noframes',
  'template', 'svg', 'math', 'textarea', 'select', 'option', 'title', 'xmp', 'plaintext', 'head',
];

const SIZE = /^\d{1,4}(%|px)?$/;
/** Plain CSS values only: no url(), expression(), escapes, comments or quotes. */
const CSS_VALUE = /^(?!.*(url|expression|image))[#a-z0-9 .,%()!-]{1,100}$/i;
const STYLE_PROPS = [
  'color', 'background-color', 'text-align', 'text-decoration', 'font-weight', 'font-style', 'font-size', 'line-height',
  'margin', 'margin-left', 'margin-right', 'margin-top', 'margin-bottom', 'padding', 'padding-left', 'padding-right',
  'padding-top', 'padding-bottom', 'text-indent', 'width', 'height', 'border', 'border-collapse', 'vertical-align',
];

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * http(s), mailto, tel, site paths, anchors and plain relative paths; never javascript:, data:, vbscript: …
 * An image may also be inline png/jpeg/gif/webp data; media (audio, video) only http(s) or a path.
 */
export function isSafeUrl(raw: string, kind: 'link' | 'image' | 'media' = 'link'): boolean {
  // Browsers ignore control characters and spaces inside a scheme.
  const url = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!url) return false;
  if (kind === 'image' && /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$/i.test(url)) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (!scheme) return !url.startsWith('\\') && !url.startsWith('/\\') && !url.startsWith('//');
  const s = scheme[1].toLowerCase();
  return s === 'http' || s === 'https' || (kind === 'link' && (s === 'mailto' || s === 'tel'));
}

/** Drops an attribute whose (already entity-decoded) value fails `ok`. */
function keepIf(attribs: Record<string, string>, name: string, ok: (v: string) => boolean) {
  if (name in attribs && !ok(attribs[name])) delete attribs[name];
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': ['title', 'style', 'align'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    video: ['src', 'controls', 'width', 'height'],
    audio: ['src', 'controls'],
    td: ['colspan', 'rowspan', 'width'],
    th: ['colspan', 'rowspan', 'width'],
    col: ['span', 'width'],
    colgroup: ['span'],
    ol: ['start'],
    table: ['border', 'width'],
  },
  // Scheme checks are ours (isSafeUrl), applied in transformTags; the library's own check stays on too.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], video: ['http', 'https'], audio: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPS.map((p) => [p, [CSS_VALUE]])) },
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  allowVulnerableTags: false,
  transformTags: {
    '*': (tagName, attribs) => {
      const a = { ...attribs };
      keepIf(a, 'href', (v) => isSafeUrl(v, 'link'));
      const media = tagName === 'video' || tagName === 'audio';
      keepIf(a, 'src', (v) => isSafeUrl(v, media ? 'media' : 'image'));
      keepIf(a, 'align', (v) => /^(left|right|center|justify)$/i.test(v));
      for (const n of ['width', 'height', 'colspan', 'rowspan', 'span', 'start', 'border']) keepIf(a, n, (v) => SIZE.test(v.trim()));
      if ('title' in a) a.title = a.title.slice(0, 500);
      // A player always shows its controls (it never autoplays: autoplay is not an allowed attribute).
      if (media) a.controls = 'controls';
      if (tagName === 'a') {
        // Only a new tab may be targeted, and then without access to this window.
        delete a.rel;
        if (a.target === '_blank') a.rel = 'noopener noreferrer';
        else delete a.target;
      }
      return { tagName, attribs: a };
    },
  },
};

/** Safe HTML made only of allowed elements and attributes; comments and unknown tags are dropped (their text kept). */
export function sanitizeHtml(input: string | null | undefined): string {
  return sanitize(String(input ?? ''), OPTIONS);
}

const TEXT_ONLY: sanitize.IOptions = { allowedTags: [], allowedAttributes: {}, nonTextTags: DROP_WITH_CONTENT, disallowedTagsMode: 'discard' };

/** A plain-text title: script/style blocks and every tag removed, the rest kept as typed (JeecgBoot's scriptXss, stricter). */
export function stripTags(input: string | null | undefined): string {
  const text = sanitize(String(input ?? ''), TEXT_ONLY);
  // The library escapes text for HTML; a title is plain text, shown by React (which escapes again).
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

/** A path on this site ('/x'), never another origin ('//host', '/\host', 'https:', 'javascript:'). */
export const isSitePath = (p: string) => /^\/(?![/\\])[^\s\\]*$/.test(p);
