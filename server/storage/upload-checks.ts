import { extOf, MATERIAL_RULES, type MaterialKind } from '../../lib/upload/rules';

/**
 * What an upload may contain, decided from its first bytes, not from its name: a renamed page,
 * script or program is refused. Hand-written magic numbers rather than `file-type` (ESM only, and it
 * does not recognise the text formats that matter here: html, svg, script).
 */

export const FORBIDDEN_TYPE_MESSAGE = '不允许上传该类型的文件';
/** Bytes read before deciding. */
export const SNIFF_BYTES = 4096;

/** Names whose extension alone is enough to refuse (served nowhere as a document or program). */
const FORBIDDEN_EXTS = new Set([
  'html', 'htm', 'xhtml', 'shtml', 'svg', 'svgz', 'xml', 'xsl', 'xslt', 'js', 'mjs', 'cjs', 'jsp', 'jspx', 'php', 'asp', 'aspx',
  'exe', 'dll', 'com', 'scr', 'msi', 'bat', 'cmd', 'ps1', 'vbs', 'sh', 'bash', 'so', 'dylib', 'jar', 'hta', 'swf',
]);

type Family = 'image' | 'pdf' | 'zip' | 'ole' | 'audio' | 'video' | 'rar' | 'gz';

const starts = (b: Buffer, bytes: number[], at = 0) => b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, text: string, at = 0) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

/** The family of a known, harmless binary format, or null. */
export function binaryFamily(head: Buffer): Family | null {
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image';
  if (starts(head, [0xff, 0xd8, 0xff])) return 'image';
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) return 'image';
  if (ascii(head, 'BM') && head.length >= 18 && [12, 40, 52, 56, 64, 108, 124].includes(head.readUInt32LE(14))) return 'image';
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8)) return 'image';
  if (ascii(head, '%PDF-')) return 'pdf';
  if (starts(head, [0x50, 0x4b, 0x03, 0x04]) || starts(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  // MPEG layer III frame sync only: a bare 0xFF 0xFE is the UTF-16 byte order mark, i.e. text.
  if (ascii(head, 'ID3') || (head.length > 1 && head[0] === 0xff && [0xfb, 0xfa, 0xf3, 0xf2, 0xe3, 0xe2].includes(head[1]))) return 'audio';
  if (ascii(head, 'RIFF') && ascii(head, 'WAVE', 8)) return 'audio';
  if (ascii(head, 'fLaC') || ascii(head, 'OggS') || ascii(head, 'MAC ')) return 'audio';
  if (ascii(head, 'ftyp', 4)) return 'video';
  if (ascii(head, 'RIFF') && ascii(head, 'AVI ', 8)) return 'video';
  if (ascii(head, '.RMF')) return 'video';
  if (starts(head, [0x00, 0x00, 0x01, 0xba]) || starts(head, [0x00, 0x00, 0x01, 0xb3])) return 'video';
  if (ascii(head, 'Rar!')) return 'rar';
  if (starts(head, [0x1f, 0x8b])) return 'gz';
  return null;
}

/** Executables: PE (MZ), ELF, Mach-O (both byte orders, 32/64 bit, fat), a script with `#!`. */
export function isExecutable(head: Buffer): boolean {
  if (ascii(head, 'MZ') || starts(head, [0x7f, 0x45, 0x4c, 0x46])) return true;
  const machO = [
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
    [0xca, 0xfe, 0xba, 0xbe],
  ];
  if (machO.some((m) => starts(head, m))) return true;
  return textOf(head).trimStart().startsWith('#!');
}

/** The head as text: UTF-16 (by BOM) or UTF-8, NULs removed so `<\0s\0v\0g` cannot hide a tag. */
function textOf(head: Buffer): string {
  let text: string;
  if (starts(head, [0xff, 0xfe])) text = head.subarray(2).toString('utf16le');
  else if (starts(head, [0xfe, 0xff])) text = Buffer.from(head.subarray(2)).swap16().toString('utf16le');
  else text = head.toString('utf8');
  return text.replace(/^\uFEFF/, '').replace(/\0/g, '');
}

/** Markup a browser would render as a document or run: html, svg, xml with script, script tags. */
const MARKUP = /<\s*(!doctype\s+html|html|head|body|script|iframe|frameset|object|embed|svg|\?xml-stylesheet)[\s>/]|<\s*\?xml[^>]*>[\s\S]*<\s*(svg|html|script|[a-z0-9_-]+:script)|xmlns\s*=\s*["']http:\/\/www\.w3\.org\/(1999\/xhtml|2000\/svg)|javascript\s*:/i;

/** JavaScript without markup is hard to tell from text; these openings are not plain prose. */
const SCRIPT_START = /^\s*(\/\/|\/\*|(function|var|let|const|import|export|async)\s|["']use strict["']|\(\s*function|window\.|document\.)/;

/** Whether the head (a text file) is a page, an svg, an xml with script, or a script. */
export function isActiveText(head: Buffer): boolean {
  const text = textOf(head);
  return MARKUP.test(text) || SCRIPT_START.test(text);
}

export interface SniffOptions {
  /** `type=image`: the content must be an image. */
  type?: 'image' | 'file';
  /** `kind` (materials): the content must be of that family. */
  kind?: MaterialKind;
}

const KIND_FAMILIES: Record<MaterialKind, Family[]> = {
  audio: ['audio'],
  video: ['video'],
  image: ['image'],
  document: ['pdf', 'zip', 'ole'],
  ppt: ['zip', 'ole'],
  pdf: ['pdf'],
  other: ['zip', 'rar'],
};

/**
 * The refusal for a file from its name and first bytes, or null when it may be stored. Known binary
 * formats pass the markup test (their bytes are not text); everything else is treated as text.
 */
export function sniffUpload(name: string, head: Buffer, opts: SniffOptions = {}): string | null {
  if (FORBIDDEN_EXTS.has(extOf(name))) return FORBIDDEN_TYPE_MESSAGE;
  if (isExecutable(head)) return FORBIDDEN_TYPE_MESSAGE;
  const family = binaryFamily(head);
  if (!family && isActiveText(head)) return FORBIDDEN_TYPE_MESSAGE;
  if (opts.kind && (!family || !KIND_FAMILIES[opts.kind].includes(family))) return FORBIDDEN_TYPE_MESSAGE;
  if (opts.type === 'image' && family !== 'image') return FORBIDDEN_TYPE_MESSAGE;
  return null;
}

/** The content family a stored material must have (for the resource's own check). */
export const materialFamilies = (kind: MaterialKind) => KIND_FAMILIES[kind];
export const materialExts = (kind: MaterialKind) => MATERIAL_RULES[kind].exts;
