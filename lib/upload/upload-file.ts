/**
 * One file to `/sys/common/upload` through the BFF (which attaches the session's token, so the browser
 * never holds it: spec 02 §6's access-token header). XMLHttpRequest for upload progress (see
 * components/data/list/upload-excel.ts for why not fetch). Files over 20 MB go through the sliced
 * upload (spec 02 §9). Every upload shows in the shell's upload list drawer.
 */
import { uploadList, type UploadHandle } from '@/lib/upload/upload-list-store';
import { API_PREFIX } from '@/lib/config';
import { ApiError, type Envelope } from '@/lib/http';
import type { GeneralType, MaterialKind } from './rules';
import { SLICED_THRESHOLD_BYTES, UPLOAD_MESSAGES } from './rules';
import { uploadSliced } from './sliced-upload';

export const UPLOAD_URL = 'sys/common/upload';
export const CANCELLED_MESSAGE = '该文件已取消上传';

export interface UploadFileOptions {
  /** Sub-folder on the server (default temp). */
  biz?: string;
  /** Server-side type rule: image-only or file-only. */
  type?: GeneralType;
  /** Server-side material rule (课程资料). */
  kind?: MaterialKind;
  /** 0–1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The answer's field holding the path (spec 02 §3 responseName); default `message`. */
  responseName?: string;
  /** The drawer's 重新上传; without it the drawer offers no retry. */
  retry?: () => void;
  /** Show in the upload list (default true). */
  track?: boolean;
  /** Open the upload list drawer at once (default false: the header's upload button appears, a form underneath stays usable). */
  reveal?: boolean;
}

/** The stored path from the envelope: `responseName`, else `message` (JeecgBoot), else `result`. */
export function pathOfAnswer(body: Envelope<unknown> & Record<string, unknown>, responseName?: string): string {
  const pick = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : '');
  return (responseName ? pick(body[responseName]) : '') || pick(body.message) || pick(body.result);
}

export async function uploadFile(file: File, opts: UploadFileOptions = {}): Promise<{ path: string }> {
  const handle: UploadHandle | null = opts.track === false ? null : uploadList.start(file.name, { size: file.size, retry: opts.retry, reveal: opts.reveal ?? false });
  const onProgress = (fraction: number) => {
    handle?.progress(fraction);
    opts.onProgress?.(fraction);
  };
  try {
    const result =
      file.size > SLICED_THRESHOLD_BYTES
        ? await uploadSliced(file, { biz: opts.biz ?? 'temp', kind: opts.kind, onProgress, signal: opts.signal })
        : await postFile(file, opts, onProgress);
    handle?.done();
    return result;
  } catch (e) {
    const message = e instanceof Error && e.message ? e.message : UPLOAD_MESSAGES.unknownError;
    handle?.fail(message);
    throw e instanceof ApiError ? e : new ApiError(message, 0, 0);
  }
}

function postFile(file: File, opts: UploadFileOptions, onProgress: (fraction: number) => void): Promise<{ path: string }> {
  const form = new FormData();
  // Fields first: the server decides how to store the file when its part arrives.
  form.append('biz', opts.biz ?? 'temp');
  if (opts.type) form.append('type', opts.type);
  if (opts.kind) form.append('kind', opts.kind);
  form.append('file', file, file.name);

  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new ApiError(CANCELLED_MESSAGE, 0, 0));
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const cleanup = () => opts.signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', `${API_PREFIX}/${UPLOAD_URL}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onabort = () => {
      cleanup();
      reject(new ApiError(CANCELLED_MESSAGE, 0, 0));
    };
    xhr.onerror = () => {
      cleanup();
      reject(new ApiError('网络连接失败，请检查网络', 0, 0));
    };
    xhr.onload = () => {
      cleanup();
      let body: (Envelope<unknown> & Record<string, unknown>) | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Envelope<unknown> & Record<string, unknown>;
      } catch {
        body = null;
      }
      if (!body) return reject(new ApiError(`请求失败（${xhr.status}）`, xhr.status, xhr.status));
      if (xhr.status >= 400 || !body.success) return reject(new ApiError(body.message || UPLOAD_MESSAGES.unknownError, body.code ?? xhr.status, xhr.status, body));
      const path = pathOfAnswer(body, opts.responseName);
      if (!path) return reject(new ApiError(UPLOAD_MESSAGES.unknownError, body.code ?? 0, xhr.status, body));
      onProgress(1);
      resolve({ path });
    };
    xhr.send(form);
  });
}
