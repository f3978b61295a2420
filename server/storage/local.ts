import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkRemovablePath,
  generateFileName,
  INVALID_PATH_MESSAGE,
  normaliseBiz,
  normaliseStoredPath,
  StorageError,
  type FileStorage,
  type ListedFile,
  type OpenedFile,
  type PutMeta,
  type StoredFile,
} from './storage';

/**
 * FileStorage on local disk (the default: `<DATA_DIR>/upload`). Every path is validated, resolved
 * against the root and checked to stay inside it, also after following symlinks. Writes go to a
 * hidden temporary name first and are renamed into place, so a half-written file is never served.
 */
export class LocalFileStorage implements FileStorage {
  readonly root: string;
  /** Scratch space for sliced uploads: a sibling of the root by default, so `adopt` is a rename on one filesystem. */
  readonly stagingRoot: string;
  private realRoot: string | null = null;

  constructor(root: string, stagingRoot?: string) {
    this.root = path.resolve(root);
    this.stagingRoot = path.resolve(stagingRoot ?? path.join(path.dirname(this.root), 'upload-slices'));
  }

  /**
   * Moves `localFile` into the store under a generated name (a rename: the caller's file must be on
   * the same filesystem, e.g. under `stagingRoot`). Falls back to a copy when the rename crosses devices.
   */
  async adopt(localFile: string, meta: PutMeta = {}): Promise<StoredFile> {
    const biz = normaliseBiz(meta.biz);
    const storedPath = `${biz}/${generateFileName(meta.originalName)}`;
    const target = this.resolve(storedPath);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.promises.rename(localFile, target);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      // Another device: copy next to the target, then rename, so a half-copied file is never served.
      const temp = path.join(path.dirname(target), `.part-${randomBytes(8).toString('hex')}`);
      try {
        await fs.promises.copyFile(localFile, temp);
        await fs.promises.rename(temp, target);
      } catch (err) {
        await fs.promises.rm(temp, { force: true }).catch(() => undefined);
        throw err;
      }
      await fs.promises.rm(localFile, { force: true });
    }
    await fs.promises.chmod(target, 0o640).catch(() => undefined);
    const { size } = await fs.promises.stat(target);
    return { path: storedPath, size };
  }

  async put(data: Readable | Buffer | Uint8Array, meta: PutMeta = {}): Promise<StoredFile> {
    const biz = normaliseBiz(meta.biz);
    const storedPath = `${biz}/${generateFileName(meta.originalName)}`;
    const target = this.resolve(storedPath);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `.part-${randomBytes(8).toString('hex')}`);
    try {
      const source = Buffer.isBuffer(data) || data instanceof Uint8Array ? Readable.from([data]) : data;
      await pipeline(source, fs.createWriteStream(temp, { flags: 'wx', mode: 0o640 }));
      await fs.promises.rename(temp, target);
    } catch (e) {
      await fs.promises.rm(temp, { force: true }).catch(() => undefined);
      throw e;
    }
    const { size } = await fs.promises.stat(target);
    return { path: storedPath, size };
  }

  async open(storedPath: string): Promise<OpenedFile | null> {
    const file = await this.existingFile(storedPath);
    if (!file) return null;
    // Open first, then stat the descriptor: what is measured is what is streamed.
    const handle = await fs.promises.open(file, 'r');
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { stream: handle.createReadStream({ autoClose: true }), size: stat.size };
    } catch (e) {
      await handle.close().catch(() => undefined);
      throw e;
    }
  }

  async remove(storedPath: string): Promise<void> {
    // The bucket root and "folder" keys are never removable (spec 02 §5, code 10003).
    const file = await this.existingFile(checkRemovablePath(storedPath));
    if (file) await fs.promises.rm(file, { force: true });
  }

  async exists(storedPath: string): Promise<boolean> {
    return (await this.existingFile(storedPath)) !== null;
  }

  /**
   * Regular files under the root, depth first in name order, at most `limit`; hidden entries (`.part-*`
   * temporaries) and symbolic links are skipped, and only names that are valid stored paths are listed.
   */
  async *list(limit: number): AsyncIterable<ListedFile> {
    let left = limit;
    const walk = async function* (dir: string, prefix: string): AsyncGenerator<ListedFile> {
      const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => [] as fs.Dirent[]);
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const e of entries) {
        if (left <= 0) return;
        if (e.name.startsWith('.')) continue;
        const rel = prefix ? `${prefix}/${e.name}` : e.name;
        if (e.isDirectory()) yield* walk(path.join(dir, e.name), rel);
        else if (e.isFile()) {
          try {
            normaliseStoredPath(rel);
          } catch {
            continue;
          }
          const st = await fs.promises.lstat(path.join(dir, e.name)).catch(() => null);
          if (!st?.isFile()) continue;
          left--;
          // From the number: under Jest's vm realm fs's Date is another realm's, which drivers refuse.
          yield { path: rel, size: st.size, modified: new Date(st.mtimeMs) };
        }
      }
    };
    await this.getRealRoot();
    yield* walk(this.root, '');
  }

  /** Absolute path for a validated stored path (lexically inside the root). */
  resolve(storedPath: string): string {
    const rel = normaliseStoredPath(storedPath);
    const abs = path.resolve(this.root, ...rel.split('/'));
    if (!abs.startsWith(this.root + path.sep)) throw new StorageError(INVALID_PATH_MESSAGE, 'invalid-path');
    return abs;
  }

  /** The real path of an existing regular file inside the root, or null. */
  private async existingFile(storedPath: string): Promise<string | null> {
    const abs = this.resolve(storedPath);
    let real: string;
    try {
      real = await fs.promises.realpath(abs);
    } catch {
      return null;
    }
    const root = await this.getRealRoot();
    if (!real.startsWith(root + path.sep)) throw new StorageError(INVALID_PATH_MESSAGE, 'invalid-path');
    const stat = await fs.promises.stat(real);
    return stat.isFile() ? real : null;
  }

  private async getRealRoot(): Promise<string> {
    if (!this.realRoot) {
      await fs.promises.mkdir(this.root, { recursive: true });
      this.realRoot = await fs.promises.realpath(this.root);
    }
    return this.realRoot;
  }
}
