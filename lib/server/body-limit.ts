/**
 * Bounded request bodies (issue #38): a body is refused from its Content-Length before a byte is read, and a
 * chunked one (no Content-Length) as soon as it passes the limit while streaming, so no reader in the process
 * holds more than the limit. The embedded backend applies it to every JSON/form body (server/core/body-limit.ts),
 * the Next route handlers to theirs; uploads and imports pass their own, larger limits to the same reader.
 * No 'server-only' here: the embedded backend (outside React's server graph) uses it too.
 */

/** The refusal's message (HTTP 413, JeecgBoot's failure envelope). */
export const BODY_TOO_LARGE = '请求内容过大';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Larger JSON bodies than this are not a setting but a mistake: uploads and imports have their own limits. */
const MAX_SETTING = 64 * 1024 * 1024;

/** MAX_BODY_BYTES: whole bytes, 1024–64 MB; unset = 1 MB. A bad value stops the start. */
export function readMaxBodyBytes(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env.MAX_BODY_BYTES?.trim();
  if (!raw) return DEFAULT_MAX_BODY_BYTES;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1024 || n > MAX_SETTING) throw new Error(`MAX_BODY_BYTES must be a whole number of bytes from 1024 to ${MAX_SETTING}`);
  return n;
}

/** Thrown by the readers below; each caller maps it to its own answer (413, or an upload's message). */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(BODY_TOO_LARGE);
  }
}

/** The declared Content-Length, or null when there is none (chunked) or it is not a number. */
export function declaredLength(headers: Headers): number | null {
  const raw = headers.get('content-length');
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return null;
  return Number(raw);
}

/**
 * The whole stream, refused as soon as it passes `limit` bytes: the reader is cancelled then, so the source is
 * not read to its end. A null body is empty.
 */
export async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const ch of chunks) {
    out.set(ch, at);
    at += ch.byteLength;
  }
  return out;
}

/** A request's body within `limit`: the Content-Length is checked first, then the bytes as they come. */
export async function readRequestBody(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = declaredLength(req.headers);
  if (declared !== null && declared > limit) throw new BodyTooLargeError(limit);
  return readLimited(req.body, limit);
}

/** readRequestBody as text (UTF-8, as Request.text() decodes it). */
export async function readRequestText(req: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readRequestBody(req, limit));
}
