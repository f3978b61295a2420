/**
 * The Excel import upload (spec 02 §7): one multipart POST of `files[]` (+ optional
 * isSingleTableImport / foreignKeys) to `{api}/importExcel`. XMLHttpRequest, not ky: ky 2's
 * onUploadProgress needs streaming request bodies, which browsers only send over HTTP/2, so it would
 * report nothing (or fail) behind a plain HTTP/1.1 server; XHR's upload progress works everywhere.
 */
import { API_PREFIX } from '@/lib/config';
import { ApiError, type Envelope } from '@/lib/http';

/** Contract §7: code 201 = partly imported, with an error file. */
export interface ImportResult {
  msg?: string;
  fileUrl?: string;
  fileName?: string;
  totalCount?: number;
  errorCount?: number;
  successCount?: number;
}

export type { ImportPreview } from '@/lib/resources/import-preview';

export interface UploadExcelOptions {
  files: readonly File[];
  isSingleTableImport?: string;
  foreignKeys?: string;
  /** 仅新增 (`insert`, the default, not sent) or 新增或更新 (`upsert`): sent as the form field `importMode`. */
  importMode?: 'insert' | 'upsert';
  /** Bytes sent so far of the whole request body. */
  onProgress?: (loaded: number, total: number) => void;
}

/**
 * Percent (0–100) per file from the bytes sent: parts go out in order, so each file owns a slice of the
 * body (multipart headers ignored, hence an approximation that ends at 100 for all).
 */
export function fileProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  const body = sizes.reduce((a, b) => a + b, 0);
  const sent = total > 0 ? (loaded / total) * body : 0;
  let offset = 0;
  return sizes.map((size) => {
    const start = offset;
    offset += size;
    if (size <= 0) return sent >= start ? 100 : 0;
    return Math.round(Math.min(1, Math.max(0, (sent - start) / size)) * 100);
  });
}

/** `T`: the answer's result (the import's ImportResult, or ImportPreview for a preview URL). */
export function uploadExcel<T = ImportResult | null>(path: string, { files, isSingleTableImport, foreignKeys, importMode, onProgress }: UploadExcelOptions): Promise<Envelope<T>> {
  const form = new FormData();
  if (isSingleTableImport) form.append('isSingleTableImport', isSingleTableImport);
  if (foreignKeys) form.append('foreignKeys', foreignKeys);
  // The default (仅新增) is not sent: a JeecgBoot server sees the request its own client sends.
  if (importMode === 'upsert') form.append('importMode', importMode);
  for (const f of files) form.append('files[]', f);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}/${path.replace(/^\/+/, '')}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded, e.total);
    };
    xhr.onerror = () => reject(new ApiError('网络连接失败，请检查网络', 0, 0));
    xhr.ontimeout = () => reject(new ApiError('网络超时', 504, 504));
    xhr.onload = () => {
      let body: Envelope<T> | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        body = null;
      }
      if (!body) return reject(new ApiError(`请求失败（${xhr.status}）`, xhr.status, xhr.status));
      if (xhr.status >= 400 || !body.success) return reject(new ApiError(body.message || '操作失败', body.code ?? xhr.status, xhr.status, body));
      resolve(body);
    };
    xhr.send(form);
  });
}
