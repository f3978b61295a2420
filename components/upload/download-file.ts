/**
 * Stored-file URLs and the download helper (spec 02 §7 / §8). Downloads go through the BFF with the
 * session cookie; the server always answers them as attachments.
 */
import { API_PREFIX } from '@/lib/config';
import { UPLOAD_MESSAGES } from '@/lib/upload/rules';

const encodePath = (p: string) => p.split('/').map(encodeURIComponent).join('/');
const isUrl = (p: string) => /^https?:\/\//i.test(p);

/** `/jeecg-boot/sys/common/static/<path>` (inline for images), or the value itself when it is already a URL. */
export function staticUrl(storedPath: string): string {
  return isUrl(storedPath) ? storedPath : `${API_PREFIX}/sys/common/static/${encodePath(storedPath)}`;
}

export function downloadUrl(storedPath: string): string {
  return isUrl(storedPath) ? storedPath : `${API_PREFIX}/sys/common/download/${encodePath(storedPath)}`;
}

export class DownloadError extends Error {}

/** The blob of a stored file; '未知的文件' when it cannot be fetched, '文件下载失败' when it is empty. */
export async function fetchStored(storedPath: string, fetchImpl: typeof fetch = fetch): Promise<Blob> {
  let res: Response;
  try {
    res = await fetchImpl(downloadUrl(storedPath), { credentials: 'same-origin' });
  } catch {
    throw new DownloadError(UPLOAD_MESSAGES.downloadUnknown);
  }
  if (!res.ok) throw new DownloadError(UPLOAD_MESSAGES.downloadUnknown);
  const blob = await res.blob();
  if (blob.size === 0) throw new DownloadError(UPLOAD_MESSAGES.downloadEmpty);
  return blob;
}

/** Downloads a stored file under `name` (default: its stored name). */
export async function downloadStored(storedPath: string, name?: string, fetchImpl?: typeof fetch): Promise<void> {
  const blob = await fetchStored(storedPath, fetchImpl);
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name || storedPath.split('/').pop() || 'download';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // Revoked on the next tick: some browsers start the download asynchronously.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
