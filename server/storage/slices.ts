import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  MAX_SLICED_SIZE,
  planSlices,
  SLICE_CODES,
  SLICE_MESSAGES,
  SLICE_SESSION_TTL_S,
  sliceLength,
  type SlicePlan,
} from '../../lib/upload/slice-plan';
import { hasForbiddenNameChars, isMaterialKind, UPLOAD_MESSAGES, type MaterialKind } from '../../lib/upload/rules';
import { SNIFF_BYTES, sniffUpload } from './upload-checks';
import { logPath, partPath, readHead, readReceived, readSidecar, removeUploadFiles, writeSidecar, type SessionFile } from './slice-files';
import { normaliseBiz, type FileStorage, type StoredFile } from './storage';

/**
 * Server side of the sliced upload (spec 02 §9): one preallocated temp file per upload under the
 * staging folder (same filesystem as the store), slices written at their offsets after their SHA-1
 * is checked, and the finished file adopted (renamed) into the store. On disk per upload: the JSON
 * sidecar (who, which file, the plan — written once, at init) and an append-only log of received
 * slices (`index time` lines). A slice costs one positional write and one small append, not a
 * rewrite of the whole received list (bench/upload). State lives on disk, so a restart of the server
 * loses nothing, and instances sharing the staging folder see each other's slices.
 */

export class SliceFailure extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

export const SLICE_TEXT = {
  tooLarge: '文件大小不能大于1G',
  badSize: '文件大小不合法',
  badName: '文件名不合法',
  notFound: '上传任务不存在或已过期',
  tooMany: '未完成的上传过多，请稍后重试',
  finishing: '文件正在合并，请稍后',
} as const;

/** Unfinished uploads one user may hold at once (each preallocates a sparse file of its size). */
export const MAX_OPEN_UPLOADS_PER_USER = 10;
const UPLOAD_ID_RE = /^[0-9a-f]{32}$/;

/** What this process knows of an upload: the sidecar's fixed part, the received slices, the last activity. */
interface Cached {
  session: SessionFile;
  received: Set<number>;
  /** Latest of the sidecar's time and the log's times (ms, this store's clock). */
  activity: number;
}

/** Uploads remembered in memory (each about a kilobyte); the oldest are dropped beyond this. */
const CACHE_LIMIT = 2000;

export interface InitRequest {
  name: string;
  size: number;
  lastModified: number;
  biz?: string;
  kind?: MaterialKind;
}

export interface UploadState {
  uploadId: string;
  sliceSize: number;
  sliceCount: number;
  size: number;
  received: number[];
}

export interface SliceStoreOptions {
  ttlMs?: number;
  now?: () => number;
}

export class SliceStore {
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Per-upload promise chains: sidecar updates and finishing never interleave. */
  private readonly locks = new Map<string, Promise<unknown>>();
  /** The staging folder was usable once (see ready()). */
  private dirReady = false;
  private readonly finishing = new Set<string>();
  private readonly cache = new Map<string, Cached>();
  /** Slice writes under way per upload: finish waits for them before it looks at the content. */
  private readonly writing = new Map<string, Set<Promise<unknown>>>();

  constructor(
    readonly dir: string,
    opts: SliceStoreOptions = {},
  ) {
    this.ttlMs = opts.ttlMs ?? SLICE_SESSION_TTL_S * 1000;
    this.now = opts.now ?? Date.now;
  }

  /**
   * Creates the staging folder; false when it cannot be used (the caller answers 正在配置服务). Once it
   * worked the answer is kept, so the slice requests (about a thousand per gigabyte) skip the two
   * file-system calls; `recheck` (a new upload) looks again.
   */
  async ready(recheck = false): Promise<boolean> {
    if (this.dirReady && !recheck) return true;
    try {
      await fs.promises.mkdir(this.dir, { recursive: true, mode: 0o750 });
      await fs.promises.access(this.dir, fs.constants.W_OK);
      this.dirReady = true;
    } catch {
      this.dirReady = false;
    }
    return this.dirReady;
  }

  async init(userId: string, req: InitRequest): Promise<UploadState> {
    const name = typeof req.name === 'string' ? req.name.trim() : '';
    if (!name || name.length > 255 || /[\\/\0]/.test(name)) throw new SliceFailure(SLICE_TEXT.badName, 400);
    if (hasForbiddenNameChars(name)) throw new SliceFailure(UPLOAD_MESSAGES.badName, 400);
    if (!Number.isSafeInteger(req.size) || req.size < 0) throw new SliceFailure(SLICE_TEXT.badSize, 400);
    if (req.size > MAX_SLICED_SIZE) throw new SliceFailure(SLICE_TEXT.tooLarge, 400);
    const lastModified = Number.isSafeInteger(req.lastModified) ? req.lastModified : 0;
    const biz = normaliseBiz(req.biz);
    const kind = req.kind === undefined || req.kind === null ? null : isMaterialKind(req.kind) ? req.kind : undefined;
    if (kind === undefined) throw new SliceFailure('文件类型不合法', 400);
    const key = createHash('sha256').update(JSON.stringify([userId, name, req.size, lastModified, biz, kind])).digest('hex');

    const live = await this.sweepCached();
    const existing = live.find((c) => c.session.userId === userId && c.session.key === key && !this.finishing.has(c.session.uploadId));
    if (existing) return stateOf(existing);
    if (live.filter((c) => c.session.userId === userId).length >= MAX_OPEN_UPLOADS_PER_USER) throw new SliceFailure(SLICE_TEXT.tooMany, 429);

    const plan = planSlices(req.size);
    const uploadId = randomBytes(16).toString('hex');
    const now = this.now();
    const session: SessionFile = { uploadId, userId, key, name, lastModified, biz, kind, ...plan, received: [], createdAt: now, updatedAt: now };
    // Sparse preallocation: every slice is written in place at index × sliceSize.
    const handle = await fs.promises.open(partPath(this.dir, uploadId), 'wx', 0o640);
    try {
      await handle.truncate(req.size);
    } finally {
      await handle.close();
    }
    await writeSidecar(this.dir, session);
    const cached = this.remember({ session, received: new Set(), activity: now });
    return stateOf(cached);
  }

  /** From disk, so slices another instance received are counted too. */
  async status(userId: string, uploadId: string): Promise<UploadState> {
    return stateOf(await this.owned(userId, uploadId, true));
  }

  /**
   * Stores slice `index`: the body must be exactly the planned length and hash to `sha1`. The bytes
   * are read (at most one slice, ≤ 1 MB) and hashed as they arrive, then written at their offset.
   */
  async putSlice(userId: string, uploadId: string, index: number, sha1: string, body: AsyncIterable<Uint8Array> | null): Promise<{ index: number; received: number }> {
    const cached = await this.owned(userId, uploadId);
    if (this.finishing.has(uploadId)) throw new SliceFailure(SLICE_TEXT.finishing, SLICE_CODES.SLICE_WRITE_ERROR);
    const plan: SlicePlan = cached.session;
    if (!Number.isInteger(index) || index < 0 || index >= plan.sliceCount) throw new SliceFailure(SLICE_MESSAGES.SLICE_LENGTH_ERROR, SLICE_CODES.SLICE_LENGTH_ERROR);
    if (!/^[0-9a-f]{40}$/i.test(sha1)) throw new SliceFailure(SLICE_MESSAGES.SHA1_ERROR, SLICE_CODES.SHA1_ERROR);
    const expected = sliceLength(plan, index);
    // The chunks as received, written with one writev: no 1 MB copy per slice (at a thousand slices
    // per gigabyte those copies kept the garbage collector of a large server heap busy; bench/upload).
    const chunks: Uint8Array[] = [];
    const hash = createHash('sha1');
    let got = 0;
    if (body) {
      for await (const chunk of body) {
        if (got + chunk.byteLength > expected) throw new SliceFailure(SLICE_MESSAGES.SLICE_LENGTH_ERROR, SLICE_CODES.SLICE_LENGTH_ERROR);
        chunks.push(chunk);
        hash.update(chunk);
        got += chunk.byteLength;
      }
    }
    if (got !== expected) throw new SliceFailure(SLICE_MESSAGES.SLICE_LENGTH_ERROR, SLICE_CODES.SLICE_LENGTH_ERROR);
    if (hash.digest('hex') !== sha1.toLowerCase()) throw new SliceFailure(SLICE_MESSAGES.SHA1_ERROR, SLICE_CODES.SHA1_ERROR);

    // Checked and registered in one step: a finish that starts later waits for this write, so no slice
    // lands in the file between finish's content check and its adoption into the store.
    if (this.finishing.has(uploadId)) throw new SliceFailure(SLICE_TEXT.finishing, SLICE_CODES.SLICE_WRITE_ERROR);
    let writes = this.writing.get(uploadId);
    if (!writes) this.writing.set(uploadId, (writes = new Set()));
    const write = this.writeSlice(uploadId, index * plan.sliceSize, chunks, expected);
    writes.add(write);
    try {
      await write;
    } finally {
      writes.delete(write);
      if (!writes.size && this.writing.get(uploadId) === writes) this.writing.delete(uploadId);
    }
    // Marked received only after its bytes are written. One short O_APPEND write per slice: appends
    // of concurrent slices never interleave or overwrite each other, so no lock is needed.
    const at = this.now();
    try {
      await fs.promises.appendFile(logPath(this.dir, uploadId), `${index} ${at}\n`, { mode: 0o640 });
    } catch {
      throw new SliceFailure(SLICE_MESSAGES.SLICE_WRITE_ERROR, SLICE_CODES.SLICE_WRITE_ERROR);
    }
    cached.received.add(index);
    cached.activity = Math.max(cached.activity, at);
    return { index, received: cached.received.size };
  }

  /** Writes one slice's chunks at `offset` of the upload's temp file. */
  private async writeSlice(uploadId: string, offset: number, chunks: Uint8Array[], expected: number): Promise<void> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(partPath(this.dir, uploadId), 'r+');
    } catch (e) {
      // Finished or cancelled meanwhile (perhaps by another instance).
      this.cache.delete(uploadId);
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new SliceFailure(SLICE_TEXT.notFound, SLICE_CODES.UPLOAD_NOT_FOUND);
      throw new SliceFailure(SLICE_MESSAGES.SLICE_WRITE_ERROR, SLICE_CODES.SLICE_WRITE_ERROR);
    }
    try {
      let { bytesWritten: written } = await handle.writev(chunks, offset);
      if (written < expected) {
        // A short write (rare on a regular file): the rest from one buffer.
        const data = Buffer.concat(chunks);
        while (written < expected) written += (await handle.write(data, written, expected - written, offset + written)).bytesWritten;
      }
    } catch {
      throw new SliceFailure(SLICE_MESSAGES.SLICE_WRITE_ERROR, SLICE_CODES.SLICE_WRITE_ERROR);
    } finally {
      await handle.close().catch(() => undefined);
    }
  }

  /** Checks completeness, sniffs the content, adopts the file into `storage` and forgets the upload. */
  async finish(userId: string, uploadId: string, storage: FileStorage): Promise<StoredFile & { name: string }> {
    await this.owned(userId, uploadId);
    return this.locked(uploadId, async () => {
      // From disk: the log is the record of what was written, whichever instance wrote it.
      const fresh = await this.load(uploadId);
      if (!fresh || fresh.session.userId !== userId) throw new SliceFailure(SLICE_TEXT.notFound, SLICE_CODES.UPLOAD_NOT_FOUND);
      const { session, received } = fresh;
      let bytes = 0;
      for (const i of received) bytes += sliceLength(session, i);
      const part = partPath(this.dir, uploadId);
      const stat = await fs.promises.stat(part).catch(() => null);
      if (received.size !== session.sliceCount || bytes !== session.size || !stat || stat.size !== session.size) {
        throw new SliceFailure(SLICE_MESSAGES.FILESIZE_NOT_MATCH, SLICE_CODES.FILESIZE_NOT_MATCH);
      }
      this.finishing.add(uploadId);
      try {
        await Promise.allSettled([...(this.writing.get(uploadId) ?? [])]);
        const refusal = sniffUpload(session.name, await readHead(part, SNIFF_BYTES), session.kind ? { kind: session.kind } : {});
        if (refusal) {
          // A refused file is not kept: the user must pick another one.
          await this.discard(uploadId);
          throw new SliceFailure(refusal, 400);
        }
        let stored: StoredFile;
        try {
          stored = storage.adopt
            ? await storage.adopt(part, { biz: session.biz, originalName: session.name })
            : await storage.put(fs.createReadStream(part), { biz: session.biz, originalName: session.name });
        } catch {
          throw new SliceFailure(SLICE_MESSAGES.FINISH_ERROR, SLICE_CODES.FINISH_ERROR);
        }
        await this.discard(uploadId);
        // The user's own file name: 文件管理 registers it beside the generated stored name.
        return { ...stored, name: session.name };
      } finally {
        this.finishing.delete(uploadId);
      }
    });
  }

  async cancel(userId: string, uploadId: string): Promise<void> {
    await this.owned(userId, uploadId);
    await this.locked(uploadId, () => this.discard(uploadId));
  }

  /** Removes expired uploads (and orphaned temp files); returns how many are live. */
  async sweep(): Promise<number> {
    return (await this.sweepCached()).length;
  }

  private async sweepCached(): Promise<Cached[]> {
    const names = await fs.promises.readdir(this.dir).catch(() => [] as string[]);
    const live: Cached[] = [];
    const cutoff = this.now() - this.ttlMs;
    for (const n of names) {
      const m = /^([0-9a-f]{32})\.json$/.exec(n);
      if (!m) continue;
      const c = await this.load(m[1]);
      if (!c) continue;
      if (c.activity < cutoff && !this.finishing.has(m[1])) await this.discard(m[1]);
      else live.push(c);
    }
    const liveIds = new Set(live.map((c) => c.session.uploadId));
    for (const n of names) {
      const m = /^([0-9a-f]{32})\.(part|log)$/.exec(n);
      if (m && !liveIds.has(m[1]) && !names.includes(`${m[1]}.json`)) {
        await fs.promises.rm(path.join(this.dir, n), { force: true });
      }
    }
    return live;
  }

  // -------------------------------------------------------------------------------------------

  /**
   * The upload if it is `userId`'s and not expired. Served from memory after the first request (the
   * owner and plan never change); an upload that looks expired is re-read from disk first, since
   * another instance may have received slices since. `fresh` always reads the disk.
   */
  private async owned(userId: string, uploadId: string, fresh = false): Promise<Cached> {
    // Someone else's upload answers exactly like a missing one: its existence is not disclosed.
    if (!UPLOAD_ID_RE.test(uploadId)) throw new SliceFailure(SLICE_TEXT.notFound, SLICE_CODES.UPLOAD_NOT_FOUND);
    const cutoff = this.now() - this.ttlMs;
    let c = fresh ? undefined : this.cache.get(uploadId);
    if (!c || c.activity < cutoff) c = (await this.load(uploadId)) ?? undefined;
    if (!c || c.session.userId !== userId) throw new SliceFailure(SLICE_TEXT.notFound, SLICE_CODES.UPLOAD_NOT_FOUND);
    if (c.activity < cutoff) {
      await this.locked(uploadId, () => this.discard(uploadId));
      throw new SliceFailure(SLICE_TEXT.notFound, SLICE_CODES.UPLOAD_NOT_FOUND);
    }
    return c;
  }

  /** Reads the sidecar and the log from disk and refreshes the cache; null when the upload is gone. */
  private async load(uploadId: string): Promise<Cached | null> {
    const session = await readSidecar(this.dir, uploadId);
    if (!session) {
      this.cache.delete(uploadId);
      return null;
    }
    return this.remember({ session, ...(await readReceived(this.dir, session)) });
  }

  private remember(c: Cached): Cached {
    const id = c.session.uploadId;
    this.cache.delete(id);
    this.cache.set(id, c);
    if (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    return c;
  }

  private async discard(uploadId: string) {
    this.cache.delete(uploadId);
    await removeUploadFiles(this.dir, uploadId);
  }

  private locked<T>(uploadId: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(uploadId) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.locks.set(uploadId, tail);
    void tail.then(() => {
      if (this.locks.get(uploadId) === tail) this.locks.delete(uploadId);
    });
    return run;
  }
}

function stateOf({ session: s, received }: Cached): UploadState {
  return { uploadId: s.uploadId, sliceSize: s.sliceSize, sliceCount: s.sliceCount, size: s.size, received: [...received].sort((a, b) => a - b) };
}
