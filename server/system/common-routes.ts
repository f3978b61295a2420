import { Hono } from 'hono';
import path from 'node:path';
import { Readable } from 'node:stream';
import { contentDisposition, contentTypeFor } from '../storage/download-headers';
import { INVALID_PATH_MESSAGE, StorageError } from '../storage/storage';
import { ApiFailure } from '../core/errors';
import type { AppEnv, Ctx } from '../core/context';
import { uploadRoutes } from './upload-routes';

/**
 * Files (contract §8). Unlike JeecgBoot, `/sys/common/static/**` and `/sys/common/download/**` are NOT
 * anonymous: the app's auth middleware requires a session for them like for every other route. The
 * upload (`upload-routes.ts`) is mounted here so app.ts needs no new line.
 */
export const commonRoutes = new Hono<AppEnv>();

const STATIC_MARK = '/sys/common/static/';
const DOWNLOAD_MARK = '/sys/common/download/';
const NOT_FOUND = '文件不存在';

commonRoutes.get('/sys/common/static/*', (c) => serveStored(c, STATIC_MARK, false));
/** Spec 02 §7: always a download, whatever the type. */
commonRoutes.get('/sys/common/download/*', (c) => serveStored(c, DOWNLOAD_MARK, true));
commonRoutes.route('/', uploadRoutes);

/** Shown inline by `static`: raster images only (never svg, html or anything a browser could run). */
const INLINE_EXTS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp']);

async function serveStored(c: Ctx, mark: string, forceAttachment: boolean): Promise<Response> {
  const storage = c.var.services.storage;
  const stored = storedPathOf(c.req.url, mark);
  if (stored === null) throw new ApiFailure(INVALID_PATH_MESSAGE, 400, 400);
  if (!storage) throw new ApiFailure(NOT_FOUND, 404, 404);
  let opened;
  try {
    opened = await storage.open(stored);
  } catch (e) {
    if (e instanceof StorageError) throw new ApiFailure(INVALID_PATH_MESSAGE, 400, 400);
    throw e;
  }
  if (!opened) throw new ApiFailure(NOT_FOUND, 404, 404);
  const name = path.posix.basename(stored);
  const inline = !forceAttachment && INLINE_EXTS.has(path.posix.extname(name).toLowerCase());
  const body = Readable.toWeb(opened.stream) as unknown as ReadableStream<Uint8Array>;
  return c.body(body, 200, {
    'Content-Type': contentTypeFor(name),
    'Content-Length': String(opened.size),
    'Content-Disposition': inline ? contentDisposition(name).replace(/^attachment/, 'inline') : contentDisposition(name),
    'X-Content-Type-Options': 'nosniff',
    // A stored file is never a document that may run script in our origin.
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-store',
  });
}

/**
 * The stored path after `/sys/common/static/`, taken from the raw URL (not Hono's partially
 * decoded path) and percent-decoded exactly once, so `%2e%2e%2f` is seen as `../` and refused by
 * the storage's path check. A single trailing comma is trimmed (JeecgBoot's multi-file values).
 * Null when the path cannot be decoded.
 */
export function staticPathOf(rawUrl: string): string | null {
  return storedPathOf(rawUrl, STATIC_MARK);
}

/** staticPathOf for any mark (`/sys/common/download/` too). */
export function storedPathOf(rawUrl: string, mark: string): string | null {
  const pathname = new URL(rawUrl).pathname;
  const at = pathname.indexOf(mark);
  if (at < 0) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname.slice(at + mark.length));
  } catch {
    return null;
  }
  return decoded.endsWith(',') ? decoded.slice(0, -1) : decoded;
}
