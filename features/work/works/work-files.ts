import { API_PREFIX } from '@/lib/config';
import type { MaterialKind } from '@/lib/upload/rules';
import { WORK_FILE_URL, WORK_PAGE_PATH, type WorkKind } from './work-resource';

/** The work's file through the BFF: inline (thumbnails, preview, player) or, with `download`, as an attachment. */
export function workFileUrl(id: string, download = false): string {
  return `${API_PREFIX}${WORK_FILE_URL}?id=${encodeURIComponent(id)}${download ? '&download=1' : ''}`;
}

/** The in-school link 分享 copies: the work's page, for any signed-in user allowed to see it. */
export function workPageLink(id: string, origin: string): string {
  return `${origin}${WORK_PAGE_PATH}?id=${encodeURIComponent(id)}`;
}

/** The upload's server-side content rule for a work's kind (`kind` of /sys/common/upload and the sliced upload). */
export const UPLOAD_KIND_OF_WORK: Record<WorkKind, MaterialKind> = { image: 'image', video: 'video', pdf: 'pdf' };

export const isWorkKind = (v: unknown): v is WorkKind => v === 'image' || v === 'video' || v === 'pdf';

