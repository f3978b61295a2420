/**
 * The tiptap schema of the rich text editor: StarterKit (paragraphs, H1–H3, lists, blockquote, code
 * block, hr, bold, italic, underline, strike, link, undo/redo), images, a font-size mark and block
 * audio / video. Every node and mark renders only what lib/sanitize-html.ts keeps, and parsing
 * (pasted or loaded HTML) refuses unsafe links and sources, so the document never holds them.
 */
import { Mark, mergeAttributes, Node, type Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { checkLinkUrl, checkMediaUrl, isKeptImageSrc, normalizeFontSize, type MediaKind } from './rich-text-rules';

/** `<span style="font-size: 24px">`, 12 to 72px only. */
export const FontSize = Mark.create({
  name: 'fontSize',
  addAttributes() {
    return {
      size: {
        default: null,
        parseHTML: (el: HTMLElement) => normalizeFontSize(el.style.fontSize),
        renderHTML: (attrs: { size?: string | null }) => (attrs.size ? { style: `font-size: ${attrs.size}` } : {}),
      },
    };
  },
  parseHTML() {
    // consuming: false lets other marks read the same span.
    return [{ tag: 'span[style]', consuming: false, getAttrs: (el: HTMLElement) => (normalizeFontSize(el.style.fontSize) ? null : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', HTMLAttributes, 0];
  },
});

/** A block `<video controls>` or `<audio controls>` whose source passes checkMediaUrl for that kind. */
function mediaNode(kind: MediaKind) {
  return Node.create({
    name: kind,
    group: 'block',
    atom: true,
    draggable: true,
    addAttributes() {
      return { src: { default: null } };
    },
    parseHTML() {
      return [
        {
          tag: `${kind}[src]`,
          getAttrs: (el: HTMLElement) => {
            const r = checkMediaUrl(el.getAttribute('src'));
            return r.ok && r.url.kind === kind ? null : false;
          },
        },
      ];
    },
    renderHTML({ HTMLAttributes }) {
      return [kind, mergeAttributes(HTMLAttributes, { controls: 'controls' })];
    },
  });
}

export const Video = mediaNode('video');
export const Audio = mediaNode('audio');

/** Images without inline data; a pasted image with a javascript:/data: source is dropped. */
const SafeImage = Image.extend({
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (el: HTMLElement) => (isKeptImageSrc(el.getAttribute('src')) ? null : false) }];
  },
}).configure({ inline: false, allowBase64: false });

export const EDITOR_EXTENSIONS: Extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      // The toolbar, pasted HTML and autolinks all go through the same rule: http(s) and mailto only.
      isAllowedUri: (url) => checkLinkUrl(url).ok,
      shouldAutoLink: (url) => checkLinkUrl(url).ok,
    },
  }),
  SafeImage,
  FontSize,
  Video,
  Audio,
];
