import path from 'node:path';
import { Readable } from 'node:stream';

/**
 * `attachment` with an ASCII fallback name plus the RFC 5987/6266 UTF-8 form, so Chinese names
 * survive every browser (JeecgBoot sent the raw bytes as ISO-8859-1, which garbles them).
 */
export function contentDisposition(fileName: string): string {
  const clean = fileName.replace(/[\x00-\x1f\x7f"\\/]/g, '_').trim() || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(clean)}`;
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

const TYPES: Record<string, string> = {
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.zip': 'application/zip',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
};

/**
 * A content type from the extension. Unknown types, and anything a browser could run as a document
 * (html, svg, xml), are sent as `application/octet-stream`.
 */
export function contentTypeFor(fileName: string): string {
  return TYPES[path.posix.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The answer for a stored upload handed to a signed-in reader (课程资料, 学员作品): the type from the stored (checked,
 * generated) name, never the user's; `inline` only when asked and the stored type is one a browser shows without
 * running markup, else an attachment under `displayName` (RFC 5987).
 */
export function storedFileResponse(opened: { stream: Readable; size: number }, storedPath: string, displayName: string | null, opts: { inline: boolean; inlineExts: ReadonlySet<string> }): Response {
  const stored = path.posix.basename(storedPath);
  const inline = opts.inline && opts.inlineExts.has(path.posix.extname(stored).toLowerCase());
  const disposition = contentDisposition(displayName || stored);
  return new Response(Readable.toWeb(opened.stream) as unknown as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'Content-Type': contentTypeFor(stored),
      'Content-Length': String(opened.size),
      'Content-Disposition': inline ? disposition.replace(/^attachment/, 'inline') : disposition,
      'X-Content-Type-Options': 'nosniff',
      // No sandbox inline: Chrome's PDF viewer refuses a sandboxed document. Nothing inline is markup.
      'Content-Security-Policy': inline ? "default-src 'none'" : "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  });
}
