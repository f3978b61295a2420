import { API_PREFIX } from '@/lib/config';
import { extOf, UPLOAD_MESSAGES } from '@/lib/upload/rules';
import { MATERIAL_DOWNLOAD_URL } from './material-resource';

/** The counted download of a material, or (`preview`) its inline, uncounted form for the preview and players. */
export function materialFileUrl(id: string, preview = false): string {
  return `${API_PREFIX}${MATERIAL_DOWNLOAD_URL}?id=${encodeURIComponent(id)}${preview ? '&preview=1' : ''}`;
}

export type PreviewKind = 'image' | 'pdf' | 'video' | 'audio';

/** How a material is previewed in the browser, or null (a download only): by type, 文档 by its extension. */
export function previewKindOf(materialType: unknown, filePath: unknown): PreviewKind | null {
  const type = Number(materialType);
  const ext = typeof filePath === 'string' ? extOf(filePath) : '';
  if (type === 1) return 'audio';
  if (type === 2) return 'video';
  if (type === 3) return 'image';
  if (type === 6 || (type === 4 && ext === 'pdf')) return 'pdf';
  return null;
}

/** The server's message of a failed download (a JSON envelope), else 未知的文件. */
async function failureMessage(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : UPLOAD_MESSAGES.downloadUnknown;
  } catch {
    return UPLOAD_MESSAGES.downloadUnknown;
  }
}

/** The file's bytes; throws with a Chinese message ('文件下载失败' for an empty file). */
export async function fetchMaterial(id: string, preview = false, fetchImpl: typeof fetch = fetch): Promise<Blob> {
  let res: Response;
  try {
    res = await fetchImpl(materialFileUrl(id, preview), { credentials: 'same-origin' });
  } catch {
    throw new Error(UPLOAD_MESSAGES.downloadUnknown);
  }
  if (!res.ok || (res.headers.get('content-type') ?? '').startsWith('application/json')) throw new Error(await failureMessage(res));
  const blob = await res.blob();
  if (blob.size === 0) throw new Error(UPLOAD_MESSAGES.downloadEmpty);
  return blob;
}

/** Saves a material under its own name (the server counts the download). */
export async function downloadMaterial(id: string, name: string, fetchImpl?: typeof fetch): Promise<void> {
  const blob = await fetchMaterial(id, false, fetchImpl);
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name || 'download';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // Revoked on the next tick: some browsers start the download asynchronously.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
