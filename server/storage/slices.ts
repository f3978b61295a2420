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
import { normaliseBiz, type FileStorage, type StoredFile } from './storage';

/**
 * Server side of the sliced upload (spec 02 §9): one preallocated temp file per upload under the
 * staging folder (same filesystem as the store), slices written at their offsets after their SHA-1
 * is checked, the received set in a JSON sidecar, and the finished file adopted (renamed) into the
 * store. State lives on disk, so a restart of the server loses nothing.
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

interface SessionFile {
  uploadId: string;
  userId: string;
  /** Identifies the user's file for resuming: name, size, lastModified, biz, kind. */
  key: string;
  name: string;
  size: number;
  lastModified: number;
  biz: string;
  kind: MaterialKind | null;
  sliceSize: number;
  sliceCount: number;
  received: number[];
  createdAt: number;
  updatedAt: number;
}

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

    const sessions = await this.sweep();
    const existing = sessions.find((s) => s.userId === userId && s.key === key && !this.finishing.has(s.uploadId));
    if (existing) return stateOf(existing);
    if (sessions.filter((s) => s.userId === userId).length >= MAX_OPEN_UPLOADS_PER_USER) throw new SliceFailure(SLICE_TEXT.tooMany, 429);

    const plan = planSlices(req.size);
    const uploadId = randomBytes(16).toString('hex');
    const now = this.now();
    const session: SessionFile = { uploadId, userId, key, name, lastModified, biz, kind, ...plan, received: [], createdAt: now, updatedAt: now };
    // Sparse preallocation: every slice is written in place at index × sliceSize.
    const handle = await fs.promises.open(this.partPath(uploadId), 'wx', 0o640);
    try {
      await handle.truncate(req.size);
    } finally {
      await handle.close();
    }
    await this.writeSidecar(session);
    return stateOf(session);
  }

  async status(userId: string, uploadId: string): Promise<UploadState> {
    return stateOf(await this.owned(userId, uploadId));
  }

  /**
   * Stores slice `index`: the body must be exactly the planned length and hash to `sha1`. The bytes
   * are read (at most one slice, ≤ 1 MB) and hashed as they arrive, then written at their offset.
   */
  async putSlice(userId: string, uploadId: string, index: number, sha1: string, body: AsyncIterable<Uint8Array> | null): Promise<{ index: number; received: number }> {
    const session = await this.owned(userId, uploadId);
    if (this.finishing.has(uploadId)) throw new SliceFailure(SLICE_TEXT.finishing, SLICE_CODES.SLICE_WRITE_ERROR);
    const plan: SlicePlan = session;
    if (!Number.isInteger(index) || index < 0 || index >= plan.sliceCount) throw new SliceFailure(SLICE_MESSAGES.SLICE_LENGTH_ERROR, SLICE_CODES.SLICE_LENGTH_ERROR);
    if (!/^[0-9a-f]{40}$/i.test(sha1)) throw new SliceFailure(SLICE_MESSAGES.SHA1_ERROR, SLICE_CODES.SHA1_ERROR);
    const expected = sliceLength(plan, index);
    const data = Buffer.allocUnsafe(expected);
    const hash = createHash('sha1');
    let got = 0;
    if (body) {
      for await (const chunk of body) {
        if (got + chunk.byteLength > expected) throw new SliceFailure(SLICE_MESSAGES.SLICE_LENGTH_ERROR, SLICE_CODES.SLICE_LENGTH_ERROR);
        data.set(chunk, got);
        hash.update(chunk);
        got += chunk.byteLength;
      }
    }
    if (got !== expected) throw new SliceFailure(SLICE_MESSAGES.SLICE_LENGTH_ERROR, SLICE_CODES.SLICE_LENGTH_ERROR);
    if (hash.digest('hex') !== sha1.toLowerCase()) throw new SliceFailure(SLICE_MESSAGES.SHA1_ERROR, SLICE_CODES.SHA1_ERROR);

    try {
      const handle = await fs.promises.open(this.partPath(uploadId), 'r+');
      try {
        let written = 0;
        while (written < expected) {
          const { bytesWritten } = await handle.write(data, written, expected - written, index * plan.sliceSize + written);
          written += bytesWritten;
        }
      } finally {
        await handle.close();
      }
    } catch {
      throw new SliceFailure(SLICE_MESSAGES.SLICE_WRITE_ERROR, SLICE_CODES.SLICE_WRITE_ERROR);
    }
    // Marked received only after the bytes are on disk; the sidecar update is serialised per upload.
    const count = await this.locked(uploadId, async () => {
      const current = await this.readSidecar(uploadId);
      if (!current) throw new SliceFailure(SLICE_TEXT.notFound, SLICE_CODES.UPLOAD_NOT_FOUND);
      if (!current.received.includes(index)) current.received.push(index);
      current.updatedAt = this.now();
      await this.writeSidecar(current);
      return current.received.length;
    });
    return { index, received: count };
  }

  /** Checks completeness, sniffs the content, adopts the file into `storage` and forgets the upload. */
  async finish(userId: string, uploadId: string, storage: FileStorage): Promise<StoredFile> {
    await this.owned(userId, uploadId);
    return this.locked(uploadId, async () => {
      const session = await this.readSidecar(uploadId);
      if (!session || session.userId !== userId) throw new SliceFailure(SLICE_TEXT.notFound, SLICE_CODES.UPLOAD_NOT_FOUND);
      const received = new Set(session.received);
      let bytes = 0;
      for (const i of received) bytes += sliceLength(session, i);
      const part = this.partPath(uploadId);
      const stat = await fs.promises.stat(part).catch(() => null);
      if (received.size !== session.sliceCount || bytes !== session.size || !stat || stat.size !== session.size) {
        throw new SliceFailure(SLICE_MESSAGES.FILESIZE_NOT_MATCH, SLICE_CODES.FILESIZE_NOT_MATCH);
      }
      this.finishing.add(uploadId);
      try {
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
        return stored;
      } finally {
        this.finishing.delete(uploadId);
      }
    });
  }

  async cancel(userId: string, uploadId: string): Promise<void> {
    await this.owned(userId, uploadId);
    await this.locked(uploadId, () => this.discard(uploadId));
  }

  /** Removes expired uploads (and orphaned temp files); returns the live sessions. */
  async sweep(): Promise<SessionFile[]> {
    const names = await fs.promises.readdir(this.dir).catch(() => [] as string[]);
    const live: SessionFile[] = [];
    const cutoff = this.now() - this.ttlMs;
    for (const n of names) {
      const m = /^([0-9a-f]{32})\.json$/.exec(n);
      if (!m) continue;
      const s = await this.readSidecar(m[1]);
      if (!s) continue;
      if (s.updatedAt < cutoff && !this.finishing.has(s.uploadId)) await this.discard(s.uploadId);
      else live.push(s);
    }
    for (const n of names) {
      const m = /^([0-9a-f]{32})\.part$/.exec(n);
      if (m && !live.some((s) => s.uploadId === m[1]) && !names.includes(`${m[1]}.json`)) {
        await fs.promises.rm(path.join(this.dir, n), { force: true });
      }
    }
    return live;
  }

  // -------------------------------------------------------------------------------------------

  private async owned(userId: string, uploadId: string): Promise<SessionFile> {
    // Someone else's upload answers exactly like a missing one: its existence is not disclosed.
    if (!UPLOAD_ID_RE.test(uploadId)) throw new SliceFailure(SLICE_TEXT.notFound, SLICE_CODES.UPLOAD_NOT_FOUND);
    const s = await this.readSidecar(uploadId);
    if (!s || s.userId !== userId) throw new SliceFailure(SLICE_TEXT.notFound, SLICE_CODES.UPLOAD_NOT_FOUND);
    if (s.updatedAt < this.now() - this.ttlMs) {
      await this.locked(uploadId, () => this.discard(uploadId));
      throw new SliceFailure(SLICE_TEXT.notFound, SLICE_CODES.UPLOAD_NOT_FOUND);
    }
    return s;
  }

  private partPath(uploadId: string) {
    return path.join(this.dir, `${uploadId}.part`);
  }
  private sidecarPath(uploadId: string) {
    return path.join(this.dir, `${uploadId}.json`);
  }

  private async readSidecar(uploadId: string): Promise<SessionFile | null> {
    try {
      return JSON.parse(await fs.promises.readFile(this.sidecarPath(uploadId), 'utf8')) as SessionFile;
    } catch {
      return null;
    }
  }

  /** Write-then-rename: a crash never leaves a half-written sidecar. */
  private async writeSidecar(s: SessionFile) {
    const temp = path.join(this.dir, `${s.uploadId}.${randomBytes(4).toString('hex')}.tmp`);
    await fs.promises.writeFile(temp, JSON.stringify(s), { mode: 0o640 });
    await fs.promises.rename(temp, this.sidecarPath(s.uploadId));
  }

  private async discard(uploadId: string) {
    await fs.promises.rm(this.sidecarPath(uploadId), { force: true });
    await fs.promises.rm(this.partPath(uploadId), { force: true });
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

function stateOf(s: SessionFile): UploadState {
  return { uploadId: s.uploadId, sliceSize: s.sliceSize, sliceCount: s.sliceCount, size: s.size, received: [...s.received].sort((a, b) => a - b) };
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
