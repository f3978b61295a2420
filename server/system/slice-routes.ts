import { Hono } from 'hono';
import path from 'node:path';
import { Readable } from 'node:stream';
import { SERVICE_NOT_READY_MESSAGE } from '../../lib/upload/slice-plan';
import { SliceFailure, SliceStore } from '../storage/slices';
import { StorageError } from '../storage/storage';
import { ApiFailure, ok } from '../core/errors';
import { authOf, type AppEnv, type Ctx, type Services } from '../core/context';
import { registerUpload } from './oss-files';

/**
 * Sliced, resumable upload (spec 02 §7–§9). Why our own small protocol and not tus: the spec's
 * constants — a SHA-1 per slice, per-attempt TIMEOUTS of 3 s / 5 s / 10 s, 3 files × 3 slices with
 * at most 5 requests, finish retried 3 times, error codes 10005 / 2xxxx — do not map onto
 * tus-js-client (no per-slice checksum, retry delays rather than timeouts). The BFF forwards only a
 * few headers, so the checksum travels in the query string.
 *
 *   POST   /sys/upload/slice/init            {name,size,lastModified,biz?,kind?} → {uploadId,sliceSize,sliceCount,received}
 *   PUT    /sys/upload/slice/{id}/{index}?sha1=<hex>   raw bytes of one slice
 *   GET    /sys/upload/slice/{id}            → {received,sliceCount,sliceSize,size}
 *   POST   /sys/upload/slice/{id}/finish     → message = stored path, result {path,size}
 *   DELETE /sys/upload/slice/{id}            cancels
 *
 * Any signed-in user may upload (like /sys/common/upload, which has no permission code in
 * JeecgBoot); each upload belongs to the user who began it, and nobody else can see or touch it.
 */
export const sliceRoutes = new Hono<AppEnv>();

const stores = new WeakMap<Services, SliceStore>();

/** The store of this backend, or null when the upload folder is not usable (正在配置服务). */
async function storeOf(c: Ctx, recheck = false): Promise<SliceStore | null> {
  const services = c.var.services;
  if (!services.storage) return null;
  let store = stores.get(services);
  if (!store) {
    store = new SliceStore(services.storage.stagingRoot ?? path.join(services.config.dataDir, 'upload-slices'));
    stores.set(services, store);
  }
  return (await store.ready(recheck)) ? store : null;
}

/** What a caught error is thrown as: a refused slice or storage call as its envelope, anything else unchanged. */
function failure(e: unknown): unknown {
  if (e instanceof SliceFailure) return new ApiFailure(e.message, e.code);
  if (e instanceof StorageError) return new ApiFailure(e.message, e.code);
  return e;
}

const notReady = () => new ApiFailure(SERVICE_NOT_READY_MESSAGE, 503);

sliceRoutes.post('/sys/upload/slice/init', async (c) => {
  const store = await storeOf(c, true);
  if (!store) throw notReady();
  const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object') throw new ApiFailure('参数错误', 400);
  try {
    const state = await store.init(authOf(c).user.id, {
      name: String(body.name ?? ''),
      size: Number(body.size),
      lastModified: Number(body.lastModified ?? 0),
      biz: typeof body.biz === 'string' ? body.biz : undefined,
      kind: body.kind as never, // checked by SliceStore.init against the known kinds
    });
    return c.json(ok({ uploadId: state.uploadId, sliceSize: state.sliceSize, sliceCount: state.sliceCount, received: state.received }));
  } catch (e) {
    throw failure(e);
  }
});

sliceRoutes.get('/sys/upload/slice/:uploadId', async (c) => {
  const store = await storeOf(c);
  if (!store) throw notReady();
  try {
    const s = await store.status(authOf(c).user.id, c.req.param('uploadId'));
    return c.json(ok({ received: s.received, sliceCount: s.sliceCount, sliceSize: s.sliceSize, size: s.size }));
  } catch (e) {
    throw failure(e);
  }
});

sliceRoutes.put('/sys/upload/slice/:uploadId/:index', async (c) => {
  const store = await storeOf(c);
  if (!store) throw notReady();
  const index = /^\d{1,7}$/.test(c.req.param('index')) ? Number(c.req.param('index')) : -1;
  try {
    const r = await store.putSlice(authOf(c).user.id, c.req.param('uploadId'), index, c.req.query('sha1') ?? '', bodyOf(c));
    return c.json(ok(r));
  } catch (e) {
    throw failure(e);
  }
});

sliceRoutes.post('/sys/upload/slice/:uploadId/finish', async (c) => {
  const store = await storeOf(c);
  const storage = c.var.services.storage;
  if (!store || !storage) throw notReady();
  try {
    const stored = await store.finish(authOf(c).user.id, c.req.param('uploadId'), storage);
    await registerUpload(c.var.services.db, { path: stored.path, size: stored.size, name: stored.name, uploader: authOf(c).user.username });
    return c.json(ok({ path: stored.path, size: stored.size }, stored.path));
  } catch (e) {
    throw failure(e);
  }
});

sliceRoutes.delete('/sys/upload/slice/:uploadId', async (c) => {
  const store = await storeOf(c);
  if (!store) throw notReady();
  try {
    await store.cancel(authOf(c).user.id, c.req.param('uploadId'));
    return c.json(ok(null, '该文件已取消上传'));
  } catch (e) {
    throw failure(e);
  }
});

/**
 * The slice's bytes: straight from the Node request when the server handed it over (standalone, or
 * through the BFF's raw-body path), else from the web Request. Stopping early leaves the Node stream
 * open — the server drains or closes it after the answer — so the client still gets the error.
 */
function bodyOf(c: Ctx): AsyncIterable<Uint8Array> {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof Readable && incoming.readableFlowing === null && !incoming.readableDidRead) return incoming.iterator({ destroyOnReturn: false });
  return chunksOf(c.req.raw.body);
}

/** The request body as chunks (a web ReadableStream read through its reader). */
async function* chunksOf(body: ReadableStream<Uint8Array> | null): AsyncIterable<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value) yield value;
    }
  } finally {
    // Stops reading an oversized body early.
    reader.cancel().catch(() => undefined);
  }
}
