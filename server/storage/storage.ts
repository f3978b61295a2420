import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live (DESIGN.md §4): local disk under `<DATA_DIR>/upload` by
 * default, an S3-compatible store later. Paths are the storage-relative keys JeecgBoot puts in the
 * database and in `/sys/common/static/<path>` URLs, e.g. `import-errors/lq3x9c_5f2a…e1.xlsx`.
 */
export interface FileStorage {
  /** Stores the bytes under a generated name in folder `biz`; the caller's file name only lends its extension. */
  put(data: Readable | Buffer | Uint8Array, meta: PutMeta): Promise<StoredFile>;
  /** The stored bytes, or null when nothing is stored under `path`. Throws StorageError for an invalid path. */
  open(storedPath: string): Promise<OpenedFile | null>;
  /** Removes the file; a missing file is not an error. */
  remove(storedPath: string): Promise<void>;
  exists(storedPath: string): Promise<boolean>;
  /**
   * Moves a finished local file (e.g. an assembled sliced upload) into the store under a generated
   * name, like `put`. Optional: a store without it receives the file as a stream `put`.
   */
  adopt?(localFile: string, meta: PutMeta): Promise<StoredFile>;
  /** A scratch folder on the same filesystem as the store, so `adopt` can be a rename. Optional. */
  readonly stagingRoot?: string;
  /**
   * Up to `limit` stored files (hidden temporaries left out), for 文件管理's start-up scan
   * (server/system/oss-files.ts). Optional: a store without it registers only new uploads.
   */
  list?(limit: number): AsyncIterable<ListedFile>;
}

export interface ListedFile {
  path: string;
  size: number;
  modified: Date;
}

export interface PutMeta {
  /** Sub-folder, e.g. `temp`, `import-errors`, `user/avatar` (letters, digits, `_`, `-`, `/`). Default `temp`. */
  biz?: string;
  /** The user's file name; only a sanitised extension is kept. */
  originalName?: string;
}

export interface StoredFile {
  /** Storage-relative path with `/` separators. */
  path: string;
  size: number;
}

export interface OpenedFile {
  stream: Readable;
  size: number;
}

export type StorageErrorReason = 'invalid-path' | 'invalid-biz' | 'trailing-slash' | 'bucket-delete';

/** Object-store error codes (spec 02 §5/§8): the bucket itself cannot be deleted. */
export const BUCKET_DELETE_CODE = 10003;

export class StorageError extends Error {
  constructor(
    message: string,
    readonly reason: StorageErrorReason,
  ) {
    super(message);
  }
  /** The JeecgBoot-style error code of this refusal (10003 for deleting the bucket, else 400). */
  get code(): number {
    return this.reason === 'bucket-delete' ? BUCKET_DELETE_CODE : 400;
  }
}

export const INVALID_PATH_MESSAGE = '文件路径不合法';
export const TRAILING_SLASH_MESSAGE = '文件路径不能以/结尾';
export const BUCKET_DELETE_MESSAGE = '不能删除存储根目录';

/**
 * Object-store rules (spec 02 §5) for a path given to `remove`: the root/bucket itself (empty, `/`,
 * `.`) is refused with code 10003 and a path ending in `/` (a "folder" key) is refused; otherwise the
 * usual path check applies.
 */
export function checkRemovablePath(input: string): string {
  const trimmed = typeof input === 'string' ? input.trim() : '';
  if (trimmed === '' || /^[/\\.]*$/.test(trimmed)) throw new StorageError(BUCKET_DELETE_MESSAGE, 'bucket-delete');
  if (trimmed.endsWith('/')) throw new StorageError(TRAILING_SLASH_MESSAGE, 'trailing-slash');
  return normaliseStoredPath(input);
}

const BIZ_RE = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;
const EXT_RE = /^\.[a-z0-9]{1,10}$/;

/** `biz` checked, not repaired: JeecgBoot refuses `../` in biz too (contract §8). */
export function normaliseBiz(biz: string | undefined): string {
  const value = (biz ?? '').trim().replace(/^\/+|\/+$/g, '') || 'temp';
  if (value.length > 100 || !BIZ_RE.test(value)) throw new StorageError(INVALID_PATH_MESSAGE, 'invalid-biz');
  return value;
}

/** The extension of the user's name, lower-cased, kept only when it is plain (`.xlsx`, `.jpg`). */
export function safeExtension(originalName: string | undefined): string {
  const ext = path.posix.extname((originalName ?? '').replace(/\\/g, '/')).toLowerCase();
  return EXT_RE.test(ext) ? ext : '';
}

/** A fresh file name: time prefix (sortable) plus 96 random bits, never derived from user input. */
export function generateFileName(originalName?: string): string {
  return `${Date.now().toString(36)}_${randomBytes(12).toString('hex')}${safeExtension(originalName)}`;
}

/**
 * Validates and normalises a storage-relative path: no absolute paths, no drive letters, no
 * backslashes, no NUL, no `.`/`..` or hidden (`.x`) segments, no empty segments. Returns the
 * canonical `a/b/c.ext` form or throws StorageError.
 */
export function normaliseStoredPath(input: string): string {
  const bad = () => new StorageError(INVALID_PATH_MESSAGE, 'invalid-path');
  if (typeof input !== 'string' || input.length === 0 || input.length > 500) throw bad();
  // An object key ending in '/' names a folder, never a file (spec 02 §5).
  if (input.endsWith('/')) throw new StorageError(TRAILING_SLASH_MESSAGE, 'trailing-slash');
  if (/[\\\0]/.test(input) || input.startsWith('/') || /^[A-Za-z]:/.test(input)) throw bad();
  const segments = input.split('/');
  for (const s of segments) {
    if (s === '' || s.startsWith('.') || /[\x00-\x1f\x7f]/.test(s)) throw bad();
  }
  return segments.join('/');
}
