import type { FileStorage } from './storage';
import { normaliseStoredPath, StorageError } from './storage';
import { SNIFF_BYTES } from './upload-checks';

/**
 * The uploaded file's own name as the client reported it: display text only, so anything path-like or invisible
 * is dropped (the last path segment, no control characters); empty → null (the stored name shows).
 */
export function cleanFileName(v: unknown): string | null {
  const text = typeof v === 'string' ? v.trim() : '';
  const name = (text.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return name && name !== '.' && name !== '..' ? name : null;
}

/**
 * Size and first bytes of a stored file (what a form's file field is judged by on the server), or null when the
 * path is invalid or nothing is stored there.
 */
export async function inspectStoredFile(storage: FileStorage | undefined, raw: string): Promise<{ path: string; size: number; head: Buffer } | null> {
  if (!storage) return null;
  let path: string;
  try {
    path = normaliseStoredPath(raw);
  } catch (e) {
    if (e instanceof StorageError) return null;
    throw e;
  }
  const opened = await storage.open(path).catch((e: unknown) => {
    if (e instanceof StorageError) return null;
    throw e;
  });
  if (!opened) return null;
  const chunks: Buffer[] = [];
  let got = 0;
  try {
    for await (const chunk of opened.stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      got += chunk.length;
      if (got >= SNIFF_BYTES) break;
    }
  } finally {
    opened.stream.destroy();
  }
  return { path, size: opened.size, head: Buffer.concat(chunks).subarray(0, SNIFF_BYTES) };
}
