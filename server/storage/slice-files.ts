import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MaterialKind } from '../../lib/upload/rules';

/**
 * The on-disk layout of one sliced upload under the staging folder (server/storage/slices.ts):
 * `<id>.part` (the sparse file the slices are written into), `<id>.json` (the sidecar, written once at
 * init) and `<id>.log` (one `index time` line appended per received slice).
 */

export interface SessionFile {
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
  /** Slices received before the append-only log existed (older sidecars); new sidecars keep it empty. */
  received: number[];
  createdAt: number;
  updatedAt: number;
}

export const partPath = (dir: string, uploadId: string) => path.join(dir, `${uploadId}.part`);
const sidecarPath = (dir: string, uploadId: string) => path.join(dir, `${uploadId}.json`);
export const logPath = (dir: string, uploadId: string) => path.join(dir, `${uploadId}.log`);

export async function readSidecar(dir: string, uploadId: string): Promise<SessionFile | null> {
  try {
    return JSON.parse(await fs.promises.readFile(sidecarPath(dir, uploadId), 'utf8')) as SessionFile;
  } catch {
    return null;
  }
}

/** Write-then-rename: a crash never leaves a half-written sidecar. */
export async function writeSidecar(dir: string, s: SessionFile) {
  const temp = path.join(dir, `${s.uploadId}.${randomBytes(4).toString('hex')}.tmp`);
  await fs.promises.writeFile(temp, JSON.stringify(s), { mode: 0o640 });
  await fs.promises.rename(temp, sidecarPath(dir, s.uploadId));
}

/** The received slices and the latest activity: the sidecar's, then every complete line of the log. */
export async function readReceived(dir: string, session: SessionFile): Promise<{ received: Set<number>; activity: number }> {
  const received = new Set(Array.isArray(session.received) ? session.received : []);
  let activity = session.updatedAt;
  const log = await fs.promises.readFile(logPath(dir, session.uploadId), 'utf8').catch(() => '');
  for (const line of log.split('\n')) {
    // A line cut short by a crash (no time yet) is ignored: that slice is simply sent again.
    const m = /^(\d{1,7}) (\d{1,16})$/.exec(line);
    if (!m) continue;
    const index = Number(m[1]);
    if (index < session.sliceCount) received.add(index);
    activity = Math.max(activity, Number(m[2]));
  }
  return { received, activity };
}

/** Removes the upload's three files (missing ones are fine). */
export async function removeUploadFiles(dir: string, uploadId: string) {
  await fs.promises.rm(sidecarPath(dir, uploadId), { force: true });
  await fs.promises.rm(partPath(dir, uploadId), { force: true });
  await fs.promises.rm(logPath(dir, uploadId), { force: true });
}

/** The first `bytes` bytes of a file (for sniffing the content). */
export async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
