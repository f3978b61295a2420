import type { MiddlewareHandler } from 'hono';
import { OSS_FILE_URLS } from '../../features/system/files/oss-file-resource';
import { SLICE_PUT_PATH } from '../../lib/upload/slice-plan';
import { BODY_TOO_LARGE, BodyTooLargeError, readRequestBody } from '../../lib/server/body-limit';
import { ApiFailure } from './errors';
import type { AppEnv } from './context';

/**
 * Every request body the backend's handlers may buffer (JSON, forms, anything not an upload) is read here once,
 * within `maxBytes` (config.maxBodyBytes: MAX_BODY_BYTES): over it → HTTP 413 请求内容过大, decided from Content-Length
 * before reading, or while streaming a chunked body, whose source is then cancelled. Mounted first in
 * server/app.ts, so anonymous routes (/sys/login, the brochure sign-up) are covered before any other work.
 *
 * Left to their routes, which stream with their own, larger limits: multipart bodies to the upload and import
 * routes (/sys/common/upload and 文件管理 via busboy, 200 MB; the Excel imports via server/excel/upload.ts, 20 MB)
 * and the slice PUTs (read from the Node request itself; one slice at most).
 */
export function bodyLimit(basePath: string, maxBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    // Decided from the headers only: touching c.req.raw.body would start a web stream over the slice PUT's Node stream.
    if (method === 'GET' || method === 'HEAD' || ownLimit(method, c.req.path.slice(basePath.length) || '/', c.req.header('content-type'))) return next();
    const raw = c.req.raw;
    if (!raw.body) return next();
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = await readRequestBody(raw, maxBytes);
    } catch (e) {
      if (e instanceof BodyTooLargeError) throw new ApiFailure(BODY_TOO_LARGE, 413, 413);
      throw e;
    }
    // The handlers read the bytes already held; Content-Length now tells the truth for chunked bodies too
    // (saved-query's own smaller limit reads it).
    const headers = new Headers(raw.headers);
    headers.set('content-length', String(bytes.byteLength));
    c.req.raw = new Request(raw.url, { method, headers, body: bytes, signal: raw.signal });
    return next();
  };
}

/**
 * The routes that parse a multipart body themselves, bounded while streaming: the uploads and every resource's
 * import and its preview (server/resources/crud.ts actions, the online forms' importXls). A multipart body sent
 * anywhere else gets the general limit, so a handler's c.req.json() (which ignores the type) cannot be fed one.
 */
const MULTIPART_ROUTES: readonly RegExp[] = [/^\/sys\/common\/upload$/, new RegExp(`^${OSS_FILE_URLS.upload}$`), /\/(importExcel|previewExcel)$/, /\/importXls\/[^/]+$/];

/** Bodies whose routes bound them while streaming (see above). */
export function ownLimit(method: string, path: string, contentType: string | undefined): boolean {
  if (method === 'PUT') return SLICE_PUT_PATH.test(path);
  return method === 'POST' && /^multipart\/form-data/i.test(contentType?.trim() ?? '') && MULTIPART_ROUTES.some((re) => re.test(path));
}
