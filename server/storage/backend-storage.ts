import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalFileStorage } from './local';

export interface BackendStorage {
  storage: LocalFileStorage;
  /** Removes the temporary root in memory mode; a no-op for the persistent one. */
  close(): Promise<void>;
}

/**
 * The backend's file storage: `<dataDir>/upload`, or, for an in-memory backend (tests), a fresh
 * directory under the OS temp dir that `close()` deletes.
 */
export function openBackendStorage(dataDir: string, memory = false): BackendStorage {
  // Sliced uploads are assembled in `upload-slices` beside `upload`: one filesystem, so finishing is a rename.
  if (!memory) return { storage: new LocalFileStorage(path.join(dataDir, 'upload'), path.join(dataDir, 'upload-slices')), close: async () => undefined };
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'jiaowu-upload-'));
  return {
    storage: new LocalFileStorage(path.join(root, 'upload'), path.join(root, 'upload-slices')),
    close: () => fs.promises.rm(root, { recursive: true, force: true }),
  };
}
