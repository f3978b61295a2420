'use client';

import { useState } from 'react';
import { App } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { API_PREFIX } from '@/lib/config';
import { ApiError, withTimestamp, type Envelope } from '@/lib/http';
import { toExportParams, type ListParams, type ListState } from '@/lib/list-state';
import { missingUrlMessage, type ListUrls } from './list-urls';

export const EXPORT_FAILED = '文件下载失败';
/** Our exports are xlsx (server/excel/write.ts); a blob that names its own type keeps it (a PDF stays a PDF). */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const absolute = (path: string) => `${API_PREFIX}/${path.replace(/^\/+/, '')}`;

function withParams(url: string, params: ListParams): string {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/**
 * GET a file as a blob. lib/http.ts unwraps JSON envelopes only, so binary answers are read here with
 * the same prefix, `_t` and cookie; a JSON answer is an error envelope and becomes an ApiError.
 */
export async function fetchBlob(path: string, params: ListParams): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(withTimestamp(withParams(absolute(path), params)), { credentials: 'same-origin' });
  } catch {
    throw new ApiError('网络连接失败，请检查网络', 0, 0);
  }
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json') || !res.ok) {
    const body = (await res.json().catch(() => null)) as Envelope | null;
    throw new ApiError(body?.message || EXPORT_FAILED, body?.code ?? res.status, res.status, body ?? undefined);
  }
  return res.blob();
}

/** Saves a blob under a file name through a temporary link (the mixin's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = window.URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: XLSX_TYPE }));
  const link = document.createElement('a');
  link.style.display = 'none';
  link.href = url;
  link.setAttribute('download', fileName);
  document.body.appendChild(link);
  link.click();
  document.body.removeChild(link);
  window.URL.revokeObjectURL(url);
}

export interface UseExportOptions {
  urls: ListUrls;
  state: ListState<unknown>;
  /** File name without extension (the resource title); the mixin's fallback is 导出文件. */
  title?: string;
  /** The list's fixed params (a screen's filter outside the search bar): the export keeps what the list shows. */
  extraParams?: ListParams;
}

/**
 * Export of spec 02 §7: `exportXls()` GETs `{exportXlsUrl}` with the search params and `selections`
 * as a blob and saves `<title>.xlsx` (the content is xlsx; JeecgBoot's mixin says .xls); `exportXls2()` navigates to the url with `paramsStr`.
 */
export function useExport({ urls, state, title, extraParams }: UseExportOptions) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [exporting, setExporting] = useState(false);

  const exportXls = async (fileName?: string) => {
    const url = urls.exportXlsUrl;
    if (!url) {
      message.error(missingUrlMessage('exportXlsUrl'));
      return;
    }
    setExporting(true);
    try {
      const blob = await fetchBlob(url, { ...toExportParams(state), ...extraParams });
      if (!blob || blob.size === 0) {
        message.warning(EXPORT_FAILED);
        return;
      }
      saveBlob(blob, `${fileName || title || '导出文件'}.xlsx`);
    } catch (e) {
      showError(e);
    } finally {
      setExporting(false);
    }
  };

  const exportXls2 = () => {
    const url = urls.exportXlsUrl;
    if (!url) {
      message.error(missingUrlMessage('exportXlsUrl'));
      return;
    }
    // The filter, sort and selection of the list, as the blob export sends them (the server reads paramsStr
    // like plain params). Fully encoded: encodeURI (the mixin's) would let a `&` or `#` in a search value cut the URL.
    const paramsStr = encodeURIComponent(JSON.stringify({ ...toExportParams(state), ...extraParams }));
    // A file download from the API, not a Next.js page.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.href = `${absolute(url)}?paramsStr=${paramsStr}`;
  };

  return { exportXls, exportXls2, exporting };
}
